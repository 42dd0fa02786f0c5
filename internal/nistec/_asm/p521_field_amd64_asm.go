package main

import (
	"fmt"

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
// p521SquareADX takes each cross product x[i]·x[j], i < j, once (36 MULX
// against 81), in rows as above, then doubles them on CF while adding the
// squares x[k]² on OF, and reduces as the multiplication does.
//
// The addition and subtraction (p521AddADX, p521SubADX) need no ADX but sit
// behind the same useADX switch, so that one flag flips all of P-521's
// field kernels in the tests; the table scans (SSE2, every amd64 CPU) are
// called directly.

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
	p521StoreParam(p521MulWords(p521Words(RSI), p521Words(RDI), AllocLocal(8*9), p521Reduce), "z")
	RET()

	TEXT("p521SquareADX", NOSPLIT, "func(z, x *[9]uint64)")
	Doc("p521SquareADX is p521SquareGeneric with MULX, ADCX and ADOX: it sets",
		"z = x² mod p for x < p, fully reduced, with the same words as",
		"p521SquareGeneric for any input. z may alias x. It requires BMI2 and",
		"ADX. Constant time.")
	Pragma("noescape")
	Load(Param("x"), RSI)
	p521StoreParam(p521SquareWords(p521Words(RSI), AllocLocal(8*17), p521Reduce), "z")
	RET()

	TEXT("p521AddADX", NOSPLIT, "func(z, x, y *[9]uint64)")
	Doc("p521AddADX sets z = x + y mod p for x, y < p, fully reduced, as",
		"p521AddGeneric does (with plain ADD and ADC: it sits with the ADX",
		"kernels behind useADX). z may alias x and y. Constant time.")
	Pragma("noescape")
	p521AddBody()

	TEXT("p521SubADX", NOSPLIT, "func(z, x, y *[9]uint64)")
	Doc("p521SubADX sets z = x - y mod p for x, y < p, fully reduced, with the",
		"same words as p521SubGeneric for any inputs (plain SUB and SBB: it sits",
		"with the ADX kernels behind useADX). z may alias x and y. Constant time.")
	Pragma("noescape")
	p521SubBody()

	selectWide("p521SelectSSE2", 27)
	selectWide("p521SelectAffineSSE2", 18)
	p521Points()
}

// p521AddBody writes t = x + y (below 2p < 2^522, no carry out of nine
// words), then the final step of the multiplication: b = 1 when t ≥ p,
// that is when t + 1 ≥ 2^521 (words 0 to 7 all ones, and bit 521 of
// t + that carry), and z = (t + b) mod 2^521, which is t - p when b = 1.
func p521AddBody() {
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	u := p521Ring
	for j := 0; j < 9; j++ {
		MOVQ(word(RSI, j), u[j])
	}
	ADDQ(word(RDI, 0), u[0])
	for j := 1; j < 9; j++ {
		ADCQ(word(RDI, j), u[j])
	}
	MOVQ(u[0], RAX)
	for j := 1; j < 8; j++ {
		ANDQ(u[j], RAX)
	}
	ADDQ(Imm(1), RAX)
	MOVQ(u[8], RDX)
	ADCQ(Imm(0), RDX)
	SHRQ(U8(9), RDX)
	ADDQ(RDX, u[0])
	for j := 1; j < 9; j++ {
		ADCQ(Imm(0), u[j])
	}
	ANDQ(U32(0x1ff), u[8])
	Load(Param("z"), RDX)
	for j := 0; j < 9; j++ {
		MOVQ(u[j], word(RDX, j))
	}
	RET()
}

// p521SubBody writes t = x - y mod 2^576, then adds p back, masked by
// the borrow: mask = -borrow (SBB of a register from itself), added to
// words 0 to 7 and, ANDed with 0x1ff, to word 8, as p521SubGeneric does.
func p521SubBody() {
	Load(Param("x"), RSI)
	Load(Param("y"), RDI)
	u := p521Ring
	for j := 0; j < 9; j++ {
		MOVQ(word(RSI, j), u[j])
	}
	SUBQ(word(RDI, 0), u[0])
	for j := 1; j < 9; j++ {
		SBBQ(word(RDI, j), u[j])
	}
	SBBQ(RAX, RAX)
	MOVQ(RAX, RDX)
	ANDQ(U32(0x1ff), RDX)
	ADDQ(RAX, u[0])
	for j := 1; j < 8; j++ {
		ADCQ(RAX, u[j])
	}
	ADCQ(RDX, u[8])
	Load(Param("z"), RDX)
	for j := 0; j < 9; j++ {
		MOVQ(u[j], word(RDX, j))
	}
	RET()
}

// selectWide writes a scan of 16 entries of w words that keeps entry n-1,
// as selectEntry does, in passes of at most 16 words (eight XMM
// accumulators, with the masks, counter and n, fit the 16 XMM registers);
// an odd last word moves through the low half of an XMM register (MOVQ).
func selectWide(name string, w int) {
	TEXT(name, NOSPLIT, fmt.Sprintf("func(out *[%d]uint64, table *[16][%d]uint64, n uint32)", w, w))
	Doc(fmt.Sprintf("%s sets out to table[n-1] for 1 ≤ n ≤ 16, and to zeros", name),
		"for any other n, reading every entry. out must not overlap table.",
		"Constant time in n.")
	Pragma("noescape")
	tp := Load(Param("table"), GP64())
	op := Load(Param("out"), GP64())
	nv, minus1 := XMM(), XMM()
	n32 := Load(Param("n"), GP32())
	MOVD(n32, nv)
	PSHUFD(Imm(0), nv, nv)
	PCMPEQL(minus1, minus1)
	scanEntries(tp, Mem{Base: op}, w, nv, minus1, func(string) Op { return XMM() })
	RET()
}

// scanEntries writes selectWide's scan: out = table[n-1] for the 16
// entries of w words at tp, zeros for any other n, in passes of at most 16
// words; nv holds n in each 32-bit lane, minus1 all ones. reg gives an XMM
// register for each value the scan makes, by role: "ctr" (a pass's entry
// counter, first in each pass), "acc" (the pass's accumulators), "mask"
// (an entry's mask) and "word" (a loaded pair of words).
func scanEntries(tp Register, out Mem, w int, nv, minus1 Op, reg func(role string) Op) {
	for lo := 0; lo < w; lo += 16 {
		hi := min(lo+16, w)
		Commentf("words %d to %d", lo, hi-1)
		ctr := reg("ctr")
		PXOR(ctr, ctr)
		acc := make([]Op, (hi-lo+1)/2)
		for k := range acc {
			acc[k] = reg("acc")
			PXOR(acc[k], acc[k])
		}
		for i := range 16 {
			Commentf("entry %d: mask = (n == %d)", i, i+1)
			PSUBL(minus1, ctr)
			mask := reg("mask")
			MOVO(ctr, mask)
			PCMPEQL(nv, mask)
			for k := range acc {
				t := reg("word")
				m := Mem{Base: tp}.Offset(8*w*i + 8*lo + 16*k)
				if lo+2*k+1 == hi {
					MOVQ(m, t)
				} else {
					MOVOU(m, t)
				}
				PAND(mask, t)
				PADDQ(t, acc[k])
			}
		}
		for k := range acc {
			m := out.Offset(8*lo + 16*k)
			if lo+2*k+1 == hi {
				MOVQ(acc[k], m)
			} else {
				MOVOU(acc[k], m)
			}
		}
	}
}

// p521SquareWords writes the square of the words x(0) to x(8) (memory
// operands; a base register must be RSI or SP): the 36 cross
// products x[i]·x[j], i < j, in rows as the multiplication's, each word
// going to the stack once no later row adds to it; then one pass that
// doubles the cross products on CF while adding the squares x[k]² on OF,
// words 0 to 8 back to the stack and 9 to 17 into p521Ring; then the
// reduction (reduce: p521Reduce or p521ReduceLazy), whose result registers
// it returns. w is scratch of 17 words: the cross products end at
// word 16.
func p521SquareWords(word func(int) Mem, w Mem, reduce func(t func(int) Mem) [9]Register) [9]Register {
	t := func(k int) Mem { return w.Offset(8 * k) }
	free := []Register{RBX, RCX, RDI, R8, R9, R10, R11, R12, R13, R14}
	at := map[int]Register{}
	alloc := func(pos int) Register {
		reg := free[0]
		free = free[1:]
		at[pos] = reg
		return reg
	}
	spill := func(pos int) {
		MOVQ(at[pos], t(pos))
		free = append(free, at[pos])
		delete(at, pos)
	}
	Comment("Cross row 0: x[0]·x[1..8] at words 1 to 9, one chain on CF.")
	MOVQ(word(0), RDX)
	MULXQ(word(1), alloc(1), alloc(2))
	for j := 2; j < 9; j++ {
		MULXQ(word(j), RAX, alloc(j+1))
		if j == 2 {
			ADDQ(RAX, at[j])
		} else {
			ADCQ(RAX, at[j])
		}
	}
	ADCQ(Imm(0), at[9])
	spill(1)
	spill(2)
	for i := 1; i < 8; i++ {
		Comment("Cross row: x[i]·x[i+1..8] at words 2i+1 to i+9, low halves on CF, high on OF.")
		MOVQ(word(i), RDX)
		XORQ(RAX, RAX)
		for j := i + 1; j < 8; j++ {
			MULXQ(word(j), RAX, R15)
			ADCXQ(RAX, at[i+j])
			ADOXQ(R15, at[i+j+1])
		}
		MULXQ(word(8), RAX, alloc(i+9))
		ADCXQ(RAX, at[i+8])
		MOVQ(U32(0), RAX)
		ADOXQ(RAX, at[i+9])
		ADCXQ(RAX, at[i+9])
		spill(2*i + 1)
		spill(2*i + 2)
	}

	Comment("w = 2·cross + squares: the doubling on CF, the squares on OF.",
		"Words 0 to 8 pass through RDI back to the stack, 9 to 17 stay in",
		"p521Ring (w[9+j] in register j).")
	high := func(pos int) Register { return p521Ring[pos-9] }
	XORQ(high(17), high(17))
	for pos := 9; pos < 17; pos++ {
		MOVQ(t(pos), high(pos))
	}
	XORQ(RDI, RDI)
	for k := 0; k < 9; k++ {
		MOVQ(word(k), RDX)
		MULXQ(RDX, RAX, R15)
		for h, pos := range []int{2 * k, 2*k + 1} {
			var reg Register = RDI
			if pos >= 9 {
				reg = high(pos)
			} else if pos > 0 {
				MOVQ(t(pos), RDI)
			}
			ADCXQ(reg, reg)
			if h == 0 {
				ADOXQ(RAX, reg)
			} else {
				ADOXQ(R15, reg)
			}
			if pos < 9 {
				MOVQ(RDI, t(pos))
			}
		}
	}
	return reduce(t)
}

// p521Words returns the words of the operand at base, as memory operands.
func p521Words(base Register) func(int) Mem {
	return func(j int) Mem { return word(base, j) }
}

// p521MulWords writes the product of the words x(j) and y(i) (memory
// operands, whose base registers must be RSI, RDI or SP) and its
// reduction (reduce: p521Reduce or p521ReduceLazy), and returns the
// result's registers. low is scratch of nine words.
func p521MulWords(x, y func(int) Mem, low Mem, reduce func(t func(int) Mem) [9]Register) [9]Register {
	r := func(k int) Register { return p521Ring[k%9] }
	t := func(k int) Mem { return low.Offset(8 * k) }

	Comment("Row 0: t = x·y[0], one carry chain on CF.")
	MOVQ(y(0), RDX)
	MULXQ(x(0), r(0), r(1))
	MOVQ(r(0), t(0))
	for j := 1; j < 9; j++ {
		MULXQ(x(j), RAX, r(j+1))
		if j == 1 {
			ADDQ(RAX, r(j))
		} else {
			ADCQ(RAX, r(j))
		}
	}
	ADCQ(Imm(0), r(9))

	for i := 1; i < 9; i++ {
		Comment("Row: t += x·y[i]·2^(64i), low halves on CF, high halves on OF.")
		MOVQ(y(i), RDX)
		XORQ(RAX, RAX)
		for j := 0; j < 8; j++ {
			MULXQ(x(j), RAX, R15)
			ADCXQ(RAX, r(i+j))
			ADOXQ(R15, r(i+j+1))
			if j == 0 {
				MOVQ(r(i), t(i))
			}
		}
		MULXQ(x(8), RAX, r(i+9))
		ADCXQ(RAX, r(i+8))
		MOVQ(U32(0), RAX)
		ADOXQ(RAX, r(i+9))
		ADCXQ(RAX, r(i+9))
	}

	return reduce(t)
}

// p521Reduce writes the reduction of the 18-word product w, whose words 0
// to 8 are at t(0) to t(8) and words 9 to 17 in p521Ring, and returns the
// result's registers (RAX, then p521Ring[0] to p521Ring[7]). It uses RSI
// and RDI.
func p521Reduce(t func(int) Mem) [9]Register {
	r := func(k int) Register { return p521Ring[k%9] }
	Comment("w[9+j] is in ring register j. h = w >> 521 (mod 2^576): h0 in",
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
	return [9]Register{RAX, r(0), r(1), r(2), r(3), r(4), r(5), r(6), r(7)}
}

// p521StoreParam stores the words in r through the pointer parameter z
// (loaded into RDX).
func p521StoreParam(r [9]Register, z string) {
	Load(Param(z), RDX)
	for j := range r {
		MOVQ(r[j], word(RDX, j))
	}
}
