package edwards25519

import "github.com/carry-crypto/carry/internal/field25519"

// This file holds the auxiliary coordinate systems of HWCD 2008 and the
// conversions between them. Each conversion is a few multiplications; the
// completed form is what every addition and doubling formula returns, and it
// is converted to the form the next operation reads.

// projective is a point in projective coordinates (X:Y:Z), x = X/Z,
// y = Y/Z: the input of doubling, which does not need T.
type projective struct {
	X, Y, Z field25519.Element
}

// completed is a point in completed coordinates ((X:Z),(Y:T)), x = X/Z,
// y = Y/T (HWCD 2008, Section 3.1, "P1×P1" in ref10), the output of the
// formulas before their final multiplications.
type completed struct {
	X, Y, Z, T field25519.Element
}

// cached is a point as the second operand of an addition:
// (Y+X, Y−X, Z, 2d·T).
type cached struct {
	YplusX, YminusX, Z, T2d field25519.Element
}

// niels is an affine point (Z = 1) as the second operand of a mixed
// addition: (y+x, y−x, 2d·x·y). The zero value
// is not the identity; see Identity.
type niels struct {
	YplusX, YminusX, XY2d field25519.Element
}

// identity sets v to the identity (0, 1) as ((0:1),(1:1)), and returns v.
func (v *completed) identity() *completed {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
	v.T.One()
	return v
}

// fromCompleted sets v to the extended coordinates of p, and returns v.
func (v *Point) fromCompleted(p *completed) *Point {
	// (X:Y:Z:T) = (X·T : Y·Z : Z·T : X·Y), so that X/Z = pX/pZ, Y/Z = pY/pT
	// and T/Z = (pX/pZ)·(pY/pT).
	v.x.Mul(&p.X, &p.T)
	v.y.Mul(&p.Y, &p.Z)
	v.z.Mul(&p.Z, &p.T)
	v.t.Mul(&p.X, &p.Y)
	return v
}

// fromCompleted sets v to the projective coordinates of p, and returns v.
// It is fromCompleted of Point without the product X·Y for T.
func (v *projective) fromCompleted(p *completed) *projective {
	v.X.Mul(&p.X, &p.T)
	v.Y.Mul(&p.Y, &p.Z)
	v.Z.Mul(&p.Z, &p.T)
	return v
}

// fromPoint sets v to the projective coordinates of p (dropping T), and
// returns v.
func (v *projective) fromPoint(p *Point) *projective {
	v.X.Set(&p.x)
	v.Y.Set(&p.y)
	v.Z.Set(&p.z)
	return v
}

// fromPoint sets v to the cached form of p, and returns v.
func (v *cached) fromPoint(p *Point) *cached {
	v.YplusX.Add(&p.y, &p.x)
	v.YminusX.Sub(&p.y, &p.x)
	v.Z.Set(&p.z)
	v.T2d.Mul(&p.t, &d2)
	return v
}

// fromPoint sets v to a completed form of p, (X:Z),(Y:Z), and returns v.
func (v *completed) fromPoint(p *Point) *completed {
	v.X.Set(&p.x)
	v.Y.Set(&p.y)
	v.Z.Set(&p.z)
	v.T.Set(&p.z)
	return v
}

// fromCompleted sets v to the cached form of p, and returns v.
func (v *cached) fromCompleted(p *completed) *cached {
	var t Point
	return v.fromPoint(t.fromCompleted(p))
}
