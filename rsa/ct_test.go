package rsa

import (
	"crypto/rand"
	"crypto/rsa"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// The constant-time tests of the private operation (package cttest's fixed
// against random test, Welch's t-test), on 1024-bit keys. They run only with
// -long: timing tests belong on a quiet machine.

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

func privateConstantTimeMessage(t *testing.T, bits int) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	sk, k := carryKey(t, bits)
	size := k.Size()
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
// keys, the random class alone misses the cache, which the test measured
// (|t| 10 to 21, a microsecond in the median) and which is not the key's
// value.
func TestPrivateConstantTimeKey(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	fixedStd, _ := carryKey(t, 1024)
	var fixedKeys []*PrivateKey
	for range 16 {
		k, err := NewPrivateKey(fixedStd)
		if err != nil {
			t.Fatal(err)
		}
		fixedKeys = append(fixedKeys, k)
	}
	var keys []*PrivateKey
	for len(keys) < 16 {
		sk, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			t.Fatal(err)
		}
		k, err := NewPrivateKey(sk)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
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
