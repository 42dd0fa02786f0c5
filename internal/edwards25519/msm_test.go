package edwards25519

import (
	"bytes"
	"math/big"
	mathrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// msmInputs returns n scalars and points: random ones with, mixed in, zero
// and edge scalars, the identity, torsion points, repeated points and
// 128-bit scalars (as batch verification has).
func msmInputs(t *testing.T, r *mathrand.Rand, n int) ([]*Scalar, []*Point) {
	special := []*Point{NewGeneratorPoint()} // B, the 8 torsion points (the identity among them)
	for _, q := range torsionPoints() {
		special = append(special, pointFromRef(t, r, q))
	}
	edges := edgeScalarValues()
	scalars := make([]*Scalar, n)
	points := make([]*Point, n)
	for i := range n {
		var k *big.Int
		switch r.IntN(4) {
		case 0:
			k = edges[r.IntN(len(edges))]
		case 1:
			k = new(big.Int).SetUint64(r.Uint64())
			k.Lsh(k, 64).Or(k, new(big.Int).SetUint64(r.Uint64()))
		default:
			k = randScalarValue(r)
		}
		scalars[i] = scalarFromBig(t, k)
		switch r.IntN(4) {
		case 0:
			points[i] = special[r.IntN(len(special))]
		case 1:
			if i > 0 {
				points[i] = points[r.IntN(i)]
				break
			}
			fallthrough
		default:
			points[i] = pointFromRef(t, r, refRandom(r))
		}
	}
	return scalars, points
}

// msmRef is Σ scalars[i]·points[i] by double-and-add and Add.
func msmRef(scalars []*Scalar, points []*Point) *Point {
	acc := NewIdentityPoint()
	for i := range points {
		acc.Add(acc, pointMultRef(scalarToBig(scalars[i]), points[i]))
	}
	return acc
}

func TestVarTimeMultiScalarMult(t *testing.T) {
	r := testutil.Rand(t)
	sizes := []int{0, 1, 2, 3, 63, 64, 65, 200}
	if testing.Short() {
		sizes = []int{0, 1, 2, 3, 65}
	}
	if *long {
		sizes = append(sizes, pippengerThreshold-1, pippengerThreshold, 700)
	}
	for _, n := range sizes {
		scalars, points := msmInputs(t, r, n)
		want := msmRef(scalars, points)
		if got := new(Point).VarTimeMultiScalarMult(scalars, points); !samePoint(got, want) {
			t.Errorf("n = %d: VarTimeMultiScalarMult differs from the sum of double-and-adds", n)
		}
		if got := new(Point).straussVarTime(scalars, points); !samePoint(got, want) {
			t.Errorf("n = %d: Straus differs from the sum of double-and-adds", n)
		}
		windows := []uint{2, 5, 6, 8}
		if testing.Short() {
			windows = []uint{5}
		}
		for _, c := range windows {
			if got := new(Point).pippengerVarTime(scalars, points, c); !samePoint(got, want) {
				t.Errorf("n = %d: Pippenger with c = %d differs from the sum of double-and-adds", n, c)
			}
		}
	}
}

func TestVarTimeMultiScalarMultSpecial(t *testing.T) {
	r := testutil.Rand(t)
	// All scalars zero, all points the identity, one term against
	// double-and-add, a term and its negation.
	scalars, points := msmInputs(t, r, 70)
	zeros := make([]*Scalar, len(points))
	ids := make([]*Point, len(points))
	for i := range zeros {
		zeros[i] = new(Scalar)
		ids[i] = NewIdentityPoint()
	}
	id := NewIdentityPoint()
	for _, n := range []int{1, 70} {
		for _, c := range []uint{0, 4, 6} {
			f := func(s []*Scalar, p []*Point) *Point {
				if c == 0 {
					return new(Point).VarTimeMultiScalarMult(s, p)
				}
				return new(Point).pippengerVarTime(s, p, c)
			}
			if !samePoint(f(zeros[:n], points[:n]), id) {
				t.Errorf("n = %d, c = %d: zero scalars do not give the identity", n, c)
			}
			if !samePoint(f(scalars[:n], ids[:n]), id) {
				t.Errorf("n = %d, c = %d: identity points do not give the identity", n, c)
			}
			// In the subgroup of order l, where −x mod l is the negation.
			P := new(Point).ScalarBaseMultScalar(scalars[1])
			neg := new(Scalar).Negate(scalars[0])
			s := []*Scalar{scalars[0], neg}
			p := []*Point{P, P}
			if !samePoint(f(s, p), id) {
				t.Errorf("c = %d: x·P + (−x)·P is not the identity", c)
			}
		}
	}
	if got := new(Point).VarTimeMultiScalarMult(scalars[:1], points[:1]); !samePoint(got, pointMultRef(scalarToBig(scalars[0]), points[0])) {
		t.Error("one term differs from double-and-add")
	}
	// Two terms, one of them B, against VarTimeDoubleScalarBaseMult.
	two := []*Point{points[3], NewGeneratorPoint()}
	want2 := new(Point).VarTimeDoubleScalarBaseMult(scalars[3], points[3], scalars[4])
	if got := new(Point).VarTimeMultiScalarMult([]*Scalar{scalars[3], scalars[4]}, two); !samePoint(got, want2) {
		t.Error("a·A + b·B differs from VarTimeDoubleScalarBaseMult")
	}
	if got := new(Point).pippengerVarTime([]*Scalar{scalars[3], scalars[4]}, two, 4); !samePoint(got, want2) {
		t.Error("a·A + b·B by Pippenger differs from VarTimeDoubleScalarBaseMult")
	}
	// v aliasing one of the points.
	want := new(Point).VarTimeMultiScalarMult(scalars[:3], points[:3])
	v := new(Point).Set(points[1])
	pts := []*Point{points[0], v, points[2]}
	if !samePoint(v.VarTimeMultiScalarMult(scalars[:3], pts), want) {
		t.Error("VarTimeMultiScalarMult with v among the points differs")
	}
	v = new(Point).Set(points[1])
	pts = []*Point{points[0], v, points[2]}
	if !samePoint(v.pippengerVarTime(scalars[:3], pts, 3), want) {
		t.Error("pippengerVarTime with v among the points differs")
	}
	// Different lengths panic, with more scalars or with more points.
	for _, ns := range [][2]int{{2, 3}, {3, 2}} {
		func() {
			defer func() {
				if msg, ok := recover().(string); !ok || !strings.HasPrefix(msg, "carry/edwards25519: ") {
					t.Errorf("%d scalars, %d points: recovered %v, want carry/edwards25519's panic", ns[0], ns[1], msg)
				}
			}()
			new(Point).VarTimeMultiScalarMult(scalars[:ns[0]], points[:ns[1]])
		}()
	}
}

// samePoint reports whether p and q encode alike. The tests compare
// encodings rather than use Equal, which cross-multiplies by Z and holds
// between any point and all-zero coordinates.
func samePoint(p, q *Point) bool {
	return bytes.Equal(p.Bytes(), q.Bytes())
}

func TestSignedRadixVarTime(t *testing.T) {
	r := testutil.Rand(t)
	one := big.NewInt(1)
	vals := append(multTestScalars(t, r, iterations(30)), new(big.Int).Sub(new(big.Int).Lsh(one, 253), one))
	for _, k := range vals {
		var w [4]uint64
		loadWords(&w, bigLE(k))
		for c := uint(2); c <= 16; c++ {
			digits := make([]int32, 253/int(c)+2)
			signedRadixVarTime(digits, &w, c)
			sum := new(big.Int)
			for i := len(digits) - 1; i >= 0; i-- {
				e := int64(digits[i])
				if e > 1<<(c-1) || e <= -(1<<(c-1)) {
					t.Fatalf("c = %d: digit %d out of range", c, e)
				}
				sum.Lsh(sum, c).Add(sum, big.NewInt(e))
			}
			if sum.Cmp(k) != 0 {
				t.Fatalf("c = %d: digits of %v sum to %v", c, k, sum)
			}
		}
	}
}
