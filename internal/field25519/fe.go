// Package field25519 implements arithmetic in GF(p), p = 2^255 - 19, the
// field of Curve25519 (RFC 7748) and edwards25519 (RFC 8032), and the
// Montgomery ladder of X25519 on it.
//
// # Representation
//
// An [Element] is four little-endian 64-bit words w0..w3 holding an integer
//
//	w0 + w1·2^64 + w2·2^128 + w3·2^192  (below 2^256)
//
// that stands for its residue mod p. The integer need not be below p: it is
// made canonical only when it is encoded by [Element.FillBytes]. Reduction
// uses 2^256 = 38 and 2^255 = 19 (mod p).
//
// Every method accepts any four words as input. Mul, Square, SquareN,
// Invert and Pow22523 return a value below 2^255 + 2^12, SetBytes and
// SetWords one below 2^255, and the others any value below 2^256. So sums
// and differences go into multiplications, and into further sums, as they
// are.
//
// # Constant time
//
// Every function runs in time independent of the values of its Element
// arguments: there are no branches, memory indices or variable-time
// instructions that depend on them. Conditions are 1/0 ints applied through
// masks. The public parameters are the count n of [Element.SquareN] and, in
// [Ladder], the bit index (not the bits) of the scalar.
package field25519

import (
	"crypto/subtle"
	"encoding/binary"
	"errors"
)

// Element is an element of GF(2^255 - 19), in four 64-bit words (see the
// package documentation).
//
// The zero value is a valid zero element. Methods take their result in the
// receiver and return it, so calls chain. Every method allows the receiver
// and the arguments to alias one another, in any combination.
type Element struct {
	// w[0] is the least significant word.
	w [4]uint64
}

var feZero = &Element{}

var feOne = &Element{[4]uint64{1, 0, 0, 0}}

// sqrtM1 is 2^((p-1)/4) mod p, the square root of -1 with an even canonical
// encoding (RFC 8032, Section 5.1.3):
// 19681161376707505956807079304988542015446066515923890162744021073123829784752.
var sqrtM1 = &Element{[4]uint64{0xc4ee1b274a0ea0b0, 0x2f431806ad2fe478,
	0x2b4d00993dfbd7a7, 0x2b8324804fc1df0b}}

// Zero sets v = 0, and returns v.
func (v *Element) Zero() *Element {
	*v = *feZero
	return v
}

// One sets v = 1, and returns v.
func (v *Element) One() *Element {
	*v = *feOne
	return v
}

// Set sets v = a, and returns v. The words are copied as they are.
func (v *Element) Set(a *Element) *Element {
	*v = *a
	return v
}

// SetBytes sets v to x, a 32-byte little-endian encoding, and returns v.
//
// Following RFC 7748, Section 5, the most significant bit (bit 7 of x[31]) is
// ignored, and values from p to 2^255-1 are accepted: they stand for their
// residue mod p (FillBytes writes the reduced encoding). If x is not 32 bytes
// long, SetBytes returns nil and an error, and v is unchanged.
func (v *Element) SetBytes(x []byte) (*Element, error) {
	if len(x) != 32 {
		return nil, errors.New("carry/field25519: invalid field element input size")
	}
	v.w[0] = binary.LittleEndian.Uint64(x[0:])
	v.w[1] = binary.LittleEndian.Uint64(x[8:])
	v.w[2] = binary.LittleEndian.Uint64(x[16:])
	v.w[3] = binary.LittleEndian.Uint64(x[24:]) & (1<<63 - 1)
	return v, nil
}

// SetWords sets v to the integer w[0] + w[1]·2^64 + w[2]·2^128 + w[3]·2^192
// with bit 255 (the top bit of w[3]) ignored, and returns v: SetBytes on the
// little-endian encoding of the words. It is meant for tables stored as four
// words per element.
func (v *Element) SetWords(w *[4]uint64) *Element {
	v.w = *w
	v.w[3] &= 1<<63 - 1
	return v
}

// FillBytes writes the canonical 32-byte little-endian encoding of v, the
// residue mod p in [0, p), into out. It does not allocate.
func (v *Element) FillBytes(out *[32]byte) {
	v0, v1, v2, v3 := canonical(v.w[0], v.w[1], v.w[2], v.w[3])
	binary.LittleEndian.PutUint64(out[0:], v0)
	binary.LittleEndian.PutUint64(out[8:], v1)
	binary.LittleEndian.PutUint64(out[16:], v2)
	binary.LittleEndian.PutUint64(out[24:], v3)
}

// Add sets v = a + b, and returns v. v is below 2^256.
func (v *Element) Add(a, b *Element) *Element {
	add(&v.w, &a.w, &b.w)
	return v
}

// Sub sets v = a - b, and returns v. v is below 2^256.
func (v *Element) Sub(a, b *Element) *Element {
	sub(&v.w, &a.w, &b.w)
	return v
}

// Negate sets v = -a, and returns v. v is below 2^256.
func (v *Element) Negate(a *Element) *Element {
	sub(&v.w, &feZero.w, &a.w)
	return v
}

// Mul sets v = a × b, and returns v. v is below 2^255 + 2^12.
func (v *Element) Mul(a, b *Element) *Element {
	feMul(&v.w, &a.w, &b.w)
	return v
}

// Square sets v = a × a, and returns v. v is below 2^255 + 2^12.
func (v *Element) Square(a *Element) *Element {
	feSquareN(&v.w, &a.w, 1)
	return v
}

// SquareN sets v = a^(2^n), that is a squared n times, and returns v.
//
// n must be at least 1 and is public: the running time depends on it. v is
// below 2^255 + 2^12.
func (v *Element) SquareN(a *Element, n int) *Element {
	if n < 1 {
		panic("carry/field25519: SquareN with n < 1")
	}
	feSquareN(&v.w, &a.w, n)
	return v
}

// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
// cond must be 0 or 1; it is applied as a mask, without branching. The words
// are copied as they are.
func (v *Element) Select(a, b *Element, cond int) *Element {
	selectWords(&v.w, &b.w, &a.w, -uint64(cond&1))
	return v
}

// Equal returns 1 if v and u are equal mod p, and 0 otherwise.
func (v *Element) Equal(u *Element) int {
	var a, b [32]byte
	v.FillBytes(&a)
	u.FillBytes(&b)
	return subtle.ConstantTimeCompare(a[:], b[:])
}

// IsZero returns 1 if v is 0 mod p, and 0 otherwise.
func (v *Element) IsZero() int {
	var a, zero [32]byte
	v.FillBytes(&a)
	return subtle.ConstantTimeCompare(a[:], zero[:])
}

// IsNegative returns 1 if v is negative and 0 otherwise: "negative" means
// that the least significant bit of the canonical encoding is set (RFC 8032,
// Section 5.1.3; RFC 9496, Section 4.1).
func (v *Element) IsNegative() int {
	var a [32]byte
	v.FillBytes(&a)
	return int(a[0] & 1)
}

// Absolute sets v to |u|, that is -u if u is negative and u otherwise, and
// returns v.
func (v *Element) Absolute(u *Element) *Element {
	return v.CondNegate(u, u.IsNegative())
}

// CondNegate sets v = -u if cond == 1 and v = u if cond == 0, and returns v.
// cond must be 0 or 1.
func (v *Element) CondNegate(u *Element, cond int) *Element {
	var neg Element
	neg.Negate(u)
	return v.Select(&neg, u, cond)
}
