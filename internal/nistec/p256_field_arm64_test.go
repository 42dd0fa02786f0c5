//go:build !purego

package nistec

import (
	"crypto/elliptic"
	"math/big"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// p256Words returns v < 2^256 in four little-endian words.
func p256Words(v *big.Int) [4]uint64 {
	var w [4]uint64
	b := v.FillBytes(make([]byte, 32))
	for i := range w {
		for _, c := range b[32-8*(i+1) : 32-8*i] {
			w[i] = w[i]<<8 | uint64(c)
		}
	}
	return w
}

// p256Big returns the integer of the four little-endian words w.
func p256Big(w [4]uint64) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

// p256AsmInputs returns field words below p, biased to the bounds of each
// word (0, 1, p - 1, words of all ones or zero, the encodings of R and R²
// mod p and values near them), and random ones.
func p256AsmInputs(t *testing.T) [][4]uint64 {
	p := elliptic.P256().Params().P
	random := 200
	if testing.Short() {
		random = 40
	}
	var in [][4]uint64
	for _, v := range interestingValues(t, p, 4, random) {
		in = append(in, p256Words(v))
	}
	ones := ^uint64(0)
	R := p256Big(p256One)
	in = append(in, p256One, p256RR, p256Words(new(big.Int).Sub(R, big.NewInt(1))),
		p256Words(new(big.Int).Add(R, big.NewInt(1))),
		[4]uint64{ones, ones, ones, 0}, [4]uint64{0, 0, 0, 0xffffffff00000000},
		[4]uint64{ones, 0xfffffffe, 0, 0xffffffff00000001}, [4]uint64{ones, 0, ones, 0x7fffffffffffffff},
		[4]uint64{0, ones, 0, 0}, [4]uint64{ones, 0xffffffff, ones, 0xffffffff00000000})
	for _, w := range in {
		if p256Big(w).Cmp(p) >= 0 {
			t.Fatalf("input %x is not below p", w)
		}
	}
	return in
}

// TestP256FieldARM64 compares p256MulARM64 and p256SquareARM64 with the Go
// kernels word for word and with math/big, on every pair of inputs, with the
// output aliased to an input and not, and along long chains.
func TestP256FieldARM64(t *testing.T) {
	p := elliptic.P256().Params().P
	rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 256), p)
	in := p256AsmInputs(t)
	for _, x := range in {
		var want, got [4]uint64
		p256SquareGeneric(&want, &x)
		p256SquareARM64(&got, &x)
		if got != want {
			t.Fatalf("p256SquareARM64(%x) = %x, want %x", x, got, want)
		}
		got = x
		p256SquareARM64(&got, &got)
		if got != want {
			t.Fatalf("p256SquareARM64(%x) aliased = %x, want %x", x, got, want)
		}
		for _, y := range in {
			p256MulGeneric(&want, &x, &y)
			p256MulARM64(&got, &x, &y)
			if got != want {
				t.Fatalf("p256MulARM64(%x, %x) = %x, want %x", x, y, got, want)
			}
			got = y
			p256MulARM64(&got, &x, &got)
			if got != want {
				t.Fatalf("p256MulARM64(%x, %x) aliased = %x, want %x", x, y, got, want)
			}
		}
		for _, y := range in[:20] {
			p256MulARM64(&got, &x, &y)
			v := new(big.Int).Mul(p256Big(x), p256Big(y))
			v.Mul(v, rInv).Mod(v, p)
			if p256Big(got).Cmp(v) != 0 {
				t.Fatalf("p256MulARM64(%x, %x) = %x, want %x", x, y, got, v)
			}
		}
	}
	// Inputs of p and above, outside the contract: the results are still
	// below 2^256 and congruent to x·y·R⁻¹.
	ones := ^uint64(0)
	for _, x := range [][4]uint64{p256Words(p), {ones, ones, ones, ones}, {0, 0, 0, ones}} {
		for _, y := range append(in[:10], x) {
			var got [4]uint64
			p256MulARM64(&got, &x, &y)
			v := new(big.Int).Mul(p256Big(x), p256Big(y))
			v.Mul(v, rInv).Mod(v, p)
			if new(big.Int).Mod(p256Big(got), p).Cmp(v) != 0 {
				t.Fatalf("p256MulARM64(%x, %x) = %x, want %x mod p", x, y, got, v)
			}
		}
	}
	a, b := in[len(in)-1], in[len(in)-2]
	ga, gb := a, b
	n := 100000
	if testing.Short() {
		n = 5000
	}
	for range n {
		p256MulGeneric(&a, &a, &b)
		p256SquareGeneric(&b, &b)
		p256MulARM64(&ga, &ga, &gb)
		p256SquareARM64(&gb, &gb)
	}
	if a != ga || b != gb {
		t.Fatalf("chains differ: %x %x, want %x %x", ga, gb, a, b)
	}
}

// TestP256DoubleARM64 compares p256DoubleARM64 with doubleGeneric word for
// word: the formulas are polynomials, so any coordinates below p serve, on
// or off the curve. Among them, Y1 = ±1/2·(4γ)^(1/4) puts each value of the
// halving (8γ² = (4γ)²/2) at its bounds, odd and even. Output aliased to the
// input and not.
func TestP256DoubleARM64(t *testing.T) {
	p := elliptic.P256().Params().P
	R := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 256), p)
	half := new(big.Int).ModInverse(big.NewInt(2), p)
	in := p256AsmInputs(t)
	ys := in
	var odd, even int
	for _, w := range in {
		// Y1 with (2·Y1)⁴·R⁻³ = w, as the field holds it: w is H, the value
		// the halving reads.
		montSqrt := func(v *big.Int) *big.Int {
			return new(big.Int).ModSqrt(new(big.Int).Mod(new(big.Int).Mul(v, R), p), p)
		}
		g := montSqrt(p256Big(w))
		if g == nil {
			continue
		}
		y2 := montSqrt(g)
		if y2 == nil {
			y2 = montSqrt(g.Sub(p, g).Mod(g, p))
		}
		if y2 == nil {
			continue
		}
		ys = append(ys, p256Words(new(big.Int).Mod(new(big.Int).Mul(y2, half), p)))
		if w[0]&1 == 1 {
			odd++
		} else {
			even++
		}
	}
	if odd < 5 || even < 5 {
		t.Fatalf("only %d odd and %d even values of (4γ)² reached", odd, even)
	}
	r := testutil.Rand(t)
	for i, y := range ys {
		var q p256Jacobian
		q.x.l = in[i%len(in)]
		q.y.l = y
		q.z.l = in[r.IntN(len(in))]
		var want, got p256Jacobian
		want.doubleGeneric(&q)
		p256DoubleARM64(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p256DoubleARM64(%x) = %x, want %x", q, got, want)
		}
		got = q
		p256DoubleARM64(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l)
		if got != want {
			t.Fatalf("p256DoubleARM64(%x) aliased = %x, want %x", q, got, want)
		}
	}
}

// TestP256Double5ARM64 compares p256Double5ARM64 with five calls of
// doubleGeneric, and double5 with double5Generic, word for word, output
// aliased to the input and not.
func TestP256Double5ARM64(t *testing.T) {
	in := p256AsmInputs(t)
	r := testutil.Rand(t)
	for i := range in {
		var q p256Jacobian
		q.x.l = in[i]
		q.y.l = in[r.IntN(len(in))]
		q.z.l = in[r.IntN(len(in))]
		want := q
		for range 5 {
			want.doubleGeneric(&want)
		}
		var got p256Jacobian
		p256Double5ARM64(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p256Double5ARM64(%x) = %x, want %x", q, got, want)
		}
		got = q
		got.double5(&got)
		if got != want {
			t.Fatalf("double5(%x) aliased = %x, want %x", q, got, want)
		}
		got.double5Generic(&q)
		if got != want {
			t.Fatalf("double5Generic(%x) = %x, want %x", q, got, want)
		}
	}
}

// TestP256BaseStepARM64 compares baseStep (p256BaseStepARM64) with
// baseStepGeneric word for word, for every entry of a row and indices out
// of range, each sign, and each of acc0 and nz, on accumulators of random
// coordinates below p.
func TestP256BaseStepARM64(t *testing.T) {
	in := p256AsmInputs(t)
	r := testutil.Rand(t)
	row := &p256BaseTable[r.IntN(len(p256BaseTable))]
	for n := uint32(0); n <= 66; n++ {
		for _, m := range []uint32{n, n | 1<<31} {
			for flags := range 8 {
				neg, acc0, nz := flags&1, flags>>1&1, flags>>2
				var p p256Jacobian
				p.x.l, p.y.l, p.z.l = in[r.IntN(len(in))], in[r.IntN(len(in))], in[r.IntN(len(in))]
				want, got := p, p
				want.baseStepGeneric(row, m, neg, acc0, nz)
				got.baseStep(row, m, neg, acc0, nz)
				if got != want {
					t.Fatalf("baseStep(%x, n = %#x, neg %d, acc0 %d, nz %d) = %x, want %x", p, m, neg, acc0, nz, got, want)
				}
			}
		}
	}
}

// TestP256AddARM64 compares the assembly additions with addGeneric,
// addAffineGeneric, addAffineDistinctGeneric and addDistinctGeneric word for
// word, on coordinates below p (the formulas are polynomials), outputs
// aliased to either input and not.
func TestP256AddARM64(t *testing.T) {
	in := p256AsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p256Element { return p256Element{in[r.IntN(len(in))]} }
	for i := range 3 * len(in) {
		p1 := P256Point{p256Element{in[i%len(in)]}, pick(), pick()}
		p2 := P256Point{pick(), pick(), pick()}
		a2 := p256Affine{p2.x, p2.y}
		var want, got P256Point
		want.addGeneric(&p1, &p2)
		p256AddARM64(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddARM64(%x, %x) = %x, want %x", p1, p2, got, want)
		}
		got = p1
		p256AddARM64(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddARM64(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		got = p2
		p256AddARM64(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &got.x.l, &got.y.l, &got.z.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddARM64(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		want.addAffineGeneric(&p1, &a2)
		p256AddAffineARM64(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &a2.x.l, &a2.y.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddAffineARM64(%x, %x) = %x, want %x", p1, a2, got, want)
		}
		got = p1
		p256AddAffineARM64(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &a2.x.l, &a2.y.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddAffineARM64(%x, %x) aliased = %x, want %x", p1, a2, got, want)
		}
		j1 := p256Jacobian{p1.x, p1.y, p1.z}
		var jwant, jgot p256Jacobian
		jwant.addAffineDistinctGeneric(&j1, &a2)
		p256AddAffineDistinctARM64(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p256AddAffineDistinctARM64(%x, %x) = %x, want %x", j1, a2, jgot, jwant)
		}
		jgot = j1
		p256AddAffineDistinctARM64(&jgot.x.l, &jgot.y.l, &jgot.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p256AddAffineDistinctARM64(%x, %x) aliased = %x, want %x", j1, a2, jgot, jwant)
		}
		j2 := p256Jacobian{p2.x, p2.y, p2.z}
		jwant.addDistinctGeneric(&j1, &j2)
		p256AddDistinctARM64(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &j2.x.l, &j2.y.l, &j2.z.l)
		if jgot != jwant {
			t.Fatalf("p256AddDistinctARM64(%x, %x) = %x, want %x", j1, j2, jgot, jwant)
		}
		jgot = j2
		p256AddDistinctARM64(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l)
		if jgot != jwant {
			t.Fatalf("p256AddDistinctARM64(%x, %x) aliased = %x, want %x", j1, j2, jgot, jwant)
		}
	}
}

// TestP256SelectARM64 compares the NEON table scans with the Go ones for
// every index, and indices out of range.
func TestP256SelectARM64(t *testing.T) {
	if unsafe.Sizeof(P256Point{}) != 96 || unsafe.Sizeof(p256Affine{}) != 64 {
		t.Fatal("P256Point or p256Affine is not 12 or 8 words")
	}
	r := testutil.Rand(t)
	var table p256Table
	for i := range 16 {
		for k := range 4 {
			table[i].x.l[k], table[i].y.l[k], table[i].z.l[k] = r.Uint64(), r.Uint64(), r.Uint64()
		}
	}
	var base [64]p256Affine
	for i := range base {
		for k := range 4 {
			base[i].x.l[k], base[i].y.l[k] = r.Uint64(), r.Uint64()
		}
	}
	for _, n := range []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 32, 1 << 16, 1<<32 - 1} {
		var want, got P256Point
		table.selectIntoGeneric(&want, n)
		got.x.l[0] = 42
		table.selectInto(&got, n)
		if got != want {
			t.Fatalf("selectInto(%d) = %x, want %x", n, got, want)
		}
	}
	for n := uint32(0); n <= 66; n++ {
		for _, m := range []uint32{n, n | 1<<16, n | 1<<31, n | 0xffffff00} {
			var wantA, gotA p256Affine
			p256SelectBaseGeneric(&wantA, &base, m)
			gotA.x.l[0] = 42
			p256SelectBase(&gotA, &base, m)
			if gotA != wantA {
				t.Fatalf("p256SelectBase(%#x) = %x, want %x", m, gotA, wantA)
			}
			if m >= 1 && m <= 64 && gotA != base[m-1] {
				t.Fatalf("p256SelectBase(%d) is not entry %d", m, m-1)
			}
		}
	}
}

// TestP256FormulasARM64CrossAliased checks the point formulas' contract
// that any output may alias any input, not only its own coordinate: the
// outputs point at the other coordinates of the first point (x3 at y1, y3
// at z1, z3 at x1, and the other rotation), then of the last, and the
// results must equal those of distinct outputs.
func TestP256FormulasARM64CrossAliased(t *testing.T) {
	type formula struct {
		name string
		ins  int // input coordinates
		f    func(out [3]*[4]uint64, in []*[4]uint64)
	}
	b := &p256B.l
	formulas := []formula{
		{"p256DoubleARM64", 3, func(o [3]*[4]uint64, in []*[4]uint64) {
			p256DoubleARM64(o[0], o[1], o[2], in[0], in[1], in[2])
		}},
		{"p256Double5ARM64", 3, func(o [3]*[4]uint64, in []*[4]uint64) {
			p256Double5ARM64(o[0], o[1], o[2], in[0], in[1], in[2])
		}},
		{"p256AddARM64", 6, func(o [3]*[4]uint64, in []*[4]uint64) {
			p256AddARM64(o[0], o[1], o[2], in[0], in[1], in[2], in[3], in[4], in[5], b)
		}},
		{"p256AddAffineARM64", 5, func(o [3]*[4]uint64, in []*[4]uint64) {
			p256AddAffineARM64(o[0], o[1], o[2], in[0], in[1], in[2], in[3], in[4], b)
		}},
		{"p256AddAffineDistinctARM64", 5, func(o [3]*[4]uint64, in []*[4]uint64) {
			p256AddAffineDistinctARM64(o[0], o[1], o[2], in[0], in[1], in[2], in[3], in[4])
		}},
		{"p256AddDistinctARM64", 6, func(o [3]*[4]uint64, in []*[4]uint64) {
			p256AddDistinctARM64(o[0], o[1], o[2], in[0], in[1], in[2], in[3], in[4], in[5])
		}},
	}
	vals := p256AsmInputs(t)
	r := testutil.Rand(t)
	for _, fm := range formulas {
		for range 20 {
			coords := make([][4]uint64, fm.ins)
			for i := range coords {
				coords[i] = vals[r.IntN(len(vals))]
			}
			// fresh returns new copies of the input coordinates.
			fresh := func() []*[4]uint64 {
				in := make([]*[4]uint64, fm.ins)
				for i := range in {
					c := coords[i]
					in[i] = &c
				}
				return in
			}
			// Distinct outputs give the reference.
			var want [3][4]uint64
			fm.f([3]*[4]uint64{&want[0], &want[1], &want[2]}, fresh())
			// Output j at input coordinate (j+shift) mod 3 of the first
			// point, then of the last point.
			for _, base := range []int{0, fm.ins - 3} {
				for _, shift := range []int{1, 2} {
					in := fresh()
					var out [3]*[4]uint64
					for j := range out {
						out[j] = in[base+(j+shift)%3]
					}
					fm.f(out, in)
					for j := range out {
						if *out[j] != want[j] {
							t.Fatalf("%s(%x) with output %d at input %d = %x, want %x",
								fm.name, coords, j, base+(j+shift)%3, *out[j], want[j])
						}
					}
				}
			}
		}
	}
}
