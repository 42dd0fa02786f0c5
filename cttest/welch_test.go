package cttest

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func u64s(v ...uint64) []uint64 { return v }

func TestMomentsOf(t *testing.T) {
	tests := []struct {
		x        []uint64
		mean     float64
		variance float64
	}{
		{nil, 0, 0},
		{u64s(7), 7, 0},
		{u64s(1, 2, 3, 4, 5), 3, 2.5},
		{u64s(2, 4, 4, 4, 5, 5, 7, 9), 5, 32.0 / 7},
		// Large values with a small spread: a one-pass sum of squares
		// would lose the variance to rounding.
		{u64s(1<<50+1, 1<<50+2, 1<<50+3), 1<<50 + 2, 1},
	}
	for _, tt := range tests {
		m := momentsOf(tt.x)
		if m.n != len(tt.x) || m.mean != tt.mean || math.Abs(m.variance-tt.variance) > 1e-12 {
			t.Errorf("momentsOf(%v) = %+v, want mean %v variance %v", tt.x, m, tt.mean, tt.variance)
		}
	}
}

func TestWelchT(t *testing.T) {
	tests := []struct {
		a, b []uint64
		want float64
	}{
		// Means 3 and 6, variances 2.5 and 10: t = 3 / sqrt(2.5/5 + 10/5).
		{u64s(1, 2, 3, 4, 5), u64s(2, 4, 6, 8, 10), 3 / math.Sqrt(2.5)},
		// Unequal sizes: means 12 and 24, variances 4 and 10:
		// t = 12 / sqrt(4/3 + 10/5) = 6.572670690061994.
		{u64s(10, 12, 14), u64s(20, 22, 24, 26, 28), 6.572670690061994},
		// The sign follows b - a.
		{u64s(20, 22, 24, 26, 28), u64s(10, 12, 14), -6.572670690061994},
		// Same data: no difference.
		{u64s(3, 1, 4, 1, 5), u64s(3, 1, 4, 1, 5), 0},
		// Too few values to estimate a variance.
		{u64s(1), u64s(100, 200), 0},
		{u64s(1, 2), nil, 0},
		// No variance at all.
		{u64s(5, 5, 5), u64s(5, 5), 0},
		{u64s(5, 5, 5), u64s(6, 6), math.Inf(1)},
		{u64s(6, 6, 6), u64s(5, 5), math.Inf(-1)},
	}
	for _, tt := range tests {
		got := welchT(momentsOf(tt.a), momentsOf(tt.b))
		if got != tt.want && math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("welchT(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// synthetic returns n timings with random class labels, where class c's
// timing is base + noise + shift[c], and a fraction of outliers of the
// given size is added to both classes alike.
func synthetic(rng *rand.Rand, n int, shift [2]uint64, outliers float64, outlier uint64) ([]uint64, []uint8) {
	times := make([]uint64, n)
	classes := make([]uint8, n)
	for i := range n {
		c := uint8(rng.IntN(2))
		classes[i] = c
		times[i] = 1000 + uint64(rng.IntN(50)) + shift[c]
		if rng.Float64() < outliers {
			times[i] += uint64(rng.IntN(int(outlier)))
		}
	}
	return times, classes
}

func TestAnalyzeSameDistribution(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 10 {
		times, classes := synthetic(rng, 100_000, [2]uint64{0, 0}, 0.01, 1_000_000)
		r := analyze(times, classes, 1)
		if r.Leaky() {
			t.Errorf("run %d: identical distributions flagged: %v", i, r)
		}
	}
}

func TestAnalyzeShift(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	times, classes := synthetic(rng, 100_000, [2]uint64{0, 2}, 0, 0)
	r := analyze(times, classes, 0.5)
	if !r.Leaky() || r.MaxT < 20 {
		t.Errorf("a shift of 2 ticks in 50 of noise not found: %v", r)
	}
	// At 0.5 ns a tick, the 2-tick shift is 1 ns.
	if math.Abs(r.MeanDiffNS-1) > 0.1 || r.MedianDiffNS < 0.5 || r.MedianDiffNS > 1.5 {
		t.Errorf("effect size %v ns (median %v ns), want about 1 ns", r.MeanDiffNS, r.MedianDiffNS)
	}
	if want := r.MeanDiffNS / r.MeanNS; r.RelDiff != want {
		t.Errorf("RelDiff = %v, want %v", r.RelDiff, want)
	}
	if math.Abs(r.MeanNS-0.5*1025.5) > 1 {
		t.Errorf("MeanNS = %v, want about %v", r.MeanNS, 0.5*1025.5)
	}
	if r.Measurements != 100_000 {
		t.Errorf("Measurements = %d, want 100000", r.Measurements)
	}
}

// TestAnalyzeCrops checks that the crops find a difference that huge
// outliers hide from the test over all measurements.
func TestAnalyzeCrops(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	times, classes := synthetic(rng, 100_000, [2]uint64{0, 2}, 0.05, 10_000_000)
	all := math.Abs(welchT(split(times, classes)))
	r := analyze(times, classes, 1)
	if all >= Threshold {
		t.Fatalf("uncropped |t| = %.2f; the outliers should hide the shift", all)
	}
	if !r.Leaky() || r.Crop == "all" {
		t.Errorf("crops did not find the shift: %v", r)
	}
}

// split returns the moments of the two classes.
func split(times []uint64, classes []uint8) (moments, moments) {
	var x [2][]uint64
	for i, v := range times {
		x[classes[i]] = append(x[classes[i]], v)
	}
	return momentsOf(x[0]), momentsOf(x[1])
}

func TestCropFractions(t *testing.T) {
	if len(cropFractions) < 10 || len(cropFractions) > 20 {
		t.Errorf("%d crops, want 10 to 20", len(cropFractions))
	}
	if !slices.IsSorted(cropFractions) || cropFractions[0] <= 0 || cropFractions[len(cropFractions)-1] >= 1 {
		t.Errorf("crop fractions %v not increasing within (0, 1)", cropFractions)
	}
	if math.Abs(cropFractions[0]-(1-math.Pow(0.5, 0.1))) > 1e-15 {
		t.Errorf("first crop %v, want 1 - 0.5^0.1", cropFractions[0])
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		x    []uint64
		want float64
	}{{nil, 0}, {u64s(4), 4}, {u64s(1, 2, 10), 2}, {u64s(1, 2, 4, 10), 3}} {
		if got := median(tt.x); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}
