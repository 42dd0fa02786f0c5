package edwards25519

import (
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/field25519"
)

// This file holds a slow reference for the group: affine points with
// math/big coordinates and the affine addition law, independent of the
// field25519 arithmetic and of the formulas under test.

var (
	bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigD = func() *big.Int { // -121665/121666
		t := new(big.Int).ModInverse(big.NewInt(121666), bigP)
		t.Mul(t, big.NewInt(-121665))
		return t.Mod(t, bigP)
	}()
	bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
)

// refPoint is an affine point with coordinates in [0, p).
type refPoint struct{ x, y *big.Int }

func refIdentity() refPoint { return refPoint{big.NewInt(0), big.NewInt(1)} }

// refBase is B of RFC 8032, Section 5.1, from the decimal values printed there.
func refBase() refPoint {
	x, _ := new(big.Int).SetString("15112221349535400772501151409588531511454012693041857206046113283949847762202", 10)
	y, _ := new(big.Int).SetString("46316835694926478169428394003475163141307993866256225615783033603165251855960", 10)
	return refPoint{x, y}
}

func bigMulMod(a, b *big.Int) *big.Int { return new(big.Int).Mod(new(big.Int).Mul(a, b), bigP) }

// refOnCurve reports whether -x^2 + y^2 = 1 + d·x^2·y^2.
func refOnCurve(q refPoint) bool {
	x2, y2 := bigMulMod(q.x, q.x), bigMulMod(q.y, q.y)
	lhs := new(big.Int).Sub(y2, x2)
	lhs.Mod(lhs, bigP)
	rhs := new(big.Int).Add(big.NewInt(1), bigMulMod(bigD, bigMulMod(x2, y2)))
	rhs.Mod(rhs, bigP)
	return lhs.Cmp(rhs) == 0
}

// refAdd is the affine addition law with a = -1, complete on edwards25519:
// x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2), y3 = (y1y2 + x1x2)/(1 − d·x1x2y1y2).
func refAdd(p1, p2 refPoint) refPoint {
	x1x2, y1y2 := bigMulMod(p1.x, p2.x), bigMulMod(p1.y, p2.y)
	t := bigMulMod(bigD, bigMulMod(x1x2, y1y2))
	xn := new(big.Int).Add(bigMulMod(p1.x, p2.y), bigMulMod(p1.y, p2.x))
	yn := new(big.Int).Add(y1y2, x1x2)
	xd := new(big.Int).Add(big.NewInt(1), t)
	yd := new(big.Int).Sub(big.NewInt(1), t)
	xd.Mod(xd, bigP).ModInverse(xd, bigP)
	yd.Mod(yd, bigP).ModInverse(yd, bigP)
	return refPoint{bigMulMod(xn, xd), bigMulMod(yn, yd)}
}

func refNeg(q refPoint) refPoint {
	x := new(big.Int).Sub(bigP, q.x)
	return refPoint{x.Mod(x, bigP), new(big.Int).Set(q.y)}
}

// refScalarMult returns k·q by double-and-add.
func refScalarMult(k *big.Int, q refPoint) refPoint {
	acc := refIdentity()
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc = refAdd(acc, acc)
		if k.Bit(i) == 1 {
			acc = refAdd(acc, q)
		}
	}
	return acc
}

func refEqual(a, b refPoint) bool { return a.x.Cmp(b.x) == 0 && a.y.Cmp(b.y) == 0 }

// refRandom returns a random point of the whole curve (of any order, small
// components included): a random y with a square x^2 = (y^2−1)/(d·y^2+1)
// and a random sign.
func refRandom(r *mathrand.Rand) refPoint {
	for {
		y := new(big.Int).Mod(leBig(randBytes(r)), bigP)
		y2 := bigMulMod(y, y)
		num := new(big.Int).Sub(y2, big.NewInt(1))
		den := new(big.Int).Add(bigMulMod(bigD, y2), big.NewInt(1))
		den.Mod(den, bigP).ModInverse(den, bigP)
		x := new(big.Int).ModSqrt(bigMulMod(num.Mod(num, bigP), den), bigP)
		if x == nil {
			continue
		}
		if r.IntN(2) == 1 {
			x.Sub(bigP, x).Mod(x, bigP)
		}
		return refPoint{x, y}
	}
}

func randBytes(r *mathrand.Rand) *[32]byte {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return &b
}

// leBig returns the little-endian integer b.
func leBig(b *[32]byte) *big.Int {
	var be [32]byte
	for i := range b {
		be[31-i] = b[i]
	}
	return new(big.Int).SetBytes(be[:])
}

// bigLE returns the 32-byte little-endian encoding of x < 2^256.
func bigLE(x *big.Int) *[32]byte {
	var out [32]byte
	be := x.FillBytes(make([]byte, 32))
	for i := range out {
		out[i] = be[31-i]
	}
	return &out
}

func feFromBig(t testing.TB, x *big.Int) field25519.Element {
	t.Helper()
	var v field25519.Element
	b := bigLE(new(big.Int).Mod(x, bigP))
	if _, err := v.SetBytes(b[:]); err != nil {
		t.Fatal(err)
	}
	return v
}

func feToBig(v *field25519.Element) *big.Int {
	var b [32]byte
	v.FillBytes(&b)
	return leBig(&b)
}

// pointFromRef returns q in extended coordinates, scaled by a random
// nonzero λ, (λx : λy : λ : λxy), so that the formulas see Z ≠ 1.
func pointFromRef(t testing.TB, r *mathrand.Rand, q refPoint) *Point {
	t.Helper()
	lambda := new(big.Int).Mod(leBig(randBytes(r)), bigP)
	if lambda.Sign() == 0 {
		lambda.SetInt64(1)
	}
	v := new(Point)
	v.x = feFromBig(t, bigMulMod(lambda, q.x))
	v.y = feFromBig(t, bigMulMod(lambda, q.y))
	v.z = feFromBig(t, lambda)
	v.t = feFromBig(t, bigMulMod(lambda, bigMulMod(q.x, q.y)))
	return v
}

// toRef returns the affine coordinates of v, checking its invariant
// T·Z = X·Y on the way.
func toRef(t testing.TB, v *Point) refPoint {
	t.Helper()
	var tz, xy field25519.Element
	tz.Mul(&v.t, &v.z)
	xy.Mul(&v.x, &v.y)
	if tz.Equal(&xy) != 1 {
		t.Fatalf("point has T·Z ≠ X·Y")
	}
	var zInv, x, y field25519.Element
	zInv.Invert(&v.z)
	x.Mul(&v.x, &zInv)
	y.Mul(&v.y, &zInv)
	return refPoint{feToBig(&x), feToBig(&y)}
}

// fromPoint sets v to the niels form of p, and returns v, by an inversion:
// the tables' entries are checked against it.
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

// Equal returns 1 if s and t are equal, and 0 otherwise.
func (s *Scalar) Equal(t *Scalar) int {
	// Both are fully reduced, so equal values have equal words.
	d := (s.s[0] ^ t.s[0]) | (s.s[1] ^ t.s[1]) | (s.s[2] ^ t.s[2]) | (s.s[3] ^ t.s[3])
	// d | −d has its top bit set exactly when d ≠ 0.
	return int(((d | -d) >> 63) ^ 1)
}
