package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The P-384 kernels compute what p384MulGeneric, p384SquareGeneric,
// p384AddGeneric and p384SubGeneric (in p384_field.go, from _gen) compute:
// for x, y < p, the one reduced representative, so the same words.
//
// p = 2^384 - c with c = 2^128 + 2^96 - 2^32 + 1, whose words are
// c0 = 2^64 - 2^32 + 1, c1 = 2^32 - 1 and c2 = 1, and -p⁻¹ mod 2^64 is
// 2^32 + 1. A Montgomery round on a value t whose lowest word is t0 takes
// q = t0·(2^32 + 1) mod 2^64 (a shift and an addition) and
//
//	t + q·p = t - q·c + q·2^384
//
// where q·c = q·c0 + q·c1·2^64 + q·2^128 is two MULX and three additions
// (four words, the lowest equal to t0, so that its subtraction leaves zero
// and no borrow), the subtraction a SUB/SBB chain up to word 5, and the
// borrow b out of it is paid by q·2^384: word 6 gains q - b ≥ 0 (q = 0
// only for t0 = 0, which borrows nothing).
//
// p384MulADX interleaves the rounds with the rows of the product: row i
// adds x·y[i] to the accumulator (the MULX products' low halves on CF,
// high halves on OF), then a round clears its lowest word and shifts it
// down by one. The accumulator stays below 2p, seven words, in a ring of
// eight registers (word k in p384Ring[k mod 8]); after six rows p is
// subtracted and the difference kept unless it borrows (CMOV).
//
// p384SquareADX takes each cross product once (15 MULX) in rows on a ring
// of ten registers, doubles them on CF while adding the squares of the
// words on OF, then reduces the low six words by six rounds in a row
// (p384RoundShort) that each leave q - b as a new word above the window
// (no carry into the high half: the window's value stays below 2^384),
// adds the high half and subtracts p as above.
//
// Nothing branches or indexes memory on the values.

// p384K holds the words of c that MULX multiplies by and the words of p
// that do not fit a sign-extended 32-bit immediate: c0, c1 = p0, and p1.
var p384K Mem

// p384Result holds the results of the multiplication and the squaring
// (words 6 to 11 of p384Ring's cycle), and the values of the additions and
// subtractions.
var p384Result = [6]Register{R12, R13, RBX, RCX, R8, R9}

// p384Ring is the multiplication's accumulator ring. RAX and R14 take
// MULX's halves and the rounds' scratch with R15, RDX holds the multiplier,
// RSI and RDI point to x and y. BP and SP stay untouched.
var p384Ring = [8]Register{RBX, RCX, R8, R9, R10, R11, R12, R13}

func p384() {
	p384K = GLOBL("p384K", RODATA|NOPTR)
	DATA(0, U64(0xffffffff00000001))
	DATA(8, U64(0x00000000ffffffff))
	DATA(16, U64(0xffffffff00000000))

	TEXT("p384MulADX", NOSPLIT, "func(z, x, y *[6]uint64)")
	Doc("p384MulADX is p384MulGeneric with MULX, ADCX and ADOX: it sets",
		"z = x·y·R⁻¹ mod p for x, y < p, fully reduced, with equal results.",
		"z may alias x and y. It requires BMI2 and ADX. Constant time.")
	Pragma("noescape")
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	p384StoreParam(p384MulWords(p521Words(RSI), p521Words(RDI)), "z")
	RET()

	TEXT("p384SquareADX", NOSPLIT, "func(z, x *[6]uint64)")
	Doc("p384SquareADX is p384SquareGeneric with MULX, ADCX and ADOX: it sets",
		"z = x²·R⁻¹ mod p for x < p, fully reduced, with equal results. z may",
		"alias x. It requires BMI2 and ADX. Constant time.")
	Pragma("noescape")
	Load(Param("x"), RSI)
	p384StoreParam(p384SquareWords(p521Words(RSI), AllocLocal(8*12)), "z")
	RET()

	TEXT("p384AddADX", NOSPLIT, "func(z, x, y *[6]uint64)")
	Doc("p384AddADX sets z = x + y mod p for x, y < p, fully reduced, as",
		"p384AddGeneric does (with plain ADD and ADC: it sits with the ADX",
		"kernels behind useADX). z may alias x and y. Constant time.")
	Pragma("noescape")
	p384AddBody()

	TEXT("p384SubADX", NOSPLIT, "func(z, x, y *[6]uint64)")
	Doc("p384SubADX sets z = x - y mod p for x, y < p, fully reduced, as",
		"p384SubGeneric does (with plain SUB and SBB: it sits with the ADX",
		"kernels behind useADX). z may alias x and y. Constant time.")
	Pragma("noescape")
	p384SubBody()

	selectWide("p384SelectSSE2", 18)
	selectWide("p384SelectAffineSSE2", 12)
	p384Points()
}

// p384Round writes one Montgomery round on the window w (seven registers
// or more: w[0] the lowest word, w[6] the word that gains q - b, and w[7],
// if present, the word that takes its carry), q·c from two MULX. It
// leaves q - b in RDX and w[0] free; it uses RAX, R14 and R15.
func p384Round(w []Register) {
	MOVQ(w[0], RDX)
	SHLQ(U8(32), RDX)
	ADDQ(w[0], RDX)
	XORL(w[0].(GPPhysical).As32(), w[0].(GPPhysical).As32())
	MULXQ(p384K.Offset(0), RAX, R14)
	MULXQ(p384K.Offset(8), RAX, R15)
	ADDQ(RAX, R14)
	ADCQ(RDX, R15)
	ADCQ(Imm(0), w[0])
	p384RoundSub(w, R14, R15)
}

// p384RoundSub writes the end of a round: words 1 to 3 of q·c (w1, w2 and
// the carry word in w[0]) subtracted from the window, the borrow taken
// from q in RDX, and q - b added at w[6] (with its carry to w[7]).
func p384RoundSub(w []Register, w1, w2 Register) {
	SUBQ(w1, w[1])
	SBBQ(w2, w[2])
	SBBQ(w[0], w[3])
	SBBQ(Imm(0), w[4])
	SBBQ(Imm(0), w[5])
	SBBQ(Imm(0), RDX)
	if len(w) > 6 {
		ADDQ(RDX, w[6])
		ADCQ(Imm(0), w[7])
	}
}

// p384RoundShort is p384Round with a shorter path to the next round's
// word, for the squaring's six rounds in a row, which wait on one another
// only through word 1 of the window: word 1 of q·c,
// w1 = hi(q·c0) + lo(q·c1) mod 2^64, is made from the low word t with
// single-cycle operations instead of waiting on q and a MULX: with
// q = t·(2^32 + 1) - k·2^64, k = (t >> 32) + cy (cy the carry out of
// t + (t << 32)), and (2^32 + 1)·c0 = 2^96 + 1,
//
//	w1 = (t << 32) - (t mod 2^32) - (t >> 32) + cy·(2^32 - 1)   mod 2^64.
//
// The carry of that sum (w1 < lo(q·c1)) and q·c1 from one MULX give the
// upper words. (In the multiplication, whose rows overlap the rounds, the
// extra instructions cost more than the shorter path gains.)
func p384RoundShort(w []Register) {
	t := w[0]
	MOVQ(t, RDX)
	SHLQ(U8(32), RDX)
	MOVL(t.(GPPhysical).As32(), R14L)
	MOVQ(t, R15)
	SHRQ(U8(32), R15)
	ADDQ(R15, R14)
	MOVQ(RDX, RAX)
	SUBQ(R14, RAX)
	ADDQ(t, RDX)
	SBBQ(R15, R15)
	SHRQ(U8(32), R15)
	ADDQ(R15, RAX)
	Comment("RAX = w1, RDX = q")
	XORL(t.(GPPhysical).As32(), t.(GPPhysical).As32())
	MULXQ(p384K.Offset(8), R14, R15)
	CMPQ(RAX, R14)
	ADCQ(RDX, R15)
	ADCQ(Imm(0), t)
	p384RoundSub(w, RAX, R15)
}

// p384MulWords writes the Montgomery product of the words x(j) and y(i)
// (memory operands based on RSI and RDI) and returns the registers of the
// result, fully reduced.
func p384MulWords(x, y func(int) Mem) [6]Register {
	r := func(k int) Register { return p384Ring[k%8] }
	win := func(i int) []Register {
		var w []Register
		for k := i; k < i+8; k++ {
			w = append(w, r(k))
		}
		return w
	}
	Comment("Row 0: t = x·y[0], one carry chain on CF.")
	MOVQ(y(0), RDX)
	MOVQ(U32(0), r(7))
	MULXQ(x(0), r(0), r(1))
	for j := 1; j < 6; j++ {
		MULXQ(x(j), RAX, r(j+1))
		if j == 1 {
			ADDQ(RAX, r(j))
		} else {
			ADCQ(RAX, r(j))
		}
	}
	ADCQ(Imm(0), r(6))
	Comment("Round 0: t = (t + q·p) / 2^64.")
	p384Round(win(0))
	for i := 1; i < 6; i++ {
		Commentf("Row %d: t += x·y[%d], low halves on CF, high halves on OF.", i, i)
		MOVQ(y(i), RDX)
		XORL(r(i+7).(GPPhysical).As32(), r(i+7).(GPPhysical).As32())
		for j := 0; j < 6; j++ {
			MULXQ(x(j), RAX, R14)
			ADCXQ(RAX, r(i+j))
			ADOXQ(R14, r(i+j+1))
		}
		MOVQ(U32(0), RAX)
		ADOXQ(RAX, r(i+7))
		ADCXQ(RAX, r(i+6))
		ADCXQ(RAX, r(i+7))
		Commentf("Round %d.", i)
		p384Round(win(i))
	}
	Comment("t < 2p is in words 6 to 12.")
	return p384CondSub([6]Register{r(6), r(7), r(8), r(9), r(10), r(11)}, r(12),
		[6]Register{RAX, R14, R15, RDX, RSI, RDI})
}

// p384CondSub writes u - p if (top, u) ≥ p, else u, for (top, u) < 2p,
// with CMOV on the borrow, using the registers d, and returns the result's
// registers (those of u).
func p384CondSub(u [6]Register, top Register, d [6]Register) [6]Register {
	Comment("Subtract p; keep the difference unless it borrowed.")
	for j := range d {
		MOVQ(u[j], d[j])
	}
	SUBQ(p384K.Offset(8), d[0])
	SBBQ(p384K.Offset(16), d[1])
	SBBQ(I8(-2), d[2])
	SBBQ(I8(-1), d[3])
	SBBQ(I8(-1), d[4])
	SBBQ(I8(-1), d[5])
	SBBQ(Imm(0), top)
	for j := range d {
		CMOVQCC(d[j], u[j])
	}
	return u
}

// p384SquareWords writes the Montgomery square of the words x(j) (memory
// operands based on RSI) and returns the registers of the result, fully
// reduced. w is scratch of 12 words.
func p384SquareWords(x func(int) Mem, w Mem) [6]Register {
	t := func(k int) Mem { return w.Offset(8 * k) }
	// Word k of the cross products, k = 1 to 10, in ring[k-1].
	ring := [10]Register{RBX, RCX, RDI, R8, R9, R10, R11, R12, R13, R14}
	c := func(k int) Register { return ring[k-1] }

	Comment("Cross row 0: x[0]·x[1..5] at words 1 to 6, one chain on CF.")
	MOVQ(x(0), RDX)
	MULXQ(x(1), c(1), c(2))
	for j := 2; j < 6; j++ {
		MULXQ(x(j), RAX, c(j+1))
		if j == 2 {
			ADDQ(RAX, c(j))
		} else {
			ADCQ(RAX, c(j))
		}
	}
	ADCQ(Imm(0), c(6))
	for i := 1; i < 5; i++ {
		Commentf("Cross row %d: x[%d]·x[%d..5] at words %d to %d.", i, i, i+1, 2*i+1, i+6)
		MOVQ(x(i), RDX)
		XORL(EAX, EAX)
		for j := i + 1; j < 5; j++ {
			MULXQ(x(j), RAX, R15)
			ADCXQ(RAX, c(i+j))
			ADOXQ(R15, c(i+j+1))
		}
		MULXQ(x(5), RAX, c(i+6))
		ADCXQ(RAX, c(i+5))
		MOVQ(U32(0), RAX)
		ADOXQ(RAX, c(i+6))
		ADCXQ(RAX, c(i+6))
	}

	Comment("w = 2·cross + squares, the doubling on CF, the squares on OF;",
		"each pair of words goes to the stack once final.")
	XORL(EAX, EAX)
	MOVQ(x(0), RDX)
	MULXQ(RDX, RAX, R15)
	MOVQ(RAX, t(0))
	ADCXQ(c(1), c(1))
	ADOXQ(R15, c(1))
	MOVQ(c(1), t(1))
	for k := 1; k < 5; k++ {
		MOVQ(x(k), RDX)
		MULXQ(RDX, RAX, R15)
		ADCXQ(c(2*k), c(2*k))
		ADOXQ(RAX, c(2*k))
		ADCXQ(c(2*k+1), c(2*k+1))
		ADOXQ(R15, c(2*k+1))
		MOVQ(c(2*k), t(2*k))
		MOVQ(c(2*k+1), t(2*k+1))
	}
	MOVQ(x(5), RDX)
	MULXQ(RDX, RAX, R15)
	ADCXQ(c(10), c(10))
	ADOXQ(RAX, c(10))
	MOVQ(U32(0), RAX)
	ADCXQ(RAX, R15)
	ADOXQ(RAX, R15)
	MOVQ(c(10), t(10))
	MOVQ(R15, t(11))

	Comment("Six rounds on the low half; each leaves q - b above the window.")
	l := p384Result[:]
	for j := range l {
		MOVQ(t(j), l[j])
	}
	for range 6 {
		p384RoundShort(l)
		MOVQ(RDX, l[0])
		l = append(l[1:], l[0])
	}
	Comment("Add the high half: the sum is below 2p.")
	top := R11
	MOVQ(U32(0), top)
	ADDQ(t(6), l[0])
	for j := 1; j < 6; j++ {
		ADCQ(t(6+j), l[j])
	}
	ADCQ(Imm(0), top)
	return p384CondSub([6]Register(l), top, [6]Register{RAX, RSI, RDI, R10, R14, R15})
}

// p384AddBody writes z = x + y mod p.
func p384AddBody() {
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	u := p384Result
	for j := range u {
		MOVQ(word(RSI, j), u[j])
	}
	p384AddRegs(u, func(j int) Op { return word(RDI, j) })
	p384StoreParam(u, "z")
	RET()
}

// p384SubBody writes z = x - y mod p.
func p384SubBody() {
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	u := p384Result
	for j := range u {
		MOVQ(word(RSI, j), u[j])
	}
	p384SubRegs(u, func(j int) Mem { return word(RDI, j) })
	p384StoreParam(u, "z")
	RET()
}

// p384AddRegs writes u = u + y mod p for u, y < p, u in p384Result, then
// p subtracted unless that borrows. It uses RAX, RDX, RSI, RDI, R10, R11
// and R14 after reading y.
func p384AddRegs(u [6]Register, y func(int) Op) {
	MOVQ(U32(0), R10)
	ADDQ(y(0), u[0])
	for j := 1; j < 6; j++ {
		ADCQ(y(j), u[j])
	}
	ADCQ(Imm(0), R10)
	p384CondSub(u, R10, [6]Register{RAX, RDX, RSI, RDI, R11, R14})
}

// p384SubRegs writes u = u - y mod p for u, y < p, u in p384Result: the
// difference mod 2^384, then p added masked by the borrow (mask = -borrow,
// SBB of a register from itself; p's words made from it by a shift and
// ANDs), as p384SubGeneric adds it. It uses RAX, R10, R11 and R14.
func p384SubRegs(u [6]Register, y func(int) Mem) {
	SUBQ(y(0), u[0])
	for j := 1; j < 6; j++ {
		SBBQ(y(j), u[j])
	}
	SBBQ(RAX, RAX)
	Comment("p & mask: p0 = 2^32 - 1, p1 = p0·2^32, p2 = 2^64 - 2, p3 to p5 all ones.")
	MOVL(U32(0xffffffff), R10L)
	ANDQ(RAX, R10)
	MOVQ(R10, R11)
	SHLQ(U8(32), R11)
	MOVQ(RAX, R14)
	ANDQ(I8(-2), R14)
	ADDQ(R10, u[0])
	ADCQ(R11, u[1])
	ADCQ(R14, u[2])
	ADCQ(RAX, u[3])
	ADCQ(RAX, u[4])
	ADCQ(RAX, u[5])
}

// p384StoreParam stores the words in r through the pointer parameter z
// (loaded into RDX, which must not be one of them).
func p384StoreParam(r [6]Register, z string) {
	Load(Param(z), RDX)
	for j := range r {
		MOVQ(r[j], word(RDX, j))
	}
}

func init() { generators["p384"] = p384 }
