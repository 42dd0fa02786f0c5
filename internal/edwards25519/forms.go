package edwards25519

import "github.com/carry-crypto/carry/internal/field25519"

// This file holds the auxiliary coordinate systems of HWCD 2008 and the
// conversions between them. Each conversion is a few multiplications; the
// completed form is what every addition and doubling formula returns, and it
// is converted to the form the next operation reads.

// projective is a point in projective coordinates (X:Y:Z), x = X/Z,
// y = Y/Z: the input of doubling, which does not need T. Every coordinate is
// tight.
type projective struct {
	X, Y, Z field25519.Element
}

// completed is a point in completed coordinates ((X:Z),(Y:T)), x = X/Z,
// y = Y/T (HWCD 2008, Section 3.1, "P1×P1" in ref10), the output of the
// formulas before their final multiplications. Every coordinate is loose
// (limbs < 2^54): it is only ever an input of Mul.
type completed struct {
	X, Y, Z, T field25519.Element
}

// cached is a point as the second operand of an addition:
// (Y+X, Y−X, Z, 2d·T). Every coordinate is tight, so that it may be negated.
type cached struct {
	YplusX, YminusX, Z, T2d field25519.Element
}

// niels is an affine point (Z = 1) as the second operand of a mixed
// addition: (y+x, y−x, 2d·x·y). Every coordinate is tight. The zero value
// is not the identity; see Identity.
type niels struct {
	YplusX, YminusX, XY2d field25519.Element
}

// fromCompleted sets v to the extended coordinates of p, and returns v.
func (v *Point) fromCompleted(p *completed) *Point {
	// (X:Y:Z:T) = (X·T : Y·Z : Z·T : X·Y), so that X/Z = pX/pZ, Y/Z = pY/pT
	// and T/Z = (pX/pZ)·(pY/pT). The inputs are loose, the products tight.
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
	// Add and Sub return tight elements (Sub's subtrahend p.x is tight);
	// Mul of two tight elements is tight.
	v.YplusX.Add(&p.y, &p.x)
	v.YminusX.Sub(&p.y, &p.x)
	v.Z.Set(&p.z)
	v.T2d.Mul(&p.t, &d2)
	return v
}

// fromPoint sets v to the niels form of p, and returns v. It costs an
// inversion.
func (v *niels) fromPoint(p *Point) *niels {
	var zInv, x, y field25519.Element
	zInv.Invert(&p.z)
	x.Mul(&p.x, &zInv) // x = X/Z
	y.Mul(&p.y, &zInv) // y = Y/Z
	v.YplusX.Add(&y, &x)
	v.YminusX.Sub(&y, &x)
	v.XY2d.Mul(&x, &y)
	v.XY2d.Mul(&v.XY2d, &d2)
	return v
}

// Identity sets v to the niels form of the identity (x, y) = (0, 1), that is
// (1, 1, 0), and returns v.
func (v *niels) Identity() *niels {
	v.YplusX.One()
	v.YminusX.One()
	v.XY2d.Zero()
	return v
}

// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
// cond must be 0 or 1; it is applied as a mask. v may alias a or b.
func (v *niels) Select(a, b *niels, cond int) *niels {
	v.YplusX.Select(&a.YplusX, &b.YplusX, cond)
	v.YminusX.Select(&a.YminusX, &b.YminusX, cond)
	v.XY2d.Select(&a.XY2d, &b.XY2d, cond)
	return v
}

// CondNegate sets v = -a if cond == 1 and v = a if cond == 0, and returns
// v. cond must be 0 or 1; it is applied as a mask. v may alias a.
func (v *niels) CondNegate(a *niels, cond int) *niels {
	// -(x, y) = (-x, y) swaps y+x and y−x and negates 2d·x·y. a is tight,
	// as CondNegate requires.
	v.YplusX.Set(&a.YplusX)
	v.YminusX.Set(&a.YminusX)
	v.YplusX.Swap(&v.YminusX, cond)
	v.XY2d.CondNegate(&a.XY2d, cond)
	return v
}

// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
// cond must be 0 or 1; it is applied as a mask. v may alias a or b.
func (v *cached) Select(a, b *cached, cond int) *cached {
	v.YplusX.Select(&a.YplusX, &b.YplusX, cond)
	v.YminusX.Select(&a.YminusX, &b.YminusX, cond)
	v.Z.Select(&a.Z, &b.Z, cond)
	v.T2d.Select(&a.T2d, &b.T2d, cond)
	return v
}

// CondNegate sets v = -a if cond == 1 and v = a if cond == 0, and returns
// v. cond must be 0 or 1; it is applied as a mask. v may alias a.
func (v *cached) CondNegate(a *cached, cond int) *cached {
	v.YplusX.Set(&a.YplusX)
	v.YminusX.Set(&a.YminusX)
	v.YplusX.Swap(&v.YminusX, cond)
	v.Z.Set(&a.Z)
	v.T2d.CondNegate(&a.T2d, cond)
	return v
}
