package hmac

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// This file checks every way of computing a MAC against the openssl command
// line tool ("openssl mac -digest D -macopt hexkey:K HMAC", the message on
// standard input), an implementation that shares no code with carry's or
// with crypto/hmac. Each case costs one openssl process (a few
// milliseconds), so the default run takes a few hundred cases, -short five
// and -long the whole cross product of lengths plus thousands of random
// ones.

// osslHashes are the hashes that openssl's HMAC and carry's (which takes
// any hash.Hash) both compute, by openssl's name for them.
var osslHashes = []struct {
	name string
	h    func() hash.Hash
}{
	{"SHA1", sha1.New},
	{"SHA224", sha256.New224},
	{"SHA256", sha256.New},
	{"SHA384", sha512.New384},
	{"SHA512", sha512.New},
	{"SHA512-224", sha512.New512_224},
	{"SHA512-256", sha512.New512_256},
	{"SHA3-224", func() hash.Hash { return sha3.New224() }},
	{"SHA3-256", func() hash.Hash { return sha3.New256() }},
	{"SHA3-384", func() hash.Hash { return sha3.New384() }},
	{"SHA3-512", func() hash.Hash { return sha3.New512() }},
}

// osslKeyLengths are the key lengths of the OpenSSL tests for a hash with
// the given block size: empty, short, around the block sizes of SHA-256
// (64) and SHA-512 (128), around the hash's own (SHA-3's are 72 to 144
// bytes), and longer than any block, which HMAC hashes first.
func osslKeyLengths(bs int) []int {
	l := []int{0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 200, bs - 1, bs, bs + 1}
	slices.Sort(l)
	return slices.Compact(l)
}

// osslMessageLengths are the message lengths of the OpenSSL tests for a
// hash with the given block size: empty, one byte, the last lengths whose
// padding fits the block of the inner hash and the first that do not (the
// length field is 8 bytes for SHA-1 and SHA-256, 16 for SHA-512; SHA-3 pads
// with at least one byte), around one and two blocks, and several blocks.
func osslMessageLengths(bs int) []int {
	l := []int{0, 1, bs - 17, bs - 16, bs - 9, bs - 8, bs - 1, bs, bs + 1, 2*bs - 1, 2 * bs, 2*bs + 1, 1000}
	slices.Sort(l)
	return slices.Compact(l)
}

// osslCase is one MAC to compute: the hash (an index into osslHashes) and
// the lengths of the key and the message.
type osslCase struct {
	hash, keyLen, msgLen int
}

// osslCases returns the cases of TestOpenSSL: with -short five chosen ones
// (the block size edges of SHA-256, SHA-384, SHA-512 and SHA3-256); by
// default, for every hash, each key length with a random message length and
// each message length with a random key length; with -long, for every hash,
// every pair of key and message lengths and 300 random ones up to 300-byte
// keys and 3000-byte messages.
func osslCases(rng *rand.Rand) []osslCase {
	if testing.Short() {
		return []osslCase{{2, 0, 0}, {2, 65, 55}, {3, 129, 112}, {4, 200, 1000}, {8, 137, 136}}
	}
	var cases []osslCase
	for i, oh := range osslHashes {
		bs := oh.h().BlockSize()
		keys, msgs := osslKeyLengths(bs), osslMessageLengths(bs)
		if *long {
			for _, k := range keys {
				for _, m := range msgs {
					cases = append(cases, osslCase{i, k, m})
				}
			}
			for range 300 {
				cases = append(cases, osslCase{i, rng.IntN(301), rng.IntN(3001)})
			}
			continue
		}
		for _, k := range keys {
			cases = append(cases, osslCase{i, k, msgs[rng.IntN(len(msgs))]})
		}
		for _, m := range msgs {
			cases = append(cases, osslCase{i, keys[rng.IntN(len(keys))], m})
		}
	}
	return cases
}

// osslMAC returns openssl's HMAC of msg under key with the named hash.
func osslMAC(t *testing.T, name string, key, msg []byte) []byte {
	t.Helper()
	return testutil.RunOpenSSL(t, msg, "mac", "-digest", name, "-macopt", "hexkey:"+hex.EncodeToString(key), "-binary", "HMAC")
}

// osslRandBytes returns n random bytes from rng.
func osslRandBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// osslWritePieces writes msg to d in pieces of random lengths (some empty),
// so that the hash's buffering sees every split.
func osslWritePieces(rng *rand.Rand, d hash.Hash, msg []byte) {
	for len(msg) > 0 {
		n := rng.IntN(min(len(msg), 150) + 1)
		d.Write(msg[:n])
		msg = msg[n:]
	}
}

// TestOpenSSL compares Sum, a prepared Key's Sum (used twice) and the
// streaming hashes of Key.New and New (written in random pieces, then Reset
// and written again) with openssl's HMAC, for every hash of osslHashes and
// random keys and messages of the lengths osslCases picks.
func TestOpenSSL(t *testing.T) {
	rng := testutil.Rand(t)
	cases := osslCases(rng)
	for _, c := range cases {
		oh := osslHashes[c.hash]
		key := osslRandBytes(rng, c.keyLen)
		msg := osslRandBytes(rng, c.msgLen)
		want := osslMAC(t, oh.name, key, msg)
		if len(want) != oh.h().Size() {
			t.Fatalf("%s: openssl returned %d bytes, want %d", oh.name, len(want), oh.h().Size())
		}
		check := func(how string, got []byte) {
			t.Helper()
			if !bytes.Equal(got, want) {
				t.Errorf("%s, %d-byte key %x, %d-byte message %x: %s = %x, openssl %x",
					oh.name, len(key), key, len(msg), msg, how, got, want)
			}
		}

		check("Sum", Sum(nil, oh.h, key, msg))
		prefix := []byte("prefix")
		if got := Sum(slices.Clip(prefix), oh.h, key, msg); !bytes.HasPrefix(got, prefix) {
			t.Errorf("%s: Sum after a prefix lost it: %x", oh.name, got)
		} else {
			check("Sum after a prefix", got[len(prefix):])
		}

		k := NewKey(oh.h, key)
		check("Key.Sum", k.Sum(nil, msg))
		check("Key.Sum, again", k.Sum(make([]byte, 0, 64), msg))
		d := k.New()
		osslWritePieces(rng, d, msg)
		check("Key.New, in pieces", d.Sum(nil))
		d.Reset()
		d.Write(msg)
		check("Key.New, after Reset", d.Sum(nil))
		k.Clear()

		d = New(oh.h, key)
		osslWritePieces(rng, d, msg)
		check("New, in pieces", d.Sum(nil))
		d.Reset()
		osslWritePieces(rng, d, msg)
		check("New, after Reset", d.Sum(nil))

		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d cases", len(cases))
}
