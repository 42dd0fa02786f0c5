package edwards25519

import (
	"errors"

	"github.com/carry-crypto/carry/internal/field25519"
)

// d is the curve constant −121665/121666 mod p (RFC 8032, Section 5.1):
// 37095705934669439343138083508754565189542113879843219016388785533085940283555.
var d = mustElement([32]byte{
	0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75,
	0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
	0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c,
	0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
})

// SetBytes sets v to the point encoded by x, 32 bytes in the format of
// RFC 8032, Section 5.1.2, and returns v. If x is not 32 bytes long or is
// not the encoding of a point, SetBytes returns nil and an error, and v is
// unchanged.
//
// SetBytes accepts exactly the encodings that crypto/ed25519 accepts for
// public keys (those of filippo.io/edwards25519), which are more than the
// canonical ones of RFC 8032, Section 5.1.3:
//
//   - y is read from bits 0 to 254 and reduced mod p, so the 19 values
//     from p to 2^255 − 1 stand for 0 to 18;
//   - when x = 0 (y = ±1), a sign bit of 1 is accepted and ignored, where
//     the RFC asks for a rejection;
//   - a y with no x on the curve, that is whose (y^2 − 1)/(d·y^2 + 1) is
//     not a square, is rejected.
//
// Points of small order and points outside the prime-order subgroup are
// accepted. SetBytes runs in constant time but for its error, which tells
// whether x was a valid encoding.
func (v *Point) SetBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, errors.New("carry/edwards25519: invalid point encoding length")
	}

	// The curve equation −x^2 + y^2 = 1 + d·x^2·y^2 solved for x:
	// x^2 = (y^2 − 1)/(d·y^2 + 1). The denominator is never zero, as −1/d
	// is not a square mod p. SqrtRatio returns the non-negative root.
	var y, y2, u, w, xx field25519.Element
	y.SetBytes(x) // cannot fail on 32 bytes: bit 255 is ignored, y reduced
	y2.Square(&y)
	u.Sub(&y2, &feOne) // u = y^2 − 1
	w.Mul(&y2, &d)
	w.Add(&w, &feOne) // w = d·y^2 + 1
	if _, wasSquare := xx.SqrtRatio(&u, &w); wasSquare != 1 {
		return nil, errors.New("carry/edwards25519: invalid point encoding")
	}

	// The root whose least significant bit is the sign bit; for x = 0 both
	// roots are 0, and the sign bit is ignored.
	xx.CondNegate(&xx, int(x[31]>>7))

	v.x.Set(&xx)
	v.y.Set(&y)
	v.z.One()
	v.t.Mul(&xx, &y)
	return v, nil
}

// feOne is the field element 1.
var feOne = mustElement([32]byte{1})
