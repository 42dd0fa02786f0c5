//go:build !purego

package nistec

import (
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// p384PointAsmInputs returns coordinates for the formula tests: the field
// inputs biased to the bounds (p384AsmInputs), and the coordinates of
// points on the curve (multiples of the generator, projective).
func p384PointAsmInputs(t *testing.T) [][6]uint64 {
	in := p384AsmInputs(t)
	r := testutil.Rand(t)
	for range 8 {
		s := make([]byte, p384ScalarLength)
		for k := range s {
			s[k] = byte(r.Uint32())
		}
		q, err := NewP384Point().ScalarBaseMult(s)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, q.x.l, q.y.l, q.z.l)
	}
	return in
}

// TestP384DoubleAsm compares p384DoubleADX with the Go Jacobian doubling
// word for word: the formulas are polynomials, so any coordinates below p
// serve, on or off the curve; and twenty doublings in a row of the
// generator. Output aliased to the input and not.
func TestP384DoubleAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p384PointAsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p384Element { return p384Element{in[r.IntN(len(in))]} }
	for i := range 3 * len(in) {
		q := p384Jacobian{p384Element{in[i%len(in)]}, pick(), pick()}
		var want, got p384Jacobian
		want.doubleGeneric(&q)
		p384DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p384DoubleADX(%x) = %x, want %x", q, got, want)
		}
		got = q
		p384DoubleADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l)
		if got != want {
			t.Fatalf("p384DoubleADX(%x) aliased = %x, want %x", q, got, want)
		}
	}
	// Y1 chosen so that gg = gamma², the value the doubling halves, is
	// odd with its low words all ones, or with words 2 and up zero:
	// adding p to it then carries through those words, or carries
	// nothing into p's words of all ones (p's word 2 is 2^64 - 2), which
	// random coordinates almost never make it do.
	for _, set := range []func(w *[6]uint64){
		func(w *[6]uint64) { w[0] = ^uint64(0) },
		func(w *[6]uint64) { w[0], w[1] = ^uint64(0), ^uint64(0) },
		func(w *[6]uint64) { w[0], w[1], w[2] = ^uint64(0), ^uint64(0), ^uint64(0) },
		func(w *[6]uint64) { w[0] |= 1; w[2] = 0 },
		func(w *[6]uint64) { w[0] |= 1; w[2], w[3] = 0, 0 },
		func(w *[6]uint64) { w[0] |= 1; w[2], w[3], w[4] = 0, 0, 0 },
	} {
		q := p384Jacobian{pick(), p384HalvedAt(t, r, set), pick()}
		var want, got p384Jacobian
		want.doubleGeneric(&q)
		p384DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p384DoubleADX(%x), gg at an edge: %x, want %x", q, got, want)
		}
	}
	var want, got p384Jacobian
	want.fromProjective(newP384Generator())
	got = want
	for i := range 20 {
		want.doubleGeneric(&want)
		p384DoubleADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l)
		if got != want {
			t.Fatalf("doubling %d of G: p384DoubleADX gives %x, want %x", i+1, got, want)
		}
	}
}

// p384HalvedAt returns the words of a Y1 for which the doubling's gg =
// gamma² = (2 Y1)⁴, in its Montgomery words (y2⁴ R⁻³ for y2 = 2 Y1's
// words, R = 2^384), is random but for the words set sets.
// A fourth root exists for every square, p being 3 mod 4: one of the
// two square roots of a square is itself a square.
func p384HalvedAt(t *testing.T, r *rand.Rand, set func(w *[6]uint64)) p384Element {
	t.Helper()
	p := elliptic.P384().Params().P
	quarter := new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2) // (p+1)/4
	sqrt := func(x *big.Int) (*big.Int, bool) {
		s := new(big.Int).Exp(x, quarter, p)
		return s, new(big.Int).Exp(s, big.NewInt(2), p).Cmp(x) == 0
	}
	r3 := new(big.Int).Exp(new(big.Int).Lsh(big.NewInt(1), 384), big.NewInt(3), p)
	for range 200 {
		var w [6]uint64
		for i := range w {
			w[i] = r.Uint64()
		}
		set(&w)
		w[5] >>= 1 // below p
		// u = y2⁴ = gg R³
		u := new(big.Int).Mod(new(big.Int).Mul(p384Int(&w), r3), p)
		s, ok := sqrt(u)
		if !ok {
			continue
		}
		y2, ok := sqrt(s)
		if !ok {
			if y2, ok = sqrt(new(big.Int).Sub(p, s)); !ok {
				t.Fatal("neither square root of a square is a square")
			}
		}
		y1 := new(big.Int).Mod(new(big.Int).Mul(y2, new(big.Int).ModInverse(big.NewInt(2), p)), p)
		var e p384Element
		for i := range e.l {
			e.l[i] = new(big.Int).Rsh(y1, uint(64*i)).Uint64()
		}
		return e
	}
	t.Fatal("no square among 200 random values")
	return p384Element{}
}

// TestP384AddAsm compares the assembly additions (complete, projective;
// and Jacobian, with their exceptions) with the Go formulas word for word,
// on coordinates below p (the formulas are polynomials), on curve points,
// and on the exceptional pairs (equal, opposite, the identity); outputs
// aliased to either input and not.
func TestP384AddAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p384PointAsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p384Element { return p384Element{in[r.IntN(len(in))]} }
	check := func(p1, p2 P384Point) {
		t.Helper()
		a2 := p384Affine{p2.x, p2.y}
		var want, got P384Point
		want.addGeneric(&p1, &p2)
		p384PointAddADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p384B.l)
		if got != want {
			t.Fatalf("p384PointAddADX(%x, %x) = %x, want %x", p1, p2, got, want)
		}
		got = p1
		p384PointAddADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p384B.l)
		if got != want {
			t.Fatalf("p384PointAddADX(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		got = p2
		p384PointAddADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &got.x.l, &got.y.l, &got.z.l, &p384B.l)
		if got != want {
			t.Fatalf("p384PointAddADX(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		j1, j2 := p384Jacobian(p1), p384Jacobian(p2)
		var jwant, jgot p384Jacobian
		jwant.addDistinctGeneric(&j1, &j2)
		p384AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &j2.x.l, &j2.y.l, &j2.z.l)
		if jgot != jwant {
			t.Fatalf("p384AddDistinctADX(%x, %x) = %x, want %x", j1, j2, jgot, jwant)
		}
		jgot = j1
		p384AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l, &j2.x.l, &j2.y.l, &j2.z.l)
		if jgot != jwant {
			t.Fatalf("p384AddDistinctADX(%x, %x) aliased = %x, want %x", j1, j2, jgot, jwant)
		}
		jgot = j2
		p384AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l)
		if jgot != jwant {
			t.Fatalf("p384AddDistinctADX(%x, %x) aliased = %x, want %x", j1, j2, jgot, jwant)
		}
		jwant.addAffineDistinctGeneric(&j1, &a2)
		p384AddAffineDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p384AddAffineDistinctADX(%x, %x) = %x, want %x", j1, a2, jgot, jwant)
		}
		jgot = j1
		p384AddAffineDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p384AddAffineDistinctADX(%x, %x) aliased = %x, want %x", j1, a2, jgot, jwant)
		}
		want.addAffineGeneric(&p1, &a2)
		p384PointAddAffineADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &a2.x.l, &a2.y.l, &p384B.l)
		if got != want {
			t.Fatalf("p384PointAddAffineADX(%x, %x) = %x, want %x", p1, a2, got, want)
		}
		got = p1
		p384PointAddAffineADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &a2.x.l, &a2.y.l, &p384B.l)
		if got != want {
			t.Fatalf("p384PointAddAffineADX(%x, %x) aliased = %x, want %x", p1, a2, got, want)
		}
	}
	for i := range 3 * len(in) {
		check(P384Point{p384Element{in[i%len(in)]}, pick(), pick()}, P384Point{pick(), pick(), pick()})
	}
	g := newP384Generator()
	var g2, minusG P384Point
	g2.addGeneric(g, g)
	minusG.Set(g).condNegate(1)
	for _, pair := range [][2]*P384Point{
		{g, g}, {g, &minusG}, {g, NewP384Point()}, {NewP384Point(), g},
		{NewP384Point(), NewP384Point()}, {&g2, g}, {g, &g2},
	} {
		check(*pair[0], *pair[1])
	}
}

// BenchmarkP384Formulas runs the point formulas in assembly and in Go.
func BenchmarkP384Formulas(b *testing.B) {
	var j p384Jacobian
	j.fromProjective(newP384Generator())
	p := *newP384Generator()
	a := p384Affine{p.x, p.y}
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			b.Run("double", func(b *testing.B) {
				for b.Loop() {
					j.double(&j)
				}
			})
			b.Run("addDistinct", func(b *testing.B) {
				t := j
				for b.Loop() {
					t.addDistinct(&t, &j)
				}
			})
			b.Run("addAffineDistinct", func(b *testing.B) {
				t := j
				for b.Loop() {
					t.addAffineDistinct(&t, &a)
				}
			})
			b.Run("Add", func(b *testing.B) {
				q := p
				for b.Loop() {
					q.Add(&q, &p)
				}
			})
		})
	}
}
