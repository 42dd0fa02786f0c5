package edwards25519_test

import (
	"crypto/ecdh"
	"slices"
	"testing"
	"time"

	"github.com/carry-crypto/carry/internal/edwards25519"
	"github.com/carry-crypto/carry/x25519"
)

// The benchmarks are in an external test package so that they may import
// x25519, which is to call X25519Base.

func benchScalar() *[32]byte {
	var k [32]byte
	for i := range k {
		k[i] = byte(0x5a ^ 37*i)
	}
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64
	return &k
}

func BenchmarkX25519Base(b *testing.B) {
	k := benchScalar()
	var dst [32]byte
	b.ReportAllocs()
	for b.Loop() {
		edwards25519.X25519Base(&dst, k)
	}
}

func BenchmarkScalarBaseMult(b *testing.B) {
	k := benchScalar()
	var p edwards25519.Point
	b.ReportAllocs()
	for b.Loop() {
		p.ScalarBaseMult(k)
	}
}

// BenchmarkX25519Ladder is x25519.X25519(k, Basepoint), the Montgomery
// ladder that X25519Base is to replace.
func BenchmarkX25519Ladder(b *testing.B) {
	k := benchScalar()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := x25519.X25519(k[:], x25519.Basepoint); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStdlibX25519Base is crypto/ecdh's key generation from a scalar:
// NewPrivateKey and PublicKey.
func BenchmarkStdlibX25519Base(b *testing.B) {
	k := benchScalar()
	b.ReportAllocs()
	for b.Loop() {
		priv, err := ecdh.X25519().NewPrivateKey(k[:])
		if err != nil {
			b.Fatal(err)
		}
		priv.PublicKey()
	}
}

// BenchmarkAlternating times X25519Base, the x25519 ladder and crypto/ecdh in
// alternating blocks of 100 operations within one run, so that all three see
// the same machine load, and reports for each the minimum and the median
// over blocks of the time per operation, and the ratios of the minima.
func BenchmarkAlternating(b *testing.B) {
	k := benchScalar()
	var dst [32]byte
	const block = 100
	fns := []func(){
		func() { edwards25519.X25519Base(&dst, k) },
		func() { x25519.X25519(k[:], x25519.Basepoint) },
		func() {
			priv, _ := ecdh.X25519().NewPrivateKey(k[:])
			priv.PublicKey()
		},
	}
	times := make([][]float64, len(fns))
	for b.Loop() {
		for i, f := range fns {
			start := time.Now()
			for range block {
				f()
			}
			times[i] = append(times[i], float64(time.Since(start).Nanoseconds())/block)
		}
	}
	names := []string{"base", "ladder", "stdlib"}
	var mins []float64
	for i, ts := range times {
		slices.Sort(ts)
		mins = append(mins, ts[0])
		b.ReportMetric(ts[0], "ns-min-"+names[i])
		b.ReportMetric(ts[len(ts)/2], "ns-med-"+names[i])
	}
	b.ReportMetric(mins[1]/mins[0], "ladder/base")
	b.ReportMetric(mins[2]/mins[0], "stdlib/base")
	b.ReportMetric(0, "ns/op")
}
