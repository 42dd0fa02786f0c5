// This file emits, with avo, arithmetic modulo p = 2^255 - 19 on four
// 64-bit words with MULX, ADCX and ADOX (BMI2 and ADX): the multiplication
// and squaring subroutines that the generators of internal/field25519 and
// internal/edwards25519 both build on. The two generators are modules of
// their own, so each holds a copy of this file, which a test of
// edwards25519 keeps identical to field25519's.
//
// An element is four little-endian 64-bit words holding a value below 2^256
// congruent to it modulo p. The products accept any such value and return
// one below 2^255 + 2^12: they fold bit 255 and up back in with 2^255 = 19.
package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// gen emits into its build context.
type gen struct{ *build.Context }

// Register use, fixed so the code reads like the comments:
// R[0..7] hold a 512-bit product, DX is MULX's implicit multiplicand, T0 and
// T1 are scratch, and Zero holds 0 where a carry chain needs a Zero addend.
var (
	R    = [8]GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}
	T0   = RAX
	T1   = RBX
	Zero = RCX
)

// limb returns the address of word i of the element at m.
func Limb(m Mem, i int) Mem { return m.Offset(8 * i) }

// row0 sets R[0..4] = DX * b, the first row of a product, with plain ADD and
// ADC: there is nothing yet to accumulate into.
func (c gen) Row0(b Mem) {
	c.MULXQ(Limb(b, 0), R[0], R[1])
	c.MULXQ(Limb(b, 1), T0, R[2])
	c.ADDQ(T0, R[1])
	c.MULXQ(Limb(b, 2), T0, R[3])
	c.ADCQ(T0, R[2])
	c.MULXQ(Limb(b, 3), T0, R[4])
	c.ADCQ(T0, R[3])
	c.ADCQ(Imm(0), R[4])
}

// mulRows computes the 512-bit product a*b into R[0..7] by operand
// scanning: row i adds a[i]*b[j] into R[i+j] (low halves, the CF chain of
// ADCX) and R[i+j+1] (high halves, the OF chain of ADOX). It leaves Zero = 0
// and CF = OF = 0.
func (c gen) mulRows(a, b Mem) {
	c.Comment("r0..r7 = a * b; row 0 with plain ADD/ADC")
	c.MOVQ(Limb(a, 0), RDX)
	c.Row0(b)
	for i := 1; i < 4; i++ {
		c.Comment(fmt.Sprintf("row %d: r%d..r%d += a%d * b, low halves on CF, high halves on OF", i, i, i+4, i))
		c.MOVQ(Limb(a, i), RDX)
		c.XORQ(Zero, Zero) // Zero = 0, CF = OF = 0
		for j := 0; j < 3; j++ {
			c.MULXQ(Limb(b, j), T0, T1)
			c.ADCXQ(T0, R[i+j])
			c.ADOXQ(T1, R[i+j+1])
		}
		c.MULXQ(Limb(b, 3), T0, R[i+4])
		c.ADCXQ(T0, R[i+3])
		// R[i+4] is the top word of a partial product below 2^(64(i+5)):
		// adding both carries cannot overflow it.
		c.ADOXQ(Zero, R[i+4])
		c.ADCXQ(Zero, R[i+4])
	}
}

// squareRows computes the 512-bit square a*a into R[0..7]: the six cross
// products once, doubled, plus the four squares on the diagonal. It leaves
// Zero = 0 and CF = OF = 0.
func (c gen) squareRows(a Mem) {
	c.Comment("r1..r4 = a0 * (a1, a2, a3)")
	c.MOVQ(Limb(a, 0), RDX)
	c.MULXQ(Limb(a, 1), R[1], R[2])
	c.MULXQ(Limb(a, 2), T0, R[3])
	c.ADDQ(T0, R[2])
	c.MULXQ(Limb(a, 3), T0, R[4])
	c.ADCQ(T0, R[3])
	c.ADCQ(Imm(0), R[4])
	c.Comment("r3..r5 += a1 * (a2, a3)")
	c.MOVQ(Limb(a, 1), RDX)
	c.XORQ(Zero, Zero)
	c.MULXQ(Limb(a, 2), T0, T1)
	c.ADCXQ(T0, R[3])
	c.ADOXQ(T1, R[4])
	c.MULXQ(Limb(a, 3), T0, R[5])
	c.ADCXQ(T0, R[4])
	c.ADOXQ(Zero, R[5])
	c.Comment("r5..r6 += a2 * a3 (the CF chain continues from r4)")
	c.MOVQ(Limb(a, 2), RDX)
	c.MULXQ(Limb(a, 3), T0, R[6])
	c.ADCXQ(T0, R[5])
	c.ADCXQ(Zero, R[6])
	// Both chains end clear: r5 and r6 were top words of partial
	// products when the carries went in, so neither overflowed.
	c.Comment("r0..r7 = 2 * (r1..r6) + (a0^2, a1^2, a2^2, a3^2): doubling on CF, squares on OF")
	c.MOVQ(Limb(a, 0), RDX)
	c.MULXQ(RDX, R[0], T1)
	c.ADCXQ(R[1], R[1])
	c.ADOXQ(T1, R[1])
	for i := 1; i < 3; i++ {
		c.MOVQ(Limb(a, i), RDX)
		c.MULXQ(RDX, T0, T1)
		c.ADCXQ(R[2*i], R[2*i])
		c.ADOXQ(T0, R[2*i])
		c.ADCXQ(R[2*i+1], R[2*i+1])
		c.ADOXQ(T1, R[2*i+1])
	}
	c.MOVQ(Limb(a, 3), RDX)
	c.MULXQ(RDX, T0, R[7])
	c.ADCXQ(R[6], R[6])
	c.ADOXQ(T0, R[6])
	c.ADCXQ(Zero, R[7])
	c.ADOXQ(Zero, R[7])
}

// reduce folds R[0..7] (any 512-bit value) into R[0..3], a value below 2^256
// congruent to it modulo p, using 2^256 = 38 (mod p). It needs Zero = 0
// and CF = OF = 0, as mulRows and squareRows leave them.
func (c gen) reduce() {
	c.Comment("r0..r4 = r0..r3 + 38 * r4..r7; r4 <= 38")
	c.MOVQ(U32(38), RDX)
	for i := 0; i < 3; i++ {
		c.MULXQ(R[4+i], T0, T1)
		c.ADCXQ(T0, R[i])
		c.ADOXQ(T1, R[i+1])
	}
	c.MULXQ(R[7], T0, R[4])
	c.ADCXQ(T0, R[3])
	c.ADOXQ(Zero, R[4])
	c.ADCXQ(Zero, R[4])
	c.Fold(R[4])
}

// fold reduces the 5-word value R[0..3] + 2^256 * top (top < 2^62) below
// 2^255 + 19 * (2 * top + 1): it takes t = bits 255 and up, clears them, and
// adds 19 * t, as 2^255 = 19 (mod p). The addition cannot carry out of r3,
// whose top bit was cleared. Needs Zero = 0.
func (c gen) Fold(top GPPhysical) {
	c.Comment("t = r0..r3,top >> 255; r0..r3 = (r0..r3 mod 2^255) + 19 * t")
	c.SHLQ(Imm(1), R[3], top)
	c.BTRQ(Imm(63), R[3])
	c.IMUL3Q(Imm(19), top, top)
	c.ADDQ(top, R[0])
	c.ADCQ(Zero, R[1])
	c.ADCQ(Zero, R[2])
	c.ADCQ(Zero, R[3])
}

func (c gen) Store(dst Mem) {
	for i := 0; i < 4; i++ {
		c.MOVQ(R[i], Limb(dst, i))
	}
}

// Subroutines emits mul4 and square4, the multiplication and the squaring
// as subroutines: they take the operands' addresses in SI (and DI) and
// return the product in R8..R11 (R[0..3]), below 2^255 + 2^12, and clobber
// AX, BX, CX, DX and R8..R15. Called rather than inlined, the field
// operations of a ladder step or a point formula fit in the CPU's
// decoded-instruction cache, which the same code with every multiplication
// inlined (6 KiB a ladder step) did not, and ran about twice as slow, bound
// by instruction decoding. The functions that call them take their
// addresses from MulSym and SquareSym.
func (c gen) Subroutines() {
	c.Function("mul4")
	c.Attributes(attr.NOSPLIT | attr.NOFRAME)
	c.SignatureExpr("func()")
	c.Doc("mul4 sets R8..R11 = (SI) * (DI) modulo 2^255 - 19, weakly reduced. It is",
		"a subroutine of this file's functions with its own register convention,",
		"not callable from Go. It clobbers AX, BX, CX, DX and R8..R15.")
	c.mulRows(Mem{Base: RSI}, Mem{Base: RDI})
	c.reduce()
	c.RET()

	c.Function("square4")
	c.Attributes(attr.NOSPLIT | attr.NOFRAME)
	c.SignatureExpr("func()")
	c.Doc("square4 sets R8..R11 = (SI)^2 modulo 2^255 - 19, weakly reduced. It is",
		"a subroutine of this file's functions with its own register convention,",
		"not callable from Go. It clobbers AX, BX, CX, DX and R8..R15.")
	c.squareRows(Mem{Base: RSI})
	c.reduce()
	c.RET()
}

// MulSym and SquareSym are the addresses of mul4 and square4, for CALL.
var (
	MulSym    = LabelRef("·mul4(SB)")
	SquareSym = LabelRef("·square4(SB)")
)
