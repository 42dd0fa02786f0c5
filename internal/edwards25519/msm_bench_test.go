package edwards25519

import (
	"fmt"
	"testing"
	"time"
)

// benchMSMInputs returns n scalars and n distinct points of the prime-order
// subgroup, in the proportions of batch verification: Σ z_i·R_i with
// 128-bit z_i, Σ (z_i·k_i)·A_i with full-size scalars, one term in two
// of each.
func benchMSMInputs(n int) ([]*Scalar, []*Point) {
	var b [64]byte
	scalars := make([]*Scalar, n)
	points := make([]*Point, n)
	for i := range n {
		for j := range b {
			b[j] = byte(i*131 + j*37 + 11)
		}
		if i%2 == 0 {
			scalars[i], _ = new(Scalar).SetCanonicalBytes(append(b[:16:16], make([]byte, 16)...))
		} else {
			scalars[i], _ = new(Scalar).SetUniformBytes(b[:])
		}
		b[0] ^= 0xff
		k, _ := new(Scalar).SetUniformBytes(b[:])
		points[i] = new(Point).ScalarBaseMultScalar(k)
	}
	return scalars, points
}

func BenchmarkMultiScalarMult(b *testing.B) {
	for _, n := range []int{64, 128, 256} {
		b.Run(fmt.Sprintf("%d terms", n), func(b *testing.B) {
			scalars, points := benchMSMInputs(n)
			var v Point
			b.ReportAllocs()
			for b.Loop() {
				v.VarTimeMultiScalarMult(scalars, points)
			}
		})
	}
}

// BenchmarkMSMCrossover times Straus and Pippenger with several windows at
// sizes around the threshold, in alternating rounds so that all see the
// same machine load, and reports the minimum over rounds of each, in µs,
// to choose pippengerThreshold and pippengerWindow. Its ns/op is
// meaningless (set to 0).
func BenchmarkMSMCrossover(b *testing.B) {
	for _, n := range []int{64, 96, 128, 192, 256, 384, 512, 1024} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			scalars, points := benchMSMInputs(n)
			var v Point
			names := []string{"straus"}
			fs := []func(){func() { v.straussVarTime(scalars, points) }}
			for _, c := range []uint{5, 6, 7, 8, 9} {
				names = append(names, fmt.Sprintf("pip%d", c))
				fs = append(fs, func() { v.pippengerVarTime(scalars, points, c) })
			}
			mins := make([]time.Duration, len(fs))
			for b.Loop() {
				for i, f := range fs {
					start := time.Now()
					f()
					if d := time.Since(start); mins[i] == 0 || d < mins[i] {
						mins[i] = d
					}
				}
			}
			for i, name := range names {
				b.ReportMetric(float64(mins[i].Microseconds()), "us-"+name)
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
