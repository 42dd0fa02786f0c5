package cttest

import "math"

// moments holds the size, mean and unbiased variance of a sample.
type moments struct {
	n        int
	mean     float64
	variance float64
}

// momentsOf returns the moments of x, computed in two passes (the mean, then
// the squared deviations from it) so that large timings lose no precision.
// The variance of fewer than two values is 0.
func momentsOf(x []uint64) moments {
	m := moments{n: len(x)}
	if m.n == 0 {
		return m
	}
	var sum float64
	for _, v := range x {
		sum += float64(v)
	}
	m.mean = sum / float64(m.n)
	if m.n < 2 {
		return m
	}
	var ss float64
	for _, v := range x {
		d := float64(v) - m.mean
		ss += d * d
	}
	m.variance = ss / float64(m.n-1)
	return m
}

// welchT returns Welch's t statistic for the difference of the means of two
// samples, b.mean - a.mean, divided by its standard error
// sqrt(a.variance/a.n + b.variance/b.n).
//
// With fewer than two values in either sample it returns 0 (no evidence).
// When both variances are 0 it returns 0 if the means are equal and ±Inf
// otherwise.
func welchT(a, b moments) float64 {
	if a.n < 2 || b.n < 2 {
		return 0
	}
	diff := b.mean - a.mean
	se := math.Sqrt(a.variance/float64(a.n) + b.variance/float64(b.n))
	if se == 0 {
		if diff == 0 {
			return 0
		}
		return math.Inf(int(math.Copysign(1, diff)))
	}
	return diff / se
}
