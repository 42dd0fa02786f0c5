package main

import (
	"log"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The P-521 point formulas (the Jacobian doubling and additions of
// ScalarMult and ScalarBaseMult, the complete additions and doubling of
// p521.go) as straight-line assembly, from the same line lists as P-256's
// (jacobianDouble, addDistinct, maddDistinct, rcbAdd, rcbAddAffine,
// rcbDouble, which follow the formulas of _gen's point template line by
// line): each line "dst = a op b" is one field operation on nine-word
// values in stack slots, with no call between them, so that the processor
// overlaps the carry chains of one line with the multiplications of the
// next.
//
// Between lines the values are only kept below 2^521, not fully reduced:
// the value p itself may stand for 0. The multiplication and the squaring
// take any inputs below 2^521 (w ≤ (2^521 - 1)², so the folded sum u is at
// most 2^522 - 3 and its final step gives u mod p, fully reduced). The
// addition folds once, z = (t mod 2^521) + (t >> 521) for t = x + y ≤
// 2^522 - 2, which is at most p, in place of the kernel's test for t ≥ p;
// the subtraction is the kernel's (x - y, plus p on a borrow, lands in
// [0, p] for x, y ≤ p, and below p if x < p). The outputs that may be p
// (the sums; the products and the differences of reduced values are
// below p) are then fully reduced (p becomes 0) as they are stored, so
// that every output equals the Go formulas' words: both are the one
// reduced representative of the same value.

// p521Formula writes name, the straight-line sequence of field operations
// lines ("dst = a op b", op one of *, + and -) on the pointer parameters of
// sig (inputs read through them) and stack slots for every other name. The
// outputs x3, y3 and z3 are stored, fully reduced, after every line has
// run, so that they may alias the inputs. The frame (a slot of nine words
// a name) is too large for NOSPLIT: the function has the stack check.
func p521Formula(name, sig string, lines []string, doc ...string) {
	TEXT(name, 0, sig)
	Doc(doc...)
	Pragma("noescape")
	params := map[string]bool{}
	for _, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(sig, "func("), " *[9]uint64)"), ", ") {
		if p != "x3" && p != "y3" && p != "z3" {
			params[p] = true
		}
	}
	slots := map[string]Mem{}
	// words returns the words of the value n, loading a parameter's pointer
	// into base.
	words := func(n string, base Register) func(int) Mem {
		if m, ok := slots[n]; ok {
			return func(j int) Mem { return m.Offset(8 * j) }
		}
		if !params[n] {
			log.Fatalf("%s: %s read before it is written", name, n)
		}
		Load(Param(n), base)
		return p521Words(base)
	}
	// reduced records the values known to be fully reduced: the products
	// and the differences whose first operand is (x - y, plus p on a borrow,
	// is below p for x < p and y ≤ p), not the sums. Only the outputs that
	// may not be are reduced as they are stored.
	reduced := map[string]bool{}
	// addr loads the address of the value n into reg, for the calls.
	addr := func(n string, reg Register) {
		if m, ok := slots[n]; ok {
			LEAQ(m, reg)
			return
		}
		if !params[n] {
			log.Fatalf("%s: %s read before it is written", name, n)
		}
		Load(Param(n), reg)
	}
	// The result of each line stays in registers, where the next line reads
	// it if it is the first operand of an addition or subtraction.
	var last string
	var lastRegs [9]Register
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 5 || f[1] != "=" {
			log.Fatalf("%s: bad line %q", name, l)
		}
		x, op, y := f[2], f[3], f[4]
		if op == "+" && y == last && x != last {
			x, y = y, x
		}
		Comment(l)
		var r [9]Register
		switch op {
		case "*":
			addr(x, RSI)
			if x == y {
				CALL(p521SquareInner)
			} else {
				addr(y, RDI)
				CALL(p521MulInner)
			}
			r = p521InnerResult
		case "+", "-":
			if x == last {
				r = lastRegs
			} else {
				r = p521Ring
				xw := words(x, RSI)
				for j := range r {
					MOVQ(xw(j), r[j])
				}
			}
			if op == "+" {
				if x == y {
					p521AddLazy(r, func(j int) Op { return r[j] })
				} else {
					yw := words(y, RDI)
					p521AddLazy(r, func(j int) Op { return yw(j) })
				}
			} else {
				p521SubRegs(r, words(y, RDI))
			}
		default:
			log.Fatalf("%s: bad operator in %q", name, l)
		}
		reduced[f[0]] = op == "*" || op == "-" && (reduced[x] || params[x])
		if _, ok := slots[f[0]]; !ok {
			slots[f[0]] = AllocLocal(8 * 9)
		}
		for j := range r {
			MOVQ(r[j], slots[f[0]].Offset(8*j))
		}
		last, lastRegs = f[0], r
	}
	Comment("Store the outputs, fully reduced, all inputs read")
	for _, o := range []string{"x3", "y3", "z3"} {
		m, ok := slots[o]
		if !ok {
			log.Fatalf("%s: %s is never written", name, o)
		}
		r := p521Ring
		for j := range r {
			MOVQ(m.Offset(8*j), r[j])
		}
		if !reduced[o] {
			Commentf("%s may be p: reduce it", o)
			p521Canonical(r)
		}
		Load(Param(o), RDI)
		for j := range r {
			MOVQ(r[j], word(RDI, j))
		}
	}
	RET()
}

// p521MulInner and p521SquareInner are the multiplication and the
// squaring as functions for the formulas' CALL, with their own convention:
// the operands' addresses in RSI (and RDI), the result in the registers
// p521InnerResult.
// Written out in each line, the formulas' code outgrew the processor's
// decoded-instruction cache and ran slower: a P-521 multiplication is
// about 330 instructions, and a doubling has eight of them.
var (
	p521MulInner    = LabelRef("·p521MulInner(SB)")
	p521SquareInner = LabelRef("·p521SquareInner(SB)")
	p521InnerResult = [9]Register{RAX, RBX, RCX, R8, R9, R10, R11, R12, R13}
)

// p521Inner writes p521MulInner and p521SquareInner.
func p521Inner() {
	check := func(r [9]Register) {
		if r != p521InnerResult {
			log.Fatal("p521Inner: the result is not in p521InnerResult")
		}
	}
	TEXT("p521MulInner", NOSPLIT, "func()")
	Doc("p521MulInner sets RAX, RBX, RCX and R8 to R13 to the words of x·y mod p,",
		"fully reduced, for x and y below 2^521 at the addresses in RSI and RDI,",
		"using every other register but BP. For the assembly's CALL only: it",
		"cannot be called from Go. Constant time.")
	check(p521MulWords(p521Words(RSI), p521Words(RDI), AllocLocal(8*9)))
	RET()
	TEXT("p521SquareInner", NOSPLIT, "func()")
	Doc("p521SquareInner sets RAX, RBX, RCX and R8 to R13 to the words of x² mod p,",
		"fully reduced, for x below 2^521 at the address in RSI, using every",
		"other register but BP. For the assembly's CALL only: it cannot be",
		"called from Go. Constant time.")
	check(p521SquareWords(p521Words(RSI), AllocLocal(8*18)))
	RET()
}

// p521AddLazy sets u = x + y, folded once: t = x + y, then (t mod 2^521) +
// (t >> 521), at most p for x, y ≤ p. u holds x; y(j) is a register or a
// memory operand. It uses RDX.
func p521AddLazy(u [9]Register, y func(int) Op) {
	ADDQ(y(0), u[0])
	for j := 1; j < 9; j++ {
		ADCQ(y(j), u[j])
	}
	MOVQ(u[8], RDX)
	SHRQ(U8(9), RDX)
	ANDQ(U32(0x1ff), u[8])
	ADDQ(RDX, u[0])
	for j := 1; j < 9; j++ {
		ADCQ(Imm(0), u[j])
	}
}

// p521SubRegs sets u = x - y mod 2^576, plus p masked by the borrow, as
// p521SubGeneric does: in [0, p] for x, y ≤ p. u holds x; y(j) is a memory
// operand. It uses RDX and R15.
func p521SubRegs(u [9]Register, y func(int) Mem) {
	SUBQ(y(0), u[0])
	for j := 1; j < 9; j++ {
		SBBQ(y(j), u[j])
	}
	SBBQ(R15, R15)
	MOVQ(R15, RDX)
	ANDQ(U32(0x1ff), RDX)
	ADDQ(R15, u[0])
	for j := 1; j < 8; j++ {
		ADCQ(R15, u[j])
	}
	ADCQ(RDX, u[8])
}

// p521Canonical reduces u ≤ p fully: u + 1 carries into bit 521 only for
// u = p, and then (u + 1) mod 2^521 = 0. It uses RDX and R15.
func p521Canonical(u [9]Register) {
	MOVQ(u[0], R15)
	for j := 1; j < 8; j++ {
		ANDQ(u[j], R15)
	}
	ADDQ(Imm(1), R15)
	MOVQ(u[8], RDX)
	ADCQ(Imm(0), RDX)
	SHRQ(U8(9), RDX)
	ADDQ(RDX, u[0])
	for j := 1; j < 9; j++ {
		ADCQ(Imm(0), u[j])
	}
	ANDQ(U32(0x1ff), u[8])
}

// p521Points writes the point formulas and the functions they call.
func p521Points() {
	p521Inner()
	p521Formula("p521AddDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2 *[9]uint64)", addDistinct,
		"p521AddDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"Jacobian coordinates as (*p521Jacobian).addDistinct does in Go",
		"(add-1998-cmo-2, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p521Formula("p521AddAffineDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2 *[9]uint64)", maddDistinct,
		"p521AddAffineDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2)",
		"in Jacobian coordinates as (*p521Jacobian).addAffineDistinct does in Go",
		"(madd-2004-hmv, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p521Formula("p521DoubleADX", "func(x3, y3, z3, x1, y1, z1 *[9]uint64)", jacobianDouble,
		"p521DoubleADX computes (x3, y3, z3) = 2·(x1, y1, z1) in Jacobian coordinates",
		"as (*p521Jacobian).double does in Go, with equal results, for coordinates",
		"below p. The outputs may alias the inputs. It requires BMI2 and ADX.",
		"Constant time.")
	p521Formula("p521PointAddADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2, b *[9]uint64)", rcbAdd,
		"p521PointAddADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"projective coordinates as (*P521Point).Add does in Go (Renes, Costello",
		"and Batina, Algorithm 4), with equal results, for coordinates below p;",
		"b is the curve's b. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p521Formula("p521PointAddAffineADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, b *[9]uint64)", rcbAddAffine,
		"p521PointAddAffineADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2) as",
		"(*P521Point).addAffine does in Go (Renes, Costello and Batina,",
		"Algorithm 5), with equal results, for coordinates below p; b is the",
		"curve's b. The outputs may alias the inputs. It requires BMI2 and ADX.",
		"Constant time.")
	p521Formula("p521PointDoubleADX", "func(x3, y3, z3, x1, y1, z1, b *[9]uint64)", rcbDouble,
		"p521PointDoubleADX computes (x3, y3, z3) = 2·(x1, y1, z1) in projective",
		"coordinates as (*P521Point).Double does in Go (Renes, Costello and",
		"Batina, Algorithm 6), with equal results, for coordinates below p; b is",
		"the curve's b. The outputs may alias the inputs. It requires BMI2 and",
		"ADX. Constant time.")
}
