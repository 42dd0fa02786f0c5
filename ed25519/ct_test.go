package ed25519

import (
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

// TestSignConstantTimeSeed times key derivation from a seed and a signature
// of a fixed message: a pool of fixed sparse seeds (all zeros, all ones,
// one bit set) against random seeds.
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
	var k PrivateKey
	var sig [SignatureSize]byte
	cttest.Check(t, cttest.Config{Measurements: ctMeasurements(), RecordSize: SeedSize}, prepare, func(rec []byte) {
		k.setSeed((*[SeedSize]byte)(rec))
		k.sign(&sig, msg, domPure, "")
	})
}

// TestSignConstantTimeMessage times signatures by one key of 64-byte
// messages: a pool of fixed messages (all zeros, all ones, sparse) against
// random ones.
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
	k, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	var sig [SignatureSize]byte
	cttest.Check(t, cttest.Config{Measurements: ctMeasurements(), RecordSize: size}, prepare, func(rec []byte) {
		k.sign(&sig, rec, domPure, "")
	})
}
