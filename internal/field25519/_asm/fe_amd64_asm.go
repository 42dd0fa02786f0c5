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
	"flag"
	"fmt"
	"os"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../fe_amd64.s -stubs ../fe_amd64.go -pkg field25519

// c is the build context, with the field subroutines of fe4.go.
var c = gen{Context: build.NewContext()}

func main() {
	fs := flag.NewFlagSet("fe_amd64_asm", flag.ExitOnError)
	flags := build.NewFlags(fs)
	fs.Parse(os.Args[1:])

	c.ConstraintExpr("!purego")
	vecConstants()
	ladderConstants()
	c.Subroutines()
	mulFunc()
	squareNFunc()
	ladderFunc()
	divstepsFunc()
	ladderIFMAFunc()
	os.Exit(build.Main(flags.Config(), c.Context))
}

// text starts a function with a signature of plain types.
func text(name string, a attr.Attribute, signature string) {
	c.Function(name)
	c.Attributes(a)
	c.SignatureExpr(signature)
}

// mul sets dst = a * b. dst may alias a or b. It clobbers SI and DI.
func mul(dst, a, b Mem) {
	c.LEAQ(a, RSI)
	c.LEAQ(b, RDI)
	c.CALL(MulSym)
	c.Store(dst)
}

// square sets dst = a * a. dst may alias a. It clobbers SI.
func square(dst, a Mem) {
	c.LEAQ(a, RSI)
	c.CALL(SquareSym)
	c.Store(dst)
}

// mulSmallAdd sets dst = a * c + b for a constant c <= 2^17 - 1 and b < M,
// below M: the five-word sum is below 2^256 * 2^17, and the fold adds at most
// 19 * (2 * 2^17 + 1) < 2^23. dst may alias a or b. Needs Zero = 0, as the
// products leave it.
func mulSmallAdd(dst, a, b Mem, k uint32) {
	c.Comment(fmt.Sprintf("dst = a * %d + b", k))
	mulSmallRows(a, k)
	c.ADDQ(Limb(b, 0), R[0])
	for i := 1; i < 4; i++ {
		c.ADCQ(Limb(b, i), R[i])
	}
	c.ADCQ(Zero, R[4])
	c.Fold(R[4])
	c.Store(dst)
}

// mulSmallRows sets R[0..4] = a * c.
func mulSmallRows(a Mem, k uint32) {
	if k >= 1<<17 {
		panic("mulSmall: constant too large for the bound M")
	}
	c.MOVQ(U32(k), RDX)
	c.Row0(a)
}

// addTail sets R[o..o+3] += b for R[o..o+3], b < M, and corrects a carry
// out of 2^256 (worth 38): what is left after one is below 2^24, so the 38
// goes into R[o] alone without a further carry. The result is below 2^256.
func addTail(b Mem, o int) {
	c.ADDQ(Limb(b, 0), R[o])
	for i := 1; i < 4; i++ {
		c.ADCQ(Limb(b, i), R[o+i])
	}
	c.SBBQ(T0, T0)
	c.ANDQ(Imm(38), T0)
	c.ADDQ(T0, R[o])
}

// sub sets dst = a - b for a, b < M, and returns a value below 2^256. dst may
// alias a or b. On a borrow the wrapped value a - b + 2^256 is at least
// 2^256 - M, so taking the 38 that 2^256 is worth out of it cannot borrow
// again. Needs Zero = 0, as the products leave it.
func sub(dst, a, b Mem) {
	c.Comment("dst = a - b; a borrow out of 2^256 is worth -38")
	for i := 0; i < 4; i++ {
		c.MOVQ(Limb(a, i), R[i])
	}
	subTail(b, 0)
	c.Store(dst)
}

// subTail sets R[o..o+3] -= b and corrects a borrow out of 2^256. Needs
// Zero = 0.
func subTail(b Mem, o int) {
	c.SUBQ(Limb(b, 0), R[o])
	for i := 1; i < 4; i++ {
		c.SBBQ(Limb(b, i), R[o+i])
	}
	c.SBBQ(T0, T0)
	c.ANDQ(Imm(38), T0)
	c.SUBQ(T0, R[o])
	for i := 1; i < 4; i++ {
		c.SBBQ(Zero, R[o+i])
	}
}

// addSub sets dsum = a + b and ddiff = a - b, as add and sub do, loading a
// once.
func addSub(dsum, ddiff, a, b Mem) {
	c.Comment("dsum = a + b, ddiff = a - b")
	c.XORQ(Zero, Zero)
	for i := 0; i < 4; i++ {
		c.MOVQ(Limb(a, i), R[i])
		c.MOVQ(R[i], R[4+i])
	}
	addTail(b, 0)
	subTail(b, 4)
	for i := 0; i < 4; i++ {
		c.MOVQ(R[i], Limb(dsum, i))
		c.MOVQ(R[4+i], Limb(ddiff, i))
	}
}

// selectTo sets dst = b where mask is all ones and dst = a where it is
// Zero, without a branch.
func selectTo(dst, a, b Mem, mask GPPhysical) {
	for i := 0; i < 4; i++ {
		c.MOVQ(Limb(a, i), T0)
		c.MOVQ(Limb(b, i), T1)
		c.XORQ(T0, T1)
		c.ANDQ(mask, T1)
		c.XORQ(T1, T0)
		c.MOVQ(T0, Limb(dst, i))
	}
}

func mulFunc() {
	text("mulADX", attr.NOSPLIT, "func(out, a, b *[4]uint64)")
	c.Doc("mulADX sets out = a * b modulo 2^255 - 19, weakly reduced (below 2^256).",
		"It requires BMI2 and ADX. out may alias a or b.")
	c.Pragma("noescape")
	c.Load(c.Param("a"), RSI)
	c.Load(c.Param("b"), RDI)
	c.CALL(MulSym)
	c.Load(c.Param("out"), RSI)
	c.Store(Mem{Base: RSI})
	c.RET()
}

func squareNFunc() {
	text("squareNADX", attr.NOSPLIT, "func(out, a *[4]uint64, n int)")
	c.Doc("squareNADX sets out = a^(2^n) modulo 2^255 - 19, weakly reduced, for a",
		"public n >= 1. It requires BMI2 and ADX. out may alias a.")
	c.Pragma("noescape")
	out := Mem{Base: RSI}
	c.Load(c.Param("a"), RSI)
	c.CALL(SquareSym)
	c.Load(c.Param("out"), RSI)
	c.Store(out)
	c.Load(c.Param("n"), RDI)
	c.Label("squareNLoop")
	c.Comment("The loop counter n is public.")
	c.SUBQ(Imm(1), RDI)
	c.JLE(LabelRef("squareNDone"))
	c.CALL(SquareSym)
	c.Store(out)
	c.JMP(LabelRef("squareNLoop"))
	c.Label("squareNDone")
	c.RET()
}

// ladderFunc emits the Montgomery ladder of RFC 7748, Section 5.
//
// The ladder keeps two points R0 and R1 = R0 + P in two slots, X = (x2, z2)
// and Y = (x3, z3), and a bit s that says which slot holds R0 (X when s = 0).
// A step with scalar bit b replaces R_b by 2 R_b and R_(1-b) by R0 + R1.
// The differential addition is symmetric in its two points, so it reads the
// slots as they are and always writes Y; the doubling reads R_b, which is in
// X when s = b and in Y otherwise, chosen by CMOV, and always writes X; then
// s = b. This is RFC 7748's ladder with its conditional swaps replaced by one
// conditional selection of the doubling's inputs, so no slot is rewritten.
func ladderFunc() {
	const name = "ladderADX"
	text(name, attr.NOSPLIT, "func(out *[8]uint64, k *[32]byte, u *[4]uint64)")
	c.Doc(name+" runs the Montgomery ladder of RFC 7748, Section 5, on the clamped",
		"scalar k and the u-coordinate u (below 2^255 + 2^23), and sets out to the",
		"projective result (x2, z2), below 2^255 + 2^23. It is constant time in k:",
		"the bits of k select by mask and CMOV, and the loop runs over the public bit",
		"index. It requires BMI2 and ADX.")
	c.Pragma("noescape")
	// The frame, one element at a time: no offset arithmetic to get wrong.
	slot := func() Mem { return c.AllocLocal(32) }
	x1, x2, z2, x3, z3 := slot(), slot(), slot(), slot(), slot()
	tA, tB, tC, tD, tP, tQ := slot(), slot(), slot(), slot(), slot(), slot()
	sbit := c.AllocLocal(8)
	counter := c.AllocLocal(8)

	c.Comment("X = (x2, z2) = (1, 0), Y = (x3, z3) = (u, 1), x1 = u, s = 0")
	c.Load(c.Param("u"), RSI)
	for i := 0; i < 4; i++ {
		c.MOVQ(Limb(Mem{Base: RSI}, i), T0)
		c.MOVQ(T0, Limb(x1, i))
		c.MOVQ(T0, Limb(x3, i))
	}
	c.XORQ(T0, T0)
	for i := 0; i < 4; i++ {
		c.MOVQ(T0, Limb(x2, i))
		c.MOVQ(T0, Limb(z2, i))
		c.MOVQ(T0, Limb(z3, i))
	}
	c.MOVQ(U32(1), Limb(x2, 0))
	c.MOVQ(U32(1), Limb(z3, 0))
	c.MOVQ(T0, sbit)
	c.MOVQ(U32(254), counter)

	c.Label(name + "Loop")
	c.Comment("b = bit i of k. The bit index i is public; the bit is secret.")
	c.Load(c.Param("k"), RSI)
	c.MOVQ(counter, RCX)
	c.SHRQ(Imm(3), RCX)
	c.MOVBQZX(Mem{Base: RSI, Index: RCX, Scale: 1}, T0)
	c.MOVQ(counter, RCX)
	c.ANDQ(Imm(7), RCX)
	c.SHRQ(CL, T0)
	c.ANDQ(Imm(1), T0)
	c.Comment("t = s ^ b: 1 when the doubling reads Y; s = b")
	c.MOVQ(sbit, RDI)
	c.XORQ(T0, RDI)
	c.MOVQ(T0, sbit)

	c.Comment("A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3")
	addSub(tA, tB, x2, z2)
	addSub(tC, tD, x3, z3)
	c.Comment("The doubling's inputs: (P, Q) = (C, D) if t else (A, B), by CMOV on the",
		"words of C and D still in R8..R15")
	c.TESTQ(RDI, RDI)
	for i := 0; i < 8; i++ {
		c.CMOVQEQ(Limb([]Mem{tA, tB}[i/4], i%4), R[i])
		c.MOVQ(R[i], Limb([]Mem{tP, tQ}[i/4], i%4))
	}
	c.Comment("DA = D * A, CB = C * B, AA = P^2, BB = Q^2")
	mul(tD, tD, tA)
	mul(tC, tC, tB)
	square(tP, tP)
	square(tQ, tQ)
	c.Comment("Y = ((DA + CB)^2, x1 * (DA - CB)^2); E = AA - BB")
	addSub(x3, z3, tD, tC)
	square(z3, z3)
	sub(tA, tP, tQ)
	square(x3, x3)
	c.Comment("F = BB + 121666 * E = AA + 121665 * E")
	mulSmallAdd(tC, tA, tQ, 121666)
	mul(z3, z3, x1)
	c.Comment("X = (AA * BB, E * F)")
	mul(x2, tP, tQ)
	mul(z2, tA, tC)

	c.Comment("The loop over the public bit index i runs from 254 down to 0.")
	c.SUBQ(Imm(1), counter)
	c.JGE(LabelRef(name + "Loop"))

	c.Comment("out = R0: X if s = 0, else Y")
	c.MOVQ(sbit, RDI)
	c.NEGQ(RDI)
	c.Load(c.Param("out"), RSI)
	selectTo(Mem{Base: RSI}, x2, x3, RDI)
	selectTo(Mem{Base: RSI}.Offset(32), z2, z3, RDI)
	c.RET()
}
