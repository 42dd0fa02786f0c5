// Package field25519 implements arithmetic in GF(p), p = 2^255 - 19, the
// field of Curve25519 (RFC 7748) and edwards25519 (RFC 8032).
//
// # Representation
//
// An [Element] is five unsigned 64-bit limbs l0..l4 holding the integer
//
//	l0 + l1·2^51 + l2·2^102 + l3·2^153 + l4·2^204
//
// which stands for its residue mod p. A limb may be larger than 2^51: the
// 13 spare bits of each word absorb carries, so a value need not be canonical
// (below p), or even below 2^255, until it is encoded by [Element.FillBytes].
//
// # Limb bounds
//
// Two bounds are used throughout:
//
//	tight: every limb < 2^51 + 2^13
//	loose: every limb < 2^54
//
// Every arithmetic method but LazyAdd and LazySub returns a tight element;
// those two return loose elements, to be fed to a multiplication. The zero
// value, [Element.SetBytes], [Element.SetWords], [Element.Zero] and
// [Element.One] give limbs below 2^51; Set, Select, Swap and CondNegate with
// cond 0 copy limbs as they are.
//
// Mul, Square, SquareN, MulSmall, Add, Invert, Pow22523 and SqrtRatio accept
// loose inputs, so a sum of up to seven tight elements may be fed to them
// unreduced (within this package; the limbs are not exported). Sub, Negate,
// Absolute and CondNegate accept as the subtracted or negated operand any
// element whose limbs are at most those of 2p (2^52-38, then 2^52-2 four
// times), which every tight element is. FillBytes, Equal, IsZero and
// IsNegative accept any limbs. Each bound is derived in a comment where it
// is established, and checked by tests at the bound itself.
//
// # Constant time
//
// Every function runs in time independent of the values of its Element
// arguments: there are no branches, memory indices or variable-time
// instructions that depend on them. Conditions are 1/0 ints applied through
// masks. The only public parameter is the count n of [Element.SquareN].
package field25519

import (
	"crypto/subtle"
	"encoding/binary"
	"errors"
)

// Element is an element of GF(2^255 - 19), in five 51-bit limbs (see the
// package documentation for the limb bounds).
//
// The zero value is a valid zero element. Methods take their result in the
// receiver and return it, so calls chain. Every method allows the receiver
// and the arguments to alias one another, in any combination.
type Element struct {
	// l0 is the least significant limb: the value is
	// l0 + l1·2^51 + l2·2^102 + l3·2^153 + l4·2^204.
	l0, l1, l2, l3, l4 uint64
}

const maskLow51Bits uint64 = (1 << 51) - 1

var feZero = &Element{0, 0, 0, 0, 0}

var feOne = &Element{1, 0, 0, 0, 0}

// twoP is 2p = 2^256 - 38 in limbs of 51 bits (top limb 52 bits), added by
// Sub so that subtracting a tight element never underflows.
var twoP = &Element{
	2*(1<<51) - 38,
	2*(1<<51) - 2,
	2*(1<<51) - 2,
	2*(1<<51) - 2,
	2*(1<<51) - 2,
}

// sqrtM1 is 2^((p-1)/4) mod p, the square root of -1 with an even canonical
// encoding (RFC 8032, Section 5.1.3):
// 19681161376707505956807079304988542015446066515923890162744021073123829784752.
var sqrtM1 = &Element{1718705420411056, 234908883556509,
	2233514472574048, 2117202627021982, 765476049583133}

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

// Set sets v = a, and returns v. The limbs are copied as they are.
func (v *Element) Set(a *Element) *Element {
	*v = *a
	return v
}

// SetBytes sets v to x, a 32-byte little-endian encoding, and returns v.
//
// Following RFC 7748, Section 5, the most significant bit (bit 7 of x[31]) is
// ignored, and values from p to 2^255-1 are accepted: they stand for their
// residue mod p (v's limbs are below 2^51, and FillBytes writes the reduced
// encoding). If x is not 32 bytes long, SetBytes returns nil and an error,
// and v is unchanged.
func (v *Element) SetBytes(x []byte) (*Element, error) {
	if len(x) != 32 {
		return nil, errors.New("carry/field25519: invalid field element input size")
	}

	// Limb i holds bits 51·i to 51·i+50. Each is read from the 8-byte word
	// that starts at byte floor(51·i/8) and shifted by 51·i mod 8.
	//
	//	limb  bits       byte  shift
	//	l0    0..50       0     0
	//	l1    51..101     6     3
	//	l2    102..152   12     6
	//	l3    153..203   19     1
	//	l4    204..254   24    12  (bit 255 is shifted out by the mask)
	v.l0 = binary.LittleEndian.Uint64(x[0:8]) & maskLow51Bits
	v.l1 = binary.LittleEndian.Uint64(x[6:14]) >> 3 & maskLow51Bits
	v.l2 = binary.LittleEndian.Uint64(x[12:20]) >> 6 & maskLow51Bits
	v.l3 = binary.LittleEndian.Uint64(x[19:27]) >> 1 & maskLow51Bits
	v.l4 = binary.LittleEndian.Uint64(x[24:32]) >> 12 & maskLow51Bits
	return v, nil
}

// SetWords sets v to the integer w[0] + w[1]·2^64 + w[2]·2^128 + w[3]·2^192
// with bit 255 (the top bit of w[3]) ignored, and returns v: it is SetBytes
// on the little-endian encoding of the words, without the bytes. As for
// SetBytes, values from p to 2^255-1 stand for their residue mod p, and v's
// limbs are below 2^51.
//
// It is meant for tables stored as four words per element, which it reads
// with shifts only.
func (v *Element) SetWords(w *[4]uint64) *Element {
	// Limb i holds bits 51·i to 51·i+50, which straddle words:
	//
	//	limb  bits       from
	//	l0    0..50      w0 bits 0..50
	//	l1    51..101    w0 bits 51..63, w1 bits 0..37
	//	l2    102..152   w1 bits 38..63, w2 bits 0..24
	//	l3    153..203   w2 bits 25..63, w3 bits 0..11
	//	l4    204..254   w3 bits 12..62  (bit 63 is masked off)
	v.l0 = w[0] & maskLow51Bits
	v.l1 = (w[0]>>51 | w[1]<<13) & maskLow51Bits
	v.l2 = (w[1]>>38 | w[2]<<26) & maskLow51Bits
	v.l3 = (w[2]>>25 | w[3]<<39) & maskLow51Bits
	v.l4 = w[3] >> 12 & maskLow51Bits
	return v
}

// FillBytes writes the canonical 32-byte little-endian encoding of v, the
// residue mod p in [0, p), into out. v may have any limbs. It does not
// allocate.
func (v *Element) FillBytes(out *[32]byte) {
	t := *v
	t.reduce()

	// With limbs below 2^51, the 255 bits are packed into four words:
	// word k holds bits 64k..64k+63.
	binary.LittleEndian.PutUint64(out[0:8], t.l0|t.l1<<51)
	binary.LittleEndian.PutUint64(out[8:16], t.l1>>13|t.l2<<38)
	binary.LittleEndian.PutUint64(out[16:24], t.l2>>26|t.l3<<25)
	binary.LittleEndian.PutUint64(out[24:32], t.l3>>39|t.l4<<12)
}

// reduce sets v to its canonical residue in [0, p) with limbs below 2^51.
// v may have any limbs.
func (v *Element) reduce() {
	// Two weak carry passes. From any limbs, the first leaves
	// l0 < 2^51 + 19·2^13 and l1..l4 < 2^51 + 2^13; the second leaves
	// l0 ≤ 2^51 - 1 + 19 and l1..l4 ≤ 2^51. The value is then below
	// 2^255 + 2^205 < 2p.
	v.carryPropagate()
	v.carryPropagate()

	// q = floor((v + 19) / 2^255) is 1 if v ≥ p and 0 if v < p (as v < 2p).
	// It is computed by an exact carry chain over the limbs.
	q := (v.l0 + 19) >> 51
	q = (v.l1 + q) >> 51
	q = (v.l2 + q) >> 51
	q = (v.l3 + q) >> 51
	q = (v.l4 + q) >> 51

	// Conditionally subtract p by a mask: v - p = v + 19 - 2^255, so add
	// 19 when q = 1 and drop bit 255 at the end of a strict carry chain.
	mask := -q
	v.l0 += 19 & mask
	v.l1 += v.l0 >> 51
	v.l0 &= maskLow51Bits
	v.l2 += v.l1 >> 51
	v.l1 &= maskLow51Bits
	v.l3 += v.l2 >> 51
	v.l2 &= maskLow51Bits
	v.l4 += v.l3 >> 51
	v.l3 &= maskLow51Bits
	v.l4 &= maskLow51Bits // bit 255, set exactly when q = 1
}

// Add sets v = a + b, and returns v.
//
// a and b may be loose (limbs < 2^54); v is tight: l0 < 2^51 + 285 and
// l1..l4 < 2^51 + 15.
func (v *Element) Add(a, b *Element) *Element {
	// Each sum is below 2^55, so the carry pass moves at most 15 up. The
	// pass is done on locals, so v is written once and not read back.
	v.l0, v.l1, v.l2, v.l3, v.l4 = carryLimbs(a.l0+b.l0, a.l1+b.l1, a.l2+b.l2, a.l3+b.l3, a.l4+b.l4)
	return v
}

// LazyAdd sets v = a + b without a carry pass, and returns v.
//
// a and b must have limbs below 2^53 (every tight element has); v is loose
// (limbs < 2^54), fit only as an input of Mul, Square, SquareN, MulSmall
// and Add. It saves the carry pass where a sum goes straight into a
// multiplication, as in the X25519 ladder.
func (v *Element) LazyAdd(a, b *Element) *Element {
	v.l0 = a.l0 + b.l0
	v.l1 = a.l1 + b.l1
	v.l2 = a.l2 + b.l2
	v.l3 = a.l3 + b.l3
	v.l4 = a.l4 + b.l4
	return v
}

// LazySub sets v = a - b without a carry pass, and returns v.
//
// a must have limbs below 2^53 and b limbs at most those of 2p (as for Sub;
// every tight element qualifies for both); v = a + 2p - b is loose (limbs
// below 2^53 + 2^52 < 2^54), fit only as an input of Mul, Square, SquareN,
// MulSmall and Add.
func (v *Element) LazySub(a, b *Element) *Element {
	v.l0 = (a.l0 + twoP.l0) - b.l0
	v.l1 = (a.l1 + twoP.l1) - b.l1
	v.l2 = (a.l2 + twoP.l2) - b.l2
	v.l3 = (a.l3 + twoP.l3) - b.l3
	v.l4 = (a.l4 + twoP.l4) - b.l4
	return v
}

// Sub sets v = a - b, and returns v.
//
// a may be loose (limbs < 2^54); b's limbs must be at most those of 2p
// (2^52-38 for l0, 2^52-2 for the others), which every tight element
// satisfies. v is tight, as for Add.
func (v *Element) Sub(a, b *Element) *Element {
	// a + 2p - b is congruent to a - b, and each limb is in [0, 2^54 + 2^52),
	// so nothing underflows and the carry pass moves at most 15 up.
	v.l0, v.l1, v.l2, v.l3, v.l4 = carryLimbs((a.l0+twoP.l0)-b.l0, (a.l1+twoP.l1)-b.l1,
		(a.l2+twoP.l2)-b.l2, (a.l3+twoP.l3)-b.l3, (a.l4+twoP.l4)-b.l4)
	return v
}

// Negate sets v = -a, and returns v.
//
// a's limbs must be at most those of 2p, as for the b of Sub; v is tight.
func (v *Element) Negate(a *Element) *Element {
	return v.Sub(feZero, a)
}

// Mul sets v = a × b, and returns v.
//
// a and b may be loose (limbs < 2^54); v is tight: l1 < 2^51 + 2^13 and
// the other limbs < 2^51.
func (v *Element) Mul(a, b *Element) *Element {
	feMul(v, a, b)
	return v
}

// Square sets v = a × a, and returns v.
//
// a may be loose (limbs < 2^54); v is tight, as for Mul.
func (v *Element) Square(a *Element) *Element {
	feSquare(v, a)
	return v
}

// SquareN sets v = a^(2^n), that is a squared n times, and returns v.
//
// n must be at least 1 and is public: the running time depends on it. a may
// be loose (limbs < 2^54); v is tight, as for Mul. The limbs stay in
// registers across the n squarings.
func (v *Element) SquareN(a *Element, n int) *Element {
	if n < 1 {
		panic("carry/field25519: SquareN with n < 1")
	}
	feSquareN(v, a, n)
	return v
}

// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
// cond must be 0 or 1; it is applied as a mask, without branching. The limbs
// are copied as they are.
func (v *Element) Select(a, b *Element, cond int) *Element {
	m := mask64(cond)
	v.l0 = (a.l0 & m) | (b.l0 &^ m)
	v.l1 = (a.l1 & m) | (b.l1 &^ m)
	v.l2 = (a.l2 & m) | (b.l2 &^ m)
	v.l3 = (a.l3 & m) | (b.l3 &^ m)
	v.l4 = (a.l4 & m) | (b.l4 &^ m)
	return v
}

// mask64 returns all ones if cond == 1 and zero if cond == 0.
func mask64(cond int) uint64 {
	return -uint64(cond & 1)
}

// Equal returns 1 if v and u are equal mod p, and 0 otherwise. Neither is
// modified; their limbs may be anything.
func (v *Element) Equal(u *Element) int {
	var a, b [32]byte
	v.FillBytes(&a)
	u.FillBytes(&b)
	return subtle.ConstantTimeCompare(a[:], b[:])
}

// IsZero returns 1 if v is 0 mod p, and 0 otherwise. v is not modified.
func (v *Element) IsZero() int {
	var a, zero [32]byte
	v.FillBytes(&a)
	return subtle.ConstantTimeCompare(a[:], zero[:])
}

// IsNegative returns 1 if v is negative and 0 otherwise: "negative" means
// that the least significant bit of the canonical encoding is set (RFC 8032,
// Section 5.1.3; RFC 9496, Section 4.1). v is not modified.
func (v *Element) IsNegative() int {
	var a [32]byte
	v.FillBytes(&a)
	return int(a[0] & 1)
}

// Absolute sets v to |u|, that is -u if u is negative and u otherwise, and
// returns v. u's limbs must be at most those of 2p; v is tight if u is.
func (v *Element) Absolute(u *Element) *Element {
	return v.CondNegate(u, u.IsNegative())
}

// CondNegate sets v = -u if cond == 1 and v = u if cond == 0, and returns v.
// cond must be 0 or 1. u's limbs must be at most those of 2p; v is tight if
// u is.
func (v *Element) CondNegate(u *Element, cond int) *Element {
	var neg Element
	neg.Negate(u)
	return v.Select(&neg, u, cond)
}
