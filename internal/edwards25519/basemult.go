package edwards25519

//go:generate sh -c "cd _gen && go run . -out ../table_base.go"

import "github.com/carry-crypto/carry/internal/field25519"

// This file holds the fixed-base scalar multiplication k·B: k is written in
// 64 signed radix-16 digits e_i in [-8, 8] (as in ref10: Bernstein, Duif,
// Lange, Schwabe, Yang, "High-speed high-security signatures", 2011,
// Section 4), and
//
//	k·B = Σ e_i·(16^i·B),
//
// where each term is ±(one of 8 precomputed multiples of 16^i·B), read from
// row i of baseTable by a masked scan. With a row for every digit there are
// no doublings: the first term is the starting point and the other 63 are
// mixed additions (7M each with the conversion back to extended
// coordinates), about 440 multiplications before the inversion, against 255
// ladder steps of 5M + 4S (about 2300) for X25519. The accumulator stays in
// completed form between the additions (the steps of add.go). Where the CPU
// has AVX2, BMI2 and ADX, the 63 scans and additions are one assembly loop
// (addBaseRowsADX, edwards_amd64.s).

// packedNiels is an affine niels point as the canonical 32-byte little-endian
// encodings of y+x, y−x and 2d·x·y, four 64-bit words each, least
// significant first. It is the form of the entries of baseTable: the scan
// reads 12 words per entry, which are the field elements' words as they
// are, and the generated table needs no decoding when the package is loaded.
// It is an alias so that the assembly stubs can be declared over plain
// arrays.
type packedNiels = [12]uint64

// signedRadix16 sets e to the digits of k in radix 16, each in [-8, 8), but
// for e[63] in [0, 8], with k = Σ e[i]·16^i. k is a little-endian integer
// below 2^255: its bit 255 is ignored (the scalar is read mod 2^255).
func signedRadix16(e *[64]int8, k *[32]byte) {
	for i, b := range k {
		e[2*i] = int8(b & 15)
		e[2*i+1] = int8(b >> 4)
	}
	e[63] &= 7 // bit 255

	// Recenter each digit from [0, 16] to [-8, 8) by moving a carry of 1 to
	// the next one when it is 8 or more: with e[i] in [0, 16] (15 plus the
	// incoming carry), (e[i] + 8) >> 4 is that carry. e[63] starts in [0, 7],
	// so with a carry it stays at most 8, the largest multiple in the table,
	// and nothing is carried out: this is why k must be below 2^255
	// (X25519 clamping, RFC 7748 Section 5, clears bit 255).
	for i := 0; i < 63; i++ {
		carry := (e[i] + 8) >> 4
		e[i] -= carry << 4
		e[i+1] += carry
	}
}

// selectBase sets v = e·Q, for e in [-8, 8], where tbl[j-1] is j·Q, and
// returns v. Each of the 8 entries is read, and chosen by a mask; the sign is
// applied by a mask too. e is secret: it chooses neither a branch nor an
// index.
func (v *niels) selectBase(tbl *[8]packedNiels, e int8) *niels {
	// s is all ones if e < 0; abs = |e| in [0, 8].
	s := uint64(int64(e) >> 63)
	abs := (uint64(int64(e)) ^ s) - s
	selectBase(v, tbl, abs, s)
	return v
}

// selectBaseGeneric sets v = ±tbl[abs-1], or the identity if abs = 0,
// negated if neg is all ones (and not if it is zero).
func selectBaseGeneric(v *niels, tbl *[8]packedNiels, abs, neg uint64) {
	// w is the entry abs, or zero if abs = 0; the identity (1, 1, 0) is
	// then made by setting the low bit of y+x and of y−x.
	var w packedNiels
	scanBaseGeneric(&w, tbl, abs)
	isZero := (abs - 1) >> 63
	w[0] |= isZero
	w[4] |= isZero

	// −(x, y) swaps y+x and y−x, here on the words, and negates 2d·x·y.
	for i := 0; i < 4; i++ {
		t := (w[i] ^ w[4+i]) & neg
		w[i] ^= t
		w[4+i] ^= t
	}
	v.YplusX.SetWords((*[4]uint64)(w[0:4]))
	v.YminusX.SetWords((*[4]uint64)(w[4:8]))
	v.XY2d.SetWords((*[4]uint64)(w[8:12]))
	v.XY2d.CondNegate(&v.XY2d, int(neg&1))
}

// scanBaseGeneric sets out to tbl[abs-1], or to zero if abs = 0, for abs in
// [0, 8], reading every entry of tbl and choosing by masks: abs chooses
// neither a branch nor an index.
func scanBaseGeneric(out *packedNiels, tbl *[8]packedNiels, abs uint64) {
	// One mask per entry: m_j is all ones when abs == j, as abs ^ j is in
	// [0, 15] and subtracting 1 from it wraps only when it is 0.
	m1 := -(((abs ^ 1) - 1) >> 63)
	m2 := -(((abs ^ 2) - 1) >> 63)
	m3 := -(((abs ^ 3) - 1) >> 63)
	m4 := -(((abs ^ 4) - 1) >> 63)
	m5 := -(((abs ^ 5) - 1) >> 63)
	m6 := -(((abs ^ 6) - 1) >> 63)
	m7 := -(((abs ^ 7) - 1) >> 63)
	m8 := -(((abs ^ 8) - 1) >> 63)

	// Each word is gathered from the 8 entries at once.
	for c := range out {
		out[c] = tbl[0][c]&m1 | tbl[1][c]&m2 | tbl[2][c]&m3 | tbl[3][c]&m4 |
			tbl[4][c]&m5 | tbl[5][c]&m6 | tbl[6][c]&m7 | tbl[7][c]&m8
	}
}

// ScalarBaseMult sets v = k·B, where B is the Ed25519 basepoint and k the
// little-endian integer k[0] + 256·k[1] + ... + 256^31·k[31], and returns v.
//
// k must be below 2^255, which any X25519- or Ed25519-clamped scalar is
// (RFC 7748, Section 5; RFC 8032, Section 5.1.5); it need not be reduced
// mod the group order. Bit 255 of k is ignored.
//
// ScalarBaseMult runs in constant time: the table is read by masked scans.
func (v *Point) ScalarBaseMult(k *[32]byte) *Point {
	var r completed
	r.scalarBaseMult(k)
	return v.fromCompleted(&r)
}

// scalarBaseMult sets r to the completed form of k·B as in ScalarBaseMult.
func (r *completed) scalarBaseMult(k *[32]byte) {
	var e [64]int8
	signedRadix16(&e, k)

	// r = e_0·B, then plus e_i·16^i·B for i = 1..63.
	var q niels
	r.fromNiels(q.selectBase(&baseTable[0], e[0]))
	r.addBaseRows((*[63][8]packedNiels)(baseTable[1:]), (*[63]int8)(e[1:]))
}

// addBaseRowsGeneric sets r to the completed form of P + Σ e[i]·rows[i],
// where P is the point r stands for and rows[i][j-1] is j times a point,
// for e[i] in [-8, 8], one selectBase and addNielsStep a row.
func (r *completed) addBaseRowsGeneric(rows *[63][8]packedNiels, e *[63]int8) {
	var q niels
	for i := range rows {
		q.selectBase(&rows[i], e[i])
		r.addNielsStep(&q)
	}
}

// X25519Base sets dst to the X25519 public key of the scalar k, the
// u-coordinate of k·(9, ...) on Curve25519, in its canonical 32-byte
// little-endian encoding (RFC 7748, Section 5).
//
// k must already be clamped by the caller (RFC 7748, Section 5: bits 0-2
// and 255 clear, bit 254 set); X25519Base does not clamp. It computes
// (k mod 2^255)·B on edwards25519 and maps it to Curve25519 by the
// birational map of RFC 7748, Section 4.1, u = (1+y)/(1−y). The Montgomery
// basepoint u = 9 is the image of B (y = 4/5 = (9−1)/(9+1)), so for a
// clamped k this is X25519(k, 9). k need not be reduced mod the order of B.
//
// X25519Base runs in constant time. dst and k may be the same array.
func X25519Base(dst *[32]byte, k *[32]byte) {
	var r completed
	r.scalarBaseMult(k)

	// y = rY/rT, so u = (1 + y)/(1 − y) = (rT + rY)/(rT − rY), with one
	// inversion. For the identity, rT − rY = 0 and Invert gives u = 0.
	var num, den field25519.Element
	num.Add(&r.T, &r.Y)
	den.Sub(&r.T, &r.Y)
	den.Invert(&den)
	num.Mul(&num, &den)
	num.FillBytes(dst)
}
