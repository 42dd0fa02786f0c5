package edwards25519

import (
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// pointMultRef returns k·q by double-and-add with Point.Add and
// Point.Double, a straightforward reference for the multiplications.
func pointMultRef(k *big.Int, q *Point) *Point {
	acc := NewIdentityPoint()
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc.Double(acc)
		if k.Bit(i) == 1 {
			acc.Add(acc, q)
		}
	}
	return acc
}

// multTestScalars returns the edge scalars and random ones.
func multTestScalars(t *testing.T, r *mathrand.Rand, n int) []*big.Int {
	ks := edgeScalarValues()
	for range n {
		ks = append(ks, randScalarValue(r))
	}
	return ks
}

// multTestPoints returns points of every kind as Points: the identity, B,
// the 8-torsion points, random points of the whole curve and multiples of B.
func multTestPoints(t *testing.T, r *mathrand.Rand, n int) []*Point {
	var pts []*Point
	for _, q := range testPoints(t, n) {
		pts = append(pts, pointFromRef(t, r, q))
	}
	return pts
}

func TestScalarBaseMultScalar(t *testing.T) {
	r := testutil.Rand(t)
	B := NewGeneratorPoint()
	for _, k := range multTestScalars(t, r, iterations(20)) {
		x := scalarFromBig(t, k)
		got := new(Point).ScalarBaseMultScalar(x)
		if want := pointMultRef(k, B); got.Equal(want) != 1 {
			t.Errorf("ScalarBaseMultScalar(%v) differs from double-and-add", k)
		}
	}
	k := randScalarValue(r)
	if got := toRef(t, new(Point).ScalarBaseMultScalar(scalarFromBig(t, k))); !refEqual(got, refScalarMult(k, refBase())) {
		t.Errorf("ScalarBaseMultScalar(%v) differs from the math/big reference", k)
	}
}

func TestMultByCofactor(t *testing.T) {
	r := testutil.Rand(t)
	for _, q := range multTestPoints(t, r, 5) {
		// samePoint, not Equal: Equal holds between any point and the
		// all-zero coordinates that a dropped input would give.
		if got, want := new(Point).MultByCofactor(q), pointMultRef(big.NewInt(8), q); !samePoint(got, want) {
			t.Error("MultByCofactor differs from 8·q")
		}
	}
	// It clears the torsion points.
	id := NewIdentityPoint()
	for _, q := range torsionPoints() {
		if !samePoint(new(Point).MultByCofactor(pointFromRef(t, r, q)), id) {
			t.Error("MultByCofactor of a torsion point is not the identity")
		}
	}
}

func TestNAF(t *testing.T) {
	r := testutil.Rand(t)
	vals := multTestScalars(t, r, iterations(50))
	one := big.NewInt(1)
	vals = append(vals, new(big.Int).Sub(new(big.Int).Lsh(one, 254), one), new(big.Int).Lsh(one, 253))
	for _, k := range vals {
		var w4 [4]uint64
		b := bigLE(k)
		loadWords(&w4, b)
		// naf is reused across widths: nafVarTime must overwrite the
		// digits the previous width left.
		var naf [256]int8
		for w := uint(2); w <= 8; w++ {
			nafVarTime(&naf, &w4, w)
			sum := new(big.Int)
			last := -1000
			for i := 255; i >= 0; i-- {
				sum.Lsh(sum, 1)
				e := int(naf[i])
				if e == 0 {
					continue
				}
				sum.Add(sum, big.NewInt(int64(e)))
				if e%2 == 0 || e >= 1<<(w-1) || e <= -(1<<(w-1)) {
					t.Fatalf("w = %d: digit %d at %d out of range", w, e, i)
				}
				if last-i < int(w) && last >= 0 {
					t.Fatalf("w = %d: digits at %d and %d closer than w", w, last, i)
				}
				last = i
			}
			if sum.Cmp(k) != 0 {
				t.Fatalf("w = %d: NAF of %v sums to %v", w, k, sum)
			}
		}
	}
}

func TestVarTimeDoubleScalarBaseMult(t *testing.T) {
	r := testutil.Rand(t)
	pts := multTestPoints(t, r, 2)
	ks := multTestScalars(t, r, iterations(4))
	B := NewGeneratorPoint()
	for i, a := range ks {
		for j, A := range pts {
			b := ks[(i*5+j)%len(ks)]
			sa, sb := scalarFromBig(t, a), scalarFromBig(t, b)
			want := pointMultRef(a, A)
			want.Add(want, pointMultRef(b, B))
			if got := new(Point).VarTimeDoubleScalarBaseMult(sa, A, sb); got.Equal(want) != 1 {
				t.Errorf("VarTimeDoubleScalarBaseMult(%v, point %d, %v) differs", a, j, b)
			}
		}
	}
	// Against double-and-add and the math/big reference once each.
	a, b := randScalarValue(r), randScalarValue(r)
	q := refRandom(r)
	A := pointFromRef(t, r, q)
	got := new(Point).VarTimeDoubleScalarBaseMult(scalarFromBig(t, a), A, scalarFromBig(t, b))
	if want := new(Point).Add(pointMultRef(a, A), pointMultRef(b, B)); got.Equal(want) != 1 {
		t.Error("VarTimeDoubleScalarBaseMult differs from double-and-add")
	}
	if want := refAdd(refScalarMult(a, q), refScalarMult(b, refBase())); !refEqual(toRef(t, got), want) {
		t.Error("VarTimeDoubleScalarBaseMult differs from the math/big reference")
	}
}

func TestBaseOddTable(t *testing.T) {
	tbl := baseOddTable()
	B := NewGeneratorPoint()
	for j := range tbl {
		var want niels
		want.fromPoint(pointMultRef(big.NewInt(int64(2*j+1)), B))
		got := tbl[j]
		if got.YplusX.Equal(&want.YplusX) != 1 || got.YminusX.Equal(&want.YminusX) != 1 || got.XY2d.Equal(&want.XY2d) != 1 {
			t.Errorf("baseOddTable[%d] is not %d·B", j, 2*j+1)
		}
	}
}

func TestMultAliasing(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(3) {
		x := scalarFromBig(t, randScalarValue(r))
		y := scalarFromBig(t, randScalarValue(r))
		q := pointFromRef(t, r, refRandom(r))

		want := new(Point).VarTimeDoubleScalarBaseMult(x, q, y)
		if v := new(Point).Set(q); v.VarTimeDoubleScalarBaseMult(x, v, y).Equal(want) != 1 {
			t.Error("VarTimeDoubleScalarBaseMult(x, v, y) differs")
		}
		want = new(Point).MultByCofactor(q)
		if v := new(Point).Set(q); v.MultByCofactor(v).Equal(want) != 1 {
			t.Error("MultByCofactor(v) differs")
		}
	}
}

func TestMultAllocs(t *testing.T) {
	x, y, _ := benchScalars()
	A := NewGeneratorPoint()
	var v Point
	baseOddTable()
	if n := testing.AllocsPerRun(5, func() {
		v.ScalarBaseMultScalar(y)
		v.VarTimeDoubleScalarBaseMult(x, A, y)
		v.MultByCofactor(A)
	}); n > 0 {
		t.Errorf("the multiplications allocate %v times", n)
	}
}
