// Command _asm generates field25519's amd64 assembly: arithmetic modulo
// p = 2^255 - 19 on four 64-bit words with MULX, ADCX and ADOX (BMI2 and
// ADX), and the whole Montgomery ladder of RFC 7748, Section 5, built from it.
//
// An element is four little-endian 64-bit words holding a value below 2^256
// that is congruent to the element modulo p. Two bounds are used:
//
//   - mul, square and mulSmall accept any value below 2^256 and return one
//     below M = 2^255 + 2^23 (they fold bit 255 and up back in with
//     2^255 = 19 mod p);
//   - the ladder's add and sub accept values below M and return values below
//     2^256, which is all their consumers, mul, square and mulSmall, need.
//
// In the ladder every add and sub reads outputs of mul, square or mulSmall
// (or the initial values, below M), so the bounds close. Because their
// inputs are below M, add needs a single correction of a carry out of 2^256
// (worth 38), and sub a single correction of a borrow; for those inputs the
// package's Go add and sub, which take any value below 2^256, compute the
// same words.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../fe_amd64.s -stubs ../fe_amd64.go -pkg field25519

func main() {
	ConstraintExpr("!purego")
	mul4Func()
	square4Func()
	mulFunc()
	squareNFunc()
	ladderFunc()
	Generate()
}

// Register use, fixed so the code reads like the comments:
// r[0..7] hold a 512-bit product, DX is MULX's implicit multiplicand, t0 and
// t1 are scratch, and zero holds 0 where a carry chain needs a zero addend.
var (
	r    = [8]GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}
	t0   = RAX
	t1   = RBX
	zero = RCX
)

// limb returns the address of word i of the element at m.
func limb(m Mem, i int) Mem { return m.Offset(8 * i) }

// row0 sets r[0..4] = DX * b, the first row of a product, with plain ADD and
// ADC: there is nothing yet to accumulate into.
func row0(b Mem) {
	MULXQ(limb(b, 0), r[0], r[1])
	MULXQ(limb(b, 1), t0, r[2])
	ADDQ(t0, r[1])
	MULXQ(limb(b, 2), t0, r[3])
	ADCQ(t0, r[2])
	MULXQ(limb(b, 3), t0, r[4])
	ADCQ(t0, r[3])
	ADCQ(Imm(0), r[4])
}

// mulRows computes the 512-bit product a*b into r[0..7] by operand
// scanning: row i adds a[i]*b[j] into r[i+j] (low halves, the CF chain of
// ADCX) and r[i+j+1] (high halves, the OF chain of ADOX).
func mulRows(a, b Mem) {
	Comment("r0..r7 = a * b; row 0 with plain ADD/ADC")
	MOVQ(limb(a, 0), RDX)
	row0(b)
	for i := 1; i < 4; i++ {
		Comment(fmt.Sprintf("row %d: r%d..r%d += a%d * b, low halves on CF, high halves on OF", i, i, i+4, i))
		MOVQ(limb(a, i), RDX)
		XORQ(zero, zero) // zero = 0, CF = OF = 0
		for j := 0; j < 3; j++ {
			MULXQ(limb(b, j), t0, t1)
			ADCXQ(t0, r[i+j])
			ADOXQ(t1, r[i+j+1])
		}
		MULXQ(limb(b, 3), t0, r[i+4])
		ADCXQ(t0, r[i+3])
		// r[i+4] is the top word of a partial product below 2^(64(i+5)):
		// adding both carries cannot overflow it.
		ADOXQ(zero, r[i+4])
		ADCXQ(zero, r[i+4])
	}
}

// squareRows computes the 512-bit square a*a into r[0..7]: the six cross
// products once, doubled, plus the four squares on the diagonal.
func squareRows(a Mem) {
	Comment("r1..r4 = a0 * (a1, a2, a3)")
	MOVQ(limb(a, 0), RDX)
	MULXQ(limb(a, 1), r[1], r[2])
	MULXQ(limb(a, 2), t0, r[3])
	ADDQ(t0, r[2])
	MULXQ(limb(a, 3), t0, r[4])
	ADCQ(t0, r[3])
	ADCQ(Imm(0), r[4])
	Comment("r3..r5 += a1 * (a2, a3)")
	MOVQ(limb(a, 1), RDX)
	XORQ(zero, zero)
	MULXQ(limb(a, 2), t0, t1)
	ADCXQ(t0, r[3])
	ADOXQ(t1, r[4])
	MULXQ(limb(a, 3), t0, r[5])
	ADCXQ(t0, r[4])
	ADOXQ(zero, r[5])
	Comment("r5..r6 += a2 * a3 (the CF chain continues from r4)")
	MOVQ(limb(a, 2), RDX)
	MULXQ(limb(a, 3), t0, r[6])
	ADCXQ(t0, r[5])
	ADCXQ(zero, r[6])
	Comment("r0..r7 = 2 * (r1..r6) + (a0^2, a1^2, a2^2, a3^2): doubling on CF, squares on OF")
	XORQ(zero, zero)
	MOVQ(limb(a, 0), RDX)
	MULXQ(RDX, r[0], t1)
	ADCXQ(r[1], r[1])
	ADOXQ(t1, r[1])
	for i := 1; i < 3; i++ {
		MOVQ(limb(a, i), RDX)
		MULXQ(RDX, t0, t1)
		ADCXQ(r[2*i], r[2*i])
		ADOXQ(t0, r[2*i])
		ADCXQ(r[2*i+1], r[2*i+1])
		ADOXQ(t1, r[2*i+1])
	}
	MOVQ(limb(a, 3), RDX)
	MULXQ(RDX, t0, r[7])
	ADCXQ(r[6], r[6])
	ADOXQ(t0, r[6])
	ADCXQ(zero, r[7])
	ADOXQ(zero, r[7])
}

// reduce folds r[0..7] (any 512-bit value) into r[0..3], a value below 2^256
// congruent to it modulo p, using 2^256 = 38 (mod p).
func reduce() {
	Comment("r0..r4 = r0..r3 + 38 * r4..r7; r4 <= 38")
	MOVQ(U32(38), RDX)
	XORQ(zero, zero)
	for i := 0; i < 3; i++ {
		MULXQ(r[4+i], t0, t1)
		ADCXQ(t0, r[i])
		ADOXQ(t1, r[i+1])
	}
	MULXQ(r[7], t0, r[4])
	ADCXQ(t0, r[3])
	ADOXQ(zero, r[4])
	ADCXQ(zero, r[4])
	fold(r[4])
}

// fold reduces the 5-word value r[0..3] + 2^256 * top (top < 2^62) below
// 2^255 + 19 * (2 * top + 1): it takes t = bits 255 and up, clears them, and
// adds 19 * t, as 2^255 = 19 (mod p). The addition cannot carry out of r3,
// whose top bit was cleared. Needs zero = 0.
func fold(top GPPhysical) {
	Comment("t = r0..r3,top >> 255; r0..r3 = (r0..r3 mod 2^255) + 19 * t")
	SHLQ(Imm(1), r[3], top)
	BTRQ(Imm(63), r[3])
	IMUL3Q(Imm(19), top, top)
	ADDQ(top, r[0])
	ADCQ(zero, r[1])
	ADCQ(zero, r[2])
	ADCQ(zero, r[3])
}

func store(dst Mem) {
	for i := 0; i < 4; i++ {
		MOVQ(r[i], limb(dst, i))
	}
}

// The multiplication and the squaring are subroutines, called with the
// operands' addresses in SI (and DI) and returning the product in r[0..3]:
// the ladder's loop then fits in the CPU's decoded-instruction cache, which
// the same loop with every multiplication inlined (6 KiB) did not, and ran
// about twice as slow, bound by instruction decoding.
var (
	mulSym    = LabelRef("·mul4(SB)")
	squareSym = LabelRef("·square4(SB)")
)

func mul4Func() {
	TEXT("mul4", NOSPLIT|NOFRAME, "func()")
	Doc("mul4 sets R8..R11 = (SI) * (DI) modulo 2^255 - 19, weakly reduced. It is",
		"a subroutine of this file's functions with its own register convention,",
		"not callable from Go. It clobbers AX, BX, CX, DX and R8..R15.")
	mulRows(Mem{Base: RSI}, Mem{Base: RDI})
	reduce()
	RET()
}

func square4Func() {
	TEXT("square4", NOSPLIT|NOFRAME, "func()")
	Doc("square4 sets R8..R11 = (SI)^2 modulo 2^255 - 19, weakly reduced. It is",
		"a subroutine of this file's functions with its own register convention,",
		"not callable from Go. It clobbers AX, BX, CX, DX and R8..R15.")
	squareRows(Mem{Base: RSI})
	reduce()
	RET()
}

// mul sets dst = a * b. dst may alias a or b. It clobbers SI and DI.
func mul(dst, a, b Mem) {
	LEAQ(a, RSI)
	LEAQ(b, RDI)
	CALL(mulSym)
	store(dst)
}

// square sets dst = a * a. dst may alias a. It clobbers SI.
func square(dst, a Mem) {
	LEAQ(a, RSI)
	CALL(squareSym)
	store(dst)
}

// mulSmallAdd sets dst = a * c + b for a constant c <= 2^17 - 1 and b < M,
// below M: the five-word sum is below 2^256 * 2^17, and the fold adds at most
// 19 * (2 * 2^17 + 1) < 2^23. dst may alias a or b.
func mulSmallAdd(dst, a, b Mem, c uint32) {
	Comment(fmt.Sprintf("dst = a * %d + b", c))
	mulSmallRows(a, c)
	XORQ(zero, zero)
	ADDQ(limb(b, 0), r[0])
	for i := 1; i < 4; i++ {
		ADCQ(limb(b, i), r[i])
	}
	ADCQ(zero, r[4])
	fold(r[4])
	store(dst)
}

// mulSmallRows sets r[0..4] = a * c.
func mulSmallRows(a Mem, c uint32) {
	if c >= 1<<17 {
		panic("mulSmall: constant too large for the bound M")
	}
	MOVQ(U32(c), RDX)
	row0(a)
}

// addTail sets r[o..o+3] += b for r[o..o+3], b < M, and corrects a carry
// out of 2^256 (worth 38): what is left after one is below 2^24, so the 38
// goes into r[o] alone without a further carry. The result is below 2^256.
func addTail(b Mem, o int) {
	ADDQ(limb(b, 0), r[o])
	for i := 1; i < 4; i++ {
		ADCQ(limb(b, i), r[o+i])
	}
	SBBQ(t0, t0)
	ANDQ(Imm(38), t0)
	ADDQ(t0, r[o])
}

// sub sets dst = a - b for a, b < M, and returns a value below 2^256. dst may
// alias a or b. On a borrow the wrapped value a - b + 2^256 is at least
// 2^256 - M, so taking the 38 that 2^256 is worth out of it cannot borrow
// again.
func sub(dst, a, b Mem) {
	Comment("dst = a - b; a borrow out of 2^256 is worth -38")
	XORQ(zero, zero)
	for i := 0; i < 4; i++ {
		MOVQ(limb(a, i), r[i])
	}
	subTail(b, 0)
	store(dst)
}

// subTail sets r[o..o+3] -= b and corrects a borrow out of 2^256. Needs
// zero = 0.
func subTail(b Mem, o int) {
	SUBQ(limb(b, 0), r[o])
	for i := 1; i < 4; i++ {
		SBBQ(limb(b, i), r[o+i])
	}
	SBBQ(t0, t0)
	ANDQ(Imm(38), t0)
	SUBQ(t0, r[o])
	for i := 1; i < 4; i++ {
		SBBQ(zero, r[o+i])
	}
}

// addSub sets dsum = a + b and ddiff = a - b, as add and sub do, loading a
// once.
func addSub(dsum, ddiff, a, b Mem) {
	Comment("dsum = a + b, ddiff = a - b")
	XORQ(zero, zero)
	for i := 0; i < 4; i++ {
		MOVQ(limb(a, i), r[i])
		MOVQ(r[i], r[4+i])
	}
	addTail(b, 0)
	subTail(b, 4)
	for i := 0; i < 4; i++ {
		MOVQ(r[i], limb(dsum, i))
		MOVQ(r[4+i], limb(ddiff, i))
	}
}

// selectTo sets dst = b where mask is all ones and dst = a where it is
// zero, without a branch.
func selectTo(dst, a, b Mem, mask GPPhysical) {
	for i := 0; i < 4; i++ {
		MOVQ(limb(a, i), t0)
		MOVQ(limb(b, i), t1)
		XORQ(t0, t1)
		ANDQ(mask, t1)
		XORQ(t1, t0)
		MOVQ(t0, limb(dst, i))
	}
}

func mulFunc() {
	TEXT("mulADX", NOSPLIT, "func(out, a, b *[4]uint64)")
	Doc("mulADX sets out = a * b modulo 2^255 - 19, weakly reduced (below 2^256).",
		"It requires BMI2 and ADX. out may alias a or b.")
	Pragma("noescape")
	Load(Param("a"), RSI)
	Load(Param("b"), RDI)
	CALL(mulSym)
	Load(Param("out"), RSI)
	store(Mem{Base: RSI})
	RET()
}

func squareNFunc() {
	TEXT("squareNADX", NOSPLIT, "func(out, a *[4]uint64, n int)")
	Doc("squareNADX sets out = a^(2^n) modulo 2^255 - 19, weakly reduced, for a",
		"public n >= 1. It requires BMI2 and ADX. out may alias a.")
	Pragma("noescape")
	out := Mem{Base: RSI}
	Load(Param("a"), RSI)
	CALL(squareSym)
	Load(Param("out"), RSI)
	store(out)
	Load(Param("n"), RDI)
	Label("squareNLoop")
	Comment("The loop counter n is public.")
	SUBQ(Imm(1), RDI)
	JLE(LabelRef("squareNDone"))
	CALL(squareSym)
	store(out)
	JMP(LabelRef("squareNLoop"))
	Label("squareNDone")
	RET()
}

// ladderFunc emits the Montgomery ladder of RFC 7748, Section 5.
//
// The ladder keeps two points R0 and R1 = R0 + P in two slots, X = (x2, z2)
// and Y = (x3, z3), and a bit s that says which slot holds R0 (X when s = 0).
// A step with scalar bit b replaces R_b by 2 R_b and R_(1-b) by R0 + R1.
// The differential addition is symmetric in its two points, so it reads the
// slots as they are and always writes Y; the doubling reads R_b, which is in
// X when s = b and in Y otherwise, chosen by mask, and always writes X; then
// s = b. This is RFC 7748's ladder with its conditional swaps replaced by one
// conditional selection of the doubling's inputs, so no slot is rewritten.
func ladderFunc() {
	const name = "ladderADX"
	TEXT(name, NOSPLIT, "func(out *[8]uint64, k *[32]byte, u *[4]uint64)")
	Doc(name+" runs the Montgomery ladder of RFC 7748, Section 5, on the clamped",
		"scalar k and the u-coordinate u (below 2^255 + 2^23), and sets out to the",
		"projective result (x2, z2), below 2^255 + 2^23. It is constant time in k:",
		"the bits of k select by mask, and the loop runs over the public bit",
		"index. It requires BMI2 and ADX.")
	Pragma("noescape")
	frame := AllocLocal(11*32 + 16)
	slot := func(i int) Mem { return frame.Offset(32 * i) }
	x1, x2, z2, x3, z3 := slot(0), slot(1), slot(2), slot(3), slot(4)
	tA, tB, tC, tD, tP, tQ := slot(5), slot(6), slot(7), slot(8), slot(9), slot(10)
	sbit := frame.Offset(11 * 32)
	counter := frame.Offset(11*32 + 8)

	Comment("X = (x2, z2) = (1, 0), Y = (x3, z3) = (u, 1), x1 = u, s = 0")
	Load(Param("u"), RSI)
	for i := 0; i < 4; i++ {
		MOVQ(limb(Mem{Base: RSI}, i), t0)
		MOVQ(t0, limb(x1, i))
		MOVQ(t0, limb(x3, i))
	}
	XORQ(t0, t0)
	for i := 0; i < 4; i++ {
		MOVQ(t0, limb(x2, i))
		MOVQ(t0, limb(z2, i))
		MOVQ(t0, limb(z3, i))
	}
	MOVQ(U32(1), limb(x2, 0))
	MOVQ(U32(1), limb(z3, 0))
	MOVQ(t0, sbit)
	MOVQ(U32(254), counter)

	Label(name + "Loop")
	Comment("b = bit i of k. The bit index i is public; the bit is secret.")
	Load(Param("k"), RSI)
	MOVQ(counter, RCX)
	SHRQ(Imm(3), RCX)
	MOVBQZX(Mem{Base: RSI, Index: RCX, Scale: 1}, t0)
	MOVQ(counter, RCX)
	ANDQ(Imm(7), RCX)
	SHRQ(CL, t0)
	ANDQ(Imm(1), t0)
	Comment("mask = -(s ^ b): all ones when the doubling reads Y; s = b")
	MOVQ(sbit, RDI)
	XORQ(t0, RDI)
	MOVQ(t0, sbit)
	NEGQ(RDI)

	Comment("A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3")
	addSub(tA, tB, x2, z2)
	addSub(tC, tD, x3, z3)
	Comment("The doubling's inputs: (P, Q) = (C, D) if mask else (A, B)")
	selectTo(tP, tA, tC, RDI)
	selectTo(tQ, tB, tD, RDI)
	Comment("DA = D * A, CB = C * B, AA = P^2, BB = Q^2")
	mul(tD, tD, tA)
	mul(tC, tC, tB)
	square(tP, tP)
	square(tQ, tQ)
	Comment("Y = ((DA + CB)^2, x1 * (DA - CB)^2); E = AA - BB")
	addSub(x3, z3, tD, tC)
	square(z3, z3)
	sub(tA, tP, tQ)
	square(x3, x3)
	Comment("F = BB + 121666 * E = AA + 121665 * E")
	mulSmallAdd(tC, tA, tQ, 121666)
	mul(z3, z3, x1)
	Comment("X = (AA * BB, E * F)")
	mul(x2, tP, tQ)
	mul(z2, tA, tC)

	Comment("The loop over the public bit index i runs from 254 down to 0.")
	SUBQ(Imm(1), counter)
	JGE(LabelRef(name + "Loop"))

	Comment("out = R0: X if s = 0, else Y")
	MOVQ(sbit, RDI)
	NEGQ(RDI)
	Load(Param("out"), RSI)
	selectTo(Mem{Base: RSI}, x2, x3, RDI)
	selectTo(Mem{Base: RSI}.Offset(32), z2, z3, RDI)
	RET()
}
