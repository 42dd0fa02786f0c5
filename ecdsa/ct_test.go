package ecdsa

import (
	"crypto"
	"crypto/elliptic"
	"crypto/sha256"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/cttest"
	"github.com/carry-crypto/carry/internal/testutil"
)

// The constant-time tests of signing (package cttest's fixed-against-random
// test), on the private key and on the nonce. By default they take a
// thousand measurements, enough to catch a gross leak; with -long, 10^6,
// which belong on a quiet machine. They are skipped with -short.

func ctMeasurements(t *testing.T) int {
	if testing.Short() {
		t.Skip("timing test; skipped with -short")
	}
	if *long {
		return 1_000_000
	}
	return 1000
}

// ctScalars returns the prepare function of a cttest run on scalars of c:
// the fixed class is a pool of 16 extreme values in [1, n-1] (1, 2, n-1,
// n-2, runs of ones, single bits), the random class random values in
// [1, n-1].
func ctScalars(t *testing.T, c elliptic.Curve) func(class int, rec []byte) {
	size := scalarSize(c)
	n := c.Params().N
	fixed := cttest.FixedPool(16, size, func(i int, rec []byte) {
		var v *big.Int
		switch i {
		case 0, 1:
			v = big.NewInt(int64(i + 1))
		case 2, 3:
			v = new(big.Int).Sub(n, big.NewInt(int64(i-1)))
		case 4, 5, 6, 7:
			v = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen()-1-i)), big.NewInt(1))
		default:
			v = new(big.Int).Lsh(big.NewInt(1), uint((37*i)%(n.BitLen()-1)))
		}
		v.FillBytes(rec)
	})
	r := testutil.Rand(t)
	return func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		for {
			fillRand(r, rec[:size])
			if excess := 8*size - n.BitLen(); excess > 0 {
				rec[0] &= 0xff >> excess
			}
			if v := new(big.Int).SetBytes(rec[:size]); v.Sign() > 0 && v.Cmp(n) < 0 {
				return
			}
		}
	}
}

// TestSignConstantTimeKey times deterministic signing of a fixed digest
// with the private key's carry form, its scalar taken from the record (its
// public key is not needed to sign, and is left out).
func TestSignConstantTimeKey(t *testing.T) {
	m := ctMeasurements(t)
	digest := sha256.Sum256([]byte("carry cttest"))
	for _, c := range testCurves {
		t.Run(c.Params().Name, func(t *testing.T) {
			size := scalarSize(c)
			k := &privateKey{c: lookupCurve(c), d: make([]byte, size)}
			cttest.Check(t, cttest.Config{Measurements: m, RecordSize: size}, ctScalars(t, c), func(rec []byte) {
				copy(k.d, rec)
				if _, _, err := k.signDeterministic(crypto.SHA256, digest[:]); err != nil {
					panic(err)
				}
			})
		})
	}
}

// TestSignConstantTimeNonce times the signing core with a fixed key and
// digest and the nonce taken from the record, in place of the DRBG's.
func TestSignConstantTimeNonce(t *testing.T) {
	m := ctMeasurements(t)
	digest := sha256.Sum256([]byte("carry cttest"))
	for _, c := range testCurves {
		t.Run(c.Params().Name, func(t *testing.T) {
			k := carryForm(t, testKey(t, c, testutil.Rand(t)))
			size := scalarSize(c)
			var nonce []byte
			generate := func(b []byte) {
				copy(b, nonce)
				// signWithState shifts out the bits above the order's
				// bit length: undo it, so that the nonce is the record,
				// with a shift whose time does not depend on the value
				// (math/big's follows the value's length, which the test
				// would see).
				if c.Params().BitSize == 521 {
					for i := 0; i < len(b)-1; i++ {
						b[i] = b[i]<<7 | b[i+1]>>1
					}
					b[len(b)-1] <<= 7
				}
			}
			cttest.Check(t, cttest.Config{Measurements: m, RecordSize: size}, ctScalars(t, c), func(rec []byte) {
				nonce = rec
				if _, _, err := signWithNonceOf(k, nonceFunc(generate), digest[:]); err != nil {
					panic(err)
				}
			})
		})
	}
}
