package bigmod

import "math/bits"

// This file holds the portable Montgomery kernels, on n-limb little-endian
// slices of 64-bit words, with W = 2^64 and R = W^n. They are always
// compiled: mont.go dispatches to them, and assembly kernels, where there are
// any, are tested against them.
//
// Every kernel runs in time that depends on n only. A limb comparison is the
// borrow of a subtraction, and a decision on it a mask.

// montMulGeneric sets z = x·y·R⁻¹ mod m, the Montgomery product, with m odd,
// m0inv = -m⁻¹ mod W, x, y < R and one of x, y below m. All slices have
// length n ≥ 1 (only m's length is read); z must not overlap x, y or m.
//
// It is the CIOS (coarsely integrated operand scanning) form of Koç, Acar and
// Kaliski, "Analyzing and comparing Montgomery multiplication algorithms"
// (IEEE Micro, 1996), with the reduction fused into the multiplication loop
// as a second carry chain. Step i adds x·y[i] and q·m to the running total t
// and divides it by W, where q = t[0]·m0inv makes the low word zero:
//
//	        z[n-1] ... z[1]  z[0]       t, n words, plus a top bit
//	+  c1 ← x[n-1]·y[i] ... x[0]·y[i]    chain 1: product row
//	+  c2 ← q·m[n-1]    ... q·m[0]       chain 2: reduction row
//	=  (new z[n-1] ... new z[0]) 0       shifted down one word
//
// Chain 1 at word j computes x[j]·y[i] + z[j] + c1 and chain 2 computes
// q·m[j] + (chain 1's low word) + c2: each is at most (W-1)² + 2(W-1) =
// W² - 1, so each fits in two words, and each carry c1, c2 is one word.
//
// Bounds: if t < x + m before a step, after it t < (x + m + (W-1)x +
// (W-1)m)/W = x + m < 2R, so t is n words and a top bit. After the n steps
// t = (x·y + Q·m)/R for some Q < R, so t < x·y/R + m < 2m as one of x, y is
// below m; one conditional subtraction of m then gives z < m.
func montMulGeneric(z, x, y, m []uint64, m0inv uint64) {
	n := len(m)
	z, x, y = z[:n], x[:n], y[:n]
	clear(z)
	var top uint64 // the bit of t above z
	for i := 0; i < n; i++ {
		yi := y[i]

		// Word 0: the product row's low word decides q, and the reduction
		// row cancels it.
		hi, lo := bits.Mul64(x[0], yi)
		lo, c := bits.Add64(lo, z[0], 0)
		c1, _ := bits.Add64(hi, 0, c)
		q := lo * m0inv
		hi, lo2 := bits.Mul64(q, m[0])
		_, c = bits.Add64(lo2, lo, 0) // lo2 + lo = 0 mod W
		c2, _ := bits.Add64(hi, 0, c)

		for j := 1; j < n; j++ {
			// Chain 1: (c1, lo) = x[j]·y[i] + z[j] + c1.
			hi, lo := bits.Mul64(x[j], yi)
			lo, c := bits.Add64(lo, z[j], 0)
			hi, _ = bits.Add64(hi, 0, c)
			lo, c = bits.Add64(lo, c1, 0)
			c1, _ = bits.Add64(hi, 0, c)
			// Chain 2: (c2, z[j-1]) = q·m[j] + lo + c2.
			hi, lo2 := bits.Mul64(q, m[j])
			lo2, c = bits.Add64(lo2, lo, 0)
			hi, _ = bits.Add64(hi, 0, c)
			z[j-1], c = bits.Add64(lo2, c2, 0)
			c2, _ = bits.Add64(hi, 0, c)
		}

		// Word n: top + c1 + c2 < 2W by the bound above.
		s, ca := bits.Add64(c1, c2, 0)
		z[n-1], c = bits.Add64(s, top, 0)
		top = ca + c
	}
	subIfGeq(z, m, top)
}

// subIfGeq sets z = z + top·W^n - m if that is not negative, and leaves z
// unchanged otherwise, where top is 0 or 1 and len(z) == len(m).
//
// It reads z twice: once for the borrow of z - m, which with top decides,
// and once to subtract m masked by the decision.
func subIfGeq(z, m []uint64, top uint64) {
	n := len(m)
	z = z[:n]
	var b uint64
	for j := 0; j < n; j++ {
		_, b = bits.Sub64(z[j], m[j], b)
	}
	// Subtract if the value overflowed n words or z - m did not borrow.
	mask := choice(top | (b ^ 1)).mask()
	b = 0
	for j := 0; j < n; j++ {
		z[j], b = bits.Sub64(z[j], m[j]&mask, b)
	}
}

// addMulWordVec sets z = z + x·y, where z and x have the same length, and
// returns the carry word. Each step is x[j]·y + z[j] + carry ≤ W² - 1.
func addMulWordVec(z, x []uint64, y uint64) uint64 {
	x = x[:len(z)]
	var carry uint64
	for j := range z {
		hi, lo := bits.Mul64(x[j], y)
		lo, c := bits.Add64(lo, z[j], 0)
		hi, _ = bits.Add64(hi, 0, c)
		lo, c = bits.Add64(lo, carry, 0)
		carry, _ = bits.Add64(hi, 0, c)
		z[j] = lo
	}
	return carry
}

// addMulRowPair adds two consecutive rows i and i+1 of a squaring's cross
// products as two interleaved carry chains. With w = t[2i+1:], v = x[i+1:]
// (L = len(v) ≥ 2 words), a = x[i] and b = x[i+1], it sets
//
//	w[0:L+2] = w[0:L] + a·v + b·v[1:]·W²
//
// where w[L] and w[L+1] are written, not added to: they are the words the
// two rows' carries reach first. Row a's chain at word j computes a·v[j] +
// w[j] + cA, row b's b·v[j-1] + (row a's low word) + cB, each at most W² - 1.
func addMulRowPair(w, v []uint64, a, b uint64) {
	l := len(v)
	w = w[:l+2]
	// Words 0 and 1: row a only.
	var c uint64
	hi, lo := bits.Mul64(a, v[0])
	w[0], c = bits.Add64(lo, w[0], 0)
	cA, _ := bits.Add64(hi, 0, c)
	hi, lo = bits.Mul64(a, v[1])
	lo, c = bits.Add64(lo, w[1], 0)
	hi, _ = bits.Add64(hi, 0, c)
	w[1], c = bits.Add64(lo, cA, 0)
	cA, _ = bits.Add64(hi, 0, c)
	var cB uint64
	for j := 2; j < l; j++ {
		hi2, lo2 := bits.Mul64(b, v[j-1])
		hi, lo := bits.Mul64(a, v[j])
		lo, c := bits.Add64(lo, w[j], 0)
		hi, _ = bits.Add64(hi, 0, c)
		lo, c = bits.Add64(lo, cA, 0)
		cA, _ = bits.Add64(hi, 0, c)
		lo2, c = bits.Add64(lo2, lo, 0)
		hi2, _ = bits.Add64(hi2, 0, c)
		w[j], c = bits.Add64(lo2, cB, 0)
		cB, _ = bits.Add64(hi2, 0, c)
	}
	// Word l: row b's last product and both carries; word l+1 its carry.
	hi, lo = bits.Mul64(b, v[l-1])
	lo, c = bits.Add64(lo, cA, 0)
	hi, _ = bits.Add64(hi, 0, c)
	w[l], c = bits.Add64(lo, cB, 0)
	w[l+1], _ = bits.Add64(hi, 0, c)
}

// montSqrGeneric sets z = x²·R⁻¹ mod m, with m odd, m0inv = -m⁻¹ mod W and
// x < m, all of m's length n. z must not overlap x or m.
//
// The square is computed in full into t, 2n words: the cross products
// x[i]·x[j], i < j, once, two rows at a time (addMulRowPair), then t is
// doubled as one carry chain and the squares x[i]² are added on the
// diagonal; montRedcGeneric reduces it. That is n(n+1)/2 + n² products
// against 2n² for a multiplication.
func montSqrGeneric(z, x, m []uint64, m0inv uint64) {
	n := len(m)
	x = x[:n]
	var buf [2 * stackLimbs]uint64
	t := scratch(buf[:], 2*n) // zero, as buf or a new slice

	// Cross products: rows i = 0 .. n-2, row i adding x[i]·x[i+1:] at word
	// 2i+1. Pairs of rows, and the last row alone if their count is odd.
	i := 0
	for ; i+1 < n-1; i += 2 {
		addMulRowPair(t[2*i+1:i+n+2], x[i+1:], x[i], x[i+1])
	}
	if i == n-2 {
		t[2*n-2] = addMulWordVec(t[2*n-3:2*n-2], x[n-1:], x[n-2])
	}

	// Double, as one carry chain: t[0] and t[2n-1] are still zero, and the
	// sum of the cross products is below W^2n / 2.
	var c uint64
	for k := 1; k < 2*n-1; k++ {
		t[k], c = bits.Add64(t[k], t[k], c)
	}
	t[2*n-1] = c

	// Diagonal: t += x[i]² at word 2i. The high word of x[i]² is at most
	// W - 2, so the carry of the low word's addition folds into it; the carry
	// out of word 2i+1 goes into word 2i+2 with the next low word. The last
	// one is zero, as t = x² < W^2n.
	c = 0
	for i := 0; i < n; i++ {
		hi, lo := bits.Mul64(x[i], x[i])
		var cl uint64
		t[2*i], cl = bits.Add64(t[2*i], lo, c)
		hi, _ = bits.Add64(hi, 0, cl)
		t[2*i+1], c = bits.Add64(t[2*i+1], hi, 0)
	}

	montRedcGeneric(z, t, m, m0inv)
}

// montRedcGeneric sets z = t·R⁻¹ mod m, the Montgomery reduction of the
// 2n-word t, for t < m·R (the product of two values below m is). t is
// overwritten. z has m's length n and must not overlap t or m.
//
// Row i adds q·m·W^i with q = t[i]·m0inv, which clears word i. Rows go two
// at a time, as two interleaved carry chains (redcRowPair): row i+1's q is
// known once row i has reached word i+1. The carry out of word i+n+1 (i+n for
// a last row alone, when n is odd), one bit, is held in hiBit and added with
// the next pair. While it runs t stays below m·R + R·m < 2R², 2n words and
// hiBit; after n rows t is a multiple of R and t/R < (m·R + (R-1)·m)/R < 2m.
func montRedcGeneric(z, t, m []uint64, m0inv uint64) {
	n := len(m)
	t = t[:2*n]
	z = z[:n]
	var hiBit uint64
	i := 0
	for ; i+1 < n; i += 2 {
		hiBit = redcRowPair(t[i:i+n+2], m, m0inv, hiBit)
	}
	if i < n {
		// n is odd: the last row alone.
		q := t[i] * m0inv
		carry := addMulWordVec(t[i:i+n], m, q)
		t[i+n], hiBit = bits.Add64(t[i+n], carry, hiBit)
	}
	copy(z, t[n:])
	subIfGeq(z, m, hiBit)
}

// redcRowPair runs two rows of montRedcGeneric on w = t[i : i+n+2], with the
// carry bit hiBit of the previous rows, which belongs at w[n], and returns
// the carry bit out of w[n+1]. n = len(m) ≥ 2.
func redcRowPair(w, m []uint64, m0inv, hiBit uint64) uint64 {
	n := len(m)
	w = w[:n+2]
	// Row a clears w[0] with q0, then row b clears w[1] with q1.
	q0 := w[0] * m0inv
	hi, lo := bits.Mul64(q0, m[0])
	_, c := bits.Add64(lo, w[0], 0)
	cA, _ := bits.Add64(hi, 0, c)
	hi, lo = bits.Mul64(q0, m[1])
	lo, c = bits.Add64(lo, w[1], 0)
	hi, _ = bits.Add64(hi, 0, c)
	s, c := bits.Add64(lo, cA, 0)
	cA, _ = bits.Add64(hi, 0, c)
	q1 := s * m0inv
	hi, lo = bits.Mul64(q1, m[0])
	_, c = bits.Add64(lo, s, 0)
	cB, _ := bits.Add64(hi, 0, c)
	for j := 2; j < n; j++ {
		// (cA, lo) = q0·m[j] + w[j] + cA; (cB, w[j]) = q1·m[j-1] + lo + cB.
		hi2, lo2 := bits.Mul64(q1, m[j-1])
		hi, lo := bits.Mul64(q0, m[j])
		lo, c := bits.Add64(lo, w[j], 0)
		hi, _ = bits.Add64(hi, 0, c)
		lo, c = bits.Add64(lo, cA, 0)
		cA, _ = bits.Add64(hi, 0, c)
		lo2, c = bits.Add64(lo2, lo, 0)
		hi2, _ = bits.Add64(hi2, 0, c)
		w[j], c = bits.Add64(lo2, cB, 0)
		cB, _ = bits.Add64(hi2, 0, c)
	}
	// Word n: row a ends, with the previous carry bit; row b adds its last
	// product. Word n+1 takes both chains' carries.
	s, cx := bits.Add64(w[n], cA, hiBit)
	hi, lo = bits.Mul64(q1, m[n-1])
	lo, c = bits.Add64(lo, s, 0)
	hi, _ = bits.Add64(hi, 0, c)
	w[n], c = bits.Add64(lo, cB, 0)
	cB, _ = bits.Add64(hi, 0, c)
	w[n+1], hiBit = bits.Add64(w[n+1], cB, cx)
	return hiBit
}
