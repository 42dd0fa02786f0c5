package ecdh

import (
	"crypto/rand"
	"testing"
)

// BenchmarkECDH and BenchmarkNewPrivateKey time carry beside crypto/ecdh on
// every curve: a shared secret with a peer's public key, and a private key
// with its public key (a fixed-base multiplication).
func BenchmarkECDH(b *testing.B) {
	for _, tc := range testCurves {
		k, err := tc.curve.GenerateKey(rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		peer, err := tc.curve.GenerateKey(rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		sk := k.ToStd()
		speer := peer.PublicKey().ToStd()
		b.Run(tc.name+"/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.ECDH(peer.PublicKey()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sk.ECDH(speer); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNewPrivateKey(b *testing.B) {
	for _, tc := range testCurves {
		k, err := tc.curve.GenerateKey(rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		key := k.Bytes()
		b.Run(tc.name+"/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tc.curve.NewPrivateKey(key); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tc.std.NewPrivateKey(key); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
