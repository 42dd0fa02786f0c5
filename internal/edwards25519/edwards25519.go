// Package edwards25519 implements the group of the twisted Edwards curve
// edwards25519,
//
//	-x^2 + y^2 = 1 + d·x^2·y^2,  d = -121665/121666,
//
// over GF(2^255 - 19) (RFC 8032, Section 5.1; RFC 7748, Section 4.1), on the
// field of package field25519.
//
// # Coordinates
//
// Points are kept in the coordinate systems of Hisil, Wong, Carter and
// Dawson, "Twisted Edwards Curves Revisited", ASIACRYPT 2008
// (https://eprint.iacr.org/2008/522), with a = -1:
//
//	Point       extended (X:Y:Z:T), x = X/Z, y = Y/Z, x·y = T/Z
//	projective  (X:Y:Z), x = X/Z, y = Y/Z (the input of doubling)
//	completed   ((X:Z),(Y:T)), x = X/Z, y = Y/T (the output of every formula)
//	cached      (Y+X, Y−X, Z, 2d·T), the second operand of an addition
//	niels       (y+x, y−x, 2d·x·y), an affine cached point (Z = 1)
//
// # Field elements
//
// field25519's elements are four 64-bit words, and every operation accepts
// any element, so the formulas keep no bounds of their own.
//
// # Scalars
//
// [Scalar] is the field of integers modulo the order l of the basepoint, in
// Montgomery form on four 64-bit words (scalar.go, scalar_arith.go).
//
// # Operations and their files
//
//	add.go, forms.go        the formulas and the coordinate systems
//	basemult.go             k·B by the fixed-base table (table_base.go)
//	scalarmult.go           x·Q, x·B for a Scalar, and 8·P
//	decode.go               SetBytes, with crypto/ed25519's acceptance rules
//	vartime.go              a·A + b·B for verification (wNAF)
//	msm.go                  Σ s_i·P_i for batch verification (Straus, Pippenger)
//
// # Constant time
//
// Every function runs in time independent of the points and scalars it is
// given, unless its name ends in VarTime: there are no branches, memory
// indices or variable-time instructions that depend on them. Conditions are
// 1/0 ints applied by masks. The errors of the decoding functions
// (Point.SetBytes, Scalar.SetCanonicalBytes) tell whether their input was
// valid, and nothing more.
package edwards25519

import (
	"github.com/carry-crypto/carry/internal/field25519"
)

// Point is a point of edwards25519 in extended coordinates (X:Y:Z:T), with
// x = X/Z, y = Y/Z and x·y = T/Z (HWCD 2008, Section 3).
//
// The zero value is not a valid point: use a Point as a receiver, or start it
// from [NewIdentityPoint] or [NewGeneratorPoint]. Methods take their result
// in the receiver and return it; the receiver may alias any argument.
type Point struct {
	// Points are not comparable with ==: one point has many representations.
	_ incomparable

	x, y, z, t field25519.Element
}

type incomparable [0]func()

// mustElement decodes a 32-byte canonical constant; it is used only on
// constants of this package, so an error is a broken invariant.
func mustElement(b [32]byte) field25519.Element {
	var v field25519.Element
	if _, err := v.SetBytes(b[:]); err != nil {
		panic("carry/edwards25519: internal error: bad constant")
	}
	return v
}

// d2 is 2d = -121665/60833 mod p, the constant of the cached and niels
// forms: 16295367250680780974490674513165176452449235426866156013048779062215315747161.
var d2 = mustElement([32]byte{
	0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb,
	0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
	0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19,
	0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24,
})

// generator is the Ed25519 basepoint B of RFC 8032, Section 5.1:
// y = 4/5, x = 15112221349535400772501151409588531511454012693041857206046113283949847762202.
var generator = func() Point {
	var g Point
	g.x = mustElement([32]byte{
		0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9,
		0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7, 0x2c, 0x69,
		0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0,
		0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21,
	})
	g.y = mustElement([32]byte{
		0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
		0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
		0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
		0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	})
	g.z.One()
	g.t.Mul(&g.x, &g.y)
	return g
}()

// NewIdentityPoint returns a new Point set to the identity (0, 1).
func NewIdentityPoint() *Point {
	return new(Point).Identity()
}

// NewGeneratorPoint returns a new Point set to the Ed25519 basepoint B
// (RFC 8032, Section 5.1).
func NewGeneratorPoint() *Point {
	return new(Point).Set(&generator)
}

// Identity sets v to the identity (0:1:1:0), and returns v.
func (v *Point) Identity() *Point {
	v.x.Zero()
	v.y.One()
	v.z.One()
	v.t.Zero()
	return v
}

// Set sets v = u, and returns v.
func (v *Point) Set(u *Point) *Point {
	*v = *u
	return v
}

// Bytes returns the 32-byte encoding of v of RFC 8032, Section 5.1.2: the
// canonical little-endian encoding of y with the least significant bit of x
// in bit 255.
//
// Bytes is small enough to be inlined, so the returned slice stays on the
// caller's stack if it does not escape there.
func (v *Point) Bytes() []byte {
	var out [32]byte
	v.bytes(&out)
	return out[:]
}

func (v *Point) bytes(out *[32]byte) {
	var zInv, x, y field25519.Element
	zInv.Invert(&v.z)  // 1/Z
	x.Mul(&v.x, &zInv) // x = X/Z
	y.Mul(&v.y, &zInv) // y = Y/Z
	y.FillBytes(out)
	out[31] |= byte(x.IsNegative() << 7)
}

// Equal returns 1 if v and u are the same point, and 0 otherwise.
func (v *Point) Equal(u *Point) int {
	// X1/Z1 = X2/Z2 and Y1/Z1 = Y2/Z2, cross-multiplied (Z ≠ 0).
	var t1, t2, t3, t4 field25519.Element
	t1.Mul(&v.x, &u.z)
	t2.Mul(&u.x, &v.z)
	t3.Mul(&v.y, &u.z)
	t4.Mul(&u.y, &v.z)
	return t1.Equal(&t2) & t3.Equal(&t4)
}

// Negate sets v = -p, and returns v.
func (v *Point) Negate(p *Point) *Point {
	// -(x, y) = (-x, y), so T = x·y·Z changes sign too.
	v.x.Negate(&p.x)
	v.y.Set(&p.y)
	v.z.Set(&p.z)
	v.t.Negate(&p.t)
	return v
}
