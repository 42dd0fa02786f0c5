//go:build amd64 && !purego

package field25519

import (
	"maps"
	"slices"
	"testing"
	"testing/quick"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAsmMatchesGeneric checks that the assembly computes exactly what the
// generic code does, word for word: the same products, the same reductions.
func TestAsmMatchesGeneric(t *testing.T) {
	testutil.RequireImplementation(t, "field25519", "adx")
	check := func(a, b Element) bool {
		var x, y Element
		mulADX(&x.w, &a.w, &b.w)
		mulGeneric(&y.w, &a.w, &b.w)
		if x != y {
			t.Logf("mulADX(%v, %v) = %v, generic %v", a, b, x, y)
			return false
		}
		for _, n := range []int{1, 2, 7} {
			squareNADX(&x.w, &a.w, n)
			squareNGeneric(&y.w, &a.w, n)
			if x != y {
				t.Logf("squareNADX(%v, %d) = %v, generic %v", a, n, x, y)
				return false
			}
		}
		// Aliasing.
		x = a
		mulADX(&x.w, &x.w, &b.w)
		mulGeneric(&y.w, &a.w, &b.w)
		if x != y {
			t.Logf("mulADX with out = a differs")
			return false
		}
		return true
	}
	if err := quick.Check(check, quickConfig(20000)); err != nil {
		t.Error(err)
	}
	for _, a := range specialElements() {
		for _, b := range specialElements() {
			if !check(*a, *b) {
				t.Fatalf("mismatch at %v, %v", a, b)
			}
		}
	}

	// A long run of squarings, as in Invert.
	a := Element{[4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
	var x, y Element
	squareNADX(&x.w, &a.w, 254)
	squareNGeneric(&y.w, &a.w, 254)
	if x != y {
		t.Errorf("squareNADX(max, 254) = %v, generic %v", x, y)
	}
}

// TestLadderAsmMatchesGeneric checks the assembly ladders, ADX and IFMA,
// against the portable one on random and extreme scalars and u-coordinates.
func TestLadderAsmMatchesGeneric(t *testing.T) {
	ladders := []struct {
		name string
		f    func(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64)
	}{
		{"adx", func(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) {
			var xz [8]uint64
			ladderADX(&xz, k, u)
			*x2, *z2 = [4]uint64(xz[0:4]), [4]uint64(xz[4:8])
		}},
		{"ifma", ladderVec},
	}
	for _, l := range ladders {
		t.Run(l.name, func(t *testing.T) {
			testutil.RequireImplementation(t, "field25519", l.name)
			testLadderAsm(t, l.f)
		})
	}
}

func testLadderAsm(t *testing.T, ladderAsm func(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64)) {
	r := testutil.Rand(t)
	var zero, ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	scalars := [][32]byte{zero, ones}
	for range testutil.Runs(*long, 200, 5000, 20) {
		var k [32]byte
		for i := range k {
			k[i] = byte(r.Uint64())
		}
		scalars = append(scalars, k)
	}
	var us []Element
	for _, u := range specialElements() {
		if limbsBig(u).Cmp(boundM) < 0 { // Ladder folds u below 2^255 + 19
			us = append(us, *u)
		}
	}
	for range 20 {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint64())
		}
		var u Element
		u.SetBytes(b[:])
		us = append(us, u)
	}
	for i, k := range scalars {
		for j, u := range us {
			if (i+j)%5 != 0 {
				continue // a fifth of the pairs keeps the test fast
			}
			var x2, z2, x3, z3 Element
			ladderAsm(&x2.w, &z2.w, &k, &u.w)
			ladderGeneric(&x3.w, &z3.w, &k, &u.w)
			// The assembly and the generic code may leave different words
			// for the same value (the ADX ladder fuses a·121666 + b, the
			// IFMA ladder computes in radix 2^51); the projective point is
			// compared as a ratio.
			var l, rr Element
			l.Mul(&x2, &z3)
			rr.Mul(&x3, &z2)
			if l.Equal(&rr) != 1 || z2.IsZero() != z3.IsZero() {
				t.Fatalf("ladder(%x, %v) = %v/%v, generic %v/%v", k, u, x2, z2, x3, z3)
			}
		}
	}
}

// TestEachImplementation runs the arithmetic tests again on each
// implementation: the assembly, and the generic code that CPUs without BMI2
// and ADX run.
func TestEachImplementation(t *testing.T) {
	tests := map[string]func(*testing.T){
		"MulRandom":      TestMulRandom,
		"SquareRandom":   TestSquareRandom,
		"SquareN":        TestSquareN,
		"Invert":         TestInvert,
		"Pow22523":       TestPow22523,
		"SqrtRatio":      TestSqrtRatio,
		"Special":        TestSpecialValuesArithmetic,
		"Aliasing":       TestAliasing,
		"NoAllocations":  TestNoAllocations,
		"LadderAnyInput": TestLadderAnyInput,
	}
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, name := range slices.Sorted(maps.Keys(tests)) {
			t.Run(name, tests[name])
		}
	})
}

// BenchmarkKernels times the generic and the assembly kernels side by side.
func BenchmarkKernels(b *testing.B) {
	x, y := benchElements()
	kernels := []struct {
		name string
		asm  bool
		f    func()
	}{
		{"Mul/generic", false, func() { mulGeneric(&x.w, &x.w, &y.w) }},
		{"Mul/ADX", true, func() { mulADX(&x.w, &x.w, &y.w) }},
		{"Square/generic", false, func() { squareGeneric(&x.w, &x.w) }},
		{"Square/ADX", true, func() { squareNADX(&x.w, &x.w, 1) }},
		{"SquareN50/generic", false, func() { squareNGeneric(&x.w, &x.w, 50) }},
		{"SquareN50/ADX", true, func() { squareNADX(&x.w, &x.w, 50) }},
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) {
			if k.asm {
				testutil.RequireImplementation(b, "field25519", "adx")
			}
			b.ReportAllocs()
			for b.Loop() {
				k.f()
			}
		})
	}
}

// TestLadderADXBounds checks that ladderADX writes its eight words of out
// and none beside them.
func TestLadderADXBounds(t *testing.T) {
	testutil.RequireImplementation(t, "field25519", "adx")
	const guard = 0x5a5a5a5a_5a5a5a5a
	var buf [10]uint64
	buf[0], buf[9] = guard, guard
	k := [32]byte{9, 1, 2, 3}
	u := [4]uint64{9}
	ladderADX((*[8]uint64)(buf[1:9]), &k, &u)
	if buf[0] != guard || buf[9] != guard {
		t.Errorf("ladderADX wrote beside out: %#x, %#x", buf[0], buf[9])
	}
	if [8]uint64(buf[1:9]) == [8]uint64{} {
		t.Error("ladderADX wrote nothing")
	}
}
