// Command _asm generates poly1305's amd64 assembly: the block loop of
// RFC 8439, Section 2.5, on 64-bit words with MULX (BMI2).
//
// The accumulator is h = h0 + 2^64 h1 + 2^128 h2, h2 small, and
// r = r0 + 2^64 r1 with r0, r1 < 2^60 and r1 a multiple of 4 (the clamp).
// The product folds what is at 2^128 and above with 2^130 = 5 (mod p):
// h1 r1 2^128 = h1 (r1/4) 2^130 = h1 (5 r1/4) and h2 r1 2^192 = h2 (5 r1/4)
// 2^64, so with s1 = 5 r1/4 = r1 + r1>>2 (exact, r1 being a multiple of 4)
//
//	d0 = h0 r0 + h1 s1
//	d1 = h0 r1 + h1 r0 + h2 s1 + (d0 >> 64)
//	d2 = h2 r0 + (d1 >> 64)
//
// and the result d0 + 2^64 d1 + 2^128 d2 is reduced partially by taking
// c = d2 >> 2 (what is at 2^130 and above) back in as 5c = c + (d2 &^ 3).
//
// Bounds. Entering a block h2 <= 4; adding the block (and its 2^128 bit)
// makes h2 <= 6. h0 r0, h0 r1, h1 r0 < 2^124 and h1 s1 < 2^124.33, so
// d0 < 2^125.2; h2 s1 < 2^63.3, so d1 < 2^125.1 and its high word is below
// 2^61.1; h2 r0 < 2^62.6, so d2 < 2^63.3, c < 2^61.3 and 5c < 2^63.7 fits a
// word. The sum h0 + 5c carries at most once into h1 and h2, which ends at
// most 3 + 1.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../sum_amd64.s -stubs ../sum_stubs_amd64.go -pkg poly1305

func main() {
	ConstraintExpr("!purego")
	blocksMULX()
	Generate()
}

// Registers, fixed so that the code reads like the comments above: MULX
// multiplies by DX.
var (
	p       = RDI // the message
	nblk    = RSI // blocks left
	rp      = RCX // r0, r1, s1
	h0      = R8
	h1      = R9
	h2      = R10
	hibit   = R11
	d0, d0h = RAX, RBX
	d1, d1h = R13, R14
	t       = R15
)

func blocksMULX() {
	TEXT("blocksMULX", NOSPLIT, "func(h *[3]uint64, r *[3]uint64, p []byte, hibit uint64)")
	Pragma("noescape")
	Doc("blocksMULX sets h = (h + block + hibit*2^128) * r mod 2^130 - 5,",
		"partially reduced (h2 <= 4), for each 16-byte block of p, whose length",
		"is a multiple of 16. h is three 64-bit words, h[2] <= 4 on entry;",
		"r is r0, r1 and r1 + r1>>2 of a clamped r. It requires BMI2.")
	hp := RDX
	Load(Param("h"), hp)
	Load(Param("r"), rp)
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), nblk)
	Load(Param("hibit"), hibit)
	SHRQ(U8(4), nblk)
	MOVQ(Mem{Base: hp}, h0)
	MOVQ(Mem{Base: hp, Disp: 8}, h1)
	MOVQ(Mem{Base: hp, Disp: 16}, h2)
	TESTQ(nblk, nblk)
	JZ(LabelRef("done"))

	r0, r1, s1 := Mem{Base: rp}, Mem{Base: rp, Disp: 8}, Mem{Base: rp, Disp: 16}

	Label("block")
	Comment("h += block + hibit*2^128")
	ADDQ(Mem{Base: p}, h0)
	ADCQ(Mem{Base: p, Disp: 8}, h1)
	ADCQ(hibit, h2)

	Comment("d0 = h0 r0 + h1 s1; d1 = h1 r0 + h0 r1 + h2 s1")
	MOVQ(r0, RDX)
	MULXQ(h0, d0, d0h)
	MULXQ(h1, d1, d1h)
	MOVQ(s1, RDX)
	MULXQ(h1, t, RDX)
	ADDQ(t, d0)
	ADCQ(RDX, d0h)
	MOVQ(r1, RDX)
	MULXQ(h0, t, RDX)
	ADDQ(t, d1)
	ADCQ(RDX, d1h)
	MOVQ(h2, t)
	IMULQ(s1, t)
	ADDQ(t, d1)
	ADCQ(Imm(0), d1h)

	Comment("d1 += d0 >> 64; d2 = h2 r0 + (d1 >> 64), in h2")
	ADDQ(d0h, d1)
	ADCQ(Imm(0), d1h)
	IMULQ(r0, h2)
	ADDQ(d1h, h2)

	Comment("h = d0 + 2^64 d1 + 2^128 (d2 & 3) + 5 (d2 >> 2)")
	MOVQ(h2, t)
	ANDQ(I32(-4), t) // 4c
	MOVQ(h2, d1h)
	SHRQ(U8(2), d1h) // c
	ADDQ(d1h, t)     // 5c
	ANDQ(Imm(3), h2)
	ADDQ(t, d0)
	ADCQ(Imm(0), d1)
	ADCQ(Imm(0), h2)
	MOVQ(d0, h0)
	MOVQ(d1, h1)

	ADDQ(U32(16), p)
	DECQ(nblk)
	JNZ(LabelRef("block"))

	Label("done")
	Load(Param("h"), hp)
	MOVQ(h0, Mem{Base: hp})
	MOVQ(h1, Mem{Base: hp, Disp: 8})
	MOVQ(h2, Mem{Base: hp, Disp: 16})
	RET()
}
