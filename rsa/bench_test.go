package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"fmt"
	"testing"
)

// BenchmarkSignPKCS1v15 times signing with one crypto/rsa key: through the
// package function (the key cache's lookup each time), through a Signer
// (the converted key held), and crypto/rsa's.
func BenchmarkSignPKCS1v15(b *testing.B) {
	digest := sha256.Sum256([]byte("bench"))
	for _, bits := range []int{2048, 3072, 4096} {
		sk := stdKey(b, bits)
		s, err := NewSigner(sk)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("carry/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := SignPKCS1v15(nil, sk, crypto.SHA256, digest[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("signer/%d", bits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Sign(nil, digest[:], crypto.SHA256); err != nil {
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

// BenchmarkKeyLookup times the key cache's lookup alone, the cost the
// package functions add to a Signer's.
func BenchmarkKeyLookup(b *testing.B) {
	sk := stdKey(b, 2048)
	b.ReportAllocs()
	for b.Loop() {
		if carryKey(sk) == nil {
			b.Fatal("key not converted")
		}
	}
}

// BenchmarkVerifyPKCS1v15 times verification beside crypto/rsa's.
func BenchmarkVerifyPKCS1v15(b *testing.B) {
	digest := sha256.Sum256([]byte("bench"))
	for _, bits := range []int{2048} {
		sk := stdKey(b, bits)
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
