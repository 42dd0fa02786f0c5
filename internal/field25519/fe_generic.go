package field25519

import "math/bits"

// This file holds the arithmetic on four words in portable Go: the code of
// the purego build and of other architectures (on arm64, bits.Mul64 is one
// MUL and one UMULH), and the reference the assembly of fe_amd64.s is tested
// against word for word.

// mulGeneric sets v = a * b, below 2^255 + 2^12. v may alias a or b.
func mulGeneric(v, a, b *[4]uint64) {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	b0, b1, b2, b3 := b[0], b[1], b[2], b[3]

	// Schoolbook product by rows; each row is a 5-word carry chain.
	//
	//	                      a3b0 a2b0 a1b0 a0b0   row 0
	//	                 a3b1 a2b1 a1b1 a0b1        row 1
	//	            a3b2 a2b2 a1b2 a0b2             row 2
	//	       a3b3 a2b3 a1b3 a0b3                  row 3
	//	  r7   r6   r5   r4   r3   r2   r1   r0
	var r0, r1, r2, r3, r4, r5, r6, r7 uint64
	r0, r1, r2, r3, r4 = mulRow(a0, b0, b1, b2, b3)

	var c uint64
	var x0, x1, x2, x3, x4 uint64
	x0, x1, x2, x3, x4 = mulRow(a1, b0, b1, b2, b3)
	r1, c = bits.Add64(r1, x0, 0)
	r2, c = bits.Add64(r2, x1, c)
	r3, c = bits.Add64(r3, x2, c)
	r4, c = bits.Add64(r4, x3, c)
	r5 = x4 + c

	x0, x1, x2, x3, x4 = mulRow(a2, b0, b1, b2, b3)
	r2, c = bits.Add64(r2, x0, 0)
	r3, c = bits.Add64(r3, x1, c)
	r4, c = bits.Add64(r4, x2, c)
	r5, c = bits.Add64(r5, x3, c)
	r6 = x4 + c

	x0, x1, x2, x3, x4 = mulRow(a3, b0, b1, b2, b3)
	r3, c = bits.Add64(r3, x0, 0)
	r4, c = bits.Add64(r4, x1, c)
	r5, c = bits.Add64(r5, x2, c)
	r6, c = bits.Add64(r6, x3, c)
	r7 = x4 + c

	v[0], v[1], v[2], v[3] = reduce(r0, r1, r2, r3, r4, r5, r6, r7)
}

// mulRow returns the five words of a * (b0, b1, b2, b3).
func mulRow(a, b0, b1, b2, b3 uint64) (r0, r1, r2, r3, r4 uint64) {
	h0, l0 := bits.Mul64(a, b0)
	h1, l1 := bits.Mul64(a, b1)
	h2, l2 := bits.Mul64(a, b2)
	h3, l3 := bits.Mul64(a, b3)
	var c uint64
	r0 = l0
	r1, c = bits.Add64(l1, h0, 0)
	r2, c = bits.Add64(l2, h1, c)
	r3, c = bits.Add64(l3, h2, c)
	r4 = h3 + c // a * b < 2^320: no carry out
	return
}

// squareGeneric sets v = a * a, below 2^255 + 2^12. v may alias a.
func squareGeneric(v, a *[4]uint64) {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]

	// The six cross products once, doubled, plus the squares:
	//
	//	               a3a0 a2a0 a1a0       (a0 times a1..a3)
	//	          a3a1 a2a1                 (a1 times a2..a3)
	//	     a3a2                           (a2 times a3)
	var c uint64
	h01, r1 := bits.Mul64(a0, a1)
	h02, l02 := bits.Mul64(a0, a2)
	h03, l03 := bits.Mul64(a0, a3)
	h12, l12 := bits.Mul64(a1, a2)
	h13, l13 := bits.Mul64(a1, a3)
	h23, l23 := bits.Mul64(a2, a3)

	r2, c := bits.Add64(h01, l02, 0)
	r3, c := bits.Add64(h02, l03, c)
	r4, c := bits.Add64(h03, 0, c)

	r3, c = bits.Add64(r3, l12, 0)
	r4, c = bits.Add64(r4, h12, c)
	r5, c := bits.Add64(h13, 0, c)

	r4, c = bits.Add64(r4, l13, 0)
	r5, c = bits.Add64(r5, l23, c)
	r6, _ := bits.Add64(h23, 0, c)

	// Double: r7 takes the bit shifted out of r6.
	r7 := r6 >> 63
	r6 = r6<<1 | r5>>63
	r5 = r5<<1 | r4>>63
	r4 = r4<<1 | r3>>63
	r3 = r3<<1 | r2>>63
	r2 = r2<<1 | r1>>63
	r1 <<= 1

	// Add the squares a_i^2 at words 2i and 2i+1.
	h0, r0 := bits.Mul64(a0, a0)
	h1, s1 := bits.Mul64(a1, a1)
	h2, s2 := bits.Mul64(a2, a2)
	h3, s3 := bits.Mul64(a3, a3)
	r1, c = bits.Add64(r1, h0, 0)
	r2, c = bits.Add64(r2, s1, c)
	r3, c = bits.Add64(r3, h1, c)
	r4, c = bits.Add64(r4, s2, c)
	r5, c = bits.Add64(r5, h2, c)
	r6, c = bits.Add64(r6, s3, c)
	r7, _ = bits.Add64(r7, h3, c)

	v[0], v[1], v[2], v[3] = reduce(r0, r1, r2, r3, r4, r5, r6, r7)
}

// squareNGeneric sets v = a^(2^n) for a public n >= 1. v may alias a.
func squareNGeneric(v, a *[4]uint64, n int) {
	squareGeneric(v, a)
	for i := 1; i < n; i++ {
		squareGeneric(v, v)
	}
}

// reduce returns a value below 2^255 + 2^12 congruent to the 512-bit
// r0..r7: first r0..r3 + 38 * r4..r7 (a five-word value whose top word is
// at most 38), then fold.
func reduce(r0, r1, r2, r3, r4, r5, r6, r7 uint64) (uint64, uint64, uint64, uint64) {
	var c uint64
	h4, l4 := bits.Mul64(r4, 38)
	h5, l5 := bits.Mul64(r5, 38)
	h6, l6 := bits.Mul64(r6, 38)
	h7, l7 := bits.Mul64(r7, 38)
	l5, c = bits.Add64(l5, h4, 0)
	l6, c = bits.Add64(l6, h5, c)
	l7, c = bits.Add64(l7, h6, c)
	top := h7 + c
	r0, c = bits.Add64(r0, l4, 0)
	r1, c = bits.Add64(r1, l5, c)
	r2, c = bits.Add64(r2, l6, c)
	r3, c = bits.Add64(r3, l7, c)
	return fold(r0, r1, r2, r3, top+c)
}

// fold returns r0..r3 + 2^256 * top (top < 2^62) reduced below
// 2^255 + 19 * (2 * top + 1): bits 255 and up, t, are cleared and 19 * t is
// added, which cannot carry out of the cleared top word.
func fold(r0, r1, r2, r3, top uint64) (uint64, uint64, uint64, uint64) {
	t := top<<1 | r3>>63
	r3 &= 1<<63 - 1
	return addWord(r0, r1, r2, r3, 19*t)
}

// canonical returns the residue of r0..r3 (any value below 2^256) in [0, p).
func canonical(r0, r1, r2, r3 uint64) (uint64, uint64, uint64, uint64) {
	// Fold bit 255 in: the value is then below 2^255 + 19 < 2p.
	v0, v1, v2, v3 := fold(r0, r1, r2, r3, 0)
	// v ≥ p exactly when v + 19 ≥ 2^255; then v - p = v + 19 - 2^255.
	w0, w1, w2, w3 := addWord(v0, v1, v2, v3, 19)
	mask := -(w3 >> 63)
	w3 &= 1<<63 - 1
	return v0 ^ mask&(v0^w0), v1 ^ mask&(v1^w1), v2 ^ mask&(v2^w2), v3 ^ mask&(v3^w3)
}

// addWord returns r0..r3 + x modulo 2^256.
func addWord(r0, r1, r2, r3, x uint64) (uint64, uint64, uint64, uint64) {
	var c uint64
	r0, c = bits.Add64(r0, x, 0)
	r1, c = bits.Add64(r1, 0, c)
	r2, c = bits.Add64(r2, 0, c)
	r3 += c
	return r0, r1, r2, r3
}

// mulSmall sets v = a * c for c < 2^17, below 2^255 + 2^23. v may alias a.
func mulSmall(v, a *[4]uint64, c uint64) {
	r0, r1, r2, r3, r4 := mulRow(c, a[0], a[1], a[2], a[3])
	v[0], v[1], v[2], v[3] = fold(r0, r1, r2, r3, r4)
}

// add sets v = a + b, below 2^256. A carry out of 2^256 is worth 38; adding
// it may carry out again only from a sum of at least 2^256 - 38, which then
// wraps to below 38, so the second 38 goes into the low word alone. v may
// alias a or b.
func add(v, a, b *[4]uint64) {
	var c uint64
	r0, c := bits.Add64(a[0], b[0], 0)
	r1, c := bits.Add64(a[1], b[1], c)
	r2, c := bits.Add64(a[2], b[2], c)
	r3, c := bits.Add64(a[3], b[3], c)
	r0, c = bits.Add64(r0, 38*c, 0)
	r1, c = bits.Add64(r1, 0, c)
	r2, c = bits.Add64(r2, 0, c)
	r3, c = bits.Add64(r3, 0, c)
	v[0], v[1], v[2], v[3] = r0+38*c, r1, r2, r3
}

// sub sets v = a - b, below 2^256. A borrow out of 2^256 is worth -38;
// taking it out may borrow again only from a difference below 38, which then
// wraps to at least 2^256 - 38, so the second 38 comes out of the low word
// alone. v may alias a or b.
func sub(v, a, b *[4]uint64) {
	var c uint64
	r0, c := bits.Sub64(a[0], b[0], 0)
	r1, c := bits.Sub64(a[1], b[1], c)
	r2, c := bits.Sub64(a[2], b[2], c)
	r3, c := bits.Sub64(a[3], b[3], c)
	r0, c = bits.Sub64(r0, 38*c, 0)
	r1, c = bits.Sub64(r1, 0, c)
	r2, c = bits.Sub64(r2, 0, c)
	r3, c = bits.Sub64(r3, 0, c)
	v[0], v[1], v[2], v[3] = r0-38*c, r1, r2, r3
}

// selectWords sets v = b if mask is all ones and v = a if it is zero.
func selectWords(v, a, b *[4]uint64, mask uint64) {
	v[0] = a[0] ^ mask&(a[0]^b[0])
	v[1] = a[1] ^ mask&(a[1]^b[1])
	v[2] = a[2] ^ mask&(a[2]^b[2])
	v[3] = a[3] ^ mask&(a[3]^b[3])
}
