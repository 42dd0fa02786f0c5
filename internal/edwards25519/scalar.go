package edwards25519

import (
	"encoding/binary"
	"errors"
)

// This file holds the scalar field: the integers modulo the order of the
// basepoint,
//
//	l = 2^252 + 27742317777372353535851937790883648493
//
// (RFC 8032, Section 5.1). A Scalar keeps its value in Montgomery form, so
// that a product costs one multiplication and one Montgomery reduction
// (scalar_arith.go); the conversions in and out happen when it is decoded
// and encoded.

// Scalar is an integer modulo l, the order of the Ed25519 basepoint.
//
// The zero value is a valid zero scalar. Methods take their result in the
// receiver and return it; the receiver and the arguments may alias one
// another in any combination.
//
// Every method runs in constant time: there are no branches, memory indices
// or variable-time instructions that depend on the values, except that the
// error of SetCanonicalBytes tells whether its input was canonical.
type Scalar struct {
	// s is x·2^256 mod l, the Montgomery form of the value x, fully reduced
	// (below l), in four 64-bit words, least significant first.
	s [4]uint64
}

// Set sets s = x, and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	*s = *x
	return s
}

// SetCanonicalBytes sets s = x, where x is the 32-byte little-endian encoding
// of an integer below l, and returns s. If x is not 32 bytes long or its
// value is l or more, SetCanonicalBytes returns nil and an error, and s is
// unchanged.
//
// This is the check of S in RFC 8032, Section 5.1.7, step 1. Whether x is
// canonical is revealed by the error; nothing else about x is.
func (s *Scalar) SetCanonicalBytes(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("carry/edwards25519: invalid scalar length")
	}
	var w [4]uint64
	loadWords(&w, (*[32]byte)(x))
	if isBelowL(&w) != 1 {
		return nil, errors.New("carry/edwards25519: invalid scalar encoding")
	}
	montMul(&s.s, &w, &scalarRR) // x·R^2/R = x·R
	return s, nil
}

// SetUniformBytes sets s = x mod l, where x is a 64-byte little-endian
// integer, and returns s. If x is not 64 bytes long, SetUniformBytes returns
// nil and an error, and s is unchanged.
//
// This reduces a SHA-512 output as RFC 8032, Section 5.1.6, step 2, and
// Section 5.1.7, step 2, do; for a uniformly random x, s is uniform mod l up
// to a statistical distance of about 2^-259.
func (s *Scalar) SetUniformBytes(x []byte) (*Scalar, error) {
	if len(x) != 64 {
		return nil, errors.New("carry/edwards25519: invalid SetUniformBytes input length")
	}
	var lo, hi [4]uint64
	loadWords(&lo, (*[32]byte)(x))
	loadWords(&hi, (*[32]byte)(x[32:]))
	s.setWide(&lo, &hi)
	return s, nil
}

// SetBytesWithClamping sets s to x clamped as in RFC 8032, Section 5.1.5,
// step 3 (bits 0, 1, 2 and 255 cleared, bit 254 set), reduced mod l, and
// returns s. If x is not 32 bytes long, SetBytesWithClamping returns nil and
// an error, and s is unchanged.
//
// The clamped integer is a multiple of 8 below 2^255, and its reduction
// mod l is not a multiple of 8 in general: this is the secret scalar of an
// Ed25519 key as the group sees it, and k·B is the same point either way.
func (s *Scalar) SetBytesWithClamping(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("carry/edwards25519: invalid SetBytesWithClamping input length")
	}
	b := [32]byte(x)
	b[0] &= 248
	b[31] &= 127
	b[31] |= 64
	var lo, hi [4]uint64
	loadWords(&lo, &b)
	s.setWide(&lo, &hi)
	return s, nil
}

// setWide sets s = (lo + hi·2^256) mod l, for any lo and hi below 2^256.
func (s *Scalar) setWide(lo, hi *[4]uint64) {
	// In Montgomery form, x·R = lo·R + hi·R^2 (mod l), and a Montgomery
	// product by R^2 or R^3 multiplies by R or R^2. lo and hi may be up to
	// 2^256 − 1 and the constants are below l, as montMul requires.
	var a, b [4]uint64
	montMul(&a, lo, &scalarRR)
	montMul(&b, hi, &scalarRRR)
	addMod(&s.s, &a, &b)
}

// Bytes returns the canonical 32-byte little-endian encoding of s, below l.
//
// Bytes is small enough to be inlined, so the returned slice stays on the
// caller's stack if it does not escape there.
func (s *Scalar) Bytes() []byte {
	var out [32]byte
	s.FillBytes(&out)
	return out[:]
}

// FillBytes writes the canonical 32-byte little-endian encoding of s into
// out. It does not allocate.
func (s *Scalar) FillBytes(out *[32]byte) {
	var w [4]uint64
	s.words(&w)
	binary.LittleEndian.PutUint64(out[0:], w[0])
	binary.LittleEndian.PutUint64(out[8:], w[1])
	binary.LittleEndian.PutUint64(out[16:], w[2])
	binary.LittleEndian.PutUint64(out[24:], w[3])
}

// words sets w to the value of s, below l, least significant word first.
func (s *Scalar) words(w *[4]uint64) {
	// A Montgomery product by 1 divides by R. Its result is at most l, and
	// l itself only for a multiple of l, which s.s below l is not unless it
	// is 0, whose product is 0; montMul's final subtraction covers it anyway.
	montMul(w, &s.s, &scalarOne)
}

// Add sets s = x + y mod l, and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	addMod(&s.s, &x.s, &y.s)
	return s
}

// Subtract sets s = x − y mod l, and returns s.
func (s *Scalar) Subtract(x, y *Scalar) *Scalar {
	subMod(&s.s, &x.s, &y.s)
	return s
}

// Negate sets s = −x mod l, and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	var zero [4]uint64
	subMod(&s.s, &zero, &x.s)
	return s
}

// Multiply sets s = x·y mod l, and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	// (x·R)·(y·R)/R = x·y·R.
	montMul(&s.s, &x.s, &y.s)
	return s
}

// MultiplyAdd sets s = x·y + z mod l, and returns s.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	var t [4]uint64
	montMul(&t, &x.s, &y.s)
	addMod(&s.s, &t, &z.s)
	return s
}

// loadWords sets w to the little-endian integer b.
func loadWords(w *[4]uint64, b *[32]byte) {
	w[0] = binary.LittleEndian.Uint64(b[0:])
	w[1] = binary.LittleEndian.Uint64(b[8:])
	w[2] = binary.LittleEndian.Uint64(b[16:])
	w[3] = binary.LittleEndian.Uint64(b[24:])
}
