package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The P-521 kernels compute what p521MulGeneric and p521SquareGeneric (in
// p521_field.go, from _gen's mersenne.go) compute, word for word, for any
// nine input words: the exact 18-word product w, then
//
//	u = (w mod 2^521) + (w >> 521) mod 2^576,   since 2^521 ≡ 1 (mod p)
//
// with w >> 521 taken from words 8 to 17 by SHRQ's double-register form, as
// the Go code takes w8>>9 | w9<<55 and so on; then z = u + b, b = 1 when
// u + 1 ≥ 2^521 (words 0 to 7 all ones, found as the carry of their AND
// plus one, and bit 521 of u + that carry), and z8 masked to 9 bits. For
// x, y < p, z = x·y mod p, fully reduced.
//
// The product runs as rows t += x·y[i]·2^(64i), i = 0 to 8, the low halves
// of the MULX products on CF (ADCX), the high halves one word up on OF
// (ADOX). The row's accumulator, t[i] to t[i+8], sits in a ring of nine
// registers: t[i] is final after the row's first addition and goes to the
// stack, and its register takes the row's top word t[i+9]. After the last
// row the high words t[9] to t[17] are in registers, the low ones on the
// stack, for the reduction. x is read through MULX's memory operand.
//
// p521SquareADX is the same multiplication with y = x: a squaring that
// takes each cross product once is not written yet.

// p521Ring is the ring of accumulator registers; t[k] lives in
// p521Ring[k mod 9]. RAX and R15 take MULX's halves, RSI and RDI hold x and
// y, and RDX the word y[i]. BP and SP stay untouched.
var p521Ring = [9]Register{RBX, RCX, R8, R9, R10, R11, R12, R13, R14}

func p521() {
	TEXT("p521MulADX", NOSPLIT, "func(z, x, y *[9]uint64)")
	Doc("p521MulADX is p521MulGeneric with MULX, ADCX and ADOX: it sets",
		"z = x·y mod p for x, y < p, fully reduced, with the same words as",
		"p521MulGeneric for any inputs. z may alias x and y. It requires BMI2",
		"and ADX. Constant time.")
	Pragma("noescape")
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	p521MulBody("z")

	TEXT("p521SquareADX", NOSPLIT, "func(z, x *[9]uint64)")
	Doc("p521SquareADX is p521SquareGeneric with MULX, ADCX and ADOX: it sets",
		"z = x² mod p for x < p, fully reduced, with the same words as",
		"p521SquareGeneric for any input. z may alias x. It requires BMI2 and",
		"ADX. Constant time.")
	Pragma("noescape")
	Load(Param("x"), RSI)
	MOVQ(RSI, RDI)
	p521MulBody("z")
}

// p521MulBody writes the product of the words at RSI and RDI and its
// reduction, storing the result at the parameter named z.
func p521MulBody(z string) {
	r := func(k int) Register { return p521Ring[k%9] }
	low := AllocLocal(8 * 9)
	t := func(k int) Mem { return low.Offset(8 * k) }

	Comment("Row 0: t = x·y[0], one carry chain on CF.")
	MOVQ(word(RDI, 0), RDX)
	MULXQ(word(RSI, 0), r(0), r(1))
	MOVQ(r(0), t(0))
	for j := 1; j < 9; j++ {
		MULXQ(word(RSI, j), RAX, r(j+1))
		if j == 1 {
			ADDQ(RAX, r(j))
		} else {
			ADCQ(RAX, r(j))
		}
	}
	ADCQ(Imm(0), r(9))

	for i := 1; i < 9; i++ {
		Comment("Row: t += x·y[i]·2^(64i), low halves on CF, high halves on OF.")
		MOVQ(word(RDI, i), RDX)
		XORQ(RAX, RAX)
		for j := 0; j < 8; j++ {
			MULXQ(word(RSI, j), RAX, R15)
			ADCXQ(RAX, r(i+j))
			ADOXQ(R15, r(i+j+1))
			if j == 0 {
				MOVQ(r(i), t(i))
			}
		}
		MULXQ(word(RSI, 8), RAX, r(i+9))
		ADCXQ(RAX, r(i+8))
		MOVQ(U32(0), RAX)
		ADOXQ(RAX, r(i+9))
		ADCXQ(RAX, r(i+9))
	}

	Comment("t[9+j] is in ring register j. h = w >> 521 (mod 2^576): h0 in",
		"RAX, h[j] in ring register j-1 for j ≥ 1.")
	MOVQ(t(8), RAX)
	SHRQ(U8(9), r(0), RAX)
	for j := 1; j < 9; j++ {
		SHRQ(U8(9), r(j), r(j-1))
	}
	Comment("u = (w mod 2^521) + h, the last carry dropped.")
	MOVQ(t(8), R15)
	ANDQ(U32(0x1ff), R15)
	ADDQ(t(0), RAX)
	for j := 1; j < 8; j++ {
		ADCQ(t(j), r(j-1))
	}
	ADCQ(R15, r(7))

	Comment("b = (u8 + c) >> 9, c = 1 when u0 to u7 are all ones.")
	MOVQ(RAX, RSI)
	for j := 0; j < 7; j++ {
		ANDQ(r(j), RSI)
	}
	ADDQ(Imm(1), RSI)
	MOVQ(r(7), RDI)
	ADCQ(Imm(0), RDI)
	SHRQ(U8(9), RDI)

	Comment("z = u + b, z8 masked to 9 bits.")
	ADDQ(RDI, RAX)
	for j := 0; j < 8; j++ {
		ADCQ(Imm(0), r(j))
	}
	ANDQ(U32(0x1ff), r(7))
	Load(Param(z), RDX)
	MOVQ(RAX, word(RDX, 0))
	for j := 1; j < 9; j++ {
		MOVQ(r(j-1), word(RDX, j))
	}
	RET()
}
