package edwards25519_test

import (
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/sha512"
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

// BenchmarkEd25519PublicKey is the public key of an Ed25519 seed
// (RFC 8032, Section 5.1.5): SHA-512, clamping, ScalarBaseMult and Bytes,
// beside crypto/ed25519's NewKeyFromSeed, which does the same.
func BenchmarkEd25519PublicKey(b *testing.B) {
	seed := benchScalar()
	var p edwards25519.Point
	var pub [32]byte
	b.ReportAllocs()
	for b.Loop() {
		h := sha512.Sum512(seed[:])
		s := (*[32]byte)(h[:32])
		s[0] &= 248
		s[31] &= 127
		s[31] |= 64
		copy(pub[:], p.ScalarBaseMult(s).Bytes())
	}
}

func BenchmarkStdlibEd25519NewKeyFromSeed(b *testing.B) {
	seed := benchScalar()
	b.ReportAllocs()
	for b.Loop() {
		ed25519.NewKeyFromSeed(seed[:])
	}
}

// BenchmarkAlternating times, in alternating blocks of 100 operations
// within one run so that all see the same machine load: X25519Base, the
// x25519 ladder, crypto/ecdh's X25519 key generation, the Ed25519 public key
// from a seed with ScalarBaseMult, and crypto/ed25519's NewKeyFromSeed. It
// reports for each the minimum and the median over blocks of the time per
// operation, and the ratios of the minima to X25519Base's (and of the two
// Ed25519 paths). The ns/op it reports is meaningless (set to 0).
func BenchmarkAlternating(b *testing.B) {
	k := benchScalar()
	var dst [32]byte
	var p edwards25519.Point
	const block = 100
	ops := []struct {
		name string
		f    func()
	}{
		{"base", func() { edwards25519.X25519Base(&dst, k) }},
		{"ladder", func() { x25519.X25519(k[:], x25519.Basepoint) }},
		{"ecdh", func() {
			priv, _ := ecdh.X25519().NewPrivateKey(k[:])
			priv.PublicKey()
		}},
		{"edpub", func() {
			h := sha512.Sum512(k[:])
			s := (*[32]byte)(h[:32])
			s[0] &= 248
			s[31] &= 127
			s[31] |= 64
			copy(dst[:], p.ScalarBaseMult(s).Bytes())
		}},
		{"ed25519", func() { ed25519.NewKeyFromSeed(k[:]) }},
	}
	times := make([][]float64, len(ops))
	for b.Loop() {
		for i, op := range ops {
			start := time.Now()
			for range block {
				op.f()
			}
			times[i] = append(times[i], float64(time.Since(start).Nanoseconds())/block)
		}
	}
	mins := map[string]float64{}
	for i, ts := range times {
		slices.Sort(ts)
		mins[ops[i].name] = ts[0]
		b.ReportMetric(ts[0], "ns-min-"+ops[i].name)
		b.ReportMetric(ts[len(ts)/2], "ns-med-"+ops[i].name)
	}
	b.ReportMetric(mins["ladder"]/mins["base"], "ladder/base")
	b.ReportMetric(mins["ecdh"]/mins["base"], "ecdh/base")
	b.ReportMetric(mins["ed25519"]/mins["edpub"], "ed25519/edpub")
	b.ReportMetric(0, "ns/op")
}
