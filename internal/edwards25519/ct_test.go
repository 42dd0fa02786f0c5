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

// sparseScalarPool returns a pool of fixed scalars below 2^252 whose
// signed radix-16 digits are mostly 0 (the identity entry of each scan):
// zero, single bits, and l − 1's neighbourhood is left to the random class.
func sparseScalarPool() func(rec []byte) {
	return cttest.FixedPool(16, 32, func(i int, rec []byte) {
		if i > 0 {
			rec[(2*i)%31] = byte(1 << (i % 8))
		}
	})
}

// scalarCTPrepare makes records of 32 bytes below 2^252 (so below l):
// class 0 from the sparse pool, class 1 random.
func scalarCTPrepare(fixed func([]byte)) func(class int, rec []byte) {
	return func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
		rec[31] &= 0x0f
	}
}

// TestScalarBaseMultScalarConstantTime times ScalarBaseMultScalar of
// sparse fixed scalars against random scalars, with -long.
func TestScalarBaseMultScalarConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	var v Point
	var s Scalar
	cttest.Check(t, cttest.Config{Measurements: 50_000, RecordSize: 32}, scalarCTPrepare(sparseScalarPool()), func(rec []byte) {
		s.SetCanonicalBytes(rec)
		v.ScalarBaseMultScalar(&s)
	})
}

// TestScalarMultiplyAddConstantTime times MultiplyAdd and SetUniformBytes
// on sparse against random operands, with -long.
func TestScalarMultiplyAddConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	fixed := cttest.FixedPool(16, 64, func(i int, rec []byte) {
		if i > 0 {
			rec[(5*i)%64] = byte(1 << (i % 8))
		}
	})
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
	}
	var x, y Scalar
	cttest.Check(t, cttest.Config{Measurements: 200_000, RecordSize: 64}, prepare, func(rec []byte) {
		x.SetUniformBytes(rec)
		y.MultiplyAdd(&x, &x, &x)
	})
}
