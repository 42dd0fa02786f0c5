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
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		rng := testutil.Rand(t)
		for range 50 {
			s := randState(rng)
			src := make([]byte, HeadSize+64)
			fill(rng.Uint64, src)

			for _, inPlace := range []bool{false, true} {
				got := checkHead(t, (*State).XORKeyStreamHead, s, src, HeadSize, inPlace)
				if got.Counter() != s.Counter()+16 {
					t.Fatalf("in place %v: counter %d, want %d", inPlace, got.Counter(), s.Counter()+16)
				}
			}
		}
	})
}

// checkHead runs head (XORKeyStreamHead or XORKeyStreamHeadWide) from s on
// the first n bytes of src, into a buffer of n+64 bytes of 0xc3 or in place
// (src's n bytes copied there), and compares block 0 and the output with
// the portable code, checks that nothing past n bytes is written, and
// returns the state after it. Out of place, head takes src whole.
func checkHead(t *testing.T, head func(s *State, block0 *[BlockSize]byte, dst, src []byte), s State, src []byte, n int, inPlace bool) State {
	t.Helper()
	want := make([]byte, BlockSize+n)
	ref := s
	xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), src[:n]...))
	var block0 [BlockSize]byte
	dst := bytes.Repeat([]byte{0xc3}, n+64)
	if inPlace {
		copy(dst, src[:n])
		head(&s, &block0, dst, dst[:n])
	} else {
		head(&s, &block0, dst, src)
	}
	if !bytes.Equal(block0[:], want[:BlockSize]) || !bytes.Equal(dst[:n], want[BlockSize:]) {
		t.Fatalf("%d bytes, in place %v: differs from the portable code", n, inPlace)
	}
	if !bytes.Equal(dst[n:], bytes.Repeat([]byte{0xc3}, 64)) {
		t.Fatalf("%d bytes, in place %v: wrote past the data", n, inPlace)
	}
	return s
}
