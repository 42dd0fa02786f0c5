package ed25519

import (
	"crypto/ed25519"
	"testing"
)

// The benchmarks time carry beside crypto/ed25519 on the same inputs: a
// 64-byte message, signing and verifying, and a batch of 64 signatures by
// 64 keys verified at once and one by one.

var benchMsg = make([]byte, 64)

// BenchmarkSign signs with one PrivateKey over and over: carry's Sign, which
// finds the expanded key in the cache and compares the key's bytes with it
// at every call; the expanded key's signing alone, what the cache costs is
// the difference; and crypto/ed25519's Sign.
func BenchmarkSign(b *testing.B) {
	k, std := mustKey(b, make([]byte, 32))
	b.Run("carry", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Sign(k, benchMsg)
		}
	})
	b.Run("expanded", func(b *testing.B) {
		e := mustExpand(b, k)
		var sig [SignatureSize]byte
		b.ReportAllocs()
		for b.Loop() {
			e.sign(&sig, benchMsg, domPure, "")
		}
	})
	b.Run("std", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ed25519.Sign(std, benchMsg)
		}
	})
}

func BenchmarkNewKeyFromSeed(b *testing.B) {
	seed := make([]byte, 32)
	b.Run("carry", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			NewKeyFromSeed(seed)
		}
	})
	b.Run("std", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ed25519.NewKeyFromSeed(seed)
		}
	})
}

func BenchmarkVerify(b *testing.B) {
	k, _ := mustKey(b, make([]byte, 32))
	pub, sig := publicKey(k), Sign(k, benchMsg)
	b.Run("carry", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !Verify(pub, benchMsg, sig) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("std", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !ed25519.Verify(pub, benchMsg, sig) {
				b.Fatal("invalid")
			}
		}
	})
}

// BenchmarkVerifyBatch64 verifies 64 signatures per iteration: at once with
// VerifyBatch, and one by one with carry's and crypto/ed25519's Verify. The
// target is a batch in at most half the time of 64 of carry's Verify.
func BenchmarkVerifyBatch64(b *testing.B) {
	const n = 64
	pubs, msgs, sigs := signedBatch(b, n)
	b.Run("batch", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !VerifyBatch(pubs, msgs, sigs) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("carry-one-by-one", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range n {
				if !Verify(pubs[i], msgs[i], sigs[i]) {
					b.Fatal("invalid")
				}
			}
		}
	})
	b.Run("std-one-by-one", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range n {
				if !ed25519.Verify(pubs[i], msgs[i], sigs[i]) {
					b.Fatal("invalid")
				}
			}
		}
	})
}

// BenchmarkVerifyBatch64OneKey verifies 64 signatures by one key: the key's
// term in the multi-scalar multiplication is shared.
func BenchmarkVerifyBatch64OneKey(b *testing.B) {
	const n = 64
	k, _ := mustKey(b, make([]byte, 32))
	pubs := make([]ed25519.PublicKey, n)
	msgs := make([][]byte, n)
	sigs := make([][]byte, n)
	for i := range n {
		pubs[i], msgs[i] = publicKey(k), []byte{byte(i)}
		sigs[i] = Sign(k, msgs[i])
	}
	b.ReportAllocs()
	for b.Loop() {
		if !VerifyBatch(pubs, msgs, sigs) {
			b.Fatal("invalid")
		}
	}
}
