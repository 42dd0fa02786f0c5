package poly1305

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/kat"
	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
	xpoly1305 "golang.org/x/crypto/poly1305" //lint:ignore SA1019 the deprecated package is x/crypto's only public Poly1305, used as an oracle
)

// TestRegistered checks that the package lists its two implementations in
// internal/impl in every build, built or not, so that carry version names
// them everywhere.
func TestRegistered(t *testing.T) {
	want := []string{implMULX.Name, implIFMA.Name}
	if got := impl.List(implMULX.Package); !slices.Equal(got, want) {
		t.Errorf("internal/impl lists %q for %s, want %q", got, implMULX.Package, want)
	}
}

// TestVectors checks RFC 8439's Poly1305 vectors against carry, written at
// once and in every split into two writes, and, to catch a typo in the
// transcription, against x/crypto.
func TestVectors(t *testing.T) {
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		for _, r := range kat.Read(t, "testdata/rfc8439.txt", "mac") {
			key, msg, want := r.Bytes(t, "key"), r.Bytes(t, "msg"), r.Bytes(t, "tag")
			if len(key) != KeySize || len(want) != TagSize {
				t.Fatalf("%s: key of %d bytes, tag of %d", r.Name(), len(key), len(want))
			}
			var x [TagSize]byte
			xpoly1305.Sum(&x, msg, (*[KeySize]byte)(key))
			if !bytes.Equal(x[:], want) {
				t.Errorf("%s: x/crypto disagrees with the transcription: %x", r.Name(), x)
			}
			var got [TagSize]byte
			Sum(&got, msg, (*[KeySize]byte)(key))
			if !bytes.Equal(got[:], want) {
				t.Errorf("%s: got %x, want %x", r.Name(), got, want)
			}
			for i := range len(msg) + 1 {
				var m MAC
				m.Init((*[KeySize]byte)(key))
				m.Write(msg[:i])
				m.Write(msg[i:])
				m.Sum(&got)
				if !bytes.Equal(got[:], want) {
					t.Errorf("%s: written as %d + %d bytes: got %x, want %x", r.Name(), i, len(msg)-i, got, want)
				}
			}
		}
	})
}

// bigPoly1305 is Poly1305 on math/big, as RFC 8439, Section 2.5.1 writes
// it: the oracle for the edge cases.
func bigPoly1305(key *[KeySize]byte, msg []byte) [TagSize]byte {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	r := leInt(key[:16])
	r.And(r, leInt([]byte{0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f}))
	s := leInt(key[16:])
	a := new(big.Int)
	for len(msg) > 0 {
		n := min(len(msg), BlockSize)
		block := append(bytes.Clone(msg[:n]), 1)
		a.Add(a, leInt(block))
		a.Mul(a, r)
		a.Mod(a, p)
		msg = msg[n:]
	}
	a.Add(a, s)
	var tag [TagSize]byte
	b := a.Bytes() // big-endian
	for i := range min(len(b), TagSize) {
		tag[i] = b[len(b)-1-i]
	}
	return tag
}

// leInt returns the little-endian number in b.
func leInt(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// edgeKey returns a key whose r and s are drawn from the extremes: r with
// every bit the clamp allows set, zero, one or random; s all ones, zero or
// random.
func edgeKey(rng *rand.Rand) *[KeySize]byte {
	var k [KeySize]byte
	switch rng.IntN(4) {
	case 0:
		for i := range 16 {
			k[i] = 0xff // clamped to 0x0ffffffc0ffffffc0ffffffc0fffffff
		}
	case 1:
	case 2:
		k[0] = 1
	default:
		fillBytes(rng, k[:16])
	}
	switch rng.IntN(3) {
	case 0:
		for i := 16; i < 32; i++ {
			k[i] = 0xff
		}
	case 1:
	default:
		fillBytes(rng, k[16:])
	}
	return &k
}

// edgeMessage returns a message of n bytes of all-ones blocks (which keep
// the accumulator near 2^130), zeros, or random bytes, by block.
func edgeMessage(rng *rand.Rand, n int) []byte {
	msg := make([]byte, n)
	for i := 0; i < n; i += BlockSize {
		b := msg[i:min(i+BlockSize, n)]
		switch rng.IntN(3) {
		case 0:
			for j := range b {
				b[j] = 0xff
			}
		case 1:
		default:
			fillBytes(rng, b)
		}
	}
	return msg
}

func fillBytes(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// TestEdgesAgainstBig compares carry with math/big on edge-biased keys and
// messages.
func TestEdgesAgainstBig(t *testing.T) {
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		rng := testutil.Rand(t)
		for range 3000 {
			key := edgeKey(rng)
			msg := edgeMessage(rng, rng.IntN(200))
			var got [TagSize]byte
			Sum(&got, msg, key)
			if want := bigPoly1305(key, msg); got != want {
				t.Fatalf("key %x, message %x: got %x, want %x", key, msg, got, want)
			}
		}
	})
}

// TestDifferential compares carry with x/crypto at every length from 0 to
// 1024 bytes and at random long lengths, with edge-biased and random keys,
// written at once and in random pieces.
func TestDifferential(t *testing.T) {
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		rng := testutil.Rand(t)
		lengths := make([]int, 0, 1050)
		for n := range 1025 {
			lengths = append(lengths, n)
		}
		for range 20 {
			lengths = append(lengths, rng.IntN(1<<16))
		}
		for _, n := range lengths {
			key := edgeKey(rng)
			msg := edgeMessage(rng, n)
			var want, got [TagSize]byte
			xpoly1305.Sum(&want, msg, key)
			Sum(&got, msg, key)
			if got != want {
				t.Fatalf("length %d, key %x: got %x, x/crypto %x", n, key, got, want)
			}
			var m MAC
			m.Init(key)
			for rest := msg; len(rest) > 0; {
				k := min(rng.IntN(70), len(rest))
				m.Write(rest[:k])
				rest = rest[k:]
			}
			m.Sum(&got)
			if got != want {
				t.Fatalf("length %d, key %x, in pieces: got %x, x/crypto %x", n, key, got, want)
			}
		}
	})
}

// TestWritePadded checks WritePadded against Write of the same bytes and
// their zero padding.
func TestWritePadded(t *testing.T) {
	rng := testutil.Rand(t)
	for range 500 {
		key := edgeKey(rng)
		a, b := edgeMessage(rng, rng.IntN(80)), edgeMessage(rng, rng.IntN(80))
		var m MAC
		m.Init(key)
		m.WritePadded(a)
		m.WritePadded(b)
		var got, want [TagSize]byte
		m.Sum(&got)
		pad := func(x []byte) []byte {
			return append(bytes.Clone(x), make([]byte, (BlockSize-len(x)%BlockSize)%BlockSize)...)
		}
		Sum(&want, append(pad(a), pad(b)...), key)
		if got != want {
			t.Fatalf("WritePadded(%x), WritePadded(%x): got %x, want %x", a, b, got, want)
		}
	}
}

func TestWritePaddedAfterPartialBlockPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("WritePadded after a 3-byte Write did not panic")
		}
	}()
	var m MAC
	m.Init(new([KeySize]byte))
	m.Write([]byte{1, 2, 3})
	m.WritePadded([]byte{4})
}

func TestAllocations(t *testing.T) {
	key := new([KeySize]byte)
	msg := make([]byte, 1000)
	var tag [TagSize]byte
	if n := testing.AllocsPerRun(10, func() { Sum(&tag, msg, key) }); n != 0 {
		t.Errorf("Sum allocates %v times", n)
	}
}

// TestPrepare checks that Prepare, before any write or after some, changes
// no tag, on every implementation.
func TestPrepare(t *testing.T) {
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		rng := testutil.Rand(t)
		for _, n := range []int{0, 15, 16, 255, 256, 1024, 1350, 4096 + 7} {
			key := edgeKey(rng)
			msg := edgeMessage(rng, n)
			var want, got [TagSize]byte
			Sum(&want, msg, key)
			for _, at := range []int{0, n / 3} {
				var m MAC
				m.Init(key)
				m.Write(msg[:at])
				m.Prepare()
				m.Write(msg[at:])
				m.Sum(&got)
				if got != want {
					t.Fatalf("length %d, Prepare after %d bytes: tag %x, want %x", n, at, got, want)
				}
			}
		}
	})
}

// TestInitAfterUse checks that Init makes a used MAC new: after a message
// under another key, left with a partial block or after a long run of
// blocks and Prepare, a second Init and message give the tag Sum gives.
func TestInitAfterUse(t *testing.T) {
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		rng := testutil.Rand(t)
		for _, n := range []int{0, 7, 16, 100, 300, 1350} {
			for _, used := range []int{5, 16, 1024 + 3} {
				var k1, k2 [KeySize]byte
				fillBytes(rng, k1[:])
				fillBytes(rng, k2[:])
				var m MAC
				m.Init(&k1)
				m.Prepare()
				m.Write(edgeMessage(rng, used))
				msg := edgeMessage(rng, n)
				m.Init(&k2)
				m.Write(msg)
				var got, want [TagSize]byte
				m.Sum(&got)
				Sum(&want, msg, &k2)
				if got != want {
					t.Fatalf("%d bytes after %d under another key: tag %x, want %x", n, used, got, want)
				}
			}
		}
	})
}
