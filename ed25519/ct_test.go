package ed25519

import (
	"crypto/ed25519"
	"crypto/rand"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// The constant-time tests of signing (package cttest's fixed-versus-random
// test). By default they take 2·10^4 measurements, a smoke test that finds
// gross leaks in a few seconds; with -long, 10^6.

func ctMeasurements() int {
	if *long {
		return 1_000_000
	}
	return 20_000
}

// TestSignConstantTimeSeed times key derivation from a seed (NewKeyFromSeed's
// path) and a signature of a fixed message: a pool of fixed sparse seeds (all
// zeros, all ones, one bit set) against random seeds.
func TestSignConstantTimeSeed(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; skipped with -short")
	}
	fixed := cttest.FixedPool(16, SeedSize, func(i int, rec []byte) {
		switch i {
		case 0:
		case 1:
			for j := range rec {
				rec[j] = 0xff
			}
		default:
			rec[(i*7)%SeedSize] = 1 << (i % 8)
		}
	})
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
	}
	msg := []byte("a fixed message of some length, signed under every key")
	var k privateKey
	var sig [SignatureSize]byte
	cttest.Check(t, cttest.Config{Measurements: ctMeasurements(), RecordSize: SeedSize}, prepare, func(rec []byte) {
		k.setSeed((*[SeedSize]byte)(rec))
		k.sign(&sig, msg, domPure, "")
	})
}

// TestSignConstantTimeKey times Sign of a fixed message with a key that
// changes at every call in one buffer, so that each call compares the key
// with the expanded one in the cache, finds it changed and expands it again:
// a pool of keys of fixed sparse seeds (all zeros, all ones, one bit set)
// against keys of random seeds. After each signature the test stores a key
// that matches no record, so that a fixed key drawn twice in a row is
// expanded again too, as a random one is.
func TestSignConstantTimeKey(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; skipped with -short")
	}
	fixed := cttest.FixedPool(16, PrivateKeySize, func(i int, rec []byte) {
		seed := make([]byte, SeedSize)
		switch i {
		case 0:
		case 1:
			for j := range seed {
				seed[j] = 0xff
			}
		default:
			seed[(i*7)%SeedSize] = 1 << (i % 8)
		}
		copy(rec, ed25519.NewKeyFromSeed(seed))
	})
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec[:SeedSize])
		copy(rec, ed25519.NewKeyFromSeed(rec[:SeedSize]))
	}
	msg := []byte("a fixed message of some length, signed under every key")
	none := new(privateKey) // all zeros: no seed has the public key 0
	var sig [SignatureSize]byte
	cttest.Check(t, cttest.Config{Measurements: ctMeasurements(), RecordSize: PrivateKeySize}, prepare, func(rec []byte) {
		sign(&sig, rec, msg)
		keys.Put(&rec[0], none)
	})
}

// TestSignConstantTimeMessage times Sign by one key, expanded once and found
// unchanged in the cache at every call, of 64-byte messages: a pool of fixed
// messages (all zeros, all ones, sparse) against random ones.
func TestSignConstantTimeMessage(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; skipped with -short")
	}
	const size = 64
	fixed := cttest.FixedPool(16, size, func(i int, rec []byte) {
		switch i {
		case 0:
		case 1:
			for j := range rec {
				rec[j] = 0xff
			}
		default:
			rec[(i*13)%size] = 1 << (i % 8)
		}
	})
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
	}
	_, k, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	var sig [SignatureSize]byte
	cttest.Check(t, cttest.Config{Measurements: ctMeasurements(), RecordSize: size}, prepare, func(rec []byte) {
		sign(&sig, k, rec)
	})
}
