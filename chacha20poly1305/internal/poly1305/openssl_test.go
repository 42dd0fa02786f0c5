package poly1305

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// opensslSum returns the Poly1305 tag of msg under key, computed by the
// openssl command line tool (openssl mac POLY1305, OpenSSL 3.0 on).
func opensslSum(t *testing.T, key *[KeySize]byte, msg []byte) [TagSize]byte {
	t.Helper()
	out := testutil.RunOpenSSL(t, msg, "mac", "-binary", "-macopt", "hexkey:"+hex.EncodeToString(key[:]), "POLY1305")
	if len(out) != TagSize {
		t.Fatalf("openssl mac POLY1305: %d bytes, want %d", len(out), TagSize)
	}
	return [TagSize]byte(out)
}

// opensslExtremeKey returns the i-th (modulo six) of the extreme keys: r
// with every bit the clamp allows set, from bytes all ones or from the
// clamp's mask itself, with s all ones or zero; r zero with s all ones;
// and r one or random with s all ones or random.
func opensslExtremeKey(rng *rand.Rand, i int) *[KeySize]byte {
	var k [KeySize]byte
	ones := func(b []byte) {
		for j := range b {
			b[j] = 0xff
		}
	}
	switch i % 6 {
	case 0:
		ones(k[:]) // r clamped to 0x0ffffffc0ffffffc0ffffffc0fffffff
	case 1:
		copy(k[:16], []byte{0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f})
		ones(k[16:])
	case 2:
		ones(k[:16])
	case 3:
		ones(k[16:])
	case 4:
		k[0] = 1
		fillBytes(rng, k[16:])
	default:
		fillBytes(rng, k[:16])
		ones(k[16:])
	}
	return &k
}

// opensslMessage returns n bytes: random if kind is 0, all ones if 1
// (which keep the accumulator near 2^130), and otherwise each 16-byte block
// ones, zeros or random.
func opensslMessage(rng *rand.Rand, n, kind int) []byte {
	switch kind {
	case 0:
		msg := make([]byte, n)
		fillBytes(rng, msg)
		return msg
	case 1:
		return bytes.Repeat([]byte{0xff}, n)
	default:
		return edgeMessage(rng, n)
	}
}

// opensslCase is a key, a message and OpenSSL's tag of them.
type opensslCase struct {
	key  *[KeySize]byte
	msg  []byte
	want [TagSize]byte
}

// TestOpenSSL compares Sum, and a MAC written in random pieces and one
// prepared first, on every implementation, with OpenSSL's Poly1305. By
// default it takes every message length from 0 to 300 bytes and a few long
// ones, each with a random key and message and with one of the extreme
// keys (opensslExtremeKey, in turn) and an all-ones or edge message; with
// -short, twelve lengths at the block and vector loop edges, one case
// each; with -long, 20 random keys per length instead of one.
func TestOpenSSL(t *testing.T) {
	rng := testutil.Rand(t)
	var lengths []int
	if testing.Short() {
		lengths = []int{0, 1, 15, 16, 17, 127, 128, 129, 255, 256, 257, 300}
	} else {
		for n := range 301 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 1024, 4096+15, 16384+16+1)
		for range 3 {
			lengths = append(lengths, rng.IntN(70000))
		}
	}
	var cases []opensslCase
	add := func(key *[KeySize]byte, msg []byte) {
		cases = append(cases, opensslCase{key, msg, opensslSum(t, key, msg)})
	}
	for i, n := range lengths {
		if testing.Short() {
			if i%2 == 0 {
				add(opensslExtremeKey(rng, i/2), opensslMessage(rng, n, 1+i/2%2))
			} else {
				var key [KeySize]byte
				fillBytes(rng, key[:])
				add(&key, opensslMessage(rng, n, 0))
			}
			continue
		}
		for range trials(1) {
			var key [KeySize]byte
			fillBytes(rng, key[:])
			add(&key, opensslMessage(rng, n, 0))
		}
		add(opensslExtremeKey(rng, i), opensslMessage(rng, n, 1+i%2))
	}
	t.Logf("%d cases", len(cases))

	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		for _, c := range cases {
			var got [TagSize]byte
			Sum(&got, c.msg, c.key)
			if got != c.want {
				t.Fatalf("length %d, key %x: Sum = %x, OpenSSL %x", len(c.msg), c.key, got, c.want)
			}

			var m MAC
			m.Init(c.key)
			for rest := c.msg; len(rest) > 0; {
				k := min(rng.IntN(300), len(rest))
				m.Write(rest[:k])
				rest = rest[k:]
			}
			m.Sum(&got)
			if got != c.want {
				t.Fatalf("length %d, key %x, in pieces: %x, OpenSSL %x", len(c.msg), c.key, got, c.want)
			}

			m.Init(c.key)
			m.Prepare()
			m.Write(c.msg)
			m.Sum(&got)
			if got != c.want {
				t.Fatalf("length %d, key %x, prepared: %x, OpenSSL %x", len(c.msg), c.key, got, c.want)
			}
		}
	})
}
