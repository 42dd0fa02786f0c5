package nistec

import (
	"crypto/rand"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// The timing tests below compare, with the fixed-versus-random test of
// package cttest, a pool of 16 fixed sparse or extreme inputs against random
// ones. They run only with -long: timing tests belong on a quiet machine.

// sparseScalars returns a pool of fixed scalars of size bytes: zero, one,
// all ones, and single bits (digits that are mostly 0, the identity entry of
// each scan).
func sparseScalars(size int) func(rec []byte) {
	return cttest.FixedPool(16, size, func(i int, rec []byte) {
		switch i {
		case 0:
		case 1:
			rec[size-1] = 1
		case 2:
			for j := range rec {
				rec[j] = 0xff
			}
		default:
			rec[(7*i)%size] = byte(1 << (i % 8))
		}
	})
}

func scalarPrepare(size int, fixed func([]byte)) func(class int, rec []byte) {
	return func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
	}
}

func testScalarMultConstantTime[T any, P pointPtr[T]](t *testing.T, c *curveCase, newGenerator func() P) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	q := P(new(T))
	q.ScalarBaseMult(bytesOfLen(c.scalarSize, 5))
	p := P(new(T))
	prepare := scalarPrepare(c.scalarSize, sparseScalars(c.scalarSize))
	t.Run("ScalarMult", func(t *testing.T) {
		cttest.Check(t, cttest.Config{Measurements: 20_000, RecordSize: c.scalarSize}, prepare, func(rec []byte) {
			p.ScalarMult(q, rec)
		})
	})
	t.Run("ScalarBaseMult", func(t *testing.T) {
		cttest.Check(t, cttest.Config{Measurements: 50_000, RecordSize: c.scalarSize}, prepare, func(rec []byte) {
			p.ScalarBaseMult(rec)
		})
	})
}

func bytesOfLen(size int, v byte) []byte {
	b := make([]byte, size)
	b[size-1] = v
	return b
}

func TestP256ConstantTime(t *testing.T) { testScalarMultConstantTime(t, &p256Case, newP256Generator) }
func TestP384ConstantTime(t *testing.T) { testScalarMultConstantTime(t, &p384Case, newP384Generator) }
func TestP521ConstantTime(t *testing.T) { testScalarMultConstantTime(t, &p521Case, newP521Generator) }

// TestInvertConstantTime times the binary GCD inversion of scalars: small,
// sparse and extreme values (whose GCD steps are the most regular) against
// random ones.
func TestInvertConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	fixed := cttest.FixedPool(16, 66, func(i int, rec []byte) {
		switch {
		case i < 8:
			rec[65] = byte(i)
		case i < 12:
			rec[66-8*(i-7)] = 1
		default:
			for j := 1; j < 66; j++ {
				rec[j] = 0xff
			}
			rec[0] = byte(i & 1) // below 2^521, as SetReducedBytes requires
		}
	})
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		rand.Read(rec)
		rec[0] &= 1
	}
	var s P521Scalar
	cttest.Check(t, cttest.Config{Measurements: 50_000, RecordSize: 66}, prepare, func(rec []byte) {
		s.SetReducedBytes(rec)
		s.Invert(&s)
	})
}
