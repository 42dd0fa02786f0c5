package ecdsa

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"testing"
)

// BenchmarkSign and BenchmarkVerify time carry beside crypto/ecdsa on each
// curve: deterministic signing of a SHA-256 digest (the DRBG included),
// hedged signing with crypto/rand (what crypto/tls asks of a crypto.Signer),
// and verification.
func BenchmarkSign(b *testing.B) {
	digest := sha256.Sum256([]byte("carry"))
	for _, c := range testCurves {
		k, err := GenerateKey(c, nil)
		if err != nil {
			b.Fatal(err)
		}
		std := k.ToStd()
		b.Run(c.Params().Name+"/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.Sign(nil, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/hedged/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.Sign(rand.Reader, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/hedged/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := std.Sign(rand.Reader, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := std.Sign(nil, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	digest := sha256.Sum256([]byte("carry"))
	for _, c := range testCurves {
		k, err := GenerateKey(c, nil)
		if err != nil {
			b.Fatal(err)
		}
		sig, err := k.Sign(nil, digest[:], crypto.SHA256)
		if err != nil {
			b.Fatal(err)
		}
		pub := k.PublicKey()
		b.Run(c.Params().Name+"/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !VerifyASN1(pub, digest[:], sig) {
					b.Fatal("verification failed")
				}
			}
		})
		b.Run(c.Params().Name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !ecdsa.VerifyASN1(pub, digest[:], sig) {
					b.Fatal("verification failed")
				}
			}
		})
	}
}
