package hmac

import (
	stdhmac "crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"testing"
)

// sink keeps the compiler from discarding benchmarked work.
var sink byte

// BenchmarkMAC times one MAC of a short message, the way a TLS key schedule
// computes them: carry with a prepared Key, carry's New, and crypto/hmac
// created, written and summed for each MAC (as crypto/tls does) or reused
// with Reset (crypto/hmac keeps marshaled pads after its first Reset).
func BenchmarkMAC(b *testing.B) {
	for _, hf := range []struct {
		name string
		h    func() hash.Hash
	}{{"SHA256", sha256.New}, {"SHA384", sha512.New384}} {
		for _, n := range []int{32, 1024} {
			key := make([]byte, 32)
			msg := make([]byte, n)
			out := make([]byte, 0, 64)
			prefix := fmt.Sprintf("%s/%d/", hf.name, n)
			b.Run(prefix+"carry-prepared", func(b *testing.B) {
				k := NewKey(hf.h, key)
				b.ReportAllocs()
				b.SetBytes(int64(n))
				for b.Loop() {
					out = k.Sum(out[:0], msg)
				}
				sink ^= out[0]
			})
			b.Run(prefix+"carry-new", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(n))
				for b.Loop() {
					m := New(hf.h, key)
					m.Write(msg)
					out = m.Sum(out[:0])
				}
				sink ^= out[0]
			})
			b.Run(prefix+"std-new", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(n))
				for b.Loop() {
					m := stdhmac.New(hf.h, key)
					m.Write(msg)
					out = m.Sum(out[:0])
				}
				sink ^= out[0]
			})
			b.Run(prefix+"std-reset", func(b *testing.B) {
				m := stdhmac.New(hf.h, key)
				b.ReportAllocs()
				b.SetBytes(int64(n))
				for b.Loop() {
					m.Reset()
					m.Write(msg)
					out = m.Sum(out[:0])
				}
				sink ^= out[0]
			})
		}
	}
}

// BenchmarkNewKey times preparing a key (the two padded blocks and the
// saved states) and clearing it, as HKDF and the TLS 1.3 key schedule do with
// keys used a few times.
func BenchmarkNewKey(b *testing.B) {
	key := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		k := NewKey(sha256.New, key)
		sink ^= byte(k.Size())
		k.Clear()
	}
}
