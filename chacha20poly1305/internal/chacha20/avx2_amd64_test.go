//go:build !purego

package chacha20

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAVX2MatchesPortable runs XORKeyStream on the AVX2 path (the eight-,
// six- and two-block kernels, and the keystream buffers of its tails)
// against the portable code at every length from 0 to 2100 bytes and at
// random lengths up to 64 KiB, in place and not, with random counters and
// counters whose segment ends at block 2^32 - 1, the last one XORKeyStream
// allows; it checks the counter each call leaves and that nothing past the
// output is written. With -long, 20 times over.
func TestAVX2MatchesPortable(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer UseImplementation("avx2")()
	rng := testutil.Rand(t)
	var lengths []int
	for n := range 2101 {
		lengths = append(lengths, n)
	}
	for range trials(16) {
		lengths = append(lengths, rng.IntN(1<<16))
	}
	for range trials(1) {
		for _, n := range lengths {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			blocks := uint32((n + BlockSize - 1) / BlockSize)
			counter := rng.Uint32() >> 1
			if rng.IntN(3) == 0 {
				counter = -blocks // the last block is 2^32 - 1
			}
			src := make([]byte, n)
			fill(rng.Uint64, src)
			want := make([]byte, n)
			var ref State
			ref.Init(&key, &nonce, counter)
			if n > 0 {
				xorKeyStreamGeneric(&ref, want, src)
			}

			for _, inPlace := range []bool{false, true} {
				got := make([]byte, n+64)
				for i := range got {
					got[i] = 0xc3
				}
				in := src
				if inPlace {
					copy(got, src)
					in = got[:n]
				}
				var s State
				s.Init(&key, &nonce, counter).XORKeyStream(got[:n], in)
				if !bytes.Equal(got[:n], want) {
					t.Fatalf("%d bytes at counter %#x (in place: %v): differs from the portable code", n, counter, inPlace)
				}
				if !bytes.Equal(got[n:], bytes.Repeat([]byte{0xc3}, 64)) {
					t.Fatalf("%d bytes at counter %#x (in place: %v): wrote past the output", n, counter, inPlace)
				}
				if s != ref {
					t.Fatalf("%d bytes at counter %#x: counter %#x after, want %#x", n, counter, s[12], ref[12])
				}
			}
		}
	}
}

// TestVerticalAVX2CounterWrap runs chacha8AVX2 at counters whose eight lanes
// cross 2^32 within a chunk, where each lane's counter wraps to 0 as the
// portable code's does (XORKeyStream never uses those blocks, but its
// keystream buffers compute them): at every counter from 2^32 - 24 to
// 2^32 - 1, on one to three chunks.
func TestVerticalAVX2CounterWrap(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	rng := testutil.Rand(t)
	for c := -24; c < 0; c++ {
		for chunks := 1; chunks <= 3; chunks++ {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			var s State
			s.Init(&key, &nonce, uint32(c))
			src := make([]byte, 512*chunks)
			fill(rng.Uint64, src)
			want := make([]byte, len(src))
			ref := s
			xorKeyStreamGeneric(&ref, want, src)
			got := make([]byte, len(src))
			chacha8AVX2((*[16]uint32)(&s), got, src)
			if !bytes.Equal(got, want) {
				t.Fatalf("counter 2^32%d, %d chunks: differs from the portable code", c, chunks)
			}
		}
	}
}
