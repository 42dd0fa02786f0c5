//go:build !purego

package nistec

import (
	"crypto/elliptic"
	"math/big"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedP384AsmIsCurrent regenerates p384_field_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedP384AsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-curve", "p384", "-out", "../p384_field_amd64.s", "-stubs", "../p384_field_amd64.go", "-pkg", "nistec"},
		"p384_field_amd64.s", "p384_field_amd64.go")
}

// p384Words returns v < 2^384 in six little-endian words.
func p384Words(v *big.Int) [6]uint64 {
	var w [6]uint64
	b := v.FillBytes(make([]byte, 48))
	for i := range w {
		for _, c := range b[48-8*(i+1) : 48-8*i] {
			w[i] = w[i]<<8 | uint64(c)
		}
	}
	return w
}

func p384Int(w *[6]uint64) *big.Int {
	v := new(big.Int)
	for i := 5; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

// p384AsmInputs returns field words below p biased to the bounds (0, 1,
// p - 1, p - 2, powers of two and their predecessors, words of all ones,
// values whose low word makes the Montgomery quotient q zero or all ones)
// and random ones.
func p384AsmInputs(t *testing.T) [][6]uint64 {
	p := elliptic.P384().Params().P
	random := 120
	if testing.Short() {
		random = 30
	}
	var in [][6]uint64
	for _, v := range interestingValues(t, p, 6, random) {
		in = append(in, p384Words(v))
	}
	in = append(in,
		// p - 2^64 and p - 2^320: all ones but one word.
		[6]uint64{0xffffffff, 0xfffffffeffffffff, allOnes - 1, allOnes, allOnes, allOnes},
		[6]uint64{0xffffffff, 0xffffffff00000000, allOnes - 1, allOnes, allOnes, allOnes - 1},
		// Low words giving q = t0·(2^32 + 1) mod 2^64 = all ones and = 1.
		[6]uint64{0xffffffff, 0, 0, 0, 0, 1},
		[6]uint64{0xffffffff00000001, 7, allOnes, 0, allOnes, 0x7fffffffffffffff},
		[6]uint64{0, allOnes, 0, allOnes, 0, allOnes >> 1},
		[6]uint64{allOnes, 0, allOnes, 0, allOnes, 0},
		// The square's cross row 0 ends with OF set: x0·x5's high word
		// 2^63 - 1 takes a carry from x0·x4's, x4 - 1 = 2^63.
		[6]uint64{allOnes, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 3, 1<<63 + 1, 1 << 63})
	for _, w := range in {
		if p384Int(&w).Cmp(p) >= 0 {
			t.Fatalf("input %x is not below p", w)
		}
	}
	return in
}

// TestP384FieldAsm compares the assembly with the Go kernels word for word,
// and math/big for the value, on every pair of inputs below p (the kernels'
// contract), with the output aliased to an input and not.
func TestP384FieldAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	p := elliptic.P384().Params().P
	rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 384), p)
	mont := func(a, b *big.Int) *big.Int {
		v := new(big.Int).Mul(a, b)
		v.Mul(v, rInv)
		return v.Mod(v, p)
	}
	in := p384AsmInputs(t)
	type op struct {
		name     string
		asm, ref func(z, x, y *[6]uint64)
		want     func(x, y *big.Int) *big.Int
	}
	ops := []op{
		{"p384MulADX", p384MulADX, p384MulGeneric, mont},
		{"p384SquareADX", func(z, x, _ *[6]uint64) { p384SquareADX(z, x) },
			func(z, x, _ *[6]uint64) { p384SquareGeneric(z, x) },
			func(x, _ *big.Int) *big.Int { return mont(x, x) }},
		{"p384AddADX", p384AddADX, p384AddGeneric, func(x, y *big.Int) *big.Int {
			v := new(big.Int).Add(x, y)
			return v.Mod(v, p)
		}},
		{"p384SubADX", p384SubADX, p384SubGeneric, func(x, y *big.Int) *big.Int {
			v := new(big.Int).Sub(x, y)
			return v.Mod(v, p)
		}},
	}
	for _, o := range ops {
		for _, x := range in {
			xi := p384Int(&x)
			for _, y := range in {
				var want, got [6]uint64
				o.ref(&want, &x, &y)
				o.asm(&got, &x, &y)
				if got != want {
					t.Fatalf("%s(%x, %x) = %x, want %x", o.name, x, y, got, want)
				}
				if p384Int(&got).Cmp(o.want(xi, p384Int(&y))) != 0 {
					t.Fatalf("%s(%x, %x) = %x, wrong value", o.name, x, y, got)
				}
				got = x
				o.asm(&got, &got, &y)
				if got != want {
					t.Fatalf("%s(%x, %x) aliased to x = %x, want %x", o.name, x, y, got, want)
				}
				got = y
				o.asm(&got, &x, &got)
				if got != want {
					t.Fatalf("%s(%x, %x) aliased to y = %x, want %x", o.name, x, y, got, want)
				}
			}
		}
	}
}

// TestP384FieldAsmRandom compares the assembly with the Go kernels on
// random words below p, and on long chains where each output is the next
// input.
func TestP384FieldAsmRandom(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	p := elliptic.P384().Params().P
	r := testutil.Rand(t)
	n := 200000
	if testing.Short() {
		n = 10000
	}
	for range n {
		var x, y [6]uint64
		for j := range x {
			x[j], y[j] = r.Uint64(), r.Uint64()
		}
		// Below p unless the top words are all ones (odds 2^-128).
		x[5] >>= r.Uint64() % 64
		y[5] >>= r.Uint64() % 64
		if p384Int(&x).Cmp(p) >= 0 || p384Int(&y).Cmp(p) >= 0 {
			continue
		}
		var want, got [6]uint64
		p384MulGeneric(&want, &x, &y)
		p384MulADX(&got, &x, &y)
		if got != want {
			t.Fatalf("p384MulADX(%x, %x) = %x, want %x", x, y, got, want)
		}
		p384SquareGeneric(&want, &x)
		p384SquareADX(&got, &x)
		if got != want {
			t.Fatalf("p384SquareADX(%x) = %x, want %x", x, got, want)
		}
		p384AddGeneric(&want, &x, &y)
		p384AddADX(&got, &x, &y)
		if got != want {
			t.Fatalf("p384AddADX(%x, %x) = %x, want %x", x, y, got, want)
		}
		p384SubGeneric(&want, &x, &y)
		p384SubADX(&got, &x, &y)
		if got != want {
			t.Fatalf("p384SubADX(%x, %x) = %x, want %x", x, y, got, want)
		}
	}
	in := p384AsmInputs(t)
	a, b := in[len(in)-4], in[len(in)-5]
	ga, gb := a, b
	for range n {
		p384MulGeneric(&a, &a, &b)
		p384SquareGeneric(&b, &b)
		p384MulADX(&ga, &ga, &gb)
		p384SquareADX(&gb, &gb)
	}
	if a != ga || b != gb {
		t.Fatalf("chains differ: %x %x, want %x %x", ga, gb, a, b)
	}
}

// TestP384SelectAsm compares the SSE2 table scans with the Go ones for
// every index, and indices out of range, each word of every entry distinct
// so that a word read from the wrong place shows.
func TestP384SelectAsm(t *testing.T) {
	if unsafe.Sizeof(P384Point{}) != 18*8 || unsafe.Sizeof(p384Affine{}) != 12*8 {
		t.Fatal("P384Point or p384Affine is not 18 or 12 words")
	}
	r := testutil.Rand(t)
	var table p384Table
	var row [16]p384Affine
	for i := range 16 {
		for k := range 6 {
			table[i].x.l[k], table[i].y.l[k], table[i].z.l[k] = r.Uint64(), r.Uint64(), r.Uint64()
			row[i].x.l[k], row[i].y.l[k] = r.Uint64(), r.Uint64()
		}
	}
	for _, n := range []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 32, 1 << 16, 1<<32 - 1} {
		var want, got P384Point
		table.selectIntoGeneric(&want, n)
		for k := range 6 {
			got.x.l[k], got.y.l[k], got.z.l[k] = 42, 43, 44
		}
		table.selectInto(&got, n)
		if got != want {
			t.Fatalf("selectInto(%d) = %x, want %x", n, got, want)
		}
		var wantA, gotA p384Affine
		p384SelectAffineGeneric(&wantA, &row, n)
		for k := range 6 {
			gotA.x.l[k], gotA.y.l[k] = 42, 43
		}
		p384SelectAffine(&gotA, &row, n)
		if gotA != wantA {
			t.Fatalf("p384SelectAffine(%d) = %x, want %x", n, gotA, wantA)
		}
	}
}

// TestP384WithoutAsm runs the P-384 tests on the base implementation, the
// Go kernels (the default runs the ADX ones where the CPU has them).
func TestP384WithoutAsm(t *testing.T) {
	testutil.SelectImplementation(t, "nistec", "")
	t.Run("Field", TestP384Field)
	t.Run("Point", TestP384Point)
	t.Run("GroupLaw", TestP384GroupLaw)
	t.Run("Decoding", TestP384Decoding)
	t.Run("VarTimeExceptions", TestP384VarTimeExceptions)
}

// BenchmarkP384FieldKernels runs the field arithmetic with the assembly and
// with the Go kernels.
func BenchmarkP384FieldKernels(b *testing.B) {
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			benchField[p384Element](b)
		})
	}
}

// BenchmarkP384Kernels runs the scalar multiplications with the assembly and
// with the Go kernels.
func BenchmarkP384Kernels(b *testing.B) {
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			benchPoints(b, &p384Case, newP384Generator)
		})
	}
}
