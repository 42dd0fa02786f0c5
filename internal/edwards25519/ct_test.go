package edwards25519

import (
	"crypto/rand"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// TestX25519BaseConstantTime times X25519Base on a pool of fixed sparse
// clamped scalars (those whose digits are mostly 0, the identity entry of
// each scan) against random clamped scalars, with the fixed-versus-random
// test of package cttest. It runs only with -long: 10^5 measurements take
// a few seconds, and timing tests belong on a quiet machine.
func TestX25519BaseConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	fixed := cttest.FixedPool(16, 32, func(i int, rec []byte) {
		// 2^254 plus at most one more bit, or all ones clamped.
		rec[31] = 64
		if i < 15 {
			rec[1+2*i] |= 1 << (i % 8)
		} else {
			for j := range rec {
				rec[j] = 0xff
			}
			copy(rec, clamp((*[32]byte)(rec))[:])
		}
	})
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
		copy(rec, clamp((*[32]byte)(rec))[:])
	}
	var dst [32]byte
	cttest.Check(t, cttest.Config{Measurements: 100_000, RecordSize: 32}, prepare, func(rec []byte) {
		X25519Base(&dst, (*[32]byte)(rec))
	})
}
