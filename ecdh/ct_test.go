package ecdh

import (
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/cttest"
	"github.com/carry-crypto/carry/internal/testutil"
)

// The constant-time tests of ECDH and of the public key computation
// (package cttest's fixed-against-random test on the private key). By
// default they take a few thousand measurements, enough to catch a gross
// leak; with -long, 10^6, which belong on a quiet machine. They are skipped
// with -short.

func ctMeasurements(t *testing.T) int {
	if testing.Short() {
		t.Skip("timing test; skipped with -short")
	}
	if *long {
		return 1_000_000
	}
	return 1000
}

// ctScalars returns the prepare function of a cttest run on c's private
// keys: the fixed class is a pool of 16 extreme private keys (1, 2, n-1,
// n-2, single bits, runs of ones; for X25519 all zeros and all ones too), the
// random class random valid keys.
func ctScalars(t *testing.T, c Curve) func(class int, rec []byte) {
	size := c.privateKeySize()
	params := curveParams(c)
	fixed := cttest.FixedPool(16, size, func(i int, rec []byte) {
		if params == nil {
			switch i {
			case 0:
			case 1:
				for j := range rec {
					rec[j] = 0xff
				}
			default:
				rec[(7*i)%size] = 1 << (i % 8)
			}
			return
		}
		n := params.N
		var v *big.Int
		switch i {
		case 0, 1:
			v = big.NewInt(int64(i + 1))
		case 2, 3:
			v = new(big.Int).Sub(n, big.NewInt(int64(i-1)))
		case 4, 5, 6, 7: // runs of ones, below n
			v = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen()-1-i)), big.NewInt(1))
		default: // single bits
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
			if params == nil {
				return
			}
			if excess := 8*size - params.N.BitLen(); excess > 0 {
				rec[0] &= 0xff >> excess
			}
			if v := new(big.Int).SetBytes(rec[:size]); v.Sign() > 0 && v.Cmp(params.N) < 0 {
				return
			}
		}
	}
}

// TestECDHConstantTime times ECDH with a fixed peer public key and the
// private key taken from the record.
func TestECDHConstantTime(t *testing.T) {
	m := ctMeasurements(t)
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			peer, err := tc.curve.GenerateKey(reader{mathrand.New(mathrand.NewPCG(7, 7))})
			if err != nil {
				t.Fatal(err)
			}
			pub := peer.PublicKey()
			size := tc.curve.privateKeySize()
			k := &PrivateKey{curve: tc.curve, d: make([]byte, size)}
			cttest.Check(t, cttest.Config{Measurements: m, RecordSize: size}, ctScalars(t, tc.curve), func(rec []byte) {
				copy(k.d, rec)
				if _, err := k.ECDH(pub); err != nil {
					panic(err)
				}
			})
		})
	}
}

// TestNewPrivateKeyConstantTime times NewPrivateKey, which computes the
// public key (a fixed-base multiplication) of the private key in the
// record. Every record is a valid key.
func TestNewPrivateKeyConstantTime(t *testing.T) {
	m := ctMeasurements(t)
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			size := tc.curve.privateKeySize()
			cttest.Check(t, cttest.Config{Measurements: m, RecordSize: size}, ctScalars(t, tc.curve), func(rec []byte) {
				if _, err := tc.curve.NewPrivateKey(rec); err != nil {
					panic(err)
				}
			})
		})
	}
}
