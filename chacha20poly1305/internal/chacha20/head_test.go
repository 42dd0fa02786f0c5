package chacha20

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestXORKeyStreamHead compares XORKeyStreamHead, on every implementation,
// with block 0 and the 15 blocks after it from the portable code, in place
// and not, and checks that it writes nothing past HeadSize bytes and
// advances the counter by 16.
func TestXORKeyStreamHead(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		for range 50 {
			s := randState(rng)
			src := make([]byte, HeadSize+64)
			fill(rng.Uint64, src)

			want := make([]byte, BlockSize+HeadSize)
			ref := s
			xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), src[:HeadSize]...))

			for _, inPlace := range []bool{false, true} {
				got := s
				var block0 [BlockSize]byte
				dst := bytes.Repeat([]byte{0xc3}, HeadSize+64)
				if inPlace {
					copy(dst, src[:HeadSize])
					got.XORKeyStreamHead(&block0, dst, dst[:HeadSize])
				} else {
					got.XORKeyStreamHead(&block0, dst, src)
				}
				if !bytes.Equal(block0[:], want[:BlockSize]) || !bytes.Equal(dst[:HeadSize], want[BlockSize:]) {
					t.Fatalf("in place %v: differs from the portable code", inPlace)
				}
				if !bytes.Equal(dst[HeadSize:], bytes.Repeat([]byte{0xc3}, 64)) {
					t.Fatalf("in place %v: wrote past HeadSize bytes", inPlace)
				}
				if got.Counter() != s.Counter()+16 {
					t.Fatalf("in place %v: counter %d, want %d", inPlace, got.Counter(), s.Counter()+16)
				}
			}
		}
	})
}
