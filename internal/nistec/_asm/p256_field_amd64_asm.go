// Command _asm generates the amd64 assembly of package nistec: the
// Montgomery multiplication and squaring of P-256's field with MULX, ADCX and
// ADOX (BMI2 and ADX), the point formulas of p256.go (the Jacobian doubling,
// the Jacobian additions, and the complete projective addition and mixed
// addition), and the SSE2 and AVX-512 scans of the tables; with -curve, the
// kernels of P-384 (p384_field_amd64_asm.go), of P-521
// (p521_field_amd64_asm.go, p521_point_amd64_asm.go) and of the binary GCD
// (bingcd_amd64_asm.go).
//
// The point formulas are written from a straight-line description (formula):
// the same lines in the same order as the Go code, except the Jacobian
// doubling's (see jacobianDouble), the field values in stack slots, each
// result kept in registers for the next line and stored only where a later
// line reads it from memory. The field operations are written out in every
// line rather than called, which saves the calls' loads and stores.
//
// The kernels compute what p256MulGeneric and p256SquareGeneric (in
// p256_field.go, from _gen) compute: z = x·y·R⁻¹ mod p, R = 2^256, fully
// reduced, for x, y < p, in the same shape: the 512-bit product, then the
// reduction (separated operand scanning, SOS).
//
// The product's rows t += x·y[i]·2^(64i) run on two carry chains: the low
// halves of the MULX products on CF (ADCX), the high halves, one word up, on
// OF (ADOX); XORQ clears both between rows, so that a row's chains wait for
// the row before only through the words they share. The squaring takes each
// cross product once, then doubles them on CF while adding the squares of
// the words on OF.
//
// The reduction needs no multiplication by -p⁻¹ mod 2^64, which is 1: q is
// the lowest word. And p = 2^256 - 2^224 + 2^192 + 2^96 - 1, so that
//
//	w + q·p = (w - q) + q·2^96 + q·p3·2^192,   p3 = 2^64 - 2^32 + 1
//
// where w - q has a zero low word and no borrow: after the shift by one
// word, q·2^32 (q<<32 and q>>32) joins words 0 and 1 and the 128-bit q·p3,
// one MULX, words 2 and 3. The next q is ready after one addition, so the
// four rounds overlap. The high half is then added (the sum is below 2p) and
// p subtracted, the difference kept unless it borrows (CMOV). Nothing
// branches or indexes memory on the values.
package main

import (
	"flag"
	"fmt"
	"log"
	"slices"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../p256_field_amd64.s -stubs ../p256_field_amd64.go -pkg nistec

// Words 1 and 3 of p, little endian. Words 0 and 2, 2^64 - 1 and 0, are
// immediates where they are used.
const (
	p1 = 0x00000000ffffffff
	p3 = 0xffffffff00000001
)

// p256P holds p1 then p3, which do not fit a sign-extended 32-bit
// immediate, for the subtractions and MULX's memory operand.
var p256P Mem

// curve selects the kernels to generate: p256 (the default, the command of
// the first go:generate line) or one of generators.
var curve = flag.String("curve", "p256", "kernels to generate: p256, p384, p521 or bingcd")

// generators holds the other outputs of this command, by the name -curve
// takes; each registers itself from its own file's init.
var generators = map[string]func(){"p521": p521}

func main() {
	flag.Parse()
	ConstraintExpr("!purego")
	if g, ok := generators[*curve]; ok {
		g()
		Generate()
		return
	}
	p256P = GLOBL("p256P", RODATA|NOPTR)
	DATA(0, U64(p1))
	DATA(8, U64(p3))
	mulSOS()
	squareADX()
	formula("p256DoubleADX", "func(x3, y3, z3, x1, y1, z1 *[4]uint64)", jacobianDouble,
		"p256DoubleADX computes (x3, y3, z3) = 2·(x1, y1, z1) in Jacobian coordinates",
		"as (*p256Jacobian).doubleGeneric does, with equal results, for coordinates",
		"below p. The outputs may alias the inputs. It requires BMI2 and ADX.",
		"Constant time.")
	selectEntry("p256SelectSSE2", 12, 16)
	selectEntry("p256SelectBaseSSE2", 8, 64)
	selectEntryAVX512("p256SelectBaseAVX512", 64)
	selectEntry12AVX512("p256SelectAVX512")
	formula("p256AddADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2, b *[4]uint64)", rcbAdd,
		"p256AddADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"projective coordinates as (*P256Point).addGeneric does (Renes, Costello",
		"and Batina, Algorithm 4), with equal results, for coordinates below p;",
		"b is the curve's b as the field holds it. The outputs may alias the",
		"inputs. It requires BMI2 and ADX. Constant time.")
	formula("p256AddAffineADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, b *[4]uint64)", rcbAddAffine,
		"p256AddAffineADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2) as",
		"(*P256Point).addAffineGeneric does (Renes, Costello and Batina,",
		"Algorithm 5), with equal results, for coordinates below p; b is the",
		"curve's b as the field holds it. The outputs may alias the inputs. It",
		"requires BMI2 and ADX. Constant time.")
	formula("p256AddAffineDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2 *[4]uint64)", maddDistinct,
		"p256AddAffineDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2),",
		"Jacobian plus affine, as (*p256Jacobian).addAffineDistinctGeneric does",
		"(madd-2004-hmv, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	formula("p256AddDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2 *[4]uint64)", addDistinct,
		"p256AddDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"Jacobian coordinates as (*p256Jacobian).addDistinctGeneric does",
		"(add-1998-cmo-2, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	Generate()
}

// word returns the address of word j of the operand at base.
func word(base Register, j int) Mem { return Mem{Base: base}.Offset(8 * j) }

// squareADX writes p256SquareADX, z = x²·R⁻¹ mod p.
func squareADX() {
	TEXT("p256SquareADX", NOSPLIT, "func(z, x *[4]uint64)")
	Doc("p256SquareADX is p256SquareGeneric with MULX, ADCX and ADOX: it sets",
		"z = x²·R⁻¹ mod p for x < p, fully reduced, with equal results.",
		"z may alias x. It requires BMI2 and ADX. Constant time.")
	Pragma("noescape")
	xp := Load(Param("x"), GP64())
	var a [4]GPVirtual
	for j := range a {
		a[j] = GP64()
		MOVQ(word(xp, j), a[j])
	}
	r := square(a)
	zp := Load(Param("z"), GP64())
	for j := range 4 {
		MOVQ(r[j], word(zp, j))
	}
	RET()
}

// square emits a²·R⁻¹ mod p for a < p in registers, and returns the
// registers of the result: the 512-bit square (cross products once, doubled,
// plus the squares of the words), then the reduction (redc).
func square(a [4]GPVirtual) [4]GPVirtual {
	var t [8]GPVirtual
	for j := range t {
		t[j] = GP64()
	}
	lo, hi := GP64(), GP64()
	zero := GP64()
	Comment("Cross products a_i·a_j, i < j, into t1..t6")
	MOVQ(a[0], RDX)
	MULXQ(a[1], t[1], t[2])
	MULXQ(a[2], lo, t[3])
	ADDQ(lo, t[2])
	MULXQ(a[3], lo, t[4])
	ADCQ(lo, t[3])
	ADCQ(Imm(0), t[4])
	MOVQ(a[1], RDX)
	XORQ(zero, zero)
	MULXQ(a[2], lo, hi)
	ADCXQ(lo, t[3])
	ADOXQ(hi, t[4])
	MULXQ(a[3], lo, t[5])
	ADCXQ(lo, t[4])
	ADOXQ(zero, t[5])
	ADCXQ(zero, t[5])
	MOVQ(a[2], RDX)
	MULXQ(a[3], lo, t[6])
	ADDQ(lo, t[5])
	ADCQ(Imm(0), t[6])

	Comment("Double them (CF chain) and add the squares a_i² (OF chain)")
	XORQ(t[7], t[7])
	MOVQ(a[0], RDX)
	MULXQ(RDX, t[0], hi)
	ADCXQ(t[1], t[1])
	ADOXQ(hi, t[1])
	for i := 1; i < 4; i++ {
		MOVQ(a[i], RDX)
		MULXQ(RDX, lo, hi)
		ADCXQ(t[2*i], t[2*i])
		ADOXQ(lo, t[2*i])
		if i < 3 {
			ADCXQ(t[2*i+1], t[2*i+1])
			ADOXQ(hi, t[2*i+1])
		} else {
			// t7 is 0 and gets the doubling's carry, then a3²'s high word.
			ADCXQ(t[7], t[7])
			ADOXQ(hi, t[7])
		}
	}
	return redc(t)
}

// redc emits the Montgomery reduction t·R⁻¹ mod p of the 512-bit t < p·R
// and returns the registers of the result: four rounds on the low half, each
// taking q as the lowest word (-p⁻¹ mod 2^64 = 1) and adding q·p, which
// clears that word, by q·2^96 (a shift) and q·p3·2^192 (one MULX); then the
// high half added and p subtracted unless that borrows.
func redc(t [8]GPVirtual) [4]GPVirtual {
	w := [4]GPVirtual{t[0], t[1], t[2], t[3]}
	lo := GP64()
	for i := range 4 {
		Commentf("Reduction %d: q = w0; w = (w + q·p) / 2^64", i)
		MOVQ(w[0], RDX)
		MOVQ(w[0], lo)
		SHLQ(Imm(32), lo)
		SHRQ(Imm(32), w[0])
		ADDQ(lo, w[1])
		ADCQ(w[0], w[2])
		// The top word, q·p3's high half plus the carry, fits: it is at
		// most 2^64 - 2^32.
		MULXQ(p256P.Offset(8), lo, w[0])
		ADCQ(lo, w[3])
		ADCQ(Imm(0), w[0])
		w = [4]GPVirtual{w[1], w[2], w[3], w[0]}
	}
	Comment("Add the high half: t < 2p")
	top := GP64()
	XORQ(top, top)
	ADDQ(t[4], w[0])
	ADCQ(t[5], w[1])
	ADCQ(t[6], w[2])
	ADCQ(t[7], w[3])
	ADCQ(Imm(0), top)
	return condSub(w, top)
}

// condSub emits w - p if (top, w) ≥ p, else w, for (top, w) < 2p, with
// CMOV on the borrow, and returns the result's registers.
func condSub(w [4]GPVirtual, top GPVirtual) [4]GPVirtual {
	Comment("Subtract p, keep the difference unless it borrowed")
	var d [4]GPVirtual
	for j := range d {
		d[j] = GP64()
		MOVQ(w[j], d[j])
	}
	SUBQ(I8(-1), d[0]) // p0 = 2^64 - 1, sign extended
	SBBQ(p256P.Offset(0), d[1])
	SBBQ(Imm(0), d[2]) // p2 = 0
	SBBQ(p256P.Offset(8), d[3])
	SBBQ(Imm(0), top)
	for j := range d {
		CMOVQCC(d[j], w[j])
	}
	return w
}

// mulSOS writes the Montgomery multiplication as the 512-bit product, four
// rows of MULX on two carry chains, then the reduction (redc).
func mulSOS() {
	TEXT("p256MulADX", NOSPLIT, "func(z, x, y *[4]uint64)")
	Doc("p256MulADX is p256MulGeneric with MULX, ADCX and ADOX: it sets",
		"z = x·y·R⁻¹ mod p for x, y < p, fully reduced, with equal results.",
		"z may alias x and y. It requires BMI2 and ADX. Constant time.")
	Pragma("noescape")
	r := mulRegs(load4(Mem{Base: Load(Param("x"), GP64())}), paramWords("y"))
	store4(r, Mem{Base: Load(Param("z"), GP64())})
	RET()
}

// mulRegs emits x·y·R⁻¹ mod p for x in registers and y's words given one
// at a time (y(i) is emitted just before word i is needed, so that a
// pointer it loads lives no longer), and returns the registers of the
// result: the 512-bit product by rows, then redc. Holding x in registers
// keeps the sixteen MULX free of memory operands.
func mulRegs(x [4]GPVirtual, y func(i int) Op) [4]GPVirtual {
	var t [8]GPVirtual
	for j := range t {
		t[j] = GP64()
	}
	lo, hi, zero := GP64(), GP64(), GP64()
	for i := range 4 {
		Commentf("t += x·y[%d]·2^%d", i, 64*i)
		MOVQ(y(i), RDX)
		if i == 0 {
			MULXQ(x[0], t[0], t[1])
			MULXQ(x[1], lo, t[2])
			ADDQ(lo, t[1])
			MULXQ(x[2], lo, t[3])
			ADCQ(lo, t[2])
			MULXQ(x[3], lo, t[4])
			ADCQ(lo, t[3])
			ADCQ(Imm(0), t[4])
			continue
		}
		XORQ(zero, zero)
		for j := range 3 {
			MULXQ(x[j], lo, hi)
			ADCXQ(lo, t[i+j])
			ADOXQ(hi, t[i+j+1])
		}
		MULXQ(x[3], lo, t[i+4])
		ADCXQ(lo, t[i+3])
		ADOXQ(zero, t[i+4])
		ADCXQ(zero, t[i+4])
	}
	return redc(t)
}

// memWords returns the words of m one at a time, for mulRegs.
func memWords(m Mem) func(i int) Op {
	return func(i int) Op { return m.Offset(8 * i) }
}

// paramWords returns the words of the pointer parameter name one at a time,
// loading the pointer again for each, for mulRegs.
func paramWords(name string) func(i int) Op {
	return func(i int) Op { return Mem{Base: Load(Param(name), GP64())}.Offset(8 * i) }
}

func load4(m Mem) [4]GPVirtual {
	var r [4]GPVirtual
	for j := range r {
		r[j] = GP64()
		MOVQ(m.Offset(8*j), r[j])
	}
	return r
}

func store4(r [4]GPVirtual, m Mem) {
	for j := range r {
		MOVQ(r[j], m.Offset(8*j))
	}
}

// addRegs emits x + y mod p for x, y < p, x in registers (which it
// overwrites) and y's words given by y, or x + x for a nil y.
func addRegs(w [4]GPVirtual, y func(i int) Op) [4]GPVirtual {
	if y == nil {
		y = regWords(w)
	}
	top := GP64()
	XORQ(top, top)
	ADDQ(y(0), w[0])
	ADCQ(y(1), w[1])
	ADCQ(y(2), w[2])
	ADCQ(y(3), w[3])
	ADCQ(Imm(0), top)
	return condSub(w, top)
}

// halve emits a/2 mod p for a < p in registers (which it overwrites): a/2
// for an even a, (a + p)/2 for an odd one, both below p. p is added masked
// by a's low bit, the 257-bit sum (c, a) shifted right by one (SHRQ with
// the bits shifted in, SHRD).
func halve(a [4]GPVirtual) [4]GPVirtual {
	m, m1, m3, c := GP64(), GP64(), GP64(), GP64()
	MOVQ(a[0], m)
	ANDQ(Imm(1), m)
	NEGQ(m)
	MOVL(m.As32(), m1.As32()) // p1 = 2^32 - 1, zero extended
	MOVQ(m, m3)
	ANDQ(p256P.Offset(8), m3)
	XORQ(c, c)
	ADDQ(m, a[0])
	ADCQ(m1, a[1])
	ADCQ(Imm(0), a[2])
	ADCQ(m3, a[3])
	ADCQ(Imm(0), c)
	SHRQ(Imm(1), a[1], a[0])
	SHRQ(Imm(1), a[2], a[1])
	SHRQ(Imm(1), a[3], a[2])
	SHRQ(Imm(1), c, a[3])
	return a
}

// foldTop emits, for v = top·2^256 + w < 2^32·2^256 (top in a register, w
// in registers, both overwritten), (c, w) = v - top·p ≡ v (mod p), and
// returns w and c: as
// 2^256 ≡ 2^256 - p = 2^224 - 2^192 - 2^96 + 1 (mod p),
//
//	v ≡ w + top·2^224 - top·2^192 - top·2^96 + top
//	  = w + top + (top·2^32 - top)·2^192 - (top·2^32)·2^64
//
// at least 0 and below 2^256 + top·2^224 ≤ 2p for top ≤ 2^31: one carry
// word c. (c, w) is computed as the addition of the first two terms (carry
// into c) and the subtraction of the third (borrow out of c): their sum is
// not negative, so c ends 0 or 1.
func foldTop(w [4]GPVirtual, top GPVirtual) ([4]GPVirtual, GPVirtual) {
	Comment("Fold top·2^256 ≡ top·(2^224 - 2^192 - 2^96 + 1)")
	h, h3, c := GP64(), GP64(), GP64()
	MOVQ(top, h)
	SHLQ(Imm(32), h)
	MOVQ(h, h3)
	SUBQ(top, h3)
	XORQ(c, c)
	ADDQ(top, w[0])
	ADCQ(Imm(0), w[1])
	ADCQ(Imm(0), w[2])
	ADCQ(h3, w[3])
	ADCQ(Imm(0), c)
	SUBQ(h, w[1])
	SBBQ(Imm(0), w[2])
	SBBQ(Imm(0), w[3])
	SBBQ(Imm(0), c)
	return w, c
}

// add3Lazy emits 3·(x + y) mod p for x, y < p, x in registers (which it
// overwrites) and y's words given by y, reduced below 2^256 only, not
// below p: a value only one multiplication reads, whose other operand is
// below p (planFormula checks this use). A Montgomery product of a < 2^256
// and b < p is below p·2^256, as redc requires, and comes out fully
// reduced.
//
// s = x + y < 2p is (c, w); 3s = s + 2s < 6p < 6·2^256 takes (c, w) to
// top ≤ 5; foldTop leaves v = 3s - top·p, 0 ≤ v < 2^256 + 5·2^224, as
// (c, w) with c = 0 or 1; where c = 1, v - p = w + 2^256 - p < 6·2^224 fits,
// and is what subtracting p from w gives mod 2^256 (the mask of c, as
// subRegs adds p).
func add3Lazy(w [4]GPVirtual, y func(i int) Op) [4]GPVirtual {
	c := GP64()
	XORQ(c, c)
	ADDQ(y(0), w[0])
	ADCQ(y(1), w[1])
	ADCQ(y(2), w[2])
	ADCQ(y(3), w[3])
	ADCQ(Imm(0), c)
	Comment("(c, w) += 2·(c, w)")
	var d [4]GPVirtual
	for j := range d {
		d[j] = GP64()
		MOVQ(w[j], d[j])
	}
	dc := GP64()
	MOVQ(c, dc)
	ADDQ(w[0], w[0])
	ADCQ(w[1], w[1])
	ADCQ(w[2], w[2])
	ADCQ(w[3], w[3])
	ADCQ(c, c)
	ADDQ(d[0], w[0])
	ADCQ(d[1], w[1])
	ADCQ(d[2], w[2])
	ADCQ(d[3], w[3])
	ADCQ(dc, c)
	w, c = foldTop(w, c)
	Comment("Subtract p where c = 1")
	m1, m3 := GP64(), GP64()
	NEGQ(c)
	MOVL(c.As32(), m1.As32()) // p1 = 2^32 - 1, zero extended
	MOVQ(c, m3)
	ANDQ(p256P.Offset(8), m3)
	SUBQ(c, w[0])
	SBBQ(m1, w[1])
	SBBQ(Imm(0), w[2])
	SBBQ(m3, w[3])
	return w
}

// regWords returns the words of r one at a time, for addRegs and subRegs.
func regWords(r [4]GPVirtual) func(i int) Op {
	return func(i int) Op { return r[i] }
}

// subRegs emits x - y mod p for x, y < p, x in registers (which it
// overwrites) and y's words given by y: the difference, plus p masked by its
// borrow.
func subRegs(w [4]GPVirtual, y func(i int) Op) [4]GPVirtual {
	SUBQ(y(0), w[0])
	SBBQ(y(1), w[1])
	SBBQ(y(2), w[2])
	SBBQ(y(3), w[3])
	mask, m1, m3 := GP64(), GP64(), GP64()
	SBBQ(mask, mask)
	MOVL(mask.As32(), m1.As32()) // p1 = 2^32 - 1, zero extended
	MOVQ(mask, m3)
	ANDQ(p256P.Offset(8), m3)
	ADDQ(mask, w[0])
	ADCQ(m1, w[1])
	ADCQ(Imm(0), w[2])
	ADCQ(m3, w[3])
	return w
}

// formula writes a straight-line sequence of field operations on the
// parameters (the names of the signature, read through their pointers) and
// stack slots for every other name. A line is "dst = a op b" with op one of
// *, + and -, "dst = a / 2" (halve), or "dst = 3(a + b)" (add3Lazy, reduced
// below 2^256 only, for one multiplication by a fully reduced value, which
// planFormula checks); every other line's result is fully reduced. The
// outputs x3, y3 and z3 may alias the inputs: each is stored through its
// pointer once no later line reads a parameter, at its last definition if
// that comes after the last such read, else at the end from its slot.
//
// The result of each line stays in registers for the next line, which
// reads it from there (as the first operand of a multiplication, addition
// or subtraction, either operand of a subtraction, the square's input, both
// operands of a + a) instead of from its slot; a result is stored to its
// slot only if a later line reads it from memory (the plan below).
func formula(name, sig string, lines []string, doc ...string) {
	TEXT(name, NOSPLIT, sig)
	Doc(doc...)
	Pragma("noescape")
	params := map[string]bool{}
	for _, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(sig, "func("), " *[4]uint64)"), ", ") {
		params[p] = true
	}
	formulaBody(name, params, func(n string) string { return n }, lines)
	RET()
}

// formulaBody emits the lines of formula, the pointer of each parameter
// name read from the argument ptr(name).
func formulaBody(name string, params map[string]bool, ptr func(string) string, lines []string) {
	isOut := func(n string) bool { return n == "x3" || n == "y3" || n == "z3" }
	isIn := func(n string) bool { return params[n] && !isOut(n) }
	plan := planFormula(name, lines)
	// The last line reading a parameter (an input, which an output may
	// alias), and the last definition of each output.
	lastIn, lastDef := -1, map[string]int{}
	for i, s := range plan {
		for _, n := range s.memReads {
			if isIn(n) {
				lastIn = i
			}
		}
		lastDef[s.dst] = i
	}
	slots := map[string]Mem{}
	mem := func(n string) Mem {
		if isIn(n) {
			return Mem{Base: Load(Param(ptr(n)), GP64())}
		}
		m, ok := slots[n]
		if !ok {
			log.Fatalf("%s: %s read before it is written", name, n)
		}
		return m
	}
	words := func(n string) func(i int) Op {
		if isIn(n) {
			return paramWords(ptr(n))
		}
		return memWords(mem(n))
	}
	stored := map[string]bool{}
	var lastRegs [4]GPVirtual
	for i, s := range plan {
		Comment(s.text)
		first := func() [4]GPVirtual {
			if s.fwd {
				return lastRegs
			}
			return load4(mem(s.x))
		}
		var r [4]GPVirtual
		switch {
		case s.op == "/":
			r = halve(first())
		case s.op == "3(+)":
			r = add3Lazy(first(), memWords(mem(s.y)))
		case s.op == "*" && s.x == s.y:
			r = square(first())
		case s.op == "*":
			r = mulRegs(first(), words(s.y))
		case s.op == "+" && s.x == s.y:
			r = addRegs(first(), nil)
		case s.op == "+":
			r = addRegs(first(), memWords(mem(s.y)))
		case s.op == "-" && s.fwdY:
			r = subRegs(load4(mem(s.x)), regWords(lastRegs))
		case s.op == "-":
			r = subRegs(first(), memWords(mem(s.y)))
		}
		if s.store || (isOut(s.dst) && lastDef[s.dst] == i && i < lastIn) {
			if _, ok := slots[s.dst]; !ok {
				slots[s.dst] = AllocLocal(32)
			}
			store4(r, slots[s.dst])
		}
		if isOut(s.dst) && lastDef[s.dst] == i && i >= lastIn {
			Comment("Store " + s.dst + ", all inputs read")
			store4(r, Mem{Base: Load(Param(ptr(s.dst)), GP64())})
			stored[s.dst] = true
		}
		lastRegs = r
	}
	for _, o := range []string{"x3", "y3", "z3"} {
		if !stored[o] {
			Comment("Store " + o + ", all inputs read")
			store4(load4(slots[o]), Mem{Base: Load(Param(ptr(o)), GP64())})
		}
	}
}

// step is one line of a formula as formula emits it.
type step struct {
	text, dst, x, op, y string
	fwd                 bool     // x is the previous line's result, in registers
	fwdY                bool     // y is, for a subtraction x - y
	memReads            []string // the names read from memory (slots or parameters)
	store               bool     // a later line reads dst from its slot
}

// planFormula parses the lines and decides which operands come from the
// previous line's registers, which from memory, and which results must be
// stored to their slots.
func planFormula(name string, lines []string) []step {
	plan := make([]step, len(lines))
	last := ""
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) != 5 || f[1] != "=" {
			log.Fatalf("%s: bad line %q", name, l)
		}
		s := step{text: l, dst: f[0], x: f[2], op: f[3], y: f[4]}
		switch {
		case s.op == "+" && strings.HasPrefix(s.x, "3(") && strings.HasSuffix(s.y, ")"):
			s.op, s.x, s.y = "3(+)", s.x[2:], s.y[:len(s.y)-1]
			if s.x == s.y || isParamOut(s.x) || isParamOut(s.y) {
				log.Fatalf("%s: bad operands in %q", name, l)
			}
			if s.y == last {
				s.x, s.y = s.y, s.x
			}
		case s.op == "*" || s.op == "+":
			if s.y == last && s.x != last {
				s.x, s.y = s.y, s.x // commutative: the forwarded value first
			}
		case s.op == "/":
			if s.y != "2" {
				log.Fatalf("%s: bad divisor in %q", name, l)
			}
		case s.op == "-":
			if s.x == s.y {
				log.Fatalf("%s: %q is zero", name, l)
			}
		default:
			log.Fatalf("%s: bad operator in %q", name, l)
		}
		s.fwd = s.x == last
		s.fwdY = s.op == "-" && !s.fwd && s.y == last
		if !s.fwd {
			s.memReads = append(s.memReads, s.x)
		}
		if s.op != "/" && s.x != s.y && !s.fwdY {
			s.memReads = append(s.memReads, s.y)
		}
		plan[i] = s
		last = s.dst
	}
	for i := range plan {
		var uses []int
		for k := i + 1; k < len(plan); k++ {
			t := plan[k]
			if t.x == plan[i].dst || t.y == plan[i].dst {
				uses = append(uses, k)
			}
			if slices.Contains(t.memReads, plan[i].dst) {
				plan[i].store = true
			}
			if t.dst == plan[i].dst {
				break
			}
		}
		if plan[i].op != "3(+)" {
			continue
		}
		// A lazily reduced value (add3Lazy) must be one operand of one
		// multiplication, the other fully reduced: not defined last by a
		// lazy line.
		if len(uses) != 1 || plan[uses[0]].op != "*" || plan[uses[0]].x == plan[uses[0]].y || isParamOut(plan[i].dst) {
			log.Fatalf("%s: %q is not read by exactly one multiplication", name, plan[i].text)
		}
		m := plan[uses[0]]
		other := m.x
		if other == plan[i].dst {
			other = m.y
		}
		for k := uses[0] - 1; k >= 0; k-- {
			if plan[k].dst == other {
				if plan[k].op == "3(+)" {
					log.Fatalf("%s: two lazily reduced operands in %q", name, m.text)
				}
				break
			}
		}
	}
	return plan
}

// isParamOut reports whether n is an output of the formulas.
func isParamOut(n string) bool { return n == "x3" || n == "y3" || n == "z3" }

// jacobianDouble is dbl-2001-b (Bernstein and Lange, Explicit-Formulas
// Database, a = -3), 4M + 4S, with the results of
// (*p256Jacobian).doubleGeneric (every line but one is fully reduced, and
// the values are equal mod p) from other lines: with Y' = 2·Y1, the values
// γ' = Y'² = 4γ and β' = X1·γ' = 4β come out of the multiplications, Z3 =
// Y'·Z1 = 2·Y1·Z1 = (Y1 + Z1)² - γ - δ, and 8γ² = γ'²/2 (halve), which
// saves the doubling's additions for 4β, 8β, 8γ² and Z3 for one addition
// and a halving; 3·(X1 + δ) is add3Lazy's, X3 = α² - β' - β', and Y3 =
// α·(β' - X3) - 8γ² with 8γ² in registers.
var jacobianDouble = []string{
	"delta = z1 * z1",
	"t = x1 - delta",
	"u = 3(x1 + delta)",
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

// rcbAdd is Renes, Costello and Batina 2015, Algorithm 4 (a = -3), as
// (*P256Point).addGeneric writes it: 12M + 2mb + 29a.
var rcbAdd = []string{
	"t0 = x1 * x2",
	"t1 = y1 * y2",
	"t2 = z1 * z2",
	"t3 = x1 + y1",
	"t4 = x2 + y2",
	"t3 = t3 * t4",
	"t4 = t0 + t1",
	"t3 = t3 - t4",
	"t4 = y1 + z1",
	"x3 = y2 + z2",
	"t4 = t4 * x3",
	"x3 = t1 + t2",
	"t4 = t4 - x3",
	"x3 = x1 + z1",
	"y3 = x2 + z2",
	"x3 = x3 * y3",
	"y3 = t0 + t2",
	"y3 = x3 - y3",
	"z3 = b * t2",
	"x3 = y3 - z3",
	"z3 = x3 + x3",
	"x3 = x3 + z3",
	"z3 = t1 - x3",
	"x3 = t1 + x3",
	"y3 = b * y3",
	"t1 = t2 + t2",
	"t2 = t1 + t2",
	"y3 = y3 - t2",
	"y3 = y3 - t0",
	"t1 = y3 + y3",
	"y3 = t1 + y3",
	"t1 = t0 + t0",
	"t0 = t1 + t0",
	"t0 = t0 - t2",
	"t1 = t4 * y3",
	"t2 = t0 * y3",
	"y3 = x3 * z3",
	"y3 = y3 + t2",
	"x3 = t3 * x3",
	"x3 = x3 - t1",
	"z3 = t4 * z3",
	"t1 = t3 * t0",
	"z3 = z3 + t1",
}

// rcbAddAffine is Algorithm 5 (mixed, a = -3), as
// (*P256Point).addAffineGeneric writes it: 11M + 2mb + 23a.
var rcbAddAffine = []string{
	"t0 = x1 * x2",
	"t1 = y1 * y2",
	"t3 = x2 + y2",
	"t4 = x1 + y1",
	"t3 = t3 * t4",
	"t4 = t0 + t1",
	"t3 = t3 - t4",
	"t4 = y2 * z1",
	"t4 = t4 + y1",
	"y3 = x2 * z1",
	"y3 = y3 + x1",
	"z3 = b * z1",
	"x3 = y3 - z3",
	"z3 = x3 + x3",
	"x3 = x3 + z3",
	"z3 = t1 - x3",
	"x3 = t1 + x3",
	"y3 = b * y3",
	"t1 = z1 + z1",
	"t2 = t1 + z1",
	"y3 = y3 - t2",
	"y3 = y3 - t0",
	"t1 = y3 + y3",
	"y3 = t1 + y3",
	"t1 = t0 + t0",
	"t0 = t1 + t0",
	"t0 = t0 - t2",
	"t1 = t4 * y3",
	"t2 = t0 * y3",
	"y3 = x3 * z3",
	"y3 = y3 + t2",
	"x3 = t3 * x3",
	"x3 = x3 - t1",
	"z3 = t4 * z3",
	"t1 = t3 * t0",
	"z3 = z3 + t1",
}

// maddDistinct is madd-2004-hmv (Explicit-Formulas Database), as
// (*p256Jacobian).addAffineDistinctGeneric writes it: 8M + 3S.
var maddDistinct = []string{
	"t1 = z1 * z1",
	"t2 = t1 * z1",
	"t1 = t1 * x2",
	"t2 = t2 * y2",
	"t1 = t1 - x1",
	"t2 = t2 - y1",
	"z3 = z1 * t1",
	"t4 = t1 * t1",
	"t3 = t4 * t1",
	"t4 = t4 * x1",
	"x3 = t2 * t2",
	"x3 = x3 - t3",
	"t1 = t4 + t4",
	"x3 = x3 - t1",
	"t4 = t4 - x3",
	"t4 = t4 * t2",
	"t3 = t3 * y1",
	"y3 = t4 - t3",
}

// addDistinct is add-1998-cmo-2 (Explicit-Formulas Database), as
// (*p256Jacobian).addDistinctGeneric writes it: 12M + 4S.
var addDistinct = []string{
	"z1z1 = z1 * z1",
	"z2z2 = z2 * z2",
	"u1 = x1 * z2z2",
	"u2 = x2 * z1z1",
	"s1 = y1 * z2",
	"s1 = s1 * z2z2",
	"s2 = y2 * z1",
	"s2 = s2 * z1z1",
	"h = u2 - u1",
	"r = s2 - s1",
	"hh = h * h",
	"hhh = hh * h",
	"v = u1 * hh",
	"x3 = r * r",
	"x3 = x3 - hhh",
	"t = v + v",
	"x3 = x3 - t",
	"v = v - x3",
	"y3 = r * v",
	"s1 = s1 * hhh",
	"y3 = y3 - s1",
	"z3 = z1 * z2",
	"z3 = z3 * h",
}

// selectEntry writes the masked scan of a table of m entries of w words:
// out = entry n-1 for 1 ≤ n ≤ m, zeros for any other n. Every entry is read
// and ANDed with a mask, all ones where the entry's index + 1 equals n
// (PCMPEQL of two vectors holding n and the counter in every 32-bit lane),
// and added into the result, 16 bytes at a time. SSE2, which every amd64 CPU
// has.
func selectEntry(name string, w, m int) {
	TEXT(name, NOSPLIT, fmt.Sprintf("func(out *[%d]uint64, table *[%d][%d]uint64, n uint32)", w, m, w))
	Doc(fmt.Sprintf("%s sets out to table[n-1] for 1 ≤ n ≤ %d, and to zeros", name, m),
		"for any other n, reading every entry. Constant time in n.")
	Pragma("noescape")
	tp := Load(Param("table"), GP64())
	nv, minus1, ctr := XMM(), XMM(), XMM()
	n32 := Load(Param("n"), GP32())
	MOVD(n32, nv)
	PSHUFD(Imm(0), nv, nv)
	PCMPEQL(minus1, minus1)
	PXOR(ctr, ctr)
	acc := make([]VecVirtual, w/2)
	for k := range acc {
		acc[k] = XMM()
		PXOR(acc[k], acc[k])
	}
	for i := range m {
		Commentf("entry %d: mask = (n == %d)", i, i+1)
		PSUBL(minus1, ctr)
		mask := XMM()
		MOVO(ctr, mask)
		PCMPEQL(nv, mask)
		for k := range acc {
			t := XMM()
			MOVOU(Mem{Base: tp}.Offset(8*w*i+16*k), t)
			PAND(mask, t)
			PADDQ(t, acc[k])
		}
	}
	op := Load(Param("out"), GP64())
	for k := range acc {
		MOVOU(acc[k], Mem{Base: op}.Offset(16*k))
	}
	RET()
}

// selectEntryAVX512 writes the masked scan of a table of m entries of 8
// words (one ZMM register each) with AVX-512: out = entry n-1 for
// 1 ≤ n ≤ m, zeros for any other n. Every entry is loaded whole and blended
// into an accumulator under a mask register, all ones where the entry's
// index + 1 equals n (VPCMPEQQ against n in every lane); two accumulators
// take alternate entries, so that two chains of blends run side by side,
// and are added at the end (the one that did not see entry n-1 is zero).
func selectEntryAVX512(name string, m int) {
	TEXT(name, NOSPLIT, fmt.Sprintf("func(out *[8]uint64, table *[%d][8]uint64, n uint32)", m))
	Doc(fmt.Sprintf("%s sets out to table[n-1] for 1 ≤ n ≤ %d, and to zeros", name, m),
		"for any other n, reading every entry. Constant time in n. It requires",
		"AVX-512F.")
	Pragma("noescape")
	tp := Load(Param("table"), GP64())
	n := GP64()
	Load(Param("n"), n.As32()) // zero-extended
	nv, idx0, idx1, two := ZMM(), ZMM(), ZMM(), ZMM()
	VPBROADCASTQ(n, nv)
	c := GP64()
	MOVQ(U64(1), c)
	VPBROADCASTQ(c, idx0)
	MOVQ(U64(2), c)
	VPBROADCASTQ(c, two)
	VPADDQ(idx0, idx0, idx1) // 2
	acc0, acc1 := ZMM(), ZMM()
	VPXORQ(acc0, acc0, acc0)
	VPXORQ(acc1, acc1, acc1)
	end := GP64()
	LEAQ(Mem{Base: tp}.Offset(64*m), end)
	loop := name + "_entries"
	Label(loop)
	Comment("K1, K2 = all ones where the index of the entry is n; acc = K ? entry : acc")
	VPCMPEQQ(idx0, nv, K1)
	VPCMPEQQ(idx1, nv, K2)
	e0, e1 := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: tp}, e0)
	VMOVDQU64(Mem{Base: tp}.Offset(64), e1)
	VPBLENDMQ(e0, acc0, K1, acc0)
	VPBLENDMQ(e1, acc1, K2, acc1)
	VPADDQ(two, idx0, idx0)
	VPADDQ(two, idx1, idx1)
	ADDQ(U32(128), tp)
	CMPQ(tp, end) // the table is a whole number of steps: tp meets end
	JNE(LabelRef(loop))
	VPADDQ(acc1, acc0, acc0)
	op := Load(Param("out"), GP64())
	VMOVDQU64(acc0, Mem{Base: op})
	VZEROUPPER()
	RET()
}

// selectEntry12AVX512 writes the masked scan of a table of 16 entries of 12
// words (a ZMM and a YMM register each) with AVX-512F and VL: out = entry
// n-1 for 1 ≤ n ≤ 16, zeros for any other n. Every entry is loaded whole and
// blended into the accumulators under a mask register, all ones where the
// entry's index + 1 equals n; two sets of accumulators take alternate
// entries and are added at the end.
func selectEntry12AVX512(name string) {
	TEXT(name, NOSPLIT, "func(out *[12]uint64, table *[16][12]uint64, n uint32)")
	Doc(fmt.Sprintf("%s sets out to table[n-1] for 1 ≤ n ≤ 16, and to zeros", name),
		"for any other n, reading every entry. Constant time in n. It requires",
		"AVX-512F and AVX-512VL.")
	Pragma("noescape")
	tp := Load(Param("table"), GP64())
	n := GP64()
	Load(Param("n"), n.As32()) // zero-extended
	nv, idx0, idx1, two := ZMM(), ZMM(), ZMM(), ZMM()
	VPBROADCASTQ(n, nv)
	c := GP64()
	MOVQ(U64(1), c)
	VPBROADCASTQ(c, idx0)
	MOVQ(U64(2), c)
	VPBROADCASTQ(c, two)
	VPADDQ(idx0, idx0, idx1) // 2
	lo0, lo1 := ZMM(), ZMM()
	hi0, hi1 := YMM(), YMM()
	VPXORQ(lo0, lo0, lo0)
	VPXORQ(lo1, lo1, lo1)
	VPXORQ(hi0, hi0, hi0)
	VPXORQ(hi1, hi1, hi1)
	end := GP64()
	LEAQ(Mem{Base: tp}.Offset(96*16), end)
	loop := name + "_entries"
	Label(loop)
	Comment("K1, K2 = all ones where the index of the entry is n; acc = K ? entry : acc")
	VPCMPEQQ(idx0, nv, K1)
	VPCMPEQQ(idx1, nv, K2)
	a0, a1 := ZMM(), ZMM()
	b0, b1 := YMM(), YMM()
	VMOVDQU64(Mem{Base: tp}, a0)
	VMOVDQU64(Mem{Base: tp}.Offset(64), b0)
	VMOVDQU64(Mem{Base: tp}.Offset(96), a1)
	VMOVDQU64(Mem{Base: tp}.Offset(160), b1)
	VPBLENDMQ(a0, lo0, K1, lo0)
	VPBLENDMQ(b0, hi0, K1, hi0)
	VPBLENDMQ(a1, lo1, K2, lo1)
	VPBLENDMQ(b1, hi1, K2, hi1)
	VPADDQ(two, idx0, idx0)
	VPADDQ(two, idx1, idx1)
	ADDQ(U32(192), tp)
	CMPQ(tp, end) // the table is a whole number of steps: tp meets end
	JNE(LabelRef(loop))
	VPADDQ(lo1, lo0, lo0)
	VPADDQ(hi1, hi0, hi0)
	op := Load(Param("out"), GP64())
	VMOVDQU64(lo0, Mem{Base: op})
	VMOVDQU64(hi0, Mem{Base: op}.Offset(64))
	VZEROUPPER()
	RET()
}
