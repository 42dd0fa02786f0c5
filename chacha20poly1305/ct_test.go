package chacha20poly1305

import (
	"crypto/rand"
	"flag"
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/cttest"
	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the timing tests (10^6 measurements each)")

// The constant-time tests of Seal and Open (package cttest's fixed against
// random test, Welch's t-test). They run only with -long: timing tests
// belong on a quiet machine. "carry ct" runs the Seal ones at 10^5
// measurements in every CI run; Open is here because its records must be
// valid ciphertexts of both classes, which carry ct's random class is not.

// ctLens are the message lengths timed, one on each of the AVX-512 path's
// kernels (and, in the AVX2 run, on the AVX2 ones): 64 bytes (the short
// kernels), 128 (the one-set fused kernels), 300 (the two-set kernels, and
// past the vector Poly1305 threshold, with a partial block), 512 (the
// three-set kernels), 800 (the four-set kernels), 1100 (the wide head
// with a set of four beside it, then the MAC), 1350 (a QUIC packet: the
// wide head with two sets beside it, then the rest and the MAC), 2100 (the head
// and one chunk of the stitched long-message kernel, then 116 bytes on
// xorTailMAC), 2300 (then 316 bytes on xorTail8MAC), 2600 (then 616 bytes on
// xorChunkPartMAC) and 16384 (15 chunks, then 64 bytes on xorTailMAC).
var ctLens = []int{64, 128, 300, 512, 800, 1100, 1350, 2100, 2300, 2600, 16384}

// forEachLen runs f as a subtest for each of ctLens, on the path the CPU
// runs by default and then, where this CPU can also run them, on the
// kernels of CPUs without AVX-512 (the AVX2 ones; see forEachImpl), so that
// an AVX-512 machine times both.
func forEachLen(t *testing.T, f func(t *testing.T, ctLen int)) {
	for _, name := range []string{"default", "avx2fused"} {
		t.Run(name, func(t *testing.T) {
			if name != "default" {
				testutil.SelectImplementation(t, "chacha20poly1305", name)
			}
			for _, n := range ctLens {
				t.Run(strconv.Itoa(n), func(t *testing.T) { f(t, n) })
			}
		})
	}
}

// ctPool is a pool of 16 fixed values: all zeros, all ones, and single bits.
func ctPool(size int) func(rec []byte) {
	return cttest.FixedPool(16, size, func(i int, rec []byte) {
		switch i {
		case 0:
		case 1:
			for j := range rec {
				rec[j] = 0xff
			}
		default:
			rec[(37*i)%size] = 1 << (i % 8)
		}
	})
}

var ctNonce = make([]byte, NonceSize)

// TestSealConstantTimeKey times New and Seal of fixed bytes under a secret
// key.
func TestSealConstantTimeKey(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	forEachLen(t, func(t *testing.T, ctLen int) {
		fixed := ctPool(KeySize)
		msg := make([]byte, ctLen)
		out := make([]byte, 0, ctLen+Overhead)
		cttest.Check(t, cttest.Config{Measurements: 1_000_000, RecordSize: KeySize}, func(class int, rec []byte) {
			if class == 0 {
				fixed(rec)
			} else {
				rand.Read(rec)
			}
		}, func(rec []byte) {
			a, err := New(rec)
			if err != nil {
				panic(err)
			}
			a.Seal(out[:0], ctNonce, msg, nil)
		})
	})
}

// TestSealConstantTimePlaintext times Seal of a secret plaintext under a
// fixed key.
func TestSealConstantTimePlaintext(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	forEachLen(t, func(t *testing.T, ctLen int) {
		a, _ := New(make([]byte, KeySize))
		fixed := ctPool(ctLen)
		out := make([]byte, 0, ctLen+Overhead)
		cttest.Check(t, cttest.Config{Measurements: 1_000_000, RecordSize: ctLen}, func(class int, rec []byte) {
			if class == 0 {
				fixed(rec)
			} else {
				rand.Read(rec)
			}
		}, func(rec []byte) {
			a.Seal(out[:0], ctNonce, rec, nil)
		})
	})
}

// TestOpenConstantTimeKey times New and Open of a valid ciphertext under a
// secret key: each record is a key and the sealing of fixed bytes under it,
// so both classes pass the tag check.
func TestOpenConstantTimeKey(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	forEachLen(t, func(t *testing.T, ctLen int) {
		fixed := ctPool(KeySize)
		msg := make([]byte, ctLen)
		out := make([]byte, 0, ctLen)
		cttest.Check(t, cttest.Config{Measurements: 1_000_000, RecordSize: KeySize + ctLen + Overhead}, func(class int, rec []byte) {
			key := rec[:KeySize]
			if class == 0 {
				fixed(key)
			} else {
				rand.Read(key)
			}
			a, _ := New(key)
			a.Seal(rec[KeySize:KeySize], ctNonce, msg, nil)
		}, func(rec []byte) {
			a, _ := New(rec[:KeySize])
			if _, err := a.Open(out[:0], ctNonce, rec[KeySize:], nil); err != nil {
				panic("Open refused a valid ciphertext")
			}
		})
	})
}

// TestOpenConstantTimePlaintext times Open, under a fixed key, of valid
// ciphertexts whose plaintexts are fixed or random.
func TestOpenConstantTimePlaintext(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	forEachLen(t, func(t *testing.T, ctLen int) {
		a, _ := New(make([]byte, KeySize))
		fixed := ctPool(ctLen)
		msg := make([]byte, ctLen)
		out := make([]byte, 0, ctLen)
		cttest.Check(t, cttest.Config{Measurements: 1_000_000, RecordSize: ctLen + Overhead}, func(class int, rec []byte) {
			if class == 0 {
				fixed(msg)
			} else {
				rand.Read(msg)
			}
			a.Seal(rec[:0], ctNonce, msg, nil)
		}, func(rec []byte) {
			if _, err := a.Open(out[:0], ctNonce, rec, nil); err != nil {
				panic("Open refused a valid ciphertext")
			}
		})
	})
}
