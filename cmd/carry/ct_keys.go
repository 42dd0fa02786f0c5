package main

import (
	"crypto/elliptic"
	crand "crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"fmt"

	"github.com/carry-crypto/carry/ecdh"
	"github.com/carry-crypto/carry/ecdsa"
	"github.com/carry-crypto/carry/ed25519"
	"github.com/carry-crypto/carry/rsa"
)

// The private-key tests of "carry ct", through the public API as a program
// calls it: ECDH and ECDSA signing on each NIST curve and Ed25519 signing
// with the private key as the record (a new key each measurement, so the key
// checks and conversions are timed with the operation), and RSA-2048
// decryption with the ciphertext as the record under a fixed key. They are
// slow (tens of µs to a millisecond a measurement): the tests of package
// main run them at fewer measurements than the others.

func init() {
	for _, c := range []struct {
		name  string
		ecdh  ecdh.Curve
		ecdsa elliptic.Curve
		size  int
	}{
		{"p256", ecdh.P256(), elliptic.P256(), 32},
		{"p384", ecdh.P384(), elliptic.P384(), 48},
		{"p521", ecdh.P521(), elliptic.P521(), 66},
	} {
		ctTests = append(ctTests,
			&ctTest{
				name:  "ecdh-" + c.name,
				desc:  "ECDH NewPrivateKey and ECDH with a fixed random peer; the scalar is the record",
				size:  c.size,
				setup: func() (func([]byte), error) { return ctECDH(c.ecdh) },
				pools: scalarBytePools,
				slow:  true,
			},
			&ctTest{
				name:  "ecdsa-" + c.name + "-sign",
				desc:  "ECDSA ParseRawPrivateKey and SignASN1 of a fixed digest; the scalar is the record, its top word nonzero",
				size:  c.size,
				setup: func() (func([]byte), error) { return ctECDSASign(c.ecdsa) },
				pools: scalarBytePools,
				slow:  true,
			},
		)
	}
	ctTests = append(ctTests,
		&ctTest{
			name:  "ed25519-sign",
			desc:  "Ed25519 NewKeyFromSeed and Sign of 64 fixed bytes; the seed is the record",
			size:  ed25519.SeedSize,
			setup: ctEd25519Sign,
			pools: bytePools,
			slow:  true,
		},
		&ctTest{
			name:  "rsa2048-decrypt",
			desc:  "RSA-2048 DecryptPKCS1v15SessionKey under a fixed random key; the ciphertext is the record",
			size:  256,
			setup: ctRSADecrypt,
			pools: []ctPool{
				// c = 0..15: the smallest values, whose powers are
				// the likeliest to take a shortcut.
				{"small", func(i int, rec []byte) { rec[len(rec)-1] = byte(i) }},
				{"dense", randomFill},
			},
			slow: true,
		},
	)
}

// scalarBytePools are the fixed classes of big-endian scalars: one bit set
// (at a different place for each member), small values (1..16), and 16
// random scalars drawn once.
var scalarBytePools = []ctPool{
	{"sparse", func(i int, rec []byte) {
		bit := 1 + 15*i
		rec[len(rec)-1-bit/8] = 1 << (bit % 8)
	}},
	{"small", func(i int, rec []byte) { rec[len(rec)-1] = byte(i + 1) }},
	{"dense", randomFill},
}

// scalarInRange clears the record's top bits above what the curve's order
// allows (P-521's scalars are 66 bytes of which 521 bits count), so that
// random records are valid scalars but for a negligible fraction.
func scalarInRange(rec []byte, bits int) {
	if extra := 8*len(rec) - bits; extra > 0 {
		rec[0] &= 0xff >> extra
	}
}

func ctECDH(c ecdh.Curve) (func(rec []byte), error) {
	peer, err := c.GenerateKey(crand.Reader)
	if err != nil {
		return nil, err
	}
	pub := peer.PublicKey()
	bits := map[ecdh.Curve]int{ecdh.P256(): 256, ecdh.P384(): 384, ecdh.P521(): 521}[c]
	return func(rec []byte) {
		scalarInRange(rec, bits)
		k, err := c.NewPrivateKey(rec)
		if err != nil {
			return // zero or out of range: refused on a public check
		}
		shared, _ := k.ECDH(pub)
		ctSink ^= shared[0]
	}, nil
}

func ctECDSASign(c elliptic.Curve) (func(rec []byte), error) {
	digest := sha256.Sum256([]byte("carry ct"))
	bits := c.Params().N.BitLen()
	// The lowest bit of D's top 64-bit word is set in every record, so that
	// D's length in words, which its *big.Int shows (package ecdsa's doc),
	// is the same in every class: below it, small and sparse records keep
	// their shape. A random key has that length but with probability
	// 2^-64.
	top := 64 * ((bits - 1) / 64)
	return func(rec []byte) {
		scalarInRange(rec, bits)
		rec[len(rec)-1-top/8] |= 1 << (top % 8)
		k, err := ecdsa.ParseRawPrivateKey(c, rec)
		if err != nil {
			return // zero or out of range: refused on a public check
		}
		sig, err := ecdsa.SignASN1(crand.Reader, k, digest[:])
		if err != nil {
			panic("carry ct: ecdsa failed on a valid key: " + err.Error())
		}
		ctSink ^= sig[len(sig)-1]
	}, nil
}

func ctEd25519Sign() (func(rec []byte), error) {
	msg := make([]byte, 64)
	return func(rec []byte) {
		ctSink ^= ed25519.Sign(ed25519.NewKeyFromSeed(rec), msg)[0]
	}, nil
}

func ctRSADecrypt() (func(rec []byte), error) {
	k, err := stdrsa.GenerateKey(crand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	// A ciphertext must be below the modulus, which is above 2^2047: a
	// zero top byte keeps every record of either class valid.
	key := make([]byte, 16)
	if err := rsa.DecryptPKCS1v15SessionKey(nil, k, make([]byte, 256), key); err != nil {
		return nil, fmt.Errorf("rsa2048-decrypt: the key was refused: %v", err)
	}
	return func(rec []byte) {
		rec[0] = 0
		if err := rsa.DecryptPKCS1v15SessionKey(nil, k, rec, key); err != nil {
			panic("carry ct: rsa refused a ciphertext of the right size: " + err.Error())
		}
		ctSink ^= key[0]
	}, nil
}
