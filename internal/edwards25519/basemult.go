package edwards25519

//go:generate sh -c "cd _gen && go run . -out ../table_base.go"

import "github.com/carry-crypto/carry/internal/field25519"

// This file holds the fixed-base scalar multiplication k·B: k mod 2^254 is
// written in 51 signed radix-32 digits e_i in [-16, 16] (the signed windows
// of ref10, Bernstein, Duif, Lange, Schwabe, Yang, "High-speed high-security
// signatures", 2011, Section 4, five bits wide), and
//
//	k·B = b·2^254·B + Σ e_i·(32^i·B),
//
// where b is bit 254 of k and each term is ±(one of 16 precomputed multiples
// of 32^i·B), read from row i of baseTable by a masked scan. With a row for
// every digit there are no doublings: b·2^254·B is the starting point and
// the 51 terms are mixed additions (7M each with the conversion back to
// extended coordinates), about 360 multiplications before the inversion,
// against 255 ladder steps of 5M + 4S (about 2300) for X25519. Sixteen
// entries a row rather than eight take 12 additions fewer for a scan twice
// as long. The accumulator stays in completed form between the additions
// (the steps of add.go). Where the CPU has AVX2, BMI2 and ADX, the 51 scans
// and additions are one assembly loop (addBaseRowsADX, edwards_amd64.s).

// packedNiels is an affine niels point as the canonical 32-byte little-endian
// encodings of y+x, y−x and 2d·x·y, four 64-bit words each, least
// significant first. It is the form of the entries of baseTable: the scan
// reads 12 words per entry, which are the field elements' words as they
// are, and the generated table needs no decoding when the package is loaded.
// It is an alias so that the assembly stubs can be declared over plain
// arrays.
type packedNiels = [12]uint64

// signedRadix32 sets e to the digits of k mod 2^254 in radix 32, each in
// [-16, 16), but for e[50] in [0, 16], with k mod 2^254 = Σ e[i]·32^i. k is
// a little-endian integer; its bits 254 and 255 are ignored.
func signedRadix32(e *[51]int8, k *[32]byte) {
	var b [33]byte // k and a zero byte, so that every window reads two bytes
	copy(b[:], k[:])
	for i := range e {
		p := 5 * i
		w := uint(b[p/8]) + uint(b[p/8+1])<<8
		e[i] = int8(w >> (p % 8) & 31)
	}
	e[50] &= 15 // bits 250 to 253

	// Recenter each digit from [0, 32] to [-16, 16) by moving a carry of 1
	// to the next one when it is 16 or more: with e[i] in [0, 32] (31 plus
	// the incoming carry), (e[i] + 16) >> 5 is that carry. e[50] starts in
	// [0, 15], so with a carry it stays at most 16, the largest multiple in
	// the table, and nothing is carried out.
	for i := 0; i < 50; i++ {
		carry := (e[i] + 16) >> 5
		e[i] -= carry << 5
		e[i+1] += carry
	}
}

// selectBase sets v = e·Q, for e in [-16, 16], where tbl[j-1] is j·Q, and
// returns v. Each of the 16 entries is read, and chosen by a mask; the sign
// is applied by a mask too. e is secret: it chooses neither a branch nor an
// index.
func (v *niels) selectBase(tbl *[16]packedNiels, e int8) *niels {
	// s is all ones if e < 0; abs = |e| in [0, 16].
	s := -(uint64(int64(e)) >> 63)
	abs := (uint64(int64(e)) ^ s) - s
	selectBase(v, tbl, abs, s)
	return v
}

// selectBaseGeneric sets v = ±tbl[abs-1], or the identity if abs = 0,
// negated if neg is all ones (and not if it is zero).
func selectBaseGeneric(v *niels, tbl *[16]packedNiels, abs, neg uint64) {
	// w is the entry abs, or zero if abs = 0; the identity (1, 1, 0) is
	// then made by adding 1 to the zero words of y+x and y−x.
	var w packedNiels
	scanBaseGeneric(&w, tbl, abs)
	isZero := (abs - 1) >> 63
	w[0] += isZero
	w[4] += isZero

	// −(x, y) swaps y+x and y−x, here on the words, and negates 2d·x·y.
	for i := 0; i < 4; i++ {
		t := (w[i] ^ w[4+i]) & neg
		w[i] ^= t
		w[4+i] ^= t
	}
	v.YplusX.SetWords((*[4]uint64)(w[0:]))
	v.YminusX.SetWords((*[4]uint64)(w[4:]))
	v.XY2d.SetWords((*[4]uint64)(w[8:]))
	v.XY2d.CondNegate(&v.XY2d, int(neg&1))
}

// scanBaseGeneric sets out to tbl[abs-1], or to zero if abs = 0, for abs in
// [0, 16], reading every entry of tbl and choosing by masks: abs chooses
// neither a branch nor an index.
func scanBaseGeneric(out *packedNiels, tbl *[16]packedNiels, abs uint64) {
	// The 12 words are gathered in locals, which the compiler keeps in
	// registers where it has enough of them (arm64), rather than in out.
	var w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11 uint64
	for j := range tbl {
		// m is all ones when abs == j+1, as abs ^ (j+1) is in [0, 31] and
		// subtracting 1 from it wraps only when it is 0. At most one m is
		// nonzero, so the sums are that entry's words.
		m := -(((abs ^ uint64(j+1)) - 1) >> 63)
		e := &tbl[j]
		w0 += e[0] & m
		w1 += e[1] & m
		w2 += e[2] & m
		w3 += e[3] & m
		w4 += e[4] & m
		w5 += e[5] & m
		w6 += e[6] & m
		w7 += e[7] & m
		w8 += e[8] & m
		w9 += e[9] & m
		w10 += e[10] & m
		w11 += e[11] & m
	}
	*out = packedNiels{w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11}
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
	var e [51]int8
	signedRadix32(&e, k)

	// r = b·2^254·B for bit 254 of k, b: baseTop or the identity's (1, 1),
	// chosen by the mask m (1 is added to the zero words when m is zero),
	// as the completed point ((2x:2),(2y:2)) from y+x and y−x.
	m := -uint64(k[31] >> 6 & 1)
	var w [8]uint64
	for c := range w {
		w[c] = baseTop[c] & m
	}
	w[0] += ^m & 1
	w[4] += ^m & 1
	var yPlusX, yMinusX field25519.Element
	yPlusX.SetWords((*[4]uint64)(w[0:]))
	yMinusX.SetWords((*[4]uint64)(w[4:]))
	r.X.Sub(&yPlusX, &yMinusX)
	r.Y.Add(&yPlusX, &yMinusX)
	r.Z.One()
	r.Z.Add(&r.Z, &r.Z)
	r.T.Set(&r.Z)

	// Plus e_i·32^i·B for i = 0..50.
	r.addBaseRows(&baseTable, &e)
}

// addBaseRowsGeneric sets r to the completed form of P + Σ e[i]·rows[i],
// where P is the point r stands for and rows[i][j-1] is j times a point,
// for e[i] in [-16, 16], one selectBase and addNielsStep a row.
func (r *completed) addBaseRowsGeneric(rows *[51][16]packedNiels, e *[51]int8) {
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
