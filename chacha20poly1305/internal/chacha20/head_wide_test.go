package chacha20

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestXORKeyStreamHeadWide compares XORKeyStreamHeadWide, on every
// implementation, with block 0 and the blocks after it from the portable
// code, for every length it takes (0 to HeadWideMax: the masked last
// block of the vertical kernel and of the woven sets at every offset, and
// the blocks past the data skipped), in place and not, with counters up to
// the last ones the keystream has; and checks that it writes nothing past
// len(src) bytes, advances the counter past the data, refuses before
// writing a longer src, a shorter dst or a counter with fewer than 24
// blocks left, and at HeadWideMax bytes uses exactly the 24 blocks its
// counter check reserves (the last 24, leaving the counter at 0).
func TestXORKeyStreamHeadWide(t *testing.T) {
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		rng := testutil.Rand(t)
		for n := 0; n <= HeadWideMax; n++ {
			s := randState(rng)
			if n%7 == 0 {
				s.SetCounter(1<<32 - 24) // the widest pass's 24 blocks are the last
			}
			src := make([]byte, n)
			fill(rng.Uint64, src)
			got := checkHead(t, (*State).XORKeyStreamHeadWide, s, src, n, n%2 == 0)
			if want := s.Counter() + 1 + uint32((n+BlockSize-1)/BlockSize); got.Counter() != want {
				t.Fatalf("%d bytes: counter %d, want %d", n, got.Counter(), want)
			}
		}
		// Refused before anything is written: a src longer than HeadWideMax,
		// a dst shorter than src, and fewer than 24 blocks left at any
		// length (zero key and nonce: no word but the counter is near 2^32).
		var key [KeySize]byte
		var nonce [NonceSize]byte
		for _, c := range []struct {
			dst, src int
			counter  uint32
		}{{HeadWideMax + 1, HeadWideMax + 1, 0}, {99, 100, 0}, {HeadWideMax, HeadWideMax, 1<<32 - 23}, {0, 0, 1<<32 - 23}, {HeadWideMax, HeadWideMax, 1<<32 - 1}} {
			var block0 [BlockSize]byte
			dst := make([]byte, c.dst)
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("XORKeyStreamHeadWide of %d bytes into %d at counter %#x did not panic", c.src, c.dst, c.counter)
					}
				}()
				var s State
				s.Init(&key, &nonce, c.counter).XORKeyStreamHeadWide(&block0, dst, make([]byte, c.src))
			}()
			if block0 != [BlockSize]byte{} || !bytes.Equal(dst, make([]byte, c.dst)) {
				t.Errorf("%d bytes into %d at counter %#x: written to before the panic", c.src, c.dst, c.counter)
			}
		}
		var s State
		var block0 [BlockSize]byte
		s.Init(&key, &nonce, 1<<32-24).XORKeyStreamHeadWide(&block0, make([]byte, HeadWideMax), make([]byte, HeadWideMax))
		if s.Counter() != 0 {
			t.Errorf("HeadWideMax bytes from the last 24 blocks: counter %#x after, want 0", s.Counter())
		}
	})
}

// TestXORKeyStreamHeadWideXCrypto runs XORKeyStreamHeadWide on every
// implementation for every length from 0 to 1600 bytes and a few long ones
// (its part at most HeadWideMax, then XORKeyStream on the rest), against
// x/crypto's keystream from the same counter with block 0 first: random
// counters, and counters at which the last block is the keystream's last
// (or, for the shorter messages, where XORKeyStreamHeadWide's 24 blocks
// are); with -long, every length to 4200 bytes. The counter after the
// head must be past block 0 and the data's blocks, and after the rest past
// all of them.
func TestXORKeyStreamHeadWideXCrypto(t *testing.T) {
	lengths := make([]int, 0, 1700)
	for n := 0; n <= 1600; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1983, 1984, 2047, 4096+17, 16384+1)
	if *long {
		for n := 1601; n <= 4200; n++ {
			lengths = append(lengths, n)
		}
	}
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		rng := testutil.Rand(t)
		for i, n := range lengths {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			blocks := 1 + (n+BlockSize-1)/BlockSize
			counter := rng.Uint32() >> 1
			if i%3 == 0 {
				counter = -uint32(max(24, blocks))
			}
			pt := make([]byte, n)
			fill(rng.Uint64, pt)
			want := xcrypto(t, &key, &nonce, counter, append(make([]byte, BlockSize), pt...))

			var s State
			s.Init(&key, &nonce, counter)
			w := min(n, HeadWideMax)
			var b0 [BlockSize]byte
			dst := make([]byte, n)
			src := pt
			if i%2 == 1 {
				copy(dst, pt)
				src = dst
			}
			s.XORKeyStreamHeadWide(&b0, dst[:w], src[:w])
			if want := counter + 1 + uint32((w+BlockSize-1)/BlockSize); s.Counter() != want {
				t.Fatalf("%d bytes from %#x: counter %#x after the head, want %#x", n, counter, s.Counter(), want)
			}
			s.XORKeyStream(dst[w:], src[w:])
			if !bytes.Equal(b0[:], want[:BlockSize]) {
				t.Fatalf("%d bytes from %#x: block 0 differs from x/crypto", n, counter)
			}
			if !bytes.Equal(dst, want[BlockSize:]) {
				t.Fatalf("%d bytes from %#x: differs from x/crypto from byte %d", n, counter, firstDiff(dst, want[BlockSize:]))
			}
			if s.Counter() != counter+uint32(blocks) {
				t.Fatalf("%d bytes from %#x: counter %#x at the end, want %#x", n, counter, s.Counter(), counter+uint32(blocks))
			}
		}
	})
}

// firstDiff returns the first index at which a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
