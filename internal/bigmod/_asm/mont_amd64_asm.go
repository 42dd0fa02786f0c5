// Command _asm generates bigmod's amd64 assembly: Montgomery multiplication
// kernels for the limb counts RSA uses, with MULX, ADCX and ADOX (BMI2 and
// ADX).
//
// montMulADXn computes what montMulGeneric (mont_generic.go) computes, for n
// limbs, W = 2^64 and R = W^n: the CIOS (coarsely integrated operand
// scanning) Montgomery product of Koç, Acar and Kaliski, "Analyzing and
// comparing Montgomery multiplication algorithms" (IEEE Micro, 1996). It
// computes the same quotient digits q in the same order, so its output equals
// montMulGeneric's for every input, reduced or not.
//
// The running total t lives in z (n words) and two registers above it. Step
// i makes two passes over it, each a multi-word addition of a row of MULX
// products, which is two additions: the low halves on the CF chain (ADCX),
// the high halves, one word up, on the OF chain (ADOX):
//
//	pass A:  t = t + x·y[i]                  t[0..n-1], an, top
//	pass B:  t = (t + q·m) / W,  q = t[0]·m0inv mod W
//
// Pass B stores each word one place down, which is the division by W. The
// loop over i and the unrolled loops over words run for the public limb
// count n only; no branch, address or instruction depends on the values.
//
// Each MULX costs two additions, ADCX and ADOX, which share two execution
// ports: that, not the multiplier, bounds these kernels, and a form that
// kept a block of t in registers between the passes would save stores but
// no additions.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../mont_amd64.s -stubs ../mont_amd64.go -pkg bigmod

// sizes are the limb counts that get a kernel: the CRT halves of RSA-2048,
// RSA-3072 and RSA-4096 (16, 24, 32 limbs) and the moduli of RSA-3072 and
// RSA-4096 (48, 64).
var sizes = []int{16, 24, 32, 48, 64}

func main() {
	ConstraintExpr("!purego")
	for _, n := range sizes {
		montMul(n)
	}
	for _, n := range sqrSizes {
		montSqr(n)
	}
	for _, d := range ifmaSizes {
		ammIFMA(d, 1)
		ammIFMA(d, 2)
		selectIFMA(padded(d))
	}
	for _, d := range ifmaX1Sizes {
		ammIFMA(d, 1)
		selectIFMA(padded(d))
	}
	Generate()
}

// Register use, fixed so the code reads like the comments. DX is MULX's
// implicit multiplicand: y[i] in pass A, q in pass B.
var (
	zp    = RDI // z, which holds t[0..n-1]
	xp    = RSI
	yp    = R8 // advanced by a word per step
	mp    = R9
	t0    = R10 // t[0] as pass B leaves it, kept for pass A from a register
	count = R11 // steps left
	lo    = RAX // the word being summed
	q     = RBX // t[0] after pass A, then q
	zero  = RCX // 0, the addend that ends a carry chain
	an    = R14 // t[n]
	top   = R15 // t[n+1]: 0 or 1 between passes
)

// hi alternates between two registers, so that the high half of word j's
// product waits in one while word j+1's product is written to the other.
var hi = [2]GPPhysical{R12, R13}

// word returns the address of limb j of the operand at p.
func word(p GPPhysical, j int) Mem { return Mem{Base: p}.Offset(8 * j) }

func montMul(n int) {
	name := fmt.Sprintf("montMulADX%d", n)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(z, x, y, m *[%d]uint64, m0inv uint64)", n))
	Doc(fmt.Sprintf("%s is [montMulGeneric] for %d limbs (%d bits): it sets", name, n, 64*n),
		"z = x·y·R⁻¹ mod m under the same contract, with equal results. It",
		"requires BMI2 and ADX. z must not overlap x, y or m.")
	Pragma("noescape")
	Load(Param("z"), zp)
	Load(Param("x"), xp)
	Load(Param("y"), yp)
	Load(Param("m"), mp)

	Comment("t = 0 (word 0 in t0: pass A reads it there, pass B stores it)")
	XORL(zero.As32(), zero.As32())
	for j := 1; j < n; j++ {
		MOVQ(zero, word(zp, j))
	}
	MOVQ(zero, top)
	MOVQ(zero, t0)
	MOVQ(U32(n), count)

	// m0inv is read from the argument frame: its register is t0.
	b, err := Param("m0inv").Resolve()
	if err != nil {
		panic(err)
	}
	m0invArg := b.Addr
	loop := fmt.Sprintf("mulADX%dLoop", n)
	Label(loop)

	Comment("Pass A: t = t + x·y[i]. Word j is the low half of x[j]·y[i], plus",
		"t[j] on CF, plus the high half of x[j-1]·y[i] on OF.")
	// CF and OF are clear here: on the first pass from the XORL above,
	// on later ones from the ADDQ to yp and the DECQ of count below,
	// neither of which carries or overflows.
	MOVQ(Mem{Base: yp}, RDX)
	for j := 0; j < n; j++ {
		MULXQ(word(xp, j), lo, hi[j%2])
		if j == 0 {
			ADCXQ(t0, lo)
			MOVQ(lo, q)
		} else {
			ADCXQ(word(zp, j), lo)
			ADOXQ(hi[(j-1)%2], lo)
		}
		MOVQ(lo, word(zp, j))
	}
	Comment("Word n: an = top + the last high half + both carries; their carries",
		"make the new top. t < 2R before the pass, so now t < 2R + (R-1)(W-1),",
		"below (W+1)R: top is 0 or 1.")
	MOVQ(top, an)
	ADOXQ(hi[(n-1)%2], an)
	ADCXQ(zero, an)
	MOVQ(zero, top)
	ADOXQ(zero, top)
	ADCXQ(zero, top)

	Comment("q = t[0]·m0inv mod W makes t + q·m a multiple of W.")
	IMULQ(m0invArg, q)
	MOVQ(q, RDX)

	Comment("Pass B: t = (t + q·m)/W, each word stored one place down. Word 0",
		"sums to 0 mod W and only its carries go on.")
	XORL(zero.As32(), zero.As32())
	MULXQ(word(mp, 0), lo, hi[0])
	ADCXQ(word(zp, 0), lo)
	for j := 1; j < n; j++ {
		MULXQ(word(mp, j), lo, hi[j%2])
		ADCXQ(word(zp, j), lo)
		ADOXQ(hi[(j-1)%2], lo)
		MOVQ(lo, word(zp, j-1))
		if j == 1 {
			MOVQ(lo, t0)
		}
	}
	Comment("Word n, and the new top: t + q·m < (W+1)R + (W-1)R = 2WR, so the",
		"quotient is below 2R and top is again 0 or 1.")
	ADOXQ(hi[(n-1)%2], an)
	ADCXQ(zero, an)
	MOVQ(an, word(zp, n-1))
	ADOXQ(zero, top)
	ADCXQ(zero, top)

	ADDQ(Imm(8), yp)
	DECQ(count)
	JNZ(LabelRef(loop))

	subIfGeqFrom(n, zp, top)
	RET()
}

// subIfGeqFrom sets z = s + top·R - m if that is not negative, and z = s
// otherwise, for the n words s at src (which may be z) and top 0 or 1, as
// subIfGeq in mont_generic.go: a borrow chain decides, and m is subtracted
// multiplied by the decision, 0 or 1. The multiplication is a MULX, which
// leaves the flags of the subtraction's borrow chain alone, as an AND would
// not.
func subIfGeqFrom(n int, src, top GPPhysical) {
	Comment("sel = top | (s ≥ m), from the borrow of s - m.")
	MOVQ(word(src, 0), lo)
	SUBQ(word(mp, 0), lo)
	for j := 1; j < n; j++ {
		MOVQ(word(src, j), lo)
		SBBQ(word(mp, j), lo)
	}
	SBBQ(RDX, RDX) // -borrow
	INCQ(RDX)      // 1 - borrow
	ORQ(top, RDX)

	Comment("z = s - sel·m")
	for j := 0; j < n; j++ {
		MULXQ(word(mp, j), lo, hi[0])
		MOVQ(word(src, j), w)
		if j == 0 {
			SUBQ(lo, w)
		} else {
			SBBQ(lo, w)
		}
		MOVQ(w, word(zp, j))
	}
}
