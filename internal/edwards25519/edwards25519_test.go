package edwards25519

import (
	"flag"
	"math/big"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long tests (more random inputs)")

// iterations returns n, or 10·n with -long, or n/4 (at least 1) with
// -short.
func iterations(n int) int {
	switch {
	case *long:
		return 10 * n
	case testing.Short():
		return max(n/4, 1)
	}
	return n
}

func TestConstants(t *testing.T) {
	if got, want := feToBig(&d2), bigMulMod(big.NewInt(2), bigD); got.Cmp(want) != 0 {
		t.Errorf("d2 = %v, want %v", got, want)
	}
	B := refBase()
	if !refOnCurve(B) {
		t.Fatal("reference B is not on the curve")
	}
	if got := toRef(t, NewGeneratorPoint()); !refEqual(got, B) {
		t.Errorf("generator = (%v, %v), want (%v, %v)", got.x, got.y, B.x, B.y)
	}
	// B has order L.
	if got := refScalarMult(bigL, B); !refEqual(got, refIdentity()) {
		t.Errorf("L·B is not the identity")
	}
	if got := toRef(t, NewIdentityPoint()); !refEqual(got, refIdentity()) {
		t.Errorf("identity = (%v, %v)", got.x, got.y)
	}
	// Identity sets every coordinate, also of a receiver that held a point.
	if got := toRef(t, new(Point).Double(NewGeneratorPoint()).Identity()); !refEqual(got, refIdentity()) {
		t.Errorf("2·B made the identity = (%v, %v)", got.x, got.y)
	}
}

// testPoints returns random points of the whole curve, random multiples of
// B, and the 8-torsion points, in affine form.
func testPoints(t *testing.T, n int) []refPoint {
	r := testutil.Rand(t)
	pts := []refPoint{refIdentity(), refBase()}
	// The 8-torsion points, computed once (torsion_test.go).
	pts = append(pts, torsionPoints()...)
	for range n {
		pts = append(pts, refRandom(r))
	}
	// Random multiples of B, in the prime-order subgroup.
	for range 4 {
		k := new(big.Int).SetUint64(r.Uint64())
		pts = append(pts, refScalarMult(k, refBase()))
	}
	return pts
}

func TestFormulas(t *testing.T) {
	r := testutil.Rand(t)
	pts := testPoints(t, iterations(20))
	for _, pa := range pts {
		if !refOnCurve(pa) {
			t.Fatal("test point not on the curve")
		}
		P := pointFromRef(t, r, pa)
		if got, want := toRef(t, new(Point).Double(P)), refAdd(pa, pa); !refEqual(got, want) {
			t.Errorf("Double: got (%v, %v), want (%v, %v)", got.x, got.y, want.x, want.y)
		}
		if got, want := toRef(t, new(Point).Negate(P)), refNeg(pa); !refEqual(got, want) {
			t.Errorf("Negate: got (%v, %v), want (%v, %v)", got.x, got.y, want.x, want.y)
		}
		for _, qa := range pts {
			Q := pointFromRef(t, r, qa)
			sum, diff := refAdd(pa, qa), refAdd(pa, refNeg(qa))
			if got := toRef(t, new(Point).Add(P, Q)); !refEqual(got, sum) {
				t.Errorf("Add: got (%v, %v), want (%v, %v)", got.x, got.y, sum.x, sum.y)
			}
			if got := toRef(t, new(Point).Subtract(P, Q)); !refEqual(got, diff) {
				t.Errorf("Subtract: got (%v, %v), want (%v, %v)", got.x, got.y, diff.x, diff.y)
			}
			var qn niels
			var c completed
			qn.fromPoint(Q)
			if got := toRef(t, new(Point).fromCompleted(c.addNiels(P, &qn))); !refEqual(got, sum) {
				t.Errorf("addNiels: got (%v, %v), want (%v, %v)", got.x, got.y, sum.x, sum.y)
			}
			if got := toRef(t, new(Point).fromCompleted(c.subNiels(P, &qn))); !refEqual(got, diff) {
				t.Errorf("subNiels: got (%v, %v), want (%v, %v)", got.x, got.y, diff.x, diff.y)
			}
			var qc cached
			qc.fromPoint(Q)
			if got := toRef(t, new(Point).fromCompleted(c.addCached(P, &qc))); !refEqual(got, sum) {
				t.Errorf("addCached: got (%v, %v), want (%v, %v)", got.x, got.y, sum.x, sum.y)
			}
			if got := toRef(t, new(Point).fromCompleted(c.subCached(P, &qc))); !refEqual(got, diff) {
				t.Errorf("subCached: got (%v, %v), want (%v, %v)", got.x, got.y, diff.x, diff.y)
			}
			if got, want := P.Equal(Q), refEqual(pa, qa); (got == 1) != want || (got != 0 && got != 1) {
				t.Errorf("Equal = %d, want %v", got, want)
			}
		}
	}
}

// TestChains runs long chains of additions and doublings, so that the limb
// bounds are exercised on outputs of the formulas themselves, and compares
// the end with the reference.
func TestChains(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(5) {
		pa, qa := refRandom(r), refRandom(r)
		P, Q := pointFromRef(t, r, pa), pointFromRef(t, r, qa)
		var qn niels
		qn.fromPoint(Q)
		for range 50 {
			var c completed
			var pp projective
			switch r.IntN(4) {
			case 0:
				P.Add(P, Q)
				pa = refAdd(pa, qa)
			case 1:
				P.Double(P)
				pa = refAdd(pa, pa)
			case 2:
				P.fromCompleted(c.addNiels(P, &qn))
				pa = refAdd(pa, qa)
			case 3:
				P.fromCompleted(c.double(pp.fromPoint(P)))
				pa = refAdd(pa, pa)
			}
		}
		if got := toRef(t, P); !refEqual(got, pa) {
			t.Errorf("chain: got (%v, %v), want (%v, %v)", got.x, got.y, pa.x, pa.y)
		}
	}
}

func TestBytes(t *testing.T) {
	r := testutil.Rand(t)
	for _, pa := range testPoints(t, iterations(20)) {
		P := pointFromRef(t, r, pa)
		want := bigLE(pa.y)
		want[31] |= byte(pa.x.Bit(0) << 7)
		if got := P.Bytes(); string(got) != string(want[:]) {
			t.Errorf("Bytes = %x, want %x", got, want)
		}
	}
}

// TestRegistered checks that the package lists its three implementations
// in internal/impl in every build, built or not, so that carry version
// names them everywhere.
func TestRegistered(t *testing.T) {
	want := []string{implAVX2.Name, implADX.Name, implIFMA.Name}
	if got := impl.List(implAVX2.Package); !slices.Equal(got, want) {
		t.Errorf("internal/impl lists %q for %s, want %q", got, implAVX2.Package, want)
	}
}
