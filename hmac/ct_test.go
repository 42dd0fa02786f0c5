package hmac

import (
	"crypto/rand"
	"crypto/sha256"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// The constant-time tests of HMAC with a prepared key (package cttest's
// fixed-versus-random test). They run only with -long: timing tests belong
// on a quiet machine, and 10^5 measurements take a few seconds.

// ctFixedPool is a pool of 16 sparse or extreme 32-byte values: all zeros,
// all ones, and single bits, the values most likely to expose a leak.
var ctFixedPool = cttest.FixedPool(16, 32, func(i int, rec []byte) {
	switch i {
	case 0:
	case 1:
		for j := range rec {
			rec[j] = 0xff
		}
	default:
		rec[(5*i)%32] = 1 << (i % 8)
	}
})

func ctPrepare(class int, rec []byte) {
	if class == 0 {
		ctFixedPool(rec)
		return
	}
	rand.Read(rec)
}

// TestSumConstantTimeMessage times Key.Sum of a secret 32-byte message under
// a fixed prepared key.
func TestSumConstantTimeMessage(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	k := NewKey(sha256.New, make([]byte, 32))
	defer k.Clear()
	var out [32]byte
	cttest.Check(t, cttest.Config{Measurements: 100_000, RecordSize: 32}, ctPrepare, func(rec []byte) {
		k.Sum(out[:0], rec)
	})
}

// TestSumConstantTimeKey times a MAC under a secret 32-byte key: the key
// prepared (NewKey), a fixed message MACed (Key.Sum), the key cleared.
func TestSumConstantTimeKey(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	msg := make([]byte, 32)
	var out [32]byte
	cttest.Check(t, cttest.Config{Measurements: 100_000, RecordSize: 32}, ctPrepare, func(rec []byte) {
		k := NewKey(sha256.New, rec)
		k.Sum(out[:0], msg)
		k.Clear()
	})
}
