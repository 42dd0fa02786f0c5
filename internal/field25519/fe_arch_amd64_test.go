//go:build amd64 && !purego

package field25519

import (
	"maps"
	"slices"
	"testing"
	"testing/quick"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAsmMatchesGeneric checks that the MULX kernels compute exactly what
// the generic ones do. They perform the same operations on 64-bit words, so
// their outputs agree bit for bit on any limbs, not only within the bounds.
func TestAsmMatchesGeneric(t *testing.T) {
	testutil.RequireImplementation(t, "field25519", "bmi2")
	check := func(a, b Element) bool {
		var x, y Element
		feMulBMI2(&x, &a, &b)
		feMulGeneric(&y, &a, &b)
		if x != y {
			t.Logf("feMulBMI2(%v, %v) = %v, generic %v", a, b, x, y)
			return false
		}
		feSquareBMI2(&x, &a)
		feSquareGeneric(&y, &a)
		if x != y {
			t.Logf("feSquareBMI2(%v) = %v, generic %v", a, x, y)
			return false
		}
		for _, n := range []int{1, 2, 7} {
			feSquareNBMI2(&x, &a, n)
			feSquareNGeneric(&y, &a, n)
			if x != y {
				t.Logf("feSquareNBMI2(%v, %d) = %v, generic %v", a, n, x, y)
				return false
			}
		}
		return true
	}

	// Tight and loose elements, and arbitrary 64-bit limbs.
	if err := quick.Check(check, quickConfig(20000)); err != nil {
		t.Error(err)
	}
	loose := func(a, b looseElement) bool { return check(Element(a), Element(b)) }
	if err := quick.Check(loose, quickConfig(20000)); err != nil {
		t.Error(err)
	}
	raw := func(a0, a1, a2, a3, a4, b0, b1, b2, b3, b4 uint64) bool {
		return check(Element{a0, a1, a2, a3, a4}, Element{b0, b1, b2, b3, b4})
	}
	if err := quick.Check(raw, quickConfig(20000)); err != nil {
		t.Error(err)
	}

	// Every limb 0 or at a bound, in every combination.
	for _, max := range []uint64{looseMax, tightMax, 1<<51 - 1, 1<<64 - 1} {
		for m := range 1 << 10 {
			var l [10]uint64
			for i := range l {
				if m>>i&1 == 1 {
					l[i] = max
				}
			}
			if !check(Element{l[0], l[1], l[2], l[3], l[4]}, Element{l[5], l[6], l[7], l[8], l[9]}) {
				t.Fatalf("mismatch at limbs %x", l)
			}
		}
	}

	// A long run of squarings, as in Invert.
	a := maxLoose
	var x, y Element
	feSquareNBMI2(&x, &a, 254)
	feSquareNGeneric(&y, &a, 254)
	if x != y {
		t.Errorf("feSquareNBMI2(max, 254) = %v, generic %v", x, y)
	}
}

// TestEachImplementation runs the arithmetic tests again on each
// implementation: the MULX kernels, and the generic ones that CPUs without
// BMI2 run.
func TestEachImplementation(t *testing.T) {
	tests := map[string]func(*testing.T){
		"MulRandom":        TestMulRandom,
		"SquareRandom":     TestSquareRandom,
		"SquareN":          TestSquareN,
		"MulAtBound":       TestMulAtBound,
		"MulLooseRandom":   TestMulLooseRandom,
		"Invert":           TestInvert,
		"Pow22523":         TestPow22523,
		"SqrtRatio":        TestSqrtRatio,
		"ExponentsAtBound": TestExponentiationsAtBound,
		"LadderShapes":     TestLadderAndPointShapes,
		"Aliasing":         TestAliasing,
		"NoAllocations":    TestNoAllocations,
	}
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, name := range slices.Sorted(maps.Keys(tests)) {
			t.Run(name, tests[name])
		}
	})
}

// BenchmarkKernels times the generic and the MULX kernels side by side.
func BenchmarkKernels(b *testing.B) {
	x, y := benchElements()
	kernels := []struct {
		name string
		asm  bool
		f    func()
	}{
		{"Mul/generic", false, func() { feMulGeneric(&x, &x, &y) }},
		{"Mul/BMI2", true, func() { feMulBMI2(&x, &x, &y) }},
		{"Square/generic", false, func() { feSquareGeneric(&x, &x) }},
		{"Square/BMI2", true, func() { feSquareBMI2(&x, &x) }},
		{"SquareN50/generic", false, func() { feSquareNGeneric(&x, &x, 50) }},
		{"SquareN50/BMI2", true, func() { feSquareNBMI2(&x, &x, 50) }},
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) {
			if k.asm {
				testutil.RequireImplementation(b, "field25519", "bmi2")
			}
			b.ReportAllocs()
			for b.Loop() {
				k.f()
			}
		})
	}
}
