//go:build !purego

package nistec

import (
	"crypto/elliptic"
	"math/big"
	"slices"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedAsmIsCurrent regenerates p256_field_amd64.s and its stubs with
// the avo program in _asm and fails if they differ from the committed files.
func TestGeneratedAsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../p256_field_amd64.s", "-stubs", "../p256_field_amd64.go", "-pkg", "nistec"},
		"p256_field_amd64.s", "p256_field_amd64.go")
}

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

// p256AsmInputs returns field words biased to the bounds (0, 1, p - 1, words
// of all ones, the encodings of R and R² mod p) and random ones, all below p.
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
	in = append(in, p256One, p256RR,
		[4]uint64{ones, ones, ones, 0}, [4]uint64{0, 0, 0, 0xffffffff00000000},
		[4]uint64{ones, 0xfffffffe, 0, 0xffffffff00000001}, [4]uint64{ones, 0, ones, 0x7fffffffffffffff})
	for _, w := range in {
		if !p256Below(w) {
			t.Fatalf("input %x is not below p", w)
		}
	}
	return in
}

func p256Below(w [4]uint64) bool {
	p := [4]uint64{0xffffffffffffffff, 0x00000000ffffffff, 0, 0xffffffff00000001}
	for i := 3; i >= 0; i-- {
		if w[i] != p[i] {
			return w[i] < p[i]
		}
	}
	return false
}

// TestP256FieldAsm compares the assembly with the Go kernels word for word,
// on every pair of inputs, with the output aliased to an input and not.
func TestP256FieldAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p256AsmInputs(t)
	for _, x := range in {
		var want, got [4]uint64
		p256SquareGeneric(&want, &x)
		p256SquareADX(&got, &x)
		if got != want {
			t.Fatalf("p256SquareADX(%x) = %x, want %x", x, got, want)
		}
		got = x
		p256SquareADX(&got, &got)
		if got != want {
			t.Fatalf("p256SquareADX(%x) aliased = %x, want %x", x, got, want)
		}
		for _, y := range in {
			p256MulGeneric(&want, &x, &y)
			p256MulADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p256MulADX(%x, %x) = %x, want %x", x, y, got, want)
			}
			if !p256Below(got) {
				t.Fatalf("p256MulADX(%x, %x) = %x, not below p", x, y, got)
			}
			got = x
			p256MulADX(&got, &got, &y)
			if got != want {
				t.Fatalf("p256MulADX(%x, %x) aliased = %x, want %x", x, y, got, want)
			}
		}
	}
	// Long chains: each output is the next input.
	a, b := in[len(in)-1], in[len(in)-2]
	ga, gb := a, b
	n := 100000
	if testing.Short() {
		n = 5000
	}
	for range n {
		p256MulGeneric(&a, &a, &b)
		p256SquareGeneric(&b, &b)
		p256MulADX(&ga, &ga, &gb)
		p256SquareADX(&gb, &gb)
	}
	if a != ga || b != gb {
		t.Fatalf("chains differ: %x %x, want %x %x", ga, gb, a, b)
	}
}

// TestP256DoubleAsm compares the assembly doubling with doubleGeneric word
// for word: the formulas are polynomials, so any coordinates below p serve,
// on or off the curve. Output aliased to the input and not.
func TestP256DoubleAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p256AsmInputs(t)
	r := testutil.Rand(t)
	for i := range 3 * len(in) {
		var q p256Jacobian
		q.x.l = in[i%len(in)]
		q.y.l = in[r.IntN(len(in))]
		q.z.l = in[r.IntN(len(in))]
		var want, got p256Jacobian
		want.doubleGeneric(&q)
		p256DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p256DoubleADX(%x) = %x, want %x", q, got, want)
		}
		got = q
		p256DoubleADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l)
		if got != want {
			t.Fatalf("p256DoubleADX(%x) aliased = %x, want %x", q, got, want)
		}
	}
}

// TestP256DoubleAsmHalf checks the doubling's halving (the assembly's
// halve, 8γ² = (4γ)²/2) at its bounds: points chosen so that H = (4γ)², the
// value as the field holds it (Montgomery form), is 0, 1, 2, 3, p - 1,
// p - 2, p - 3, 2^255 - 1, 2^255, 2^255 + 1 or any of the extreme inputs,
// odd and even. Compared with doubleGeneric word for word.
func TestP256DoubleAsmHalf(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	p := elliptic.P256().Params().P
	R := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 256), p)
	half := new(big.Int).ModInverse(big.NewInt(2), p)
	fromWords := func(w [4]uint64) *big.Int {
		v := new(big.Int)
		for i := 3; i >= 0; i-- {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w[i]))
		}
		return v
	}
	var targets []*big.Int
	for _, c := range []int64{0, 1, 2, 3} {
		targets = append(targets, big.NewInt(c), new(big.Int).Sub(p, big.NewInt(c+1)))
	}
	for _, c := range []int64{-1, 0, 1} {
		targets = append(targets, new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(c)))
	}
	in := p256AsmInputs(t)
	for _, w := range in[:40] {
		targets = append(targets, fromWords(w))
	}
	// montSqrt returns a with a·a·R⁻¹ ≡ v (mod p), a square root of v·R,
	// or nil.
	montSqrt := func(v *big.Int) *big.Int {
		return new(big.Int).ModSqrt(new(big.Int).Mod(new(big.Int).Mul(v, R), p), p)
	}
	r := testutil.Rand(t)
	var odd, even int
	for _, H := range targets {
		// H = γ'²·R⁻¹ with γ' = Y'²·R⁻¹, Y' = 2·Y1: γ' a root of H·R,
		// of either sign, so that γ'·R has a root Y' (one of ±γ' does,
		// p being 3 mod 4).
		g := montSqrt(H)
		if g == nil {
			continue
		}
		y2 := montSqrt(g)
		if y2 == nil {
			g.Sub(p, g).Mod(g, p)
			y2 = montSqrt(g)
		}
		if y2 == nil {
			t.Fatalf("no Y' with Y'⁴ = %x", H)
		}
		var q p256Jacobian
		q.y.l = p256Words(new(big.Int).Mod(new(big.Int).Mul(y2, half), p))
		var yy, gg, hh [4]uint64
		yy = p256Words(new(big.Int).Mod(new(big.Int).Lsh(fromWords(q.y.l), 1), p))
		p256SquareGeneric(&gg, &yy)
		p256SquareGeneric(&hh, &gg)
		if fromWords(hh).Cmp(H) != 0 {
			t.Fatalf("(2·Y1)⁴ of Y1 = %x is %x, want %x", q.y.l, hh, H)
		}
		if H.Bit(0) == 1 {
			odd++
		} else {
			even++
		}
		q.x.l = in[r.IntN(len(in))]
		q.z.l = in[r.IntN(len(in))]
		var want, got p256Jacobian
		want.doubleGeneric(&q)
		p256DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p256DoubleADX(%x) = %x, want %x", q, got, want)
		}
	}
	if odd < 5 || even < 5 {
		t.Fatalf("only %d odd and %d even values of (4γ)² reached", odd, even)
	}
}

// TestP256DoubleAsmLazy checks the doubling's 3·(X1 + δ), which the
// assembly (add3Lazy) reduces below 2^256 only, at the bounds of that
// reduction: sums s = X1 + δ (as integers, below 2p) for which the folded
// 3s, v = 3s - top·p, is at least p (left so, an operand ≥ p of the
// multiplication by X1 - δ), or at least 2^256 (then less p), and on either
// side of each bound. A big.Int model of the reduction counts both cases,
// so that the test fails if its inputs stop reaching them. Compared with
// doubleGeneric word for word.
func TestP256DoubleAsmLazy(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	p := elliptic.P256().Params().P
	R := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 256), p)
	two256 := new(big.Int).Lsh(big.NewInt(1), 256)
	d := new(big.Int).Sub(two256, p) // 2^256 - p
	three := big.NewInt(3)
	var sums []*big.Int
	add := func(v *big.Int) {
		for _, e := range []int64{-1, 0, 1} {
			s := new(big.Int).Add(v, big.NewInt(e))
			if s.Sign() >= 0 && s.Cmp(new(big.Int).Sub(new(big.Int).Lsh(p, 1), big.NewInt(1))) < 0 {
				sums = append(sums, s)
			}
		}
	}
	for top := int64(0); top <= 5; top++ {
		base := new(big.Int).Mul(big.NewInt(top), two256)
		base.Sub(base, new(big.Int).Mul(big.NewInt(top), d)) // 3s = base + v
		lo := new(big.Int).Add(base, p)                      // v = p
		add(lo.Add(lo, big.NewInt(2)).Div(lo, three))
		hi := new(big.Int).Add(base, two256) // v = 2^256
		add(hi.Div(hi, three))
		end := new(big.Int).Mul(big.NewInt(top+1), two256) // top + 1
		add(end.Div(end, three))
	}
	add(big.NewInt(0))
	add(new(big.Int).Sub(p, big.NewInt(1)))
	add(new(big.Int).Sub(new(big.Int).Lsh(p, 1), big.NewInt(2)))
	r := testutil.Rand(t)
	in := p256AsmInputs(t)
	// zFor returns z with δ = z·z·R⁻¹ = D, or false.
	zFor := func(D *big.Int) ([4]uint64, bool) {
		z := new(big.Int).ModSqrt(new(big.Int).Mod(new(big.Int).Mul(D, R), p), p)
		if z == nil {
			return [4]uint64{}, false
		}
		return p256Words(z), true
	}
	var geP, carried int
	for _, S := range sums {
		// δ: 0 where S < p, else the first of p-1, p-2, ... that is a
		// square's, so that X1 = S - δ < p.
		var q p256Jacobian
		D := new(big.Int)
		for j := int64(1); S.Cmp(p) >= 0; j++ {
			D.Sub(p, big.NewInt(j))
			if new(big.Int).Sub(S, D).Cmp(p) >= 0 {
				break // no square's δ close enough to p: skipped
			}
			if z, ok := zFor(D); ok {
				q.z.l = z
				break
			}
		}
		if new(big.Int).Sub(S, D).Cmp(p) >= 0 {
			continue
		}
		var delta [4]uint64
		p256SquareGeneric(&delta, &q.z.l)
		if p256Words(D) != delta {
			t.Fatalf("δ of z = %x is %x, want %x", q.z.l, delta, D)
		}
		q.x.l = p256Words(new(big.Int).Sub(S, D))
		if !p256Below(q.x.l) {
			t.Fatalf("X1 = %x - %x is not below p", S, D)
		}
		q.y.l = in[r.IntN(len(in))]
		// The model: v = 3S - top·p, then less p if v ≥ 2^256.
		v := new(big.Int).Mul(S, three)
		top := new(big.Int).Rsh(v, 256)
		v.Sub(v, top.Mul(top, p))
		if v.Cmp(two256) >= 0 {
			carried++
			v.Sub(v, p)
		} else if v.Cmp(p) >= 0 {
			geP++
		}
		if v.Cmp(two256) >= 0 || v.Sign() < 0 {
			t.Fatalf("3·(%x) reduces to %x, not below 2^256", S, v)
		}
		var want, got p256Jacobian
		want.doubleGeneric(&q)
		p256DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p256DoubleADX(%x) = %x, want %x", q, got, want)
		}
	}
	if geP < 4 || carried < 4 {
		t.Fatalf("only %d sums left at least p and %d folded past 2^256", geP, carried)
	}
}

// TestP256AddAsm compares the assembly additions with addGeneric and
// addAffineGeneric word for word, on coordinates below p (the formulas are
// polynomials), outputs aliased to either input and not.
func TestP256AddAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p256AsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p256Element { return p256Element{in[r.IntN(len(in))]} }
	for i := range 3 * len(in) {
		p1 := P256Point{p256Element{in[i%len(in)]}, pick(), pick()}
		p2 := P256Point{pick(), pick(), pick()}
		a2 := p256Affine{p2.x, p2.y}
		var want, got P256Point
		want.addGeneric(&p1, &p2)
		p256AddADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddADX(%x, %x) = %x, want %x", p1, p2, got, want)
		}
		got = p1
		p256AddADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddADX(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		got = p2
		p256AddADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &got.x.l, &got.y.l, &got.z.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddADX(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		want.addAffineGeneric(&p1, &a2)
		p256AddAffineADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &a2.x.l, &a2.y.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddAffineADX(%x, %x) = %x, want %x", p1, a2, got, want)
		}
		got = p1
		p256AddAffineADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &a2.x.l, &a2.y.l, &p256B.l)
		if got != want {
			t.Fatalf("p256AddAffineADX(%x, %x) aliased = %x, want %x", p1, a2, got, want)
		}
		j1 := p256Jacobian{p1.x, p1.y, p1.z}
		var jwant, jgot p256Jacobian
		jwant.addAffineDistinctGeneric(&j1, &a2)
		p256AddAffineDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p256AddAffineDistinctADX(%x, %x) = %x, want %x", j1, a2, jgot, jwant)
		}
		jgot = j1
		p256AddAffineDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p256AddAffineDistinctADX(%x, %x) aliased = %x, want %x", j1, a2, jgot, jwant)
		}
		j2 := p256Jacobian{p2.x, p2.y, p2.z}
		jwant.addDistinctGeneric(&j1, &j2)
		p256AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &j2.x.l, &j2.y.l, &j2.z.l)
		if jgot != jwant {
			t.Fatalf("p256AddDistinctADX(%x, %x) = %x, want %x", j1, j2, jgot, jwant)
		}
		jgot = j2
		p256AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l)
		if jgot != jwant {
			t.Fatalf("p256AddDistinctADX(%x, %x) aliased = %x, want %x", j1, j2, jgot, jwant)
		}
	}
}

// TestP256FormulasAliasAnyInput runs each assembly formula with one output
// at the same address as one input, for every output and input (the
// contract lets the outputs alias the inputs, not only the same
// coordinate), and compares the outputs with those of a run without
// aliasing. b stays apart: it is the curve's constant.
func TestP256FormulasAliasAnyInput(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p256AsmInputs(t)
	r := testutil.Rand(t)
	b := &p256B.l
	// Each takes the three outputs, then the inputs.
	formulas := []struct {
		name   string
		inputs int
		f      func(a []*[4]uint64)
	}{
		{"p256DoubleADX", 3, func(a []*[4]uint64) { p256DoubleADX(a[0], a[1], a[2], a[3], a[4], a[5]) }},
		{"p256AddADX", 6, func(a []*[4]uint64) { p256AddADX(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], b) }},
		{"p256AddAffineADX", 5, func(a []*[4]uint64) { p256AddAffineADX(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], b) }},
		{"p256AddAffineDistinctADX", 5, func(a []*[4]uint64) {
			p256AddAffineDistinctADX(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
		}},
		{"p256AddDistinctADX", 6, func(a []*[4]uint64) {
			p256AddDistinctADX(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
		}},
	}
	for _, f := range formulas {
		for range 4 {
			vals := make([][4]uint64, f.inputs)
			for i := range vals {
				vals[i] = in[r.IntN(len(in))]
			}
			run := func(alias, input int) [3][4]uint64 {
				var out [3][4]uint64
				args := make([]*[4]uint64, 3+f.inputs)
				cp := slices.Clone(vals)
				for i := range cp {
					args[3+i] = &cp[i]
				}
				for o := range out {
					args[o] = &out[o]
				}
				if alias >= 0 {
					args[alias] = &cp[input]
				}
				f.f(args)
				if alias >= 0 {
					out[alias] = cp[input]
				}
				return out
			}
			want := run(-1, 0)
			for o := range 3 {
				for i := range f.inputs {
					if got := run(o, i); got != want {
						t.Fatalf("%s%x, output %d at input %d = %x, want %x", f.name, vals, o, i, got, want)
					}
				}
			}
		}
	}
}

// TestP256SelectAsm compares the table scans, SSE2 and AVX-512, with the Go
// ones for every index, and indices out of range, on each implementation.
func TestP256SelectAsm(t *testing.T) {
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
	testutil.EachImplementation(t, "nistec", func(t *testing.T) {
		for _, n := range []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 32, 1 << 16, 1<<32 - 1} {
			var want, got P256Point
			table.selectIntoGeneric(&want, n)
			got.x.l[0] = 42
			table.selectInto(&got, n)
			if got != want {
				t.Fatalf("selectInto(%d), useAVX512 %v = %x, want %x", n, useAVX512, got, want)
			}
		}
		for n := uint32(0); n <= 66; n++ {
			for _, m := range []uint32{n, n | 1<<16, n | 1<<31, n | 0xffffff00} {
				var wantA, gotA p256Affine
				p256SelectBaseGeneric(&wantA, &base, m)
				gotA.x.l[0] = 42
				p256SelectBase(&gotA, &base, m)
				if gotA != wantA {
					t.Fatalf("p256SelectBase(%#x), useAVX512 %v = %x, want %x", m, useAVX512, gotA, wantA)
				}
				if m >= 1 && m <= 64 && gotA != base[m-1] {
					t.Fatalf("p256SelectBase(%d), useAVX512 %v is not entry %d", m, useAVX512, m-1)
				}
			}
		}
	})
}

// TestP256EachImplementation runs the P-256 tests on each implementation:
// the ADX kernels, the AVX-512 scans, and the Go kernels with the SSE2
// scans.
func TestP256EachImplementation(t *testing.T) {
	testutil.EachImplementation(t, "nistec", func(t *testing.T) {
		t.Run("Field", TestP256Field)
		t.Run("Point", TestP256Point)
		t.Run("GroupLaw", TestP256GroupLaw)
		t.Run("Decoding", TestP256Decoding)
		t.Run("VarTimeExceptions", TestP256VarTimeExceptions)
	})
}

// BenchmarkP256FieldKernels runs the field arithmetic with the assembly and
// with the Go kernels.
func BenchmarkP256FieldKernels(b *testing.B) {
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			benchField[p256Element](b)
		})
	}
}

// BenchmarkP256Kernels runs the scalar multiplications with the assembly and
// with the Go kernels.
func BenchmarkP256Kernels(b *testing.B) {
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			benchPoints(b, &p256Case, newP256Generator)
		})
	}
}
