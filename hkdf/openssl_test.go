package hkdf

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"hash"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// This file checks Extract, Expand and Key against the openssl command line
// tool's HKDF ("openssl kdf ... HKDF", in its EXTRACT_ONLY, EXPAND_ONLY and
// default extract-and-expand modes), an implementation that shares no code
// with carry's or crypto/hkdf. Each case costs one openssl process (a few
// milliseconds): the default run takes a few hundred cases, -short a handful
// and -long thousands.
//
// OpenSSL's documentation limits the info to 1024 bytes (3.0.19 takes more,
// but a later release may hold to it), so the infos here stay within it.
// Both refuse outputs over 255 blocks (TestOpenSSLLimits); for an empty
// output openssl fails where Expand returns an empty slice, so the lengths
// compared start at 1.

// osslKDF is one hash of the OpenSSL tests: openssl's name for it, its sizes,
// and carry's three functions instantiated for its constructor.
type osslKDF struct {
	name     string
	size, bs int
	extract  func(secret, salt []byte) ([]byte, error)
	expand   func(prk []byte, info string, n int) ([]byte, error)
	key      func(secret, salt []byte, info string, n int) ([]byte, error)
}

// newOsslKDF instantiates Extract, Expand and Key for h, so that a
// constructor returning a concrete type (sha3.New256) goes through the
// generic signatures as a caller's would.
func newOsslKDF[H hash.Hash](name string, h func() H) osslKDF {
	return osslKDF{
		name: name, size: h().Size(), bs: h().BlockSize(),
		extract: func(secret, salt []byte) ([]byte, error) { return Extract(h, secret, salt) },
		expand:  func(prk []byte, info string, n int) ([]byte, error) { return Expand(h, prk, info, n) },
		key: func(secret, salt []byte, info string, n int) ([]byte, error) {
			return Key(h, secret, salt, info, n)
		},
	}
}

var osslKDFs = []osslKDF{
	newOsslKDF("SHA1", sha1.New),
	newOsslKDF("SHA224", sha256.New224),
	newOsslKDF("SHA256", sha256.New),
	newOsslKDF("SHA384", sha512.New384),
	newOsslKDF("SHA512", sha512.New),
	newOsslKDF("SHA3-256", sha3.New256),
}

// osslSecretLengths are the lengths of the secrets (and of the PRKs given
// to Expand): empty, short, and around the block sizes of SHA-256 (64) and
// SHA-512 (128), past which HMAC hashes its key first.
var osslSecretLengths = []int{0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 200}

// osslInfoLengths are the lengths of the infos, up to OpenSSL's documented
// limit of 1024 bytes.
var osslInfoLengths = []int{0, 1, 13, 55, 56, 64, 100, 255, 256, 1000, 1024}

// osslSalt returns a salt of the given kind: nil, empty, one byte, a
// digest's length, or longer than the hash's block.
func osslSalt(rng *rand.Rand, kind int, k osslKDF) []byte {
	switch kind % 5 {
	case 0:
		return nil
	case 1:
		return []byte{}
	case 2:
		return osslRandBytes(rng, 1)
	case 3:
		return osslRandBytes(rng, k.size)
	}
	return osslRandBytes(rng, k.bs+1+rng.IntN(100))
}

// osslOutputLengths are the output lengths of the Expand and Key tests for
// a hash of size bytes: one byte, around one and two blocks and 48 bytes
// (the longest output Expand starts with an unprepared HMAC), random ones
// in between, and up to the maximum of 255 blocks; with -long every length
// up to 4 blocks and more random ones.
func osslOutputLengths(rng *rand.Rand, size int) []int {
	l := []int{1, 2, size - 1, size, size + 1, 47, 48, 49, 2*size - 1, 2 * size, 2*size + 1,
		254*size + 1, 255*size - 1, 255 * size}
	random := 3
	if *long {
		for n := 1; n <= 4*size+1; n++ {
			l = append(l, n)
		}
		random = 100
	}
	for range random {
		l = append(l, 1+rng.IntN(255*size))
	}
	slices.Sort(l)
	return slices.Compact(l)
}

// osslShort trims cases to n chosen spread over the list when the test runs
// with -short.
func osslShort[T any](cases []T, n int) []T {
	if !testing.Short() || len(cases) <= n {
		return cases
	}
	picked := make([]T, 0, n)
	for i := range n {
		picked = append(picked, cases[i*(len(cases)-1)/(n-1)])
	}
	return picked
}

func osslRandBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// osslHKDFArgs returns the arguments of an openssl kdf run of HKDF with the
// hash k in mode, n bytes of output, and the key, salt and info given (a nil
// salt or info is left out: openssl's default, an empty one, is given as
// empty).
func osslHKDFArgs(k osslKDF, mode string, n int, key, salt, info []byte) []string {
	args := []string{"kdf", "-binary", "-keylen", strconv.Itoa(n),
		"-kdfopt", "digest:" + k.name, "-kdfopt", "mode:" + mode,
		"-kdfopt", "hexkey:" + hex.EncodeToString(key)}
	if salt != nil {
		args = append(args, "-kdfopt", "hexsalt:"+hex.EncodeToString(salt))
	}
	if info != nil {
		args = append(args, "-kdfopt", "hexinfo:"+hex.EncodeToString(info))
	}
	return append(args, "HKDF")
}

// TestOpenSSLExtract compares Extract with openssl's HKDF EXTRACT_ONLY for
// secrets of every length of osslSecretLengths and salts nil, empty, short,
// of a digest's length and longer than a block: by default each secret
// length with one salt kind and each salt kind with a random secret length,
// with -long every pair, twice.
func TestOpenSSLExtract(t *testing.T) {
	rng := testutil.Rand(t)
	type extractCase struct{ kdf, secretLen, saltKind int }
	var cases []extractCase
	for i := range osslKDFs {
		for j, s := range osslSecretLengths {
			if *long {
				for kind := range 10 {
					cases = append(cases, extractCase{i, s, kind})
				}
				continue
			}
			cases = append(cases, extractCase{i, s, j})
		}
		if !*long {
			for kind := range 5 {
				cases = append(cases, extractCase{i, osslSecretLengths[rng.IntN(len(osslSecretLengths))], kind})
			}
		}
	}
	cases = osslShort(cases, 5)
	for _, c := range cases {
		k := osslKDFs[c.kdf]
		secret := osslRandBytes(rng, c.secretLen)
		salt := osslSalt(rng, c.saltKind, k)
		want := testutil.RunOpenSSL(t, nil, osslHKDFArgs(k, "EXTRACT_ONLY", k.size, secret, salt, nil)...)
		got, err := k.extract(secret, salt)
		if err != nil || !bytes.Equal(got, want) || len(want) != k.size {
			t.Fatalf("%s: Extract(secret %x, salt %x (nil: %t)) = %x, %v; openssl %x",
				k.name, secret, salt, salt == nil, got, err, want)
		}
	}
	t.Logf("%d cases", len(cases))
}

// TestOpenSSLExpand compares Expand with openssl's HKDF EXPAND_ONLY for the
// output lengths of osslOutputLengths (1 to 255 blocks), with pseudorandom
// keys of a digest's length or of the lengths of osslSecretLengths, and
// infos nil or of the lengths of osslInfoLengths.
func TestOpenSSLExpand(t *testing.T) {
	rng := testutil.Rand(t)
	type expandCase struct{ kdf, n, prkLen, infoLen int }
	var cases []expandCase
	for i, k := range osslKDFs {
		for j, n := range osslOutputLengths(rng, k.size) {
			prkLen := k.size
			if j%2 == 1 {
				prkLen = osslSecretLengths[rng.IntN(len(osslSecretLengths))]
			}
			infoLen := -1 // nil
			if j%5 != 0 {
				infoLen = osslInfoLengths[rng.IntN(len(osslInfoLengths))]
			}
			cases = append(cases, expandCase{i, n, prkLen, infoLen})
		}
	}
	cases = osslShort(cases, 5)
	for _, c := range cases {
		k := osslKDFs[c.kdf]
		prk := osslRandBytes(rng, c.prkLen)
		var info []byte
		if c.infoLen >= 0 {
			info = osslRandBytes(rng, c.infoLen)
		}
		want := testutil.RunOpenSSL(t, nil, osslHKDFArgs(k, "EXPAND_ONLY", c.n, prk, nil, info)...)
		got, err := k.expand(prk, string(info), c.n)
		if err != nil || !bytes.Equal(got, want) || len(want) != c.n {
			t.Fatalf("%s: Expand(prk %x, info %x, %d) = %x, %v; openssl %x",
				k.name, prk, info, c.n, got, err, want)
		}
	}
	t.Logf("%d cases", len(cases))
}

// TestOpenSSLKey compares Key, and Expand of Extract's output, with
// openssl's HKDF in its default extract-and-expand mode, for the output
// lengths of osslOutputLengths, secrets of the lengths of
// osslSecretLengths, every kind of salt of osslSalt and infos of the
// lengths of osslInfoLengths.
func TestOpenSSLKey(t *testing.T) {
	rng := testutil.Rand(t)
	type keyCase struct{ kdf, n, secretLen, saltKind, infoLen int }
	var cases []keyCase
	for i, k := range osslKDFs {
		for j, n := range osslOutputLengths(rng, k.size) {
			cases = append(cases, keyCase{i, n, osslSecretLengths[j%len(osslSecretLengths)], j,
				osslInfoLengths[rng.IntN(len(osslInfoLengths))]})
		}
	}
	cases = osslShort(cases, 5)
	for _, c := range cases {
		k := osslKDFs[c.kdf]
		secret := osslRandBytes(rng, c.secretLen)
		salt := osslSalt(rng, c.saltKind, k)
		info := osslRandBytes(rng, c.infoLen)
		want := testutil.RunOpenSSL(t, nil, osslHKDFArgs(k, "EXTRACT_AND_EXPAND", c.n, secret, salt, info)...)
		if len(want) != c.n {
			t.Fatalf("%s: openssl returned %d bytes, want %d", k.name, len(want), c.n)
		}
		got, err := k.key(secret, salt, string(info), c.n)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: Key(secret %x, salt %x (nil: %t), info %x, %d) = %x, %v; openssl %x",
				k.name, secret, salt, salt == nil, info, c.n, got, err, want)
		}
		prk, err := k.extract(secret, salt)
		if err != nil {
			t.Fatal(err)
		}
		got, err = k.expand(prk, string(info), c.n)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: Expand(Extract(secret %x, salt %x), info %x, %d) = %x, %v; openssl %x",
				k.name, secret, salt, info, c.n, got, err, want)
		}
	}
	t.Logf("%d cases", len(cases))
}

// TestOpenSSLLimits checks that Expand and Key refuse an output of 255
// blocks and one byte, as openssl does (the maximum itself is among the
// lengths of TestOpenSSLExpand and TestOpenSSLKey).
func TestOpenSSLLimits(t *testing.T) {
	rng := testutil.Rand(t)
	kdfs := osslKDFs
	if testing.Short() {
		kdfs = kdfs[2:3] // SHA-256
	}
	for _, k := range kdfs {
		prk := osslRandBytes(rng, k.size)
		n := 255*k.size + 1
		cmd := exec.Command(testutil.OpenSSL(t), osslHKDFArgs(k, "EXPAND_ONLY", n, prk, nil, []byte("info"))...)
		out, err := cmd.Output()
		if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) {
			t.Fatalf("%s: openssl kdf of %d bytes: %v (%d bytes of output), want a failure", k.name, n, err, len(out))
		}
		if got, err := k.expand(prk, "info", n); err == nil || got != nil {
			t.Errorf("%s: Expand of %d bytes = %d bytes, %v; openssl refuses it", k.name, n, len(got), err)
		}
		if got, err := k.key(prk, nil, "info", n); err == nil || got != nil {
			t.Errorf("%s: Key of %d bytes = %d bytes, %v; openssl refuses it", k.name, n, len(got), err)
		}
	}
}
