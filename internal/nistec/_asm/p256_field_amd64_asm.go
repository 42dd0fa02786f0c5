// Command _asm generates the amd64 assembly of package nistec: the
// Montgomery multiplication and squaring of P-256's field with MULX, ADCX and
// ADOX (BMI2 and ADX).
//
// The kernels compute what p256MulGeneric and p256SquareGeneric (in
// p256_field.go, from _gen) compute: z = x·y·R⁻¹ mod p, R = 2^256, fully
// reduced, for x, y < p. The order differs (one row of the product, then one
// row of the reduction, four times: CIOS), the result does not.
//
// Each product row t += x·y[i] runs on two carry chains: the low halves of
// the MULX products on CF (ADCX), the high halves, one word up, on OF (ADOX).
//
// The reduction row needs no multiplication by -p⁻¹ mod 2^64, which is 1:
// q = t0. And p = 2^256 - 2^224 + 2^192 + 2^96 - 1, so that
//
//	t + q·p = (t - q) + q·2^96 + q·p3·2^192,   p3 = 2^64 - 2^32 + 1
//
// where t - q has a zero low word and no borrow: after the shift by one
// word, q·2^32 (q<<32 and q>>32) joins words 0 and 1 and the 128-bit q·p3,
// one MULX, words 2 and 3. Between rows t < 2p < 2^257; the last is
// followed by one subtraction of p kept only if it does not borrow (CMOV).
// Nothing branches or indexes memory on the values.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../p256_field_amd64.s -stubs ../p256_field_amd64.go -pkg nistec

// The words of p, little endian.
const (
	p0 = 0xffffffffffffffff
	p1 = 0x00000000ffffffff
	p2 = 0
	p3 = 0xffffffff00000001
)

// p256P holds p's words for the final subtraction and for MULX's memory
// operand (p1 and p3 do not fit a sign-extended 32-bit immediate).
var p256P Mem

func main() {
	ConstraintExpr("!purego")
	p256P = GLOBL("p256P", RODATA|NOPTR)
	for i, w := range []uint64{p0, p1, p2, p3} {
		DATA(8*i, U64(w))
	}
	mul("p256MulADX", "func(z, x, y *[4]uint64)", false,
		"p256MulADX is p256MulGeneric with MULX, ADCX and ADOX: it sets",
		"z = x·y·R⁻¹ mod p for x, y < p, fully reduced, with equal results.",
		"z may alias x and y. It requires BMI2 and ADX. Constant time.")
	mul("p256SquareADX", "func(z, x *[4]uint64)", true,
		"p256SquareADX is p256SquareGeneric with MULX, ADCX and ADOX: it sets",
		"z = x²·R⁻¹ mod p for x < p, fully reduced, with equal results.",
		"z may alias x. It requires BMI2 and ADX. Constant time.")
	Generate()
}

// word returns the address of word j of the operand at base.
func word(base Register, j int) Mem { return Mem{Base: base}.Offset(8 * j) }

// mul writes the Montgomery multiplication, or the squaring (y = x).
func mul(name, sig string, square bool, doc ...string) {
	TEXT(name, NOSPLIT, sig)
	Doc(doc...)
	Pragma("noescape")

	xp := Load(Param("x"), GP64())
	var x [4]GPVirtual
	for j := range x {
		x[j] = GP64()
		MOVQ(word(xp, j), x[j])
	}
	yword := func(i int) Op {
		if square {
			return x[i]
		}
		return word(Load(Param("y"), GP64()), i)
	}
	zero := GP64()
	XORQ(zero, zero)
	lo, hi := GP64(), GP64()

	// t[0..5]: the accumulator, renamed (not moved) as the rows shift it.
	var t [6]GPVirtual
	for j := range t {
		t[j] = GP64()
	}

	for i := range 4 {
		Commentf("Row %d: t += x·y[%d]", i, i)
		MOVQ(yword(i), RDX)
		if i == 0 {
			MULXQ(x[0], t[0], t[1])
			MULXQ(x[1], lo, t[2])
			ADDQ(lo, t[1])
			MULXQ(x[2], lo, t[3])
			ADCQ(lo, t[2])
			MULXQ(x[3], lo, t[4])
			ADCQ(lo, t[3])
			ADCQ(Imm(0), t[4])
			XORQ(t[5], t[5])
		} else {
			// t[5] is zero (see the end of the reduction), and
			// XORQ there cleared CF and OF.
			for j := range 4 {
				MULXQ(x[j], lo, hi)
				ADCXQ(lo, t[j])
				ADOXQ(hi, t[j+1])
			}
			ADCXQ(zero, t[4])
			ADOXQ(zero, t[5])
			ADCXQ(zero, t[5])
		}

		Commentf("Reduction %d: q = t0; t = (t + q·p) / 2^64", i)
		MOVQ(t[0], RDX)
		MOVQ(t[0], lo)
		SHLQ(Imm(32), lo)
		MOVQ(t[0], hi)
		SHRQ(Imm(32), hi)
		ADDQ(lo, t[1])
		ADCQ(hi, t[2])
		MULXQ(p256P.Offset(24), lo, hi)
		ADCQ(lo, t[3])
		ADCQ(hi, t[4])
		ADCQ(Imm(0), t[5])
		// t0 + (2^64 - q) ends in zero: the register becomes the new top
		// word, zero, and XORQ clears CF and OF for the next row.
		XORQ(t[0], t[0])
		t = [6]GPVirtual{t[1], t[2], t[3], t[4], t[5], t[0]}
	}

	Comment("t < 2p: subtract p, keep the difference unless it borrowed")
	// x is no longer needed: it takes t - p.
	for j := range 4 {
		MOVQ(t[j], x[j])
	}
	SUBQ(p256P.Offset(0), x[0])
	SBBQ(p256P.Offset(8), x[1])
	SBBQ(p256P.Offset(16), x[2])
	SBBQ(p256P.Offset(24), x[3])
	SBBQ(Imm(0), t[4])
	for j := range 4 {
		CMOVQCC(x[j], t[j])
	}
	zp := Load(Param("z"), GP64())
	for j := range 4 {
		MOVQ(t[j], word(zp, j))
	}
	RET()
}
