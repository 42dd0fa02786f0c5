package cttest

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// cropFractions are the fractions of the pooled distribution that the crops
// keep: dudect's percentiles 1 - 0.5^(10(i+1)/100) for every fifth i in
// 0..99, from 6.7% to 99.9%.
var cropFractions = func() []float64 {
	var f []float64
	for i := 0; i < 100; i += 5 {
		f = append(f, 1-math.Pow(0.5, 10*float64(i+1)/100))
	}
	return f
}()

// analyze computes the Result of measurements times (in clock ticks) of the
// classes classes (0 or 1, one per measurement), converting ticks to
// nanoseconds with nsPerTick. It sorts times in place.
func analyze(times []uint64, classes []uint8, nsPerTick float64) Result {
	var n1 int
	for _, c := range classes {
		n1 += int(c)
	}
	x0 := make([]uint64, 0, len(times)-n1)
	x1 := make([]uint64, 0, n1)
	for i, v := range times {
		if classes[i] == 0 {
			x0 = append(x0, v)
		} else {
			x1 = append(x1, v)
		}
	}
	slices.Sort(x0)
	slices.Sort(x1)
	pooled := times
	slices.Sort(pooled)

	m0, m1 := momentsOf(x0), momentsOf(x1)
	r := Result{
		Measurements: len(times),
		MaxT:         math.Abs(welchT(m0, m1)),
		Crop:         "all",
		MeanDiffNS:   (m1.mean - m0.mean) * nsPerTick,
		MedianDiffNS: (median(x1) - median(x0)) * nsPerTick,
		MeanNS:       momentsOf(pooled).mean * nsPerTick,
	}
	if r.MeanNS != 0 {
		r.RelDiff = r.MeanDiffNS / r.MeanNS
	}
	if len(pooled) == 0 {
		return r
	}

	last := uint64(math.MaxUint64)
	for _, f := range cropFractions {
		limit := pooled[int(f*float64(len(pooled)-1))]
		if limit == last {
			continue // the same crop as the previous one
		}
		last = limit
		c0 := upTo(x0, limit)
		c1 := upTo(x1, limit)
		if t := math.Abs(welchT(momentsOf(c0), momentsOf(c1))); t > r.MaxT {
			r.MaxT = t
			r.Crop = fmt.Sprintf("p%.1f", 100*f)
		}
	}
	return r
}

// upTo returns the prefix of the sorted slice x of values <= limit.
func upTo(x []uint64, limit uint64) []uint64 {
	return x[:sort.Search(len(x), func(i int) bool { return x[i] > limit })]
}

// median returns the median of the sorted slice x, or 0 if x is empty.
func median(x []uint64) float64 {
	n := len(x)
	switch {
	case n == 0:
		return 0
	case n%2 == 1:
		return float64(x[n/2])
	default:
		return (float64(x[n/2-1]) + float64(x[n/2])) / 2
	}
}
