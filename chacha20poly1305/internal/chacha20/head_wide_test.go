package chacha20

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestXORKeyStreamHeadWide compares XORKeyStreamHeadWide, on every
// implementation, with block 0 and the blocks after it from the portable
// code, for every length it takes (0 to HeadWideMax: the masked last
// block of the vertical kernel and of the woven sets at every offset, and
// the blocks past the data skipped), in place and not, with counters up to
// the last ones the keystream has; and checks that it writes nothing past
// len(src) bytes, advances the counter past the data, and refuses a longer
// src or a shorter dst.
func TestXORKeyStreamHeadWide(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
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
		for _, c := range []struct{ dst, src int }{{HeadWideMax + 1, HeadWideMax + 1}, {99, 100}} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("XORKeyStreamHeadWide of %d bytes into %d did not panic", c.src, c.dst)
					}
				}()
				var s State
				var block0 [BlockSize]byte
				s.XORKeyStreamHeadWide(&block0, make([]byte, c.dst), make([]byte, c.src))
			}()
		}
	})
}
