//go:build !purego

package nistec

import (
	"crypto/elliptic"
	"math/big"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedP521AsmIsCurrent regenerates p521_field_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedP521AsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-curve", "p521", "-out", "../p521_field_amd64.s", "-stubs", "../p521_field_amd64.go", "-pkg", "nistec"},
		"p521_field_amd64.s", "p521_field_amd64.go")
}

// p521Words returns v < 2^576 in nine little-endian words.
func p521Words(v *big.Int) [9]uint64 {
	var w [9]uint64
	b := v.FillBytes(make([]byte, 72))
	for i := range w {
		for _, c := range b[72-8*(i+1) : 72-8*i] {
			w[i] = w[i]<<8 | uint64(c)
		}
	}
	return w
}

func p521Int(w *[9]uint64) *big.Int {
	v := new(big.Int)
	for i := 8; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

const allOnes = ^uint64(0)

// p521AsmInputs returns field words below p biased to the bounds (0, 1,
// p - 1, p - 2, powers of two and their predecessors, words of all ones)
// and random ones.
func p521AsmInputs(t *testing.T) [][9]uint64 {
	p := elliptic.P521().Params().P
	random := 120
	if testing.Short() {
		random = 30
	}
	var in [][9]uint64
	for _, v := range interestingValues(t, p, 9, random) {
		in = append(in, p521Words(v))
	}
	in = append(in, [9]uint64{allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, 0xff},
		[9]uint64{8: 0x100}, [9]uint64{0, allOnes, 0, allOnes, 0, allOnes, 0, allOnes, 0x1ff},
		// p - 2^64 and p - 2^448: all ones but word 1 or 7, which the
		// addition's test for a sum of p or more must read too.
		[9]uint64{allOnes, allOnes - 1, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, 0x1ff},
		[9]uint64{allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes - 1, 0x1ff})
	for _, w := range in {
		if p521Int(&w).Cmp(p) >= 0 {
			t.Fatalf("input %x is not below p", w)
		}
	}
	return in
}

// p521OutOfRange are words outside the kernels' contract (not below p):
// p itself, 2^521, the top word's spare bits set, all ones. The assembly
// must still give the Go kernels' words for them.
var p521OutOfRange = [][9]uint64{
	{allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, 0x1ff},
	{8: 0x200},
	{allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, 0x3ff},
	{allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes, allOnes},
	{1, 0, 0, 0, 0, 0, 0, 0, allOnes},
	{allOnes, 0, allOnes, 0, allOnes, 0, allOnes, 0, allOnes},
	// The square's cross row 0 ends with OF set: x0·x8's high word
	// 2^63 - 1 takes a carry from x0·x7's, x7 - 1 = 2^63.
	{allOnes, 0, 0, 0, 0, 0, 0, 1<<63 + 1, 1 << 63},
}

// TestP521FieldAsm compares the assembly with the Go kernels word for word,
// on every pair of inputs below p (and math/big for the value), with the
// output aliased to an input and not; then, for the multiplication, the
// squaring and the subtraction, on words outside the contract (the
// addition's contract is x, y < p only: outside it, its words may differ
// from the Go ones).
func TestP521FieldAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	p := elliptic.P521().Params().P
	in := p521AsmInputs(t)
	for _, x := range in {
		var want, got [9]uint64
		p521SquareGeneric(&want, &x)
		p521SquareADX(&got, &x)
		if got != want {
			t.Fatalf("p521SquareADX(%x) = %x, want %x", x, got, want)
		}
		xi := p521Int(&x)
		if p521Int(&got).Cmp(new(big.Int).Mod(new(big.Int).Mul(xi, xi), p)) != 0 {
			t.Fatalf("p521SquareADX(%x) = %x, not x² mod p", x, got)
		}
		got = x
		p521SquareADX(&got, &got)
		if got != want {
			t.Fatalf("p521SquareADX(%x) aliased = %x, want %x", x, got, want)
		}
		for _, y := range in {
			p521MulGeneric(&want, &x, &y)
			p521MulADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p521MulADX(%x, %x) = %x, want %x", x, y, got, want)
			}
			if p521Int(&got).Cmp(new(big.Int).Mod(new(big.Int).Mul(xi, p521Int(&y)), p)) != 0 {
				t.Fatalf("p521MulADX(%x, %x) = %x, not x·y mod p", x, y, got)
			}
			got = x
			p521MulADX(&got, &got, &y)
			if got != want {
				t.Fatalf("p521MulADX(%x, %x) aliased to x = %x, want %x", x, y, got, want)
			}
			got = y
			p521MulADX(&got, &x, &got)
			if got != want {
				t.Fatalf("p521MulADX(%x, %x) aliased to y = %x, want %x", x, y, got, want)
			}
			p521AddGeneric(&want, &x, &y)
			p521AddADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p521AddADX(%x, %x) = %x, want %x", x, y, got, want)
			}
			if p521Int(&got).Cmp(new(big.Int).Mod(new(big.Int).Add(xi, p521Int(&y)), p)) != 0 {
				t.Fatalf("p521AddADX(%x, %x) = %x, not x + y mod p", x, y, got)
			}
			got = x
			p521AddADX(&got, &got, &y)
			if got != want {
				t.Fatalf("p521AddADX(%x, %x) aliased to x = %x, want %x", x, y, got, want)
			}
			got = y
			p521AddADX(&got, &x, &got)
			if got != want {
				t.Fatalf("p521AddADX(%x, %x) aliased to y = %x, want %x", x, y, got, want)
			}
			p521SubGeneric(&want, &x, &y)
			p521SubADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p521SubADX(%x, %x) = %x, want %x", x, y, got, want)
			}
			d := new(big.Int).Sub(xi, p521Int(&y))
			if p521Int(&got).Cmp(d.Mod(d, p)) != 0 {
				t.Fatalf("p521SubADX(%x, %x) = %x, not x - y mod p", x, y, got)
			}
			got = x
			p521SubADX(&got, &got, &y)
			if got != want {
				t.Fatalf("p521SubADX(%x, %x) aliased to x = %x, want %x", x, y, got, want)
			}
			got = y
			p521SubADX(&got, &x, &got)
			if got != want {
				t.Fatalf("p521SubADX(%x, %x) aliased to y = %x, want %x", x, y, got, want)
			}
		}
	}
	all := append(append([][9]uint64{}, p521OutOfRange...), in[:40]...)
	for _, x := range all {
		var want, got [9]uint64
		p521SquareGeneric(&want, &x)
		p521SquareADX(&got, &x)
		if got != want {
			t.Fatalf("p521SquareADX(%x) = %x, want %x", x, got, want)
		}
		for _, y := range all {
			p521MulGeneric(&want, &x, &y)
			p521MulADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p521MulADX(%x, %x) = %x, want %x", x, y, got, want)
			}
			p521SubGeneric(&want, &x, &y)
			p521SubADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p521SubADX(%x, %x) = %x, want %x", x, y, got, want)
			}
		}
	}
}

// TestP521FieldAsmRandom compares the assembly with the Go kernels on
// random words, both below 2^521 and arbitrary (outside the contract, for
// the multiplication, the squaring and the subtraction), and on
// long chains where each output is the next input.
func TestP521FieldAsmRandom(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	r := testutil.Rand(t)
	n := 200000
	if testing.Short() {
		n = 10000
	}
	for i := range n {
		var x, y [9]uint64
		for j := range x {
			x[j], y[j] = r.Uint64(), r.Uint64()
		}
		var want, got [9]uint64
		if i%2 == 0 {
			// Below 2^521, so at most p, and p itself has odds 2^-521.
			x[8] &= 0x1ff
			y[8] &= 0x1ff
			p521AddGeneric(&want, &x, &y)
			p521AddADX(&got, &x, &y)
			if got != want {
				t.Fatalf("p521AddADX(%x, %x) = %x, want %x", x, y, got, want)
			}
		}
		p521MulGeneric(&want, &x, &y)
		p521MulADX(&got, &x, &y)
		if got != want {
			t.Fatalf("p521MulADX(%x, %x) = %x, want %x", x, y, got, want)
		}
		p521SquareGeneric(&want, &x)
		p521SquareADX(&got, &x)
		if got != want {
			t.Fatalf("p521SquareADX(%x) = %x, want %x", x, got, want)
		}
		p521SubGeneric(&want, &x, &y)
		p521SubADX(&got, &x, &y)
		if got != want {
			t.Fatalf("p521SubADX(%x, %x) = %x, want %x", x, y, got, want)
		}
	}
	in := p521AsmInputs(t)
	a, b := in[len(in)-4], in[len(in)-5]
	ga, gb := a, b
	for range n {
		p521MulGeneric(&a, &a, &b)
		p521SquareGeneric(&b, &b)
		p521MulADX(&ga, &ga, &gb)
		p521SquareADX(&gb, &gb)
	}
	if a != ga || b != gb {
		t.Fatalf("chains differ: %x %x, want %x %x", ga, gb, a, b)
	}
}

// TestP521SelectAsm compares the SSE2 table scans with the Go ones for
// every index, and indices out of range, each word of every entry distinct
// so that a word read from the wrong place shows.
func TestP521SelectAsm(t *testing.T) {
	if unsafe.Sizeof(P521Point{}) != 27*8 || unsafe.Sizeof(p521Affine{}) != 18*8 {
		t.Fatal("P521Point or p521Affine is not 27 or 18 words")
	}
	r := testutil.Rand(t)
	var table p521Table
	var row [16]p521Affine
	for i := range 16 {
		for k := range 9 {
			table[i].x.l[k], table[i].y.l[k], table[i].z.l[k] = r.Uint64(), r.Uint64(), r.Uint64()
			row[i].x.l[k], row[i].y.l[k] = r.Uint64(), r.Uint64()
		}
	}
	for _, n := range []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 32, 1 << 16, 1<<32 - 1} {
		var want, got P521Point
		table.selectIntoGeneric(&want, n)
		for k := range 9 {
			got.x.l[k], got.y.l[k], got.z.l[k] = 42, 43, 44
		}
		table.selectInto(&got, n)
		if got != want {
			t.Fatalf("selectInto(%d) = %x, want %x", n, got, want)
		}
		var wantA, gotA p521Affine
		p521SelectAffineGeneric(&wantA, &row, n)
		for k := range 9 {
			gotA.x.l[k], gotA.y.l[k] = 42, 43
		}
		p521SelectAffine(&gotA, &row, n)
		if gotA != wantA {
			t.Fatalf("p521SelectAffine(%d) = %x, want %x", n, gotA, wantA)
		}
	}
}

// TestP521WithoutAsm runs the P-521 tests on the base implementation, the
// Go kernels (the default runs the ADX ones where the CPU has them; the
// AVX-512 scans are P-256's).
func TestP521WithoutAsm(t *testing.T) {
	testutil.SelectImplementation(t, "nistec", "")
	t.Run("Field", TestP521Field)
	t.Run("Point", TestP521Point)
	t.Run("GroupLaw", TestP521GroupLaw)
	t.Run("Decoding", TestP521Decoding)
	t.Run("VarTimeExceptions", TestP521VarTimeExceptions)
}

// BenchmarkP521FieldKernels runs the field arithmetic with the assembly and
// with the Go kernels.
func BenchmarkP521FieldKernels(b *testing.B) {
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			benchField[p521Element](b)
		})
	}
}

// BenchmarkP521Kernels runs the scalar multiplications with the assembly and
// with the Go kernels.
func BenchmarkP521Kernels(b *testing.B) {
	for _, k := range []struct{ name, impl string }{{"ADX", "adx"}, {"Go", ""}} {
		b.Run(k.name, func(b *testing.B) {
			testutil.SelectImplementation(b, "nistec", k.impl)
			benchPoints(b, &p521Case, newP521Generator)
		})
	}
}
