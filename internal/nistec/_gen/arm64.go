package main

// The arm64 assembly of P-256 (p256_field_arm64.s), its declarations
// (p256_field_arm64.go) and the forwarders that choose it
// (p256_field_arch_arm64.go). avo writes amd64 only, so this program writes
// the arm64 text itself.
//
// The kernels compute what p256MulGeneric and p256SquareGeneric compute,
// z = x·y·R⁻¹ mod p, R = 2^256, fully reduced, for x, y < p: the 512-bit
// product row by row with MUL and UMULH (the squaring takes each cross
// product once and doubles it), each row's words added on one ADDS/ADCS
// carry chain; then four reduction rounds on the low half. -p⁻¹ mod 2^64 is
// 1, so a round's q is the lowest word, and since
//
//	w + q·p = (w - q) + q·2^96 + q·p3·2^192,   p3 = 2^64 - 2^32 + 1,
//
// with w - q ending in a zero word, a round adds q<<32 and q>>32 (LSL, LSR)
// to words 1 and 2 and the 128-bit q·p3 (MUL, UMULH) to words 3 and 4, and
// drops word 0. The high half is then added (the sum is below 2p) and p
// subtracted, the difference kept unless it borrows (CSEL). Addition and
// subtraction mod p end the same way, the subtraction adding p back under a
// mask made from its borrow (SBC).
//
// The point formulas are straight lines of these operations (armFormula),
// as the Go code writes them, each field value in a stack slot, each result
// left in R0-R3, where the next line takes it as its first operand. The
// table scans read every entry with NEON (LD1), keeping the one whose index
// equals n by a CMEQ mask (BIT). Nothing branches or indexes memory on the
// values.

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// The registers of the kernels: a the first operand and every result, b
// the second, acc the product's words, t scratch, ptr a parameter's
// address, p1 and p3 the words of p that are neither all ones nor zero.
var (
	regA   = [4]string{"R0", "R1", "R2", "R3"}
	regB   = [4]string{"R4", "R5", "R6", "R7"}
	regAcc = [8]string{"R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}
	regT   = [4]string{"R16", "R19", "R20", "R21"}
)

const (
	regPtr = "R17"
	regP1  = "R24"
	regP3  = "R25"
)

type armEmitter struct{ strings.Builder }

// i writes one instruction line.
func (e *armEmitter) i(format string, args ...any) {
	e.WriteString("\t")
	fmt.Fprintf(e, format, args...)
	e.WriteString("\n")
}

// c writes a comment line.
func (e *armEmitter) c(format string, args ...any) {
	e.WriteString("\t// ")
	fmt.Fprintf(e, format, args...)
	e.WriteString("\n")
}

func (e *armEmitter) consts() {
	e.i("MOVD $0x00000000ffffffff, %s", regP1)
	e.i("MOVD $0xffffffff00000001, %s", regP3)
}

// load4 loads the four words at off(base) into r.
func (e *armEmitter) load4(base string, off int, r [4]string) {
	e.i("LDP %d(%s), (%s, %s)", off, base, r[0], r[1])
	e.i("LDP %d(%s), (%s, %s)", off+16, base, r[2], r[3])
}

// store4 stores r to the four words at off(base).
func (e *armEmitter) store4(r [4]string, base string, off int) {
	e.i("STP (%s, %s), %d(%s)", r[0], r[1], off, base)
	e.i("STP (%s, %s), %d(%s)", r[2], r[3], off+16, base)
}

// reduce finishes a Montgomery multiplication: acc holds the 512-bit
// product; the result, fully reduced, goes to R0-R3.
func (e *armEmitter) reduce() {
	e.c("Four rounds: q = w0; w = (w + q·p) / 2^64")
	w := []string{regAcc[0], regAcc[1], regAcc[2], regAcc[3]}
	for range 4 {
		q := w[0]
		e.i("LSL $32, %s, %s", q, regT[0])
		e.i("LSR $32, %s, %s", q, regT[1])
		e.i("MUL %s, %s, %s", regP3, q, regT[2])
		e.i("UMULH %s, %s, %s", regP3, q, regT[3])
		e.i("ADDS %s, %s, %s", regT[0], w[1], w[1])
		e.i("ADCS %s, %s, %s", regT[1], w[2], w[2])
		e.i("ADCS %s, %s, %s", regT[2], w[3], w[3])
		e.i("ADC ZR, %s, %s", regT[3], q)
		w = append(w[1:], q)
	}
	e.c("Add the high half: below 2p")
	e.i("ADDS %s, %s, %s", regAcc[4], w[0], w[0])
	e.i("ADCS %s, %s, %s", regAcc[5], w[1], w[1])
	e.i("ADCS %s, %s, %s", regAcc[6], w[2], w[2])
	e.i("ADCS %s, %s, %s", regAcc[7], w[3], w[3])
	e.i("ADC ZR, ZR, %s", regT[0])
	e.condSub([4]string(w), regT[0])
}

// condSub sets R0-R3 to r - p if r + top·2^256 ≥ p, and to r otherwise,
// for r + top·2^256 < 2p. It uses acc[4:8].
func (e *armEmitter) condSub(r [4]string, top string) {
	u := regAcc[4:8]
	e.c("Subtract p; keep r if that borrows")
	e.i("ADDS $1, %s, %s", r[0], u[0]) // r0 - (2^64 - 1), with its borrow
	e.i("SBCS %s, %s, %s", regP1, r[1], u[1])
	e.i("SBCS ZR, %s, %s", r[2], u[2])
	e.i("SBCS %s, %s, %s", regP3, r[3], u[3])
	e.i("SBCS ZR, %s, ZR", top)
	for k := range 4 {
		e.i("CSEL CS, %s, %s, %s", u[k], r[k], regA[k])
	}
}

// mul sets R0-R3 to a·b·R⁻¹ mod p.
func (e *armEmitter) mul(a, b [4]string) {
	acc, t := regAcc, regT
	e.c("Row 0: acc = a·b0")
	for k := range 4 {
		e.i("MUL %s, %s, %s", b[0], a[k], acc[k])
	}
	for k := range 3 {
		e.i("UMULH %s, %s, %s", b[0], a[k], t[k])
	}
	e.i("UMULH %s, %s, %s", b[0], a[3], acc[4])
	e.i("ADDS %s, %s, %s", t[0], acc[1], acc[1])
	e.i("ADCS %s, %s, %s", t[1], acc[2], acc[2])
	e.i("ADCS %s, %s, %s", t[2], acc[3], acc[3])
	e.i("ADC ZR, %s, %s", acc[4], acc[4])
	for i := 1; i < 4; i++ {
		e.c("Row %d: acc += a·b%d·2^%d", i, i, 64*i)
		for k := range 4 {
			e.i("MUL %s, %s, %s", b[i], a[k], t[k])
		}
		e.i("ADDS %s, %s, %s", t[0], acc[i], acc[i])
		for k := 1; k < 4; k++ {
			e.i("ADCS %s, %s, %s", t[k], acc[i+k], acc[i+k])
		}
		e.i("ADC ZR, ZR, %s", acc[i+4])
		for k := range 4 {
			e.i("UMULH %s, %s, %s", b[i], a[k], t[k])
		}
		e.i("ADDS %s, %s, %s", t[0], acc[i+1], acc[i+1])
		e.i("ADCS %s, %s, %s", t[1], acc[i+2], acc[i+2])
		e.i("ADCS %s, %s, %s", t[2], acc[i+3], acc[i+3])
		e.i("ADC %s, %s, %s", t[3], acc[i+4], acc[i+4])
	}
	e.reduce()
}

// square sets R0-R3 to a²·R⁻¹ mod p. It uses b's registers as scratch.
func (e *armEmitter) square(a [4]string) {
	acc, t, b := regAcc, regT, regB
	e.c("Cross products a_i·a_j, i < j")
	e.i("MUL %s, %s, %s", a[1], a[0], acc[1])
	e.i("MUL %s, %s, %s", a[2], a[0], acc[2])
	e.i("MUL %s, %s, %s", a[3], a[0], acc[3])
	e.i("UMULH %s, %s, %s", a[1], a[0], t[0])
	e.i("UMULH %s, %s, %s", a[2], a[0], t[1])
	e.i("UMULH %s, %s, %s", a[3], a[0], acc[4])
	e.i("ADDS %s, %s, %s", t[0], acc[2], acc[2])
	e.i("ADCS %s, %s, %s", t[1], acc[3], acc[3])
	e.i("ADC ZR, %s, %s", acc[4], acc[4])
	e.i("MUL %s, %s, %s", a[2], a[1], t[0])
	e.i("MUL %s, %s, %s", a[3], a[1], t[1])
	e.i("UMULH %s, %s, %s", a[2], a[1], t[2])
	e.i("UMULH %s, %s, %s", a[3], a[1], acc[5])
	e.i("ADDS %s, %s, %s", t[0], acc[3], acc[3])
	e.i("ADCS %s, %s, %s", t[1], acc[4], acc[4])
	e.i("ADC ZR, %s, %s", acc[5], acc[5])
	e.i("ADDS %s, %s, %s", t[2], acc[4], acc[4])
	e.i("ADC ZR, %s, %s", acc[5], acc[5])
	e.i("MUL %s, %s, %s", a[3], a[2], t[0])
	e.i("UMULH %s, %s, %s", a[3], a[2], acc[6])
	e.i("ADDS %s, %s, %s", t[0], acc[5], acc[5])
	e.i("ADC ZR, %s, %s", acc[6], acc[6])
	e.c("Double them")
	e.i("ADDS %s, %s, %s", acc[1], acc[1], acc[1])
	for k := 2; k <= 6; k++ {
		e.i("ADCS %s, %s, %s", acc[k], acc[k], acc[k])
	}
	e.i("ADC ZR, ZR, %s", acc[7])
	e.c("Add the squares a_i²")
	e.i("MUL %s, %s, %s", a[0], a[0], acc[0])
	sq := []string{t[0], t[1], t[2], t[3], b[0], b[1], b[2]}
	e.i("UMULH %s, %s, %s", a[0], a[0], sq[0])
	for k := 1; k < 4; k++ {
		e.i("MUL %s, %s, %s", a[k], a[k], sq[2*k-1])
		e.i("UMULH %s, %s, %s", a[k], a[k], sq[2*k])
	}
	e.i("ADDS %s, %s, %s", sq[0], acc[1], acc[1])
	for k := 2; k < 7; k++ {
		e.i("ADCS %s, %s, %s", sq[k-1], acc[k], acc[k])
	}
	e.i("ADC %s, %s, %s", sq[6], acc[7], acc[7])
	e.reduce()
}

// add sets R0-R3 to a + b mod p.
func (e *armEmitter) add(a, b [4]string) {
	acc := regAcc
	e.i("ADDS %s, %s, %s", b[0], a[0], acc[0])
	for k := 1; k < 4; k++ {
		e.i("ADCS %s, %s, %s", b[k], a[k], acc[k])
	}
	e.i("ADC ZR, ZR, %s", regT[0])
	e.condSub([4]string(acc[:4]), regT[0])
}

// sub sets R0-R3 to a - b mod p.
func (e *armEmitter) sub(a, b [4]string) {
	acc, t := regAcc, regT
	e.i("SUBS %s, %s, %s", b[0], a[0], acc[0])
	for k := 1; k < 4; k++ {
		e.i("SBCS %s, %s, %s", b[k], a[k], acc[k])
	}
	e.c("Add p back under the borrow's mask")
	e.i("SBC ZR, ZR, %s", t[0])
	e.i("LSR $32, %s, %s", t[0], t[1])
	e.i("AND %s, %s, %s", regP3, t[0], t[2])
	e.i("ADDS %s, %s, %s", t[0], acc[0], regA[0])
	e.i("ADCS %s, %s, %s", t[1], acc[1], regA[1])
	e.i("ADCS ZR, %s, %s", acc[2], regA[2])
	e.i("ADC %s, %s, %s", t[2], acc[3], regA[3])
}

// halve sets R0-R3 to a/2 mod p for a < p in R0-R3: (a + p)/2 if a is odd
// (p is odd), a/2 otherwise, with p added under a mask of a's low bit.
func (e *armEmitter) halve() {
	a, acc, t := regA, regAcc, regT
	e.i("AND $1, %s, %s", a[0], t[0])
	e.i("NEG %s, %s", t[0], t[0])
	e.i("LSR $32, %s, %s", t[0], t[1])
	e.i("AND %s, %s, %s", regP3, t[0], t[2])
	e.i("ADDS %s, %s, %s", t[0], a[0], acc[0])
	e.i("ADCS %s, %s, %s", t[1], a[1], acc[1])
	e.i("ADCS ZR, %s, %s", a[2], acc[2])
	e.i("ADCS %s, %s, %s", t[2], a[3], acc[3])
	e.i("ADC ZR, ZR, %s", acc[4])
	for k := range 4 {
		e.i("EXTR $1, %s, %s, %s", acc[k], acc[k+1], a[k])
	}
}

// armFunc is one assembly function with its Go declaration.
type armFunc struct {
	name, params string // params as in a Go signature, without the parentheses
	doc          []string
	frame        int
	body         func(e *armEmitter)
}

// argSize is the size of the arguments of a declaration's parameters:
// pointers, then at most one trailing uint32.
func (f *armFunc) argSize() int {
	n := len(strings.Split(f.params, ","))
	if strings.HasSuffix(f.params, "uint32") {
		return 8*(n-1) + 4
	}
	return 8 * n
}

func armKernels() []armFunc {
	return []armFunc{
		{name: "p256MulARM64", params: "z, x, y *[4]uint64", doc: []string{
			"p256MulARM64 is p256MulGeneric with MUL, UMULH and ADDS/ADCS: it sets",
			"z = x·y·R⁻¹ mod p for x, y < p, fully reduced, with equal results.",
			"z may alias x and y. Constant time.",
		}, body: func(e *armEmitter) {
			e.i("MOVD x+8(FP), %s", regPtr)
			e.load4(regPtr, 0, regA)
			e.i("MOVD y+16(FP), %s", regPtr)
			e.load4(regPtr, 0, regB)
			e.consts()
			e.mul(regA, regB)
			e.i("MOVD z+0(FP), %s", regPtr)
			e.store4(regA, regPtr, 0)
		}},
		{name: "p256SquareARM64", params: "z, x *[4]uint64", doc: []string{
			"p256SquareARM64 is p256SquareGeneric with MUL, UMULH and ADDS/ADCS: it",
			"sets z = x²·R⁻¹ mod p for x < p, fully reduced, with equal results.",
			"z may alias x. Constant time.",
		}, body: func(e *armEmitter) {
			e.i("MOVD x+8(FP), %s", regPtr)
			e.load4(regPtr, 0, regA)
			e.consts()
			e.square(regA)
			e.i("MOVD z+0(FP), %s", regPtr)
			e.store4(regA, regPtr, 0)
		}},
		armFormula("p256DoubleARM64", "x3, y3, z3, x1, y1, z1 *[4]uint64", armDouble, []string{
			"p256DoubleARM64 computes (x3, y3, z3) = 2·(x1, y1, z1) in Jacobian",
			"coordinates as (*p256Jacobian).doubleGeneric does, with equal results,",
			"for coordinates below p. The outputs may alias the inputs. Constant time.",
		}),
		armFormula("p256Double5ARM64", "x3, y3, z3, x1, y1, z1 *[4]uint64", armDouble5(), []string{
			"p256Double5ARM64 computes (x3, y3, z3) = 32·(x1, y1, z1) in Jacobian",
			"coordinates, five doublings as p256DoubleARM64's, with the results of",
			"five calls of (*p256Jacobian).doubleGeneric, for coordinates below p.",
			"The outputs may alias the inputs. Constant time.",
		}),
		armFormula("p256AddARM64", "x3, y3, z3, x1, y1, z1, x2, y2, z2, b *[4]uint64", armAdd, []string{
			"p256AddARM64 computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
			"projective coordinates as (*P256Point).addGeneric does (Renes, Costello",
			"and Batina, Algorithm 4), with equal results, for coordinates below p;",
			"b is the curve's b as the field holds it. The outputs may alias the",
			"inputs. Constant time.",
		}),
		armFormula("p256AddAffineARM64", "x3, y3, z3, x1, y1, z1, x2, y2, b *[4]uint64", armAddAffine, []string{
			"p256AddAffineARM64 computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2) as",
			"(*P256Point).addAffineGeneric does (Renes, Costello and Batina,",
			"Algorithm 5), with equal results, for coordinates below p; b is the",
			"curve's b as the field holds it. The outputs may alias the inputs.",
			"Constant time.",
		}),
		armFormula("p256AddAffineDistinctARM64", "x3, y3, z3, x1, y1, z1, x2, y2 *[4]uint64", armMaddDistinct, []string{
			"p256AddAffineDistinctARM64 computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2),",
			"Jacobian plus affine, as (*p256Jacobian).addAffineDistinctGeneric does",
			"(madd-2004-hmv, with its exceptions), with equal results, for",
			"coordinates below p. The outputs may alias the inputs. Constant time.",
		}),
		armFormula("p256AddDistinctARM64", "x3, y3, z3, x1, y1, z1, x2, y2, z2 *[4]uint64", armAddDistinct, []string{
			"p256AddDistinctARM64 computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2)",
			"in Jacobian coordinates as (*p256Jacobian).addDistinctGeneric does",
			"(add-1998-cmo-2, with its exceptions), with equal results, for",
			"coordinates below p. The outputs may alias the inputs. Constant time.",
		}),
		armBaseStep(),
		armSelect("p256SelectARM64", 12, 16),
		armSelect("p256SelectBaseARM64", 8, 64),
	}
}

// armSelect is the scan of a table of m entries of w words: out = entry n-1
// for 1 ≤ n ≤ m, zeros for any other n. Every entry is loaded (LD1, 64 and
// 32 bytes) and inserted into the result under a mask (BIT), all ones in
// each 64-bit lane where the entry's index + 1, counted in a vector, equals
// n (CMEQ).
func armSelect(name string, w, m int) armFunc {
	return armFunc{name: name, params: fmt.Sprintf("out *[%d]uint64, table *[%d][%d]uint64, n uint32", w, m, w), doc: []string{
		fmt.Sprintf("%s sets out to table[n-1] for 1 ≤ n ≤ %d, and to zeros", name, m),
		"for any other n, reading every entry. Constant time in n.",
	}, body: func(e *armEmitter) {
		e.i("MOVD out+0(FP), R0")
		e.scan("table+8(FP)", "n+16(FP)", w, m)
	}}
}

// scan writes armSelect's scan: the table's address and n as arguments
// (n's low 32 bits), the output's address in R0.
func (e *armEmitter) scan(table, n string, w, m int) {
	{
		e.i("MOVD %s, R1", table)
		e.i("MOVWU %s, R2", n)
		e.i("VDUP R2, V16.D2")
		e.i("MOVD $1, R3")
		e.i("VDUP R3, V17.D2")
		e.i("VDUP R3, V18.D2")
		acc := []string{"V0", "V1", "V2", "V3", "V4", "V5"}[:w/2]
		ld := []string{"V8", "V9", "V10", "V11", "V12", "V13"}[:w/2]
		for _, v := range acc {
			e.i("VEOR %s.B16, %s.B16, %s.B16", v, v, v)
		}
		for i := range m {
			e.c("entry %d: mask = (n == %d)", i, i+1)
			e.i("VLD1.P 64(R1), [%s.D2, %s.D2, %s.D2, %s.D2]", ld[0], ld[1], ld[2], ld[3])
			if w == 12 {
				e.i("VLD1.P 32(R1), [%s.D2, %s.D2]", ld[4], ld[5])
			}
			e.i("VCMEQ V16.D2, V17.D2, V19.D2")
			e.i("VADD V18.D2, V17.D2, V17.D2")
			for k := range acc {
				e.i("VBIT V19.B16, %s.B16, %s.B16", ld[k], acc[k])
			}
		}
		e.i("VST1.P [%s.D2, %s.D2, %s.D2, %s.D2], 64(R0)", acc[0], acc[1], acc[2], acc[3])
		if w == 12 {
			e.i("VST1 [%s.D2, %s.D2], (R0)", acc[4], acc[5])
		}
	}
}

// armFormula writes a point formula: lines "d = x op y" with op *, + or -,
// and "d = x / 2" (halve), over the parameters and stack slots. Each line
// leaves its result in R0-R3; a line whose first operand is the line
// before's result (or, for *, + and a -, whose second is, swapped for * and
// +, and loaded into b's registers for -) reads it from there. A result is
// stored to its slot where a later line reads it from memory, and an
// output's last value to its parameter once no later line reads an input.
func armFormula(name, params string, lines []string, doc []string, opts ...formulaOpts) armFunc {
	f := armFunc{name: name, params: params, doc: doc}
	var o formulaOpts
	if len(opts) > 0 {
		o = opts[0]
	}
	var paramNames []string // each 8 bytes: pointers and uint64
	for _, p := range strings.Split(params, ",") {
		paramNames = append(paramNames, strings.Fields(p)[0])
	}
	isParam := func(n string) int {
		for k, p := range paramNames {
			if p == n {
				return k
			}
		}
		return -1
	}
	isOut := func(n string) bool { return n == "x3" || n == "y3" || n == "z3" }
	type step struct{ dst, x, op, y string }
	var steps []step
	for _, l := range lines {
		w := strings.Fields(l)
		if len(w) != 5 || w[1] != "=" || !strings.Contains("*+-/", w[3]) {
			panic(name + ": bad line " + l)
		}
		steps = append(steps, step{w[0], w[2], w[3], w[4]})
	}
	// Forwarding: swap the commutative operands so that the previous result
	// comes first.
	fwd := make([]bool, len(steps))
	fwdY := make([]bool, len(steps))
	for i := range steps {
		s := &steps[i]
		if i == 0 {
			continue
		}
		last := steps[i-1].dst
		if (s.op == "*" || s.op == "+") && s.y == last && s.x != last {
			s.x, s.y = s.y, s.x
		}
		fwd[i] = s.x == last
		fwdY[i] = s.op == "-" && !fwd[i] && s.y == last
	}
	reads := func(i int) []string { // what line i reads from memory
		s := steps[i]
		var r []string
		if !fwd[i] {
			r = append(r, s.x)
		}
		if s.op != "/" && s.x != s.y && !fwdY[i] {
			r = append(r, s.y)
		}
		return r
	}
	lastIn := -1 // the last line that reads an input parameter
	for i := range steps {
		for _, n := range reads(i) {
			if isParam(n) >= 0 && !isOut(n) {
				lastIn = i
			}
		}
	}
	lastDef := map[string]int{}
	for i, s := range steps {
		lastDef[s.dst] = i
	}
	// store[i]: a later line reads line i's result from memory.
	store := make([]bool, len(steps))
	for i := range steps {
		for k := i + 1; k < len(steps); k++ {
			for _, n := range reads(k) {
				if n == steps[i].dst {
					store[i] = true
				}
			}
			if steps[k].dst == steps[i].dst {
				break
			}
		}
	}
	if o.outSlots {
		lastIn = len(steps) // the outputs go to slots, for o.post
	}
	slots := map[string]int{}
	slot := func(n string) int {
		if off, ok := slots[n]; ok {
			return off
		}
		slots[n] = 8 + 32*len(slots)
		return slots[n]
	}
	for _, n := range o.inSlots {
		slot(n)
	}
	// Every slot is known before the body is written, to size the frame.
	for i, s := range steps {
		if store[i] || isOut(s.dst) && lastDef[s.dst] == i && i <= lastIn {
			slot(s.dst)
		}
	}
	f.frame = 32 * len(slots)
	f.body = func(e *armEmitter) {
		load := func(n string, r [4]string) {
			if k := isParam(n); k >= 0 && !isOut(n) {
				e.i("MOVD %s+%d(FP), %s", n, 8*k, regPtr)
				e.load4(regPtr, 0, r)
				return
			}
			off, ok := slots[n]
			if !ok {
				panic(name + ": " + n + " read before it is stored")
			}
			e.load4("RSP", off, r)
		}
		e.consts()
		if o.pre != nil {
			o.pre(e, slot)
		}
		bHolds := "" // the value in b's registers, if still current
		loadB := func(n string) {
			if n != bHolds {
				load(n, regB)
			}
			bHolds = n
		}
		for i, s := range steps {
			e.c("%s = %s %s %s", s.dst, s.x, s.op, s.y)
			switch {
			case fwdY[i]:
				loadB(s.x)
				e.sub(regB, regA)
			case s.op == "/":
				if !fwd[i] {
					load(s.x, regA)
				}
				e.halve()
			default:
				if !fwd[i] {
					load(s.x, regA)
				}
				if s.x != s.y {
					loadB(s.y)
				}
				switch {
				case s.op == "*" && s.x == s.y:
					e.square(regA)
					bHolds = "" // square uses b's registers
				case s.op == "*":
					e.mul(regA, regB)
				case s.op == "+" && s.x == s.y:
					e.add(regA, regA)
				case s.op == "+":
					e.add(regA, regB)
				case s.x == s.y:
					panic(name + ": x - x")
				default:
					e.sub(regA, regB)
				}
			}
			if s.dst == bHolds {
				bHolds = ""
			}
			if store[i] || isOut(s.dst) && lastDef[s.dst] == i && i <= lastIn {
				e.store4(regA, "RSP", slot(s.dst))
			}
			if isOut(s.dst) && lastDef[s.dst] == i && i > lastIn {
				e.i("MOVD %s+%d(FP), %s", s.dst, 8*isParam(s.dst), regPtr)
				e.store4(regA, regPtr, 0)
			}
		}
		if o.post != nil {
			o.post(e, slot)
			return
		}
		for _, o := range []string{"x3", "y3", "z3"} {
			if lastDef[o] <= lastIn {
				e.load4("RSP", slots[o], regA)
				e.i("MOVD %s+%d(FP), %s", o, 8*isParam(o), regPtr)
				e.store4(regA, regPtr, 0)
			}
		}
	}
	return f
}

// formulaOpts extend armFormula: inSlots are slots that pre fills before the
// first line; with outSlots the outputs stay in their slots, and post, not
// armFormula, writes the results.
type formulaOpts struct {
	inSlots  []string
	outSlots bool
	pre      func(e *armEmitter, slot func(string) int)
	post     func(e *armEmitter, slot func(string) int)
}

// armDouble is dbl-2001-b (Bernstein and Lange, Explicit-Formulas
// Database, a = -3) with the results of (*p256Jacobian).doubleGeneric from
// other lines (the values are equal mod p, and every line is fully
// reduced): with y2 = 2·Y1, gamma' = y2² = 4γ and beta' = X1·gamma' = 4β,
// Z3 = y2·Z1 = (Y1 + Z1)² - γ - δ, X3 = α² - 2·beta', and 8γ² =
// gamma'²/2.
var armDouble = []string{
	"delta = z1 * z1",
	"t = x1 - delta",
	"u = x1 + delta",
	"v = u + u",
	"u = v + u",
	"alpha = t * u",
	"y2 = y1 + y1",
	"gamma = y2 * y2",
	"beta = x1 * gamma",
	"z3 = y2 * z1",
	"x3 = alpha * alpha",
	"x3 = x3 - beta",
	"x3 = x3 - beta",
	"u = beta - x3",
	"y3 = alpha * u",
	"gamma = gamma * gamma",
	"gamma = gamma / 2",
	"y3 = y3 - gamma",
}

// armBaseStep is (*p256Jacobian).baseStepGeneric: the scan of a row of the
// base table into the slots x2 and y2 (armSelect's), y2 negated under neg,
// armMaddDistinct on (x1, y1, z1) and (x2, y2), its result replaced by
// (x2, y2, 1) under acc0 and the whole written to (x1, y1, z1) under nz
// (CSEL on masks compared with zero).
func armBaseStep() armFunc {
	params := "x1, y1, z1 *[4]uint64, row *[64][8]uint64, n, neg, acc0, nz uint64"
	f := armFormula("p256BaseStepARM64", params, armMaddDistinct, []string{
		"p256BaseStepARM64 is (*p256Jacobian).baseStepGeneric, with equal results:",
		"it adds entry n-1 of row (zeros for n = 0), negated if neg = 1, to (x1,",
		"y1, z1), with addAffineDistinct's formulas, if nz = 1, sets (x1, y1, z1)",
		"to the entry itself if moreover acc0 = 1, and leaves it if nz = 0.",
		"Coordinates below p. Constant time.",
	}, formulaOpts{
		inSlots:  []string{"x2", "y2"},
		outSlots: true,
		pre: func(e *armEmitter, slot func(string) int) {
			e.c("(x2, y2) = row[n-1], zeros for n = 0")
			e.i("ADD $%d, RSP, R0", slot("x2"))
			e.scan("row+24(FP)", "n+32(FP)", 8, 64)
			e.c("y2 = -y2 if neg = 1")
			e.load4("RSP", slot("y2"), regB)
			e.sub([4]string{"ZR", "ZR", "ZR", "ZR"}, regB)
			e.i("MOVD neg+40(FP), R22")
			e.i("CMP $0, R22")
			for k := range 4 {
				e.i("CSEL NE, %s, %s, %s", regA[k], regB[k], regA[k])
			}
			e.store4(regA, "RSP", slot("y2"))
		},
		post: func(e *armEmitter, slot func(string) int) {
			e.i("MOVD acc0+48(FP), R22")
			e.i("MOVD nz+56(FP), R23")
			for k, c := range []string{"x", "y", "z"} {
				e.c("%s1 = %s2 (z: 1) if acc0 = 1, else %s3; then kept only if nz = 1", c, c, c)
				e.load4("RSP", slot(c+"3"), regA)
				if c == "z" {
					for j, w := range []uint64{1, 0xffffffff00000000, 0xffffffffffffffff, 0xfffffffe} {
						e.i("MOVD $%#x, %s", w, regB[j])
					}
				} else {
					e.load4("RSP", slot(c+"2"), regB)
				}
				e.i("CMP $0, R22")
				for j := range 4 {
					e.i("CSEL NE, %s, %s, %s", regB[j], regA[j], regA[j])
				}
				e.i("MOVD %s1+%d(FP), %s", c, 8*k, regPtr)
				e.load4(regPtr, 0, regB)
				e.i("CMP $0, R23")
				for j := range 4 {
					e.i("CSEL NE, %s, %s, %s", regA[j], regB[j], regA[j])
				}
				e.store4(regA, regPtr, 0)
			}
		},
	})
	return f
}

// armDouble5 is armDouble five times, each doubling's result in the slots
// xa, ya and za, which the next reads; the last writes the outputs.
func armDouble5() []string {
	var lines []string
	for k := range 5 {
		in, out := [3]string{"x1", "y1", "z1"}, [3]string{"x3", "y3", "z3"}
		if k > 0 {
			in = [3]string{"xa", "ya", "za"}
		}
		if k < 4 {
			out = [3]string{"xa", "ya", "za"}
		}
		r := strings.NewReplacer("x1", in[0], "y1", in[1], "z1", in[2], "x3", out[0], "y3", out[1], "z3", out[2])
		for _, l := range armDouble {
			lines = append(lines, r.Replace(l))
		}
	}
	return lines
}

// armAdd is Renes, Costello and Batina 2015, Algorithm 4 (a = -3), as
// (*P256Point).addGeneric writes it: 12M + 2mb + 29a.
var armAdd = []string{
	"t0 = x1 * x2", "t1 = y1 * y2", "t2 = z1 * z2",
	"t3 = x1 + y1", "t4 = x2 + y2", "t3 = t3 * t4",
	"t4 = t0 + t1", "t3 = t3 - t4", "t4 = y1 + z1",
	"x3 = y2 + z2", "t4 = t4 * x3", "x3 = t1 + t2",
	"t4 = t4 - x3", "x3 = x1 + z1", "y3 = x2 + z2",
	"x3 = x3 * y3", "y3 = t0 + t2", "y3 = x3 - y3",
	"z3 = b * t2", "x3 = y3 - z3", "z3 = x3 + x3",
	"x3 = x3 + z3", "z3 = t1 - x3", "x3 = t1 + x3",
	"y3 = b * y3", "t1 = t2 + t2", "t2 = t1 + t2",
	"y3 = y3 - t2", "y3 = y3 - t0", "t1 = y3 + y3",
	"y3 = t1 + y3", "t1 = t0 + t0", "t0 = t1 + t0",
	"t0 = t0 - t2", "t1 = t4 * y3", "t2 = t0 * y3",
	"y3 = x3 * z3", "y3 = y3 + t2", "x3 = t3 * x3",
	"x3 = x3 - t1", "z3 = t4 * z3", "t1 = t3 * t0",
	"z3 = z3 + t1",
}

// armAddAffine is Algorithm 5 (mixed, a = -3), as
// (*P256Point).addAffineGeneric writes it: 11M + 2mb + 23a.
var armAddAffine = []string{
	"t0 = x1 * x2", "t1 = y1 * y2", "t3 = x2 + y2",
	"t4 = x1 + y1", "t3 = t3 * t4", "t4 = t0 + t1",
	"t3 = t3 - t4", "t4 = y2 * z1", "t4 = t4 + y1",
	"y3 = x2 * z1", "y3 = y3 + x1", "z3 = b * z1",
	"x3 = y3 - z3", "z3 = x3 + x3", "x3 = x3 + z3",
	"z3 = t1 - x3", "x3 = t1 + x3", "y3 = b * y3",
	"t1 = z1 + z1", "t2 = t1 + z1", "y3 = y3 - t2",
	"y3 = y3 - t0", "t1 = y3 + y3", "y3 = t1 + y3",
	"t1 = t0 + t0", "t0 = t1 + t0", "t0 = t0 - t2",
	"t1 = t4 * y3", "t2 = t0 * y3", "y3 = x3 * z3",
	"y3 = y3 + t2", "x3 = t3 * x3", "x3 = x3 - t1",
	"z3 = t4 * z3", "t1 = t3 * t0", "z3 = z3 + t1",
}

// armMaddDistinct is madd-2004-hmv (Explicit-Formulas Database), as
// (*p256Jacobian).addAffineDistinctGeneric writes it: 8M + 3S.
var armMaddDistinct = []string{
	"t1 = z1 * z1", "t2 = t1 * z1", "t1 = t1 * x2",
	"t2 = t2 * y2", "t1 = t1 - x1", "t2 = t2 - y1",
	"z3 = z1 * t1", "t4 = t1 * t1", "t3 = t4 * t1",
	"t4 = t4 * x1", "x3 = t2 * t2", "x3 = x3 - t3",
	"t1 = t4 + t4", "x3 = x3 - t1", "t4 = t4 - x3",
	"t4 = t4 * t2", "t3 = t3 * y1", "y3 = t4 - t3",
}

// armAddDistinct is add-1998-cmo-2 (Explicit-Formulas Database), as
// (*p256Jacobian).addDistinctGeneric writes it: 12M + 4S.
var armAddDistinct = []string{
	"z1z1 = z1 * z1", "z2z2 = z2 * z2", "u1 = x1 * z2z2",
	"u2 = x2 * z1z1", "s1 = y1 * z2", "s1 = s1 * z2z2",
	"s2 = y2 * z1", "s2 = s2 * z1z1", "h = u2 - u1",
	"r = s2 - s1", "hh = h * h", "hhh = hh * h",
	"v = u1 * hh", "x3 = r * r", "x3 = x3 - hhh",
	"t = v + v", "x3 = x3 - t", "v = v - x3",
	"y3 = r * v", "s1 = s1 * hhh", "y3 = y3 - s1",
	"z3 = z1 * z2", "z3 = z3 * h",
}

// arm64Files returns the assembly, its declarations, and the forwarders of
// p256_field_arch_arm64.go.
func arm64Files() (asm, decls, arch []byte) {
	s := &armEmitter{}
	d := &emitter{}
	s.WriteString("// Code generated by internal/nistec/_gen (go generate in internal/nistec); DO NOT EDIT.\n\n")
	s.WriteString("//go:build !purego\n\n#include \"textflag.h\"\n")
	d.p("// Code generated by internal/nistec/_gen (go generate in internal/nistec); DO NOT EDIT.")
	d.p("")
	d.p("//go:build !purego")
	d.p("")
	d.p("package nistec")
	for _, f := range armKernels() {
		d.p("")
		for _, l := range f.doc {
			d.p("// %s", l)
		}
		d.p("//")
		d.p("//go:noescape")
		d.p("func %s(%s)", f.name, f.params)
		// NOSPLIT: the largest frame, 14 slots, is far below the stack
		// that a nosplit leaf may use.
		fmt.Fprintf(s, "\n// func %s(%s)\nTEXT ·%s(SB), NOSPLIT, $%d-%d\n", f.name, f.params, f.name, f.frame, f.argSize())
		f.body(s)
		s.i("RET")
	}
	return []byte(s.String()), d.Bytes(), []byte(arm64Arch)
}

const arm64Arch = `// Code generated by internal/nistec/_gen (go generate in internal/nistec); DO NOT EDIT.

//go:build !purego

package nistec

import "unsafe"

// p256Mul sets z = x·y·R⁻¹ mod m, fully reduced, for inputs below m, with the
// assembly (p256MulARM64). Constant time.
func p256Mul(z, x, y *[4]uint64) { p256MulARM64(z, x, y) }

// p256Square sets z = x²·R⁻¹ mod m, fully reduced, for inputs below m, with
// the assembly (p256SquareARM64). Constant time.
func p256Square(z, x *[4]uint64) { p256SquareARM64(z, x) }

// double sets p = q + q, and returns p, with the assembly (p256DoubleARM64).
// Constant time.
func (p *p256Jacobian) double(q *p256Jacobian) *p256Jacobian {
	p256DoubleARM64(&p.x.l, &p.y.l, &p.z.l, &q.x.l, &q.y.l, &q.z.l)
	return p
}

// double5 sets p = 32·q, and returns p, with the assembly
// (p256Double5ARM64): five doublings. Constant time.
func (p *p256Jacobian) double5(q *p256Jacobian) *p256Jacobian {
	p256Double5ARM64(&p.x.l, &p.y.l, &p.z.l, &q.x.l, &q.y.l, &q.z.l)
	return p
}

// baseStep adds a digit's entry of row to p as baseStepGeneric does, with the
// assembly (p256BaseStepARM64). Constant time.
func (p *p256Jacobian) baseStep(row *[64]p256Affine, abs uint32, neg, acc0, nz int) {
	p256BaseStepARM64(&p.x.l, &p.y.l, &p.z.l, (*[64][8]uint64)(unsafe.Pointer(row)), uint64(abs), uint64(neg), uint64(acc0), uint64(nz))
}

// Add sets q = p1 + p2, and returns q, with the assembly (p256AddARM64).
// Constant time.
func (q *P256Point) Add(p1, p2 *P256Point) *P256Point {
	p256AddARM64(&q.x.l, &q.y.l, &q.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p256B.l)
	return q
}

// addAffine sets q = p1 + p2, for p2 affine and not the identity, and
// returns q, with the assembly (p256AddAffineARM64). Constant time.
func (q *P256Point) addAffine(p1 *P256Point, p2 *p256Affine) *P256Point {
	p256AddAffineARM64(&q.x.l, &q.y.l, &q.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p256B.l)
	return q
}

// addAffineDistinct sets p = p1 + p2 as addAffineDistinctGeneric does, with
// the assembly (p256AddAffineDistinctARM64). Constant time.
func (p *p256Jacobian) addAffineDistinct(p1 *p256Jacobian, p2 *p256Affine) *p256Jacobian {
	p256AddAffineDistinctARM64(&p.x.l, &p.y.l, &p.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l)
	return p
}

// addDistinct sets p = p1 + p2 as addDistinctGeneric does, with the assembly
// (p256AddDistinctARM64). Constant time.
func (p *p256Jacobian) addDistinct(p1, p2 *p256Jacobian) *p256Jacobian {
	p256AddDistinctARM64(&p.x.l, &p.y.l, &p.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l)
	return p
}

// selectInto sets p = n·Q for 0 ≤ n ≤ 16 (the identity for 0) by reading
// every entry, with the NEON scan p256SelectARM64 (a P256Point is 12 words,
// x, y and z). Constant time in n.
func (t *p256Table) selectInto(p *P256Point, n uint32) {
	p256SelectARM64((*[12]uint64)(unsafe.Pointer(p)), (*[16][12]uint64)(unsafe.Pointer(t)), n)
	m := -uint64(eqWord(0, n))
	for k := range p.y.l {
		p.y.l[k] |= p256One[k] & m
	}
}

// p256SelectBase sets a to entry n-1 of row, a row of p256BaseTable, for
// 1 ≤ n ≤ 64 (to zeros for 0), reading every entry, with the NEON scan
// p256SelectBaseARM64 (a p256Affine is 8 words, x and y). Constant time in n.
func p256SelectBase(a *p256Affine, row *[64]p256Affine, n uint32) {
	p256SelectBaseARM64((*[8]uint64)(unsafe.Pointer(a)), (*[64][8]uint64)(unsafe.Pointer(row)), n)
}
`

// writeRaw writes src to name in dir as it is (assembly, which gofmt does
// not format).
func writeRaw(dir, name string, src []byte) {
	if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
		log.Fatal(err)
	}
}
