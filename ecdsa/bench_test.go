package ecdsa

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"testing"
)

// BenchmarkSign and BenchmarkVerify time carry beside crypto/ecdsa on each
// curve: deterministic signing of a SHA-256 digest (the DRBG included) by
// a Signer, hedged signing with crypto/rand by a Signer (what crypto/tls
// asks of a crypto.Signer) and by SignASN1 with a key in the cache, and
// verification.
func BenchmarkSign(b *testing.B) {
	digest := sha256.Sum256([]byte("carry"))
	for _, c := range testCurves {
		k, err := GenerateKey(c, nil)
		if err != nil {
			b.Fatal(err)
		}
		s := newSigner(b, k)
		b.Run(c.Params().Name+"/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Sign(nil, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/hedged/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Sign(rand.Reader, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/SignASN1/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := SignASN1(rand.Reader, k, digest[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/hedged/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.Sign(rand.Reader, digest[:], crypto.SHA256); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Params().Name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.Sign(nil, digest[:], crypto.SHA256); err != nil {
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
		sig, err := SignASN1(nil, k, digest[:])
		if err != nil {
			b.Fatal(err)
		}
		pub := &k.PublicKey
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
