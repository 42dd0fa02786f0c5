package hkdf

import (
	stdhkdf "crypto/hkdf"
	"crypto/sha256"
	"fmt"
	"testing"
)

// sink keeps the compiler from discarding benchmarked work.
var sink byte

// BenchmarkExpand times Expand beside crypto/hkdf's for an output of one
// block (32 bytes, as a TLS 1.3 secret or key) and of several (100 bytes),
// with a 32-byte key and a 40-byte info.
func BenchmarkExpand(b *testing.B) {
	prk := make([]byte, 32)
	info := string(make([]byte, 40))
	for _, n := range []int{32, 100} {
		b.Run(fmt.Sprintf("%d/carry", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, _ := Expand(sha256.New, prk, info, n)
				sink ^= out[0]
			}
		})
		b.Run(fmt.Sprintf("%d/std", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, _ := stdhkdf.Expand(sha256.New, prk, info, n)
				sink ^= out[0]
			}
		})
	}
}

// BenchmarkExtract times Extract beside crypto/hkdf's.
func BenchmarkExtract(b *testing.B) {
	secret, salt := make([]byte, 32), make([]byte, 32)
	b.Run("carry", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, _ := Extract(sha256.New, secret, salt)
			sink ^= out[0]
		}
	})
	b.Run("std", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, _ := stdhkdf.Extract(sha256.New, secret, salt)
			sink ^= out[0]
		}
	})
}
