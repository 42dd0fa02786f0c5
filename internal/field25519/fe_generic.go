package field25519

import "math/bits"

// This file holds the portable multiplication and squaring kernels and the
// carry passes. They are always compiled: the tests call them directly and
// compare them with any assembly version.
//
// A 128-bit column is kept as a pair (hi, lo) of uint64 and accumulated with
// bits.Mul64 and bits.Add64, which the compiler turns into MUL and ADD/ADC.

// mulAdd returns (hi, lo) + x·y as a 128-bit pair. The caller ensures that the
// sum is below 2^128.
func mulAdd(hi, lo, x, y uint64) (uint64, uint64) {
	ph, pl := bits.Mul64(x, y)
	lo, c := bits.Add64(lo, pl, 0)
	hi, _ = bits.Add64(hi, ph, c)
	return hi, lo
}

// shr51 returns (hi, lo) >> 51. The caller ensures that (hi, lo) < 2^115, so
// that the result fits in 64 bits.
func shr51(hi, lo uint64) uint64 {
	return hi<<(64-51) | lo>>51
}

// times19 returns 19·x, computed as x + 2·(x + 8·x) (two LEA on amd64).
func times19(x uint64) uint64 {
	return x + (x+x<<3)<<1
}

// feMulGeneric sets v = a × b. a and b may alias v.
//
// Bounds: a and b loose (every limb < 2^54) give v with l1 < 2^51 + 2^13 and
// l0, l2, l3, l4 < 2^51. The derivation is below, after the products.
//
// This kernel is long because it is unrolled: 25 products, then one carry
// pass.
func feMulGeneric(v, a, b *Element) {
	a0, a1, a2, a3, a4 := a.l0, a.l1, a.l2, a.l3, a.l4
	b0, b1, b2, b3, b4 := b.l0, b.l1, b.l2, b.l3, b.l4

	// Schoolbook product in limbs of 51 bits. Column k holds the products
	// ai·bj with i+j = k, of weight 2^(51k):
	//
	//	                               a4    a3    a2    a1    a0
	//	                            ×  b4    b3    b2    b1    b0
	//	   --------------------------------------------------------
	//	                             a4b0  a3b0  a2b0  a1b0  a0b0
	//	                       a4b1  a3b1  a2b1  a1b1  a0b1
	//	                 a4b2  a3b2  a2b2  a1b2  a0b2
	//	           a4b3  a3b3  a2b3  a1b3  a0b3
	//	     a4b4  a3b4  a2b4  a1b4  a0b4
	//	   --------------------------------------------------------
	//	      t8    t7    t6    t5    t4    t3    t2    t1    t0
	//
	// As 2^255 ≡ 19 (mod p), a product of weight 2^(51·(k+5)) is worth 19
	// times a product of weight 2^(51k): the columns t5..t8 fold onto
	// t0..t3 multiplied by 19. The 19 is applied to the a limb before the
	// product (19·ai < 2^59 still fits in a word):
	//
	//	     r4         r3         r2         r1         r0
	//	   a0b4       a0b3       a0b2       a0b1       a0b0
	//	   a1b3       a1b2       a1b1       a1b0   (19a1)b4
	//	   a2b2       a2b1       a2b0   (19a2)b4   (19a2)b3
	//	   a3b1       a3b0   (19a3)b4   (19a3)b3   (19a3)b2
	//	   a4b0   (19a4)b4   (19a4)b3   (19a4)b2   (19a4)b1
	//
	// Each column is a 128-bit (hi, lo) sum of five products.
	a1x19 := times19(a1)
	a2x19 := times19(a2)
	a3x19 := times19(a3)
	a4x19 := times19(a4)

	// r0 = a0·b0 + 19·(a1·b4 + a2·b3 + a3·b2 + a4·b1)
	h0, r0 := bits.Mul64(a0, b0)
	h0, r0 = mulAdd(h0, r0, a1x19, b4)
	h0, r0 = mulAdd(h0, r0, a2x19, b3)
	h0, r0 = mulAdd(h0, r0, a3x19, b2)
	h0, r0 = mulAdd(h0, r0, a4x19, b1)

	// r1 = a0·b1 + a1·b0 + 19·(a2·b4 + a3·b3 + a4·b2)
	h1, r1 := bits.Mul64(a0, b1)
	h1, r1 = mulAdd(h1, r1, a1, b0)
	h1, r1 = mulAdd(h1, r1, a2x19, b4)
	h1, r1 = mulAdd(h1, r1, a3x19, b3)
	h1, r1 = mulAdd(h1, r1, a4x19, b2)

	// r2 = a0·b2 + a1·b1 + a2·b0 + 19·(a3·b4 + a4·b3)
	h2, r2 := bits.Mul64(a0, b2)
	h2, r2 = mulAdd(h2, r2, a1, b1)
	h2, r2 = mulAdd(h2, r2, a2, b0)
	h2, r2 = mulAdd(h2, r2, a3x19, b4)
	h2, r2 = mulAdd(h2, r2, a4x19, b3)

	// r3 = a0·b3 + a1·b2 + a2·b1 + a3·b0 + 19·a4·b4
	h3, r3 := bits.Mul64(a0, b3)
	h3, r3 = mulAdd(h3, r3, a1, b2)
	h3, r3 = mulAdd(h3, r3, a2, b1)
	h3, r3 = mulAdd(h3, r3, a3, b0)
	h3, r3 = mulAdd(h3, r3, a4x19, b4)

	// r4 = a0·b4 + a1·b3 + a2·b2 + a3·b1 + a4·b0
	h4, r4 := bits.Mul64(a0, b4)
	h4, r4 = mulAdd(h4, r4, a1, b3)
	h4, r4 = mulAdd(h4, r4, a2, b2)
	h4, r4 = mulAdd(h4, r4, a3, b1)
	h4, r4 = mulAdd(h4, r4, a4, b0)

	// Bounds, for every limb of a and b below 2^54 (so every product, 19
	// aside, is below 2^108). Counting the products of each column, with
	// the 19s:
	//
	//	r0 < (1 + 4·19)·2^108 = 77·2^108 < 2^115
	//	r1 < (2 + 3·19)·2^108 = 59·2^108
	//	r2 < (3 + 2·19)·2^108 = 41·2^108
	//	r3 < (4 + 1·19)·2^108 = 23·2^108
	//	r4 <  5        ·2^108
	//
	// so no column overflows 128 bits, and a square has the same columns.
	//
	// The carry pass of carryWide follows, written out rather than called:
	// a function taking the ten words cannot be inlined.
	s0, m0 := split51(h0, r0)
	s1, m1 := split51(h1, r1)
	s2, m2 := split51(h2, r2)
	s3, m3 := split51(h3, r3)
	s4, m4 := split51(h4, r4)
	l1, c1 := carryStep(s1, m1, s0)
	l2, c2 := carryStep(s2, m2, c1)
	l3, c3 := carryStep(s3, m3, c2)
	l4, c4 := carryStep(s4, m4, c3)
	l0, l1 := carryFold(m0, l1, c4)
	v.l0, v.l1, v.l2, v.l3, v.l4 = l0, l1, l2, l3, l4
}

// feSquareGeneric sets v = a × a. a may alias v.
//
// Bounds: as feMulGeneric; a loose (limbs < 2^54) gives v with
// l1 < 2^51 + 2^13 and the other limbs < 2^51.
func feSquareGeneric(v, a *Element) {
	v.l0, v.l1, v.l2, v.l3, v.l4 = squareLimbs(a.l0, a.l1, a.l2, a.l3, a.l4)
}

// feSquareNGeneric sets v = a^(2^n) for n ≥ 1. a may alias v.
//
// The limbs are passed from one squaring to the next in registers, so they
// are not stored to memory between the squarings. A run of squarings is a
// chain of dependent operations, so its time is the latency of one squaring
// times n: every squaring but the last is squareLimbsLazy, whose carries are
// taken in parallel rather than in a chain around the limbs. Its output is
// loose (limbs below 2^51 + 2^15), a valid input of the next squaring; the
// last squaring, squareLimbs, makes v tight, as for feSquareGeneric.
func feSquareNGeneric(v, a *Element, n int) {
	l0, l1, l2, l3, l4 := a.l0, a.l1, a.l2, a.l3, a.l4
	for range n - 1 {
		l0, l1, l2, l3, l4 = squareLimbsLazy(l0, l1, l2, l3, l4)
	}
	v.l0, v.l1, v.l2, v.l3, v.l4 = squareLimbs(l0, l1, l2, l3, l4)
}

// squareLimbs returns the limbs of l² (mod p, tight) for the element with
// limbs l0..l4, each below 2^54: five 128-bit columns, bounded as those of
// feMulGeneric, and the carry pass of carryWide, written out as in
// feMulGeneric.
//
// This kernel is long because it is unrolled: 15 products, then one carry
// pass. squareLimbsLazy repeats its products.
func squareLimbs(l0, l1, l2, l3, l4 uint64) (uint64, uint64, uint64, uint64, uint64) {
	// The columns of feMulGeneric with b = a. Products li·lj with i ≠ j come
	// in pairs, taken once with a doubled factor, and the folded ones carry
	// 19 or 38 = 2·19:
	//
	//	     r4         r3         r2         r1         r0
	//	 (2l0)l4    (2l0)l3    (2l0)l2    (2l0)l1      l0 l0
	//	 (2l1)l3    (2l1)l2      l1 l1   (38l2)l4   (38l1)l4
	//	   l2 l2   (19l4)l4   (38l3)l4   (19l3)l3   (38l2)l3
	//
	// The doubled and multiplied factors stay below 38·2^54 < 2^60, and
	// every column is bounded as in feMulGeneric (77·2^108 for r0, ...).
	l0x2 := l0 << 1
	l1x2 := l1 << 1
	l1x38 := times19(l1) << 1
	l2x38 := times19(l2) << 1
	l3x19 := times19(l3)
	l3x38 := l3x19 << 1
	l4x19 := times19(l4)

	// r0 = l0·l0 + 38·(l1·l4 + l2·l3)
	h0, r0 := bits.Mul64(l0, l0)
	h0, r0 = mulAdd(h0, r0, l1x38, l4)
	h0, r0 = mulAdd(h0, r0, l2x38, l3)

	// r1 = 2·l0·l1 + 38·l2·l4 + 19·l3·l3
	h1, r1 := bits.Mul64(l0x2, l1)
	h1, r1 = mulAdd(h1, r1, l2x38, l4)
	h1, r1 = mulAdd(h1, r1, l3x19, l3)

	// r2 = 2·l0·l2 + l1·l1 + 38·l3·l4
	h2, r2 := bits.Mul64(l0x2, l2)
	h2, r2 = mulAdd(h2, r2, l1, l1)
	h2, r2 = mulAdd(h2, r2, l3x38, l4)

	// r3 = 2·l0·l3 + 2·l1·l2 + 19·l4·l4
	h3, r3 := bits.Mul64(l0x2, l3)
	h3, r3 = mulAdd(h3, r3, l1x2, l2)
	h3, r3 = mulAdd(h3, r3, l4x19, l4)

	// r4 = 2·l0·l4 + 2·l1·l3 + l2·l2
	h4, r4 := bits.Mul64(l0x2, l4)
	h4, r4 = mulAdd(h4, r4, l1x2, l3)
	h4, r4 = mulAdd(h4, r4, l2, l2)

	s0, m0 := split51(h0, r0)
	s1, m1 := split51(h1, r1)
	s2, m2 := split51(h2, r2)
	s3, m3 := split51(h3, r3)
	s4, m4 := split51(h4, r4)
	o1, c1 := carryStep(s1, m1, s0)
	o2, c2 := carryStep(s2, m2, c1)
	o3, c3 := carryStep(s3, m3, c2)
	o4, c4 := carryStep(s4, m4, c3)
	o0, o1 := carryFold(m0, o1, c4)
	return o0, o1, o2, o3, o4
}

// squareLimbsLazy returns the limbs of l² (mod p, loose) for the element
// with limbs l0..l4, each below 2^54: the columns of squareLimbs, reduced
// with the carries taken in parallel instead of in a chain, for the
// squarings of a run that are not the last (see feSquareNGeneric). With
// sk = rk >> 51 and mk = rk mod 2^51 as in carryWide, the columns are first
// folded into five words
//
//	t0 = m0 + 19·s4, t1 = m1 + s0, t2 = m2 + s1, t3 = m3 + s2, t4 = m4 + s3
//
// and then passed through carryLimbs, a second parallel pass.
//
// Bounds, with the column bounds of feMulGeneric (loose inputs): s0 <
// 77·2^57, s1 < 59·2^57, s2 < 41·2^57, s3 < 23·2^57 and s4 < 5·2^57, so
// that t0 < 2^51 + 95·2^57 < 2^64 and every tk fits in a word. Then
// t4 >> 51 ≤ 1 + 23·2^6 = 1473 and t0 >> 51 ≤ 1 + 95·2^6 = 6081, so
//
//	l0 < 2^51 + 19·1473 < 2^51 + 2^15
//	l1 < 2^51 + 6081, l2 < 2^51 + 4929, l3 < 2^51 + 3777, l4 < 2^51 + 2625
//
// which is loose, but not tight: l0 may exceed 2^51 + 2^13.
//
// This kernel is long because it is unrolled: the products of squareLimbs,
// repeated rather than shared through a function returning the ten column
// words, which cannot be inlined.
func squareLimbsLazy(l0, l1, l2, l3, l4 uint64) (uint64, uint64, uint64, uint64, uint64) {
	// The columns of squareLimbs.
	l0x2 := l0 << 1
	l1x2 := l1 << 1
	l1x38 := times19(l1) << 1
	l2x38 := times19(l2) << 1
	l3x19 := times19(l3)
	l3x38 := l3x19 << 1
	l4x19 := times19(l4)

	// r0 = l0·l0 + 38·(l1·l4 + l2·l3)
	h0, r0 := bits.Mul64(l0, l0)
	h0, r0 = mulAdd(h0, r0, l1x38, l4)
	h0, r0 = mulAdd(h0, r0, l2x38, l3)

	// r1 = 2·l0·l1 + 38·l2·l4 + 19·l3·l3
	h1, r1 := bits.Mul64(l0x2, l1)
	h1, r1 = mulAdd(h1, r1, l2x38, l4)
	h1, r1 = mulAdd(h1, r1, l3x19, l3)

	// r2 = 2·l0·l2 + l1·l1 + 38·l3·l4
	h2, r2 := bits.Mul64(l0x2, l2)
	h2, r2 = mulAdd(h2, r2, l1, l1)
	h2, r2 = mulAdd(h2, r2, l3x38, l4)

	// r3 = 2·l0·l3 + 2·l1·l2 + 19·l4·l4
	h3, r3 := bits.Mul64(l0x2, l3)
	h3, r3 = mulAdd(h3, r3, l1x2, l2)
	h3, r3 = mulAdd(h3, r3, l4x19, l4)

	// r4 = 2·l0·l4 + 2·l1·l3 + l2·l2
	h4, r4 := bits.Mul64(l0x2, l4)
	h4, r4 = mulAdd(h4, r4, l1x2, l3)
	h4, r4 = mulAdd(h4, r4, l2, l2)

	s0, m0 := split51(h0, r0)
	s1, m1 := split51(h1, r1)
	s2, m2 := split51(h2, r2)
	s3, m3 := split51(h3, r3)
	s4, m4 := split51(h4, r4)
	return carryLimbs(m0+times19(s4), m1+s0, m2+s1, m3+s2, m4+s3)
}

// split51 returns s = (hi, lo) >> 51 and m = lo mod 2^51 for a column
// (hi, lo) below 2^115, as carryWide splits it.
func split51(hi, lo uint64) (s, m uint64) {
	return shr51(hi, lo), lo & maskLow51Bits
}

// carryStep returns the limb l = (m + c) mod 2^51 and the carry
// cOut = s + (m + c) >> 51 out of a column split into (s, m) by split51, with
// the carry c into it: a link of carryWide's chain.
func carryStep(s, m, c uint64) (l, cOut uint64) {
	t := m + c
	return t & maskLow51Bits, s + t>>51
}

// carryFold returns the limbs l0 and l1 at the end of carryWide's chain:
// the carry c out of the top column (weight 2^255 = 19) added to m0, and
// the excess of l0 moved into l1.
func carryFold(m0, l1, c uint64) (uint64, uint64) {
	l0 := m0 + times19(c)
	return l0 & maskLow51Bits, l1 + l0>>51
}

// carryPropagate is a weak carry pass: every limb keeps its low 51 bits and
// passes the rest to the next one, the top limb's excess (weight 2^255)
// returning to l0 multiplied by 19. The carries are taken in parallel, so
// the limbs are not fully reduced. It returns v.
//
// Bounds: from any limbs (< 2^64), l0 < 2^51 + 19·2^13 and l1..l4 <
// 2^51 + 2^13. From limbs below 2^55, as after an Add or Sub, every carry is
// at most 15: l0 < 2^51 + 285 and l1..l4 < 2^51 + 15.
func (v *Element) carryPropagate() *Element {
	v.l0, v.l1, v.l2, v.l3, v.l4 = carryLimbs(v.l0, v.l1, v.l2, v.l3, v.l4)
	return v
}

// carryLimbs is carryPropagate on limbs passed and returned in registers.
func carryLimbs(l0, l1, l2, l3, l4 uint64) (uint64, uint64, uint64, uint64, uint64) {
	c0 := l0 >> 51
	c1 := l1 >> 51
	c2 := l2 >> 51
	c3 := l3 >> 51
	c4 := l4 >> 51
	return l0&maskLow51Bits + times19(c4), l1&maskLow51Bits + c0, l2&maskLow51Bits + c1,
		l3&maskLow51Bits + c2, l4&maskLow51Bits + c3
}
