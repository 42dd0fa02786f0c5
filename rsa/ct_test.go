package rsa

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// The constant-time tests of the private operation (package cttest's fixed
// against random test, Welch's t-test), on 1024- to 4096-bit keys. They run
// only with -long: timing tests belong on a quiet machine.

// TestPrivateConstantTimeMessage times the private operation of a fixed key
// on a pool of fixed ciphertexts (0, 1, n-1, 2, and small values) against
// random ones below n.
func TestPrivateConstantTimeMessage(t *testing.T) {
	privateConstantTimeMessage(t, 1024)
}

// TestPrivateConstantTimeMessage2048 is TestPrivateConstantTimeMessage on a
// 2048-bit key, whose CRT halves go through internal/bigmod's IFMA kernels
// (ExpPair) where the CPU has them.
func TestPrivateConstantTimeMessage2048(t *testing.T) {
	privateConstantTimeMessage(t, 2048)
}

// TestPrivateConstantTimeMessage3072 and TestPrivateConstantTimeMessage4096
// are the same on the key sizes whose halves take the 30- and 40-digit x2
// kernels.
func TestPrivateConstantTimeMessage3072(t *testing.T) {
	privateConstantTimeMessage(t, 3072)
}

func TestPrivateConstantTimeMessage4096(t *testing.T) {
	privateConstantTimeMessage(t, 4096)
}

func privateConstantTimeMessage(t *testing.T, bits int) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	sk, k := testKey(t, bits)
	size := k.size()
	edges := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(sk.N, big.NewInt(1)), big.NewInt(2)}
	fixed := cttest.FixedPool(8, size, func(i int, rec []byte) {
		if i < len(edges) {
			edges[i].FillBytes(rec)
			return
		}
		rec[size-1-i] = byte(i)
	})
	rnd := mathrand.New(mathrand.NewPCG(5, 5))
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		r := new(big.Int).SetUint64(rnd.Uint64())
		for range size / 8 {
			r.Lsh(r, 64).Or(r, new(big.Int).SetUint64(rnd.Uint64()))
		}
		r.Mod(r, sk.N).FillBytes(rec)
	}
	cttest.Check(t, cttest.Config{Measurements: 20_000, RecordSize: size}, prepare, func(rec []byte) {
		if _, err := k.private(rec); err != nil {
			panic(err)
		}
	})
}

// TestPrivateConstantTimeKey times the private operation on a fixed
// ciphertext under one fixed key against keys drawn from a set of random
// keys of the same size (1024 bits, primes of 512). The fixed class also
// turns over 16 copies of its key, each made separately, so that both
// classes read the same amount of key material: with one copy against 16
// keys, the random class alone would miss the CPU's cache, a difference
// that is not the key's value.
func TestPrivateConstantTimeKey(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	fixedStd := stdKey(t, 1024)
	var fixedKeys []*privateKey
	for range 16 {
		fixedKeys = append(fixedKeys, newPrivateKey(fixedStd))
	}
	var keys []*privateKey
	for len(keys) < 16 {
		sk, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, newPrivateKey(sk))
	}
	// The ciphertext 2 is below every modulus.
	c := big.NewInt(2).FillBytes(make([]byte, 128))
	rnd := mathrand.New(mathrand.NewPCG(6, 6))
	prepare := func(class int, rec []byte) {
		rec[0] = byte(class)
		rec[1] = byte(rnd.IntN(len(keys)))
	}
	cttest.Check(t, cttest.Config{Measurements: 20_000, RecordSize: 2}, prepare, func(rec []byte) {
		k := fixedKeys[rec[1]]
		if rec[0] == 1 {
			k = keys[rec[1]]
		}
		if _, err := k.private(c); err != nil {
			panic(err)
		}
	})
}

// TestSignConstantTimeDigest times SignPKCS1v15 as a program calls it, with
// a crypto/rsa key (the key cache's lookup, the encoding and the private
// operation), on a pool of fixed digests (zeros, ones, sparse) against
// random ones, on a 2048-bit key.
func TestSignConstantTimeDigest(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	sk := stdKey(t, 2048)
	fixed := cttest.FixedPool(8, 32, func(i int, rec []byte) {
		switch i {
		case 0:
		case 1:
			for j := range rec {
				rec[j] = 0xff
			}
		default:
			rec[i] = byte(i)
		}
	})
	rnd := mathrand.New(mathrand.NewPCG(7, 7))
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		for j := range rec {
			rec[j] = byte(rnd.Uint32())
		}
	}
	cttest.Check(t, cttest.Config{Measurements: 20_000, RecordSize: 32}, prepare, func(rec []byte) {
		if _, err := SignPKCS1v15(nil, sk, crypto.SHA256, rec); err != nil {
			panic(err)
		}
	})
}
