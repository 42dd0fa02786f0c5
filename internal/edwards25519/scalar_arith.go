package edwards25519

import "math/bits"

// This file holds the arithmetic kernels of Scalar: four 64-bit words and
// Montgomery multiplication with R = 2^256 (Montgomery, "Modular
// multiplication without trial division", Math. Comp. 44, 1985), written
// out without loops. Every kernel runs in constant time: carries and
// borrows are applied by masks.

// scalarL is l = 2^252 + 27742317777372353535851937790883648493 in
// little-endian words. Its word 2 is zero and word 3 is 2^60.
var scalarL = [4]uint64{0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000}

// scalarLInv is −l^-1 mod 2^64, the factor of each Montgomery reduction step.
const scalarLInv = 0xd2b51da312547e1b

// scalarRR is R^2 mod l and scalarRRR is R^3 mod l, R = 2^256: a Montgomery
// product by them multiplies by R and R^2.
var (
	scalarRR  = [4]uint64{0xa40611e3449c0f01, 0xd00e1ba768859347, 0xceec73d217f5be65, 0x0399411b7c309a3d}
	scalarRRR = [4]uint64{0x2a9e49687b83a2db, 0x278324e6aef7f3ec, 0x8065dc6c04ec5b65, 0x0e530b773599cec7}
	scalarOne = [4]uint64{1, 0, 0, 0}
)

// madd returns hi, lo = a·b + c + d, which is below 2^128:
// (2^64−1)^2 + 2·(2^64−1) = 2^128 − 1.
func madd(a, b, c, d uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(a, b)
	var cc uint64
	lo, cc = bits.Add64(lo, c, 0)
	hi += cc
	lo, cc = bits.Add64(lo, d, 0)
	hi += cc
	return hi, lo
}

// montMul sets out = a·b/R mod l, fully reduced (below l). a and b may be
// any values below 2^256 provided a·b < R·l, as it is when one of them is
// below l. out may alias a or b.
func montMul(out, a, b *[4]uint64) {
	// The product, 8 words, by rows of a[i]·b:
	//
	//	                      p3  p2  p1  p0   a0·b
	//	                  p4  p3  p2  p1       a1·b
	//	              p5  p4  p3  p2           a2·b
	//	          p6  p5  p4  p3               a3·b
	//	      p7
	var p0, p1, p2, p3, p4, p5, p6, p7, c uint64
	c, p0 = madd(a[0], b[0], 0, 0)
	c, p1 = madd(a[0], b[1], 0, c)
	c, p2 = madd(a[0], b[2], 0, c)
	p4, p3 = madd(a[0], b[3], 0, c)

	c, p1 = madd(a[1], b[0], p1, 0)
	c, p2 = madd(a[1], b[1], p2, c)
	c, p3 = madd(a[1], b[2], p3, c)
	p5, p4 = madd(a[1], b[3], p4, c)

	c, p2 = madd(a[2], b[0], p2, 0)
	c, p3 = madd(a[2], b[1], p3, c)
	c, p4 = madd(a[2], b[2], p4, c)
	p6, p5 = madd(a[2], b[3], p5, c)

	c, p3 = madd(a[3], b[0], p3, 0)
	c, p4 = madd(a[3], b[1], p4, c)
	c, p5 = madd(a[3], b[2], p5, c)
	p7, p6 = madd(a[3], b[3], p6, c)

	// Four reduction steps: m = p_i·(−l^-1) mod 2^64 makes p + m·l·2^(64i)
	// divisible by 2^(64(i+1)). l's word 2 is zero, so that column only
	// takes the carry. The carry out of the top word of each step, c2, goes
	// into the next step's top word.
	var m, c2 uint64
	m = p0 * scalarLInv
	c, _ = madd(m, scalarL[0], p0, 0)
	c, p1 = madd(m, scalarL[1], p1, c)
	p2, c = bits.Add64(p2, c, 0)
	c, p3 = madd(m, scalarL[3], p3, c)
	p4, c2 = bits.Add64(p4, c, 0)

	m = p1 * scalarLInv
	c, _ = madd(m, scalarL[0], p1, 0)
	c, p2 = madd(m, scalarL[1], p2, c)
	p3, c = bits.Add64(p3, c, 0)
	c, p4 = madd(m, scalarL[3], p4, c)
	p5, c2 = bits.Add64(p5, c, c2)

	m = p2 * scalarLInv
	c, _ = madd(m, scalarL[0], p2, 0)
	c, p3 = madd(m, scalarL[1], p3, c)
	p4, c = bits.Add64(p4, c, 0)
	c, p5 = madd(m, scalarL[3], p5, c)
	p6, c2 = bits.Add64(p6, c, c2)

	m = p3 * scalarLInv
	c, _ = madd(m, scalarL[0], p3, 0)
	c, p4 = madd(m, scalarL[1], p4, c)
	p5, c = bits.Add64(p5, c, 0)
	c, p6 = madd(m, scalarL[3], p6, c)
	p7, _ = bits.Add64(p7, c, c2)

	// (a·b + M·l)/R < (R·l + R·l)/R = 2l < 2^254: the last carry is zero
	// and one conditional subtraction of l reduces fully.
	out[0], out[1], out[2], out[3] = p4, p5, p6, p7
	reduceOnce(out)
}

// reduceOnce sets w = w mod l for w below 2l.
func reduceOnce(w *[4]uint64) {
	// d = w − l; keep w if that borrowed (w < l), d otherwise.
	var b uint64
	d0, b := bits.Sub64(w[0], scalarL[0], 0)
	d1, b := bits.Sub64(w[1], scalarL[1], b)
	d2, b := bits.Sub64(w[2], scalarL[2], b)
	d3, b := bits.Sub64(w[3], scalarL[3], b)
	keep := -b
	w[0] = d0 ^ ((d0 ^ w[0]) & keep)
	w[1] = d1 ^ ((d1 ^ w[1]) & keep)
	w[2] = d2 ^ ((d2 ^ w[2]) & keep)
	w[3] = d3 ^ ((d3 ^ w[3]) & keep)
}

// isBelowL returns 1 if w < l, and 0 otherwise.
func isBelowL(w *[4]uint64) int {
	var b uint64
	_, b = bits.Sub64(w[0], scalarL[0], 0)
	_, b = bits.Sub64(w[1], scalarL[1], b)
	_, b = bits.Sub64(w[2], scalarL[2], b)
	_, b = bits.Sub64(w[3], scalarL[3], b)
	return int(b)
}

// addMod sets out = a + b mod l for a and b below l. out may alias a or b.
func addMod(out, a, b *[4]uint64) {
	// a + b < 2l < 2^254: no carry out of the top word.
	var c uint64
	out[0], c = bits.Add64(a[0], b[0], 0)
	out[1], c = bits.Add64(a[1], b[1], c)
	out[2], c = bits.Add64(a[2], b[2], c)
	out[3], _ = bits.Add64(a[3], b[3], c)
	reduceOnce(out)
}

// subMod sets out = a − b mod l for a and b below l. out may alias a or b.
func subMod(out, a, b *[4]uint64) {
	// a − b, plus l if that borrowed: the result is then in [0, l).
	var bw, c uint64
	d0, bw := bits.Sub64(a[0], b[0], 0)
	d1, bw := bits.Sub64(a[1], b[1], bw)
	d2, bw := bits.Sub64(a[2], b[2], bw)
	d3, bw := bits.Sub64(a[3], b[3], bw)
	m := -bw
	out[0], c = bits.Add64(d0, scalarL[0]&m, 0)
	out[1], c = bits.Add64(d1, scalarL[1]&m, c)
	out[2], c = bits.Add64(d2, 0, c) // l's word 2 is zero
	out[3], _ = bits.Add64(d3, scalarL[3]&m, c)
}
