package nistec

import (
	"math/bits"

	"github.com/carry-crypto/carry/internal/bingcd"
)

// The binary GCD for any modulus up to bingcdMaxWords words: the reference
// that the inversions written out for each modulus (pNNNBinGCDGeneric, from
// _gen's emitBinGCD, and their assembly) are compared with word for word.

// bingcdMaxWords is the largest modulus binaryInvert takes, in words.
const bingcdMaxWords = 9

// bingcdIterations returns the number of outer iterations binaryInvert
// needs for a modulus of bitLen bits: 2·bitLen - 1 binary GCD steps in all,
// 31 an iteration, and one more iteration as a margin.
func bingcdIterations(bitLen int) int {
	return (2*bitLen-1+bingcd.Steps-1)/bingcd.Steps + 1
}

// binaryInvert sets v to y⁻¹·2^(-33·iters) mod m, for an odd modulus m of at
// most bingcdMaxWords words, y < m (0 gives 0), m0inv = -m⁻¹ mod 2^64 and
// iters at least bingcdIterations(bitlen(m)). v may not alias y or m.
//
// It is the optimized binary GCD of Pornin, "Optimized Binary GCD for
// Modular Inversion" (eprint 2020/972), Algorithm 2 with k = 32: a and b
// start at y and m, with a ≡ u·y·2^(33t) and b ≡ v·y·2^(33t) (mod m) after t
// iterations. Each iteration runs 31 binary GCD steps on 64-bit
// approximations of a and b (their top 33 bits at the length of the larger,
// and their low 31 bits), collecting the steps in a matrix of signed
// coefficients, then applies it to a and b (exactly divisible by 2^31; a
// negative result is negated with its coefficients) and to u and v (modulo m,
// divided by 2^64 as in Montgomery's reduction). At the end b = gcd(y, m) = 1,
// a = 0, and v·2^(33t) is y⁻¹.
//
// Constant time: the iteration counts are public, and every choice on a, b,
// u, v is a mask.
func binaryInvert(v, y, m []uint64, m0inv uint64, iters int) {
	n := len(m)
	var aBuf, bBuf, uBuf, na, nb, nu [bingcdMaxWords]uint64
	a, b, u := aBuf[:n], bBuf[:n], uBuf[:n]
	for i := range n {
		a[i], b[i], v[i] = y[i], m[i], 0
	}
	u[0] = 1
	for range iters {
		// The approximations: the top 64 bits of the pair's length (at
		// least 64), with the low 31 bits replaced by the true low bits.
		aHi, bHi, aLo, bLo := uint64(0), uint64(0), a[0], b[0]
		searching := ^uint64(0)
		for i := n - 1; i >= 1; i-- {
			found := bingcd.NonzeroMask(a[i]|b[i]) & searching
			aHi = aHi&^found | a[i]&found
			aLo = aLo&^found | a[i-1]&found
			bHi = bHi&^found | b[i]&found
			bLo = bLo&^found | b[i-1]&found
			searching &^= found
		}
		s := uint(bits.LeadingZeros64(aHi | bHi))
		const low = 1<<bingcd.Steps - 1
		xa := (aHi<<s|aLo>>(64-s))&^low | a[0]&low
		xb := (bHi<<s|bLo>>(64-s))&^low | b[0]&low

		// The steps, on the approximations: if a is odd, subtract b (after
		// swapping if a < b); then halve a. f0, g0, f1, g1 track a and b as
		// combinations of the iteration's starting values, scaled by 2^31.
		f0, g0, f1, g1 := uint64(1), uint64(0), uint64(0), uint64(1)
		for range bingcd.Steps {
			odd := -(xa & 1)
			_, lt := bits.Sub64(xa, xb, 0)
			swap := odd & -lt
			t := (xa ^ xb) & swap
			xa ^= t
			xb ^= t
			t = (f0 ^ f1) & swap
			f0 ^= t
			f1 ^= t
			t = (g0 ^ g1) & swap
			g0 ^= t
			g1 ^= t
			xa -= xb & odd
			f0 -= f1 & odd
			g0 -= g1 & odd
			xa >>= 1
			f1 <<= 1
			g1 <<= 1
		}

		negA := bingcdLinear(na[:n], a, b, f0, g0)
		negB := bingcdLinear(nb[:n], a, b, f1, g1)
		f0, g0 = (f0^negA)-negA, (g0^negA)-negA
		f1, g1 = (f1^negB)-negB, (g1^negB)-negB
		copy(a, na[:n])
		copy(b, nb[:n])
		bingcdLinearMod(nu[:n], u, v, f0, g0, m, m0inv)
		bingcdLinearMod(v, u, v, f1, g1, m, m0inv)
		copy(u, nu[:n])
	}
}

// bingcdLinear sets out = |(f·a + g·b) / 2^31|, for f and g signed (two's
// complement) of magnitude at most 2^31 and a division that is exact, and
// returns all ones if f·a + g·b was negative, 0 otherwise. Constant time.
func bingcdLinear(out, a, b []uint64, f, g uint64) uint64 {
	n := len(a)
	var ta, tb [bingcdMaxWords + 1]uint64
	bingcdMulSigned(ta[:n+1], a, f)
	bingcdMulSigned(tb[:n+1], b, g)
	var c uint64
	for i := range n + 1 {
		ta[i], c = bits.Add64(ta[i], tb[i], c)
	}
	neg := -(ta[n] >> 63)
	// Shift right by 31 (the low n words of the quotient; its magnitude is
	// below 2^(64n)), then take the absolute value.
	for i := range n {
		out[i] = ta[i]>>bingcd.Steps | ta[i+1]<<(64-bingcd.Steps)
	}
	c = neg & 1
	for i := range n {
		out[i], c = bits.Add64(out[i]^neg, 0, c)
	}
	return neg
}

// bingcdMulSigned sets t (n+1 words, two's complement) = f·x for the signed
// f of magnitude at most 2^31. Constant time.
func bingcdMulSigned(t, x []uint64, f uint64) {
	neg := -(f >> 63)
	abs := (f ^ neg) - neg
	var c uint64
	for i := range x {
		hi, lo := bits.Mul64(x[i], abs)
		var cc uint64
		t[i], cc = bits.Add64(lo, c, 0)
		c = hi + cc
	}
	t[len(x)] = c
	c = neg & 1
	for i := range t {
		t[i], c = bits.Add64(t[i]^neg, 0, c)
	}
}

// bingcdLinearMod sets out = (f·u + g·v)·2^(-64) mod m, for u, v < m and f,
// g signed of magnitude at most 2^31. out may alias v (not u). Constant
// time: a negative coefficient takes m - u for u, and the division by 2^64
// is one row of Montgomery's reduction.
func bingcdLinearMod(out, u, v []uint64, f, g uint64, m []uint64, m0inv uint64) {
	n := len(m)
	var uu, vv [bingcdMaxWords]uint64
	bingcdAbsMod(uu[:n], u, f, m)
	bingcdAbsMod(vv[:n], v, g, m)
	fn, gn := -(f >> 63), -(g >> 63)
	fa, ga := (f^fn)-fn, (g^gn)-gn
	// t = fa·uu + ga·vv < 2^32·m, on n+1 words.
	var t [bingcdMaxWords + 2]uint64
	var c1, c2 uint64
	for i := range n {
		h1, l1 := bits.Mul64(uu[i], fa)
		h2, l2 := bits.Mul64(vv[i], ga)
		var c uint64
		l1, c = bits.Add64(l1, c1, 0)
		h1 += c
		l2, c = bits.Add64(l2, c2, 0)
		h2 += c
		t[i], c = bits.Add64(l1, l2, 0)
		c1, c2 = h1+c, h2
	}
	t[n] = c1 + c2
	// t + q·m clears the low word; (t + q·m) / 2^64 < 2m.
	q := t[0] * m0inv
	var c uint64
	for i := range n {
		hi, lo := bits.Mul64(q, m[i])
		var cc uint64
		lo, cc = bits.Add64(lo, c, 0)
		hi += cc
		t[i], cc = bits.Add64(t[i], lo, 0)
		c = hi + cc
	}
	t[n], c = bits.Add64(t[n], c, 0)
	t[n+1] = c
	// out = t[1..n+1] - m if that does not borrow.
	var r [bingcdMaxWords]uint64
	var b uint64
	for i := range n {
		r[i], b = bits.Sub64(t[i+1], m[i], b)
	}
	_, b = bits.Sub64(t[n+1], 0, b)
	keep := -b
	for i := range n {
		out[i] = t[i+1]&keep | r[i]&^keep
	}
}

// bingcdAbsMod sets out = m - x if f is negative, and x otherwise. Constant time.
func bingcdAbsMod(out, x []uint64, f uint64, m []uint64) {
	neg := -(f >> 63)
	var b uint64
	for i := range m {
		var d uint64
		d, b = bits.Sub64(m[i], x[i], b)
		out[i] = d&neg | x[i]&^neg
	}
}
