//go:build !purego

package bigmod

import (
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

// adxSizes are the limb counts with an assembly kernel.
var adxSizes = []int{16, 24, 32, 48, 64}

// TestGeneratedAssemblyIsCurrent regenerates mont_amd64.s and its stubs with
// the avo program in _asm and fails if they differ from the committed files.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator; skipped with -short")
	}
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../mont_amd64.s", "-stubs", "../mont_amd64.go", "-pkg", "bigmod"},
		"mont_amd64.s", "mont_amd64.go")
}

// checkMulADX compares montMulADX with montMulGeneric on x and y (as
// n-limb values), and montMul on the base and the ADX implementations; if
// x = y < m, it
// compares montSqrADX and montSqrGeneric too.
func checkMulADX(t *testing.T, name string, m *Modulus, xb, yb *big.Int) {
	t.Helper()
	n := len(m.limbs)
	x, y := natFromBig(xb, n).limbs, natFromBig(yb, n).limbs
	want := make([]uint64, n)
	montMulGeneric(want, x, y, m.limbs, m.m0inv)
	got := make([]uint64, n)
	if !montMulADX(got, x, y, m.limbs, m.m0inv) {
		t.Fatalf("no assembly kernel for %d limbs", n)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s: montMulADX%d(%x, %x) = %x, montMulGeneric %x", name, n, xb, yb, limbsToBig(got), limbsToBig(want))
	}
	if xb.Cmp(yb) == 0 {
		// x and y the same slice, as the contract allows.
		clear(got)
		montMulADX(got, x, x, m.limbs, m.m0inv)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: montMulADX%d(x, x) for x = %x is %x, montMulGeneric %x", name, n, xb, limbsToBig(got), limbsToBig(want))
		}
	}
	if xb.Cmp(yb) == 0 && xb.Cmp(m.toBig()) < 0 {
		clear(got)
		if !montSqrADX(got, x, m.limbs, m.m0inv) {
			t.Fatalf("no assembly squaring for %d limbs", n)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: montSqrADX(%x) = %x, montMulGeneric %x", name, xb, limbsToBig(got), limbsToBig(want))
		}
		sq := make([]uint64, n)
		montSqrGeneric(sq, x, m.limbs, m.m0inv)
		if !slices.Equal(sq, want) {
			t.Fatalf("%s: montSqrGeneric(%x) = %x, montMulGeneric %x", name, xb, limbsToBig(sq), limbsToBig(want))
		}
	}
	for _, sel := range []string{"", "adx"} {
		restore := impl.Select("bigmod", sel)
		clear(got)
		montMul(got, x, y, m.limbs, m.m0inv)
		restore()
		if !slices.Equal(got, want) {
			t.Fatalf("%s: montMul (implementation %q)(%x, %x) = %x, montMulGeneric %x", name, sel, xb, yb, limbsToBig(got), limbsToBig(want))
		}
	}
}

// TestMontMulADX checks the assembly kernels against montMulGeneric on the
// extreme moduli of kernelModuli (top limb all ones, low limb 1, 2^k-1, ...)
// and the extreme values of each (0, 1, m-1, R mod m, ...), with one operand
// unreduced (R-1 and m itself, as the contract allows), and random values.
func TestMontMulADX(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "adx")
	for _, n := range adxSizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			r := rng(t)
			R := pow2(64 * n)
			for _, nm := range kernelModuli(t, n) {
				m := modulusFromBig(t, nm.m)
				vals := extremeValues(r, nm.m)
				for k := 0; k < iterations(3); k++ {
					vals = append(vals, new(big.Int).Mod(weirdBig(r, 64*n), nm.m))
				}
				for i, xb := range vals {
					for _, yb := range vals[i:] {
						checkMulADX(t, nm.name, m, xb, yb)
					}
				}
				for _, ub := range []*big.Int{new(big.Int).Sub(R, big.NewInt(1)), nm.m, randBig(r, 64*n)} {
					for _, vb := range vals {
						checkMulADX(t, nm.name+"/unreduced-x", m, ub, vb)
						checkMulADX(t, nm.name+"/unreduced-y", m, vb, ub)
					}
				}
			}
		})
	}
}

// TestMontMulADXRandom runs random moduli, all-ones-biased and random, and
// random values through the assembly kernels against montMulGeneric.
func TestMontMulADXRandom(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "adx")
	r := rng(t)
	for _, n := range adxSizes {
		for k := 0; k < iterations(50); k++ {
			bits := 64*n - r.IntN(64)
			mb := randModulusBig(r, bits)
			if k%2 == 1 {
				mb = weirdBig(r, bits)
				mb.SetBit(mb, bits-1, 1)
				mb.SetBit(mb, 0, 1)
			}
			m := modulusFromBig(t, mb)
			xb := new(big.Int).Mod(weirdBig(r, 64*n), mb)
			yb := new(big.Int).Mod(randBig(r, 64*n), mb)
			checkMulADX(t, fmt.Sprintf("random/%d", n), m, xb, yb)
			checkMulADX(t, fmt.Sprintf("random/%d", n), m, xb, xb)
			checkMulADX(t, fmt.Sprintf("random/%d", n), m, yb, yb)
		}
	}
}

// TestExpEachImplementation runs Exp, the user of the kernels, on each
// implementation and checks it against math/big, so that the fallback
// paths stay tested on machines that have the assembly.
func TestExpEachImplementation(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{1024, 1536, 2048} {
		mb := randModulusBig(r, bits)
		m := modulusFromBig(t, mb)
		xb := new(big.Int).Mod(randBig(r, bits), mb)
		eb := randBig(r, bits)
		want := new(big.Int).Exp(xb, eb, mb)
		testutil.EachImplementation(t, "bigmod", func(t *testing.T) {
			x := natFromBig(xb, len(m.limbs))
			out := NewNat().Exp(x, eb.FillBytes(make([]byte, bits/8)), m)
			if got := out.toBig(); got.Cmp(want) != 0 {
				t.Fatalf("%d bits: Exp = %x, want %x", bits, got, want)
			}
		})
	}
}

// BenchmarkMontMulADX times the assembly kernels beside the unrolled Go
// kernels montMul dispatches to without them (the base), and the unrolled
// Go squaring.
func BenchmarkMontMulADX(b *testing.B) {
	testutil.RequireImplementation(b, "bigmod", "adx")
	for _, bits := range []int{1024, 1536, 2048, 3072, 4096} {
		m, x, _ := benchModulus(b, bits)
		n := len(m.limbs)
		z := make([]uint64, n)
		b.Run(fmt.Sprintf("%d/adx", bits), func(b *testing.B) {
			for b.Loop() {
				montMulADX(z, x.limbs, x.limbs, m.limbs, m.m0inv)
			}
		})
		b.Run(fmt.Sprintf("%d/adx-sqr", bits), func(b *testing.B) {
			for b.Loop() {
				montSqrADX(z, x.limbs, m.limbs, m.m0inv)
			}
		})
		b.Run(fmt.Sprintf("%d/go", bits), func(b *testing.B) {
			testutil.SelectImplementation(b, "bigmod", "")
			for b.Loop() {
				montMul(z, x.limbs, x.limbs, m.limbs, m.m0inv)
			}
		})
		b.Run(fmt.Sprintf("%d/go-sqr", bits), func(b *testing.B) {
			testutil.SelectImplementation(b, "bigmod", "")
			for b.Loop() {
				montSqr(z, x.limbs, m.limbs, m.m0inv)
			}
		})
	}
}

// BenchmarkExpADX times Exp with the assembly kernels and without them.
func BenchmarkExpADX(b *testing.B) {
	testutil.RequireImplementation(b, "bigmod", "adx")
	for _, bits := range benchSizes {
		m, x, e := benchModulus(b, bits)
		for _, path := range []struct{ name, impl string }{{"adx", "adx"}, {"go", ""}} {
			b.Run(fmt.Sprintf("%d/%s", bits, path.name), func(b *testing.B) {
				testutil.SelectImplementation(b, "bigmod", path.impl)
				out := NewNat()
				for b.Loop() {
					out.Exp(x, e, m)
				}
			})
		}
	}
}
