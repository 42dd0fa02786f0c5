package field25519

import (
	"math/bits"

	"github.com/carry-crypto/carry/internal/bingcd"
)

// This file holds the inversion: Pornin's optimized binary GCD ("Optimized
// Binary GCD for Modular Inversion", eprint 2020/972, Algorithm 2 with
// k = 32), written out for p = 2^255 - 19.
//
// a and b start at y (reduced below p) and p, u and v at 1 and 0; after t
// outer iterations a ≡ u·y·2^(33t) and b ≡ v·y·2^(33t) (mod p). An iteration
// runs bingcd.Steps steps of the binary GCD, internal/bingcd's Inner (if a is odd: swap a and b if
// a < b, then a -= b; then a /= 2) on 64-bit approximations of a and b,
// collecting them in a matrix of coefficients scaled by 2^31; it applies the
// matrix to a and b, exactly divisible by 2^31 (a negative result is negated
// with its row), and to u and v modulo p, divided by 2^64 as in one row of
// Montgomery's reduction. At the end b = gcd(y, p) = 1, a = 0 and v·2^(33t)
// is y⁻¹; for y = 0, b = p and v = 0.
//
// The number of iterations, bingcdIterations. Every exact step that starts
// with a ≠ 0 shrinks len(a) + len(b) (the sum of the bit lengths) by at least
// one: an even a is halved, and an odd a becomes |a - b|/2, below half the
// larger of a and b. Both start below 2^255, so 2·255 - 1 = 509 exact steps
// bring the sum to 1: a = 0 and b = 1, which takes ⌈509/31⌉ = 17 iterations.
// The approximations (the top 33 bits at the length of the larger, and the
// low 31 bits) may make a step shrink the sum less than the exact one would,
// so, as internal/nistec does for its moduli, one iteration more than the
// exact count is run as a margin. TestBingcdIterationBound replays the
// iterations on math/big: on the edges and on random inputs a reaches 0
// within 17, and the larger of a and b never grows. Once a is 0 the
// remaining steps only halve 0, and keep b, and v up to the factor 2^(-33)
// that the final constant undoes.

// bingcdIterations is the number of outer iterations (see above).
const bingcdIterations = (2*255-1+bingcd.Steps-1)/bingcd.Steps + 1

// invertFactor is 2^(33·bingcdIterations) mod p, the factor that invert's v
// lacks: 2^594 = 19²·2^84.
var invertFactor = [4]uint64{0, 19 * 19 << 20, 0, 0}

// invert sets out = y⁻¹ mod p for any y below 2^256 (0 mod p gives 0), by
// the binary GCD above and one multiplication by invertFactor: out is below
// 2^255 + 2^12. out may alias y. Constant time: the iteration counts are
// public, and every choice on the values is a mask.
//
// The matrix is applied with the nonnegative coefficients c' = c + 2^31, in
// [1, 2^32], so that every product is unsigned:
//
//	(f·a + g·b)/2^31 = (f'·a + g'·b)/2^31 - (a + b)
//	f·u + g·v ≡ f'·u + g'·v + 2^31·(2p - u - v)   (mod p)
func invert(out, y *[4]uint64) {
	var a, b, u, v, na, nb [4]uint64
	a[0], a[1], a[2], a[3] = canonical(y[0], y[1], y[2], y[3])
	b = [4]uint64{1<<64 - 19, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1}
	u[0] = 1
	for range bingcdIterations {
		// The approximations: the top 64 bits at the length of the larger
		// of a and b (at least 64), with the low 31 bits replaced by the
		// true low bits.
		found := bingcd.NonzeroMask(a[3] | b[3])
		aHi, aLo, bHi, bLo := a[3]&found, a[2]&found, b[3]&found, b[2]&found
		searching := ^found
		found = bingcd.NonzeroMask(a[2]|b[2]) & searching
		aHi, aLo = aHi|a[2]&found, aLo|a[1]&found
		bHi, bLo = bHi|b[2]&found, bLo|b[1]&found
		searching &^= found
		aHi, aLo = aHi|a[1]&searching, aLo|a[0]&searching
		bHi, bLo = bHi|b[1]&searching, bLo|b[0]&searching
		s := uint(bits.LeadingZeros64(aHi | bHi))
		const low = 1<<bingcd.Steps - 1
		xa := (aHi<<s|aLo>>(64-s))&^low | a[0]&low
		xb := (bHi<<s|bLo>>(64-s))&^low | b[0]&low

		fg0, fg1 := bingcd.Inner(xa, xb)
		fg0 += bingcd.Offset
		fg1 += bingcd.Offset
		f0, g0 := fg0&0xffffffff+1, fg0>>32+1
		f1, g1 := fg1&0xffffffff+1, fg1>>32+1

		negA := linDiv(&na, &a, &b, f0, g0)
		negB := linDiv(&nb, &a, &b, f1, g1)
		a, b = na, nb
		// A negated a or b negates its row: c' becomes 2^32 - c'.
		f0 = f0 ^ negA + negA&(1<<32+1)
		g0 = g0 ^ negA + negA&(1<<32+1)
		f1 = f1 ^ negB + negB&(1<<32+1)
		g1 = g1 ^ negB + negB&(1<<32+1)

		linMod(&na, &u, &v, f0, g0)
		linMod(&nb, &u, &v, f1, g1)
		u, v = na, nb
	}
	feMul(out, &v, &invertFactor)
}

// linDiv sets r = |(f·a + g·b)/2^31 - (a + b)| for a, b < 2^255 and f, g in
// [1, 2^32], and returns all ones if the value inside was negative and 0
// otherwise. The caller guarantees that 2^31 divides f·a + g·b exactly and
// that the result is below 2^255. r may not alias a or b.
func linDiv(r, a, b *[4]uint64, f, g uint64) (neg uint64) {
	// x = f·a + g·b < 2^288 on five words: the products' low words on
	// one carry chain, then their high words one word up on another.
	ah0, al0 := bits.Mul64(a[0], f)
	bh0, bl0 := bits.Mul64(b[0], g)
	ah1, al1 := bits.Mul64(a[1], f)
	bh1, bl1 := bits.Mul64(b[1], g)
	ah2, al2 := bits.Mul64(a[2], f)
	bh2, bl2 := bits.Mul64(b[2], g)
	ah3, al3 := bits.Mul64(a[3], f)
	bh3, bl3 := bits.Mul64(b[3], g)
	x0, c := bits.Add64(al0, bl0, 0)
	x1, c := bits.Add64(al1, bl1, c)
	x2, c := bits.Add64(al2, bl2, c)
	x3, c := bits.Add64(al3, bl3, c)
	x1, k := bits.Add64(x1, ah0+bh0, 0)
	x2, k = bits.Add64(x2, ah1+bh1, k)
	x3, k = bits.Add64(x3, ah2+bh2, k)
	x4 := c + ah3 + bh3 + k
	// s = a + b < 2^256, on four words.
	s0, c := bits.Add64(a[0], b[0], 0)
	s1, c := bits.Add64(a[1], b[1], c)
	s2, c := bits.Add64(a[2], b[2], c)
	s3, _ := bits.Add64(a[3], b[3], c)
	// q = x/2^31 - s, on five words; its top word is the sign.
	q0, bo := bits.Sub64(x0>>31|x1<<33, s0, 0)
	q1, bo := bits.Sub64(x1>>31|x2<<33, s1, bo)
	q2, bo := bits.Sub64(x2>>31|x3<<33, s2, bo)
	q3, bo := bits.Sub64(x3>>31|x4<<33, s3, bo)
	neg = -((x4>>31 - bo) >> 63)
	r[0], bo = bits.Sub64(q0^neg, neg, 0)
	r[1], bo = bits.Sub64(q1^neg, neg, bo)
	r[2], bo = bits.Sub64(q2^neg, neg, bo)
	r[3], _ = bits.Sub64(q3^neg, neg, bo)
	return neg
}

// linMod sets r = (f·u + g·v + 2^31·(2p - u - v))·2^(-64) mod p, below p,
// for u, v < p and f, g in [0, 2^32] (a negated row's coefficients reach 0).
// r may not alias u or v.
//
// t = f·u + g·v + 2^31·(2p - u - v) < 3·2^32·p, then one row of
// Montgomery's reduction: q = t·(-p⁻¹) mod 2^64 = t·19⁻¹ mod 2^64, so that
// the low word of q·p = q·2^255 - 19·q is t's own, and (t + q·p)/2^64 < 2p
// is t's upper words, less the high word of 19·q, plus q·2^191. One
// subtraction of p, kept when it does not borrow, as in canonical, brings it
// below p.
func linMod(r, u, v *[4]uint64, f, g uint64) {
	// d = 2p - u - v, in (0, 2p], below 2^256; e = 2^31·d on five words.
	d0, bo := bits.Sub64(1<<64-38, u[0], 0)
	d1, bo := bits.Sub64(1<<64-1, u[1], bo)
	d2, bo := bits.Sub64(1<<64-1, u[2], bo)
	d3, _ := bits.Sub64(1<<64-1, u[3], bo)
	d0, bo = bits.Sub64(d0, v[0], 0)
	d1, bo = bits.Sub64(d1, v[1], bo)
	d2, bo = bits.Sub64(d2, v[2], bo)
	d3, _ = bits.Sub64(d3, v[3], bo)

	uh0, ul0 := bits.Mul64(u[0], f)
	vh0, vl0 := bits.Mul64(v[0], g)
	uh1, ul1 := bits.Mul64(u[1], f)
	vh1, vl1 := bits.Mul64(v[1], g)
	uh2, ul2 := bits.Mul64(u[2], f)
	vh2, vl2 := bits.Mul64(v[2], g)
	uh3, ul3 := bits.Mul64(u[3], f)
	vh3, vl3 := bits.Mul64(v[3], g)
	t0, c := bits.Add64(ul0, vl0, 0)
	t1, c := bits.Add64(ul1, vl1, c)
	t2, c := bits.Add64(ul2, vl2, c)
	t3, c := bits.Add64(ul3, vl3, c)
	t1, k := bits.Add64(t1, uh0+vh0, 0)
	t2, k = bits.Add64(t2, uh1+vh1, k)
	t3, k = bits.Add64(t3, uh2+vh2, k)
	t4 := c + uh3 + vh3 + k
	t0, c = bits.Add64(t0, d0<<31, 0)
	t1, c = bits.Add64(t1, d1<<31|d0>>33, c)
	t2, c = bits.Add64(t2, d2<<31|d1>>33, c)
	t3, c = bits.Add64(t3, d3<<31|d2>>33, c)
	t4 += d3>>33 + c

	// The low word of 19·q is t0, so the low words cancel exactly.
	q := t0 * 0x86bca1af286bca1b // 19⁻¹ mod 2^64
	h, _ := bits.Mul64(q, 19)
	z0, bo := bits.Sub64(t1, h, 0)
	z1, bo := bits.Sub64(t2, 0, bo)
	z2, bo := bits.Sub64(t3, 0, bo)
	z3 := t4 - bo
	z2, c = bits.Add64(z2, q<<63, 0)
	z3 += q>>1 + c

	// z < 2p < 2^256 - 19: z ≥ p exactly when z + 19 ≥ 2^255.
	w0, w1, w2, w3 := addWord(z0, z1, z2, z3, 19)
	keep := w3>>63 - 1
	w3 &= 1<<63 - 1
	r[0] = w0 ^ keep&(w0^z0)
	r[1] = w1 ^ keep&(w1^z1)
	r[2] = w2 ^ keep&(w2^z2)
	r[3] = w3 ^ keep&(w3^z3)
}
