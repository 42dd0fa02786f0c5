package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"fmt"
	"testing"
)

// BenchmarkSignPKCS1v15 times signing beside crypto/rsa's, on the same key.
func BenchmarkSignPKCS1v15(b *testing.B) {
	digest := sha256.Sum256([]byte("bench"))
	for _, bits := range []int{2048, 3072, 4096} {
		sk, k := carryKey(b, bits)
		b.Run(fmt.Sprintf("carry/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := SignPKCS1v15(k, crypto.SHA256, digest[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("std/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, digest[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerifyPKCS1v15 times verification beside crypto/rsa's.
func BenchmarkVerifyPKCS1v15(b *testing.B) {
	digest := sha256.Sum256([]byte("bench"))
	for _, bits := range []int{2048} {
		sk, _ := carryKey(b, bits)
		sig, err := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, digest[:])
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("carry/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := VerifyPKCS1v15(&sk.PublicKey, crypto.SHA256, digest[:], sig); err != nil {
					b.Fatal(err)
				}
			}
		})
		// Without the cache of the last public modulus: a new key each time.
		b.Run(fmt.Sprintf("carry-uncached/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lastPublic.Store(nil)
				if err := VerifyPKCS1v15(&sk.PublicKey, crypto.SHA256, digest[:], sig); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("std/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := rsa.VerifyPKCS1v15(&sk.PublicKey, crypto.SHA256, digest[:], sig); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
