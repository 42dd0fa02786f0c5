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

// TestXORKeyStreamHeadAllocations checks that XORKeyStreamHead, and
// XORKeyStreamHeadWide at its longest, allocate nothing, on every
// implementation, with the state and block 0 on the caller's stack: they
// stay there only while the kernels called are declared not to let their
// arguments escape.
func TestXORKeyStreamHeadAllocations(t *testing.T) {
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		var key [KeySize]byte
		var nonce [NonceSize]byte
		buf := make([]byte, HeadWideMax)
		if n := testing.AllocsPerRun(10, func() {
			var s State
			var block0 [BlockSize]byte
			s.Init(&key, &nonce, 0)
			s.XORKeyStreamHead(&block0, buf[:HeadSize], buf[:HeadSize])
		}); n != 0 {
			t.Errorf("XORKeyStreamHead allocates %v times", n)
		}
		if n := testing.AllocsPerRun(10, func() {
			var s State
			var block0 [BlockSize]byte
			s.Init(&key, &nonce, 0)
			s.XORKeyStreamHeadWide(&block0, buf, buf)
		}); n != 0 {
			t.Errorf("XORKeyStreamHeadWide allocates %v times", n)
		}
	})
}

// checkHead runs head (XORKeyStreamHead or XORKeyStreamHeadWide) from s on
// the first n bytes of src, into a buffer of n+64 bytes of 0xc3 or in place
// (src's n bytes copied there), and with block 0 holding 0x5a bytes before
// (head sets it whatever it held), and compares block 0 and the output
// with the portable code, checks that nothing past n bytes is written, and
// returns the state after it. Out of place, head takes src whole.
func checkHead(t *testing.T, head func(s *State, block0 *[BlockSize]byte, dst, src []byte), s State, src []byte, n int, inPlace bool) State {
	t.Helper()
	want := make([]byte, BlockSize+n)
	ref := s
	xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), src[:n]...))
	block0 := [BlockSize]byte(bytes.Repeat([]byte{0x5a}, BlockSize))
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

// TestXORKeyStreamHeadPanics checks that XORKeyStreamHead refuses, before
// writing anything, data or an output shorter than HeadSize (with the
// capacity for HeadSize, so that slicing would not panic by itself) and a
// counter with fewer than 16 blocks left, and takes the last 16.
func TestXORKeyStreamHeadPanics(t *testing.T) {
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		var key [KeySize]byte // zero key and nonce: no word but the counter is near 2^32
		var nonce [NonceSize]byte
		for _, c := range []struct {
			dst, src int
			counter  uint32
		}{{HeadSize, HeadSize - 1, 0}, {HeadSize - 1, HeadSize, 0}, {HeadSize, HeadSize, 1<<32 - 15}, {HeadSize, HeadSize, 1<<32 - 1}} {
			var block0 [BlockSize]byte
			dst := make([]byte, c.dst, HeadSize+BlockSize)
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%d bytes into %d at counter %#x did not panic", c.src, c.dst, c.counter)
					}
				}()
				var s State
				s.Init(&key, &nonce, c.counter).XORKeyStreamHead(&block0, dst, make([]byte, c.src, HeadSize))
			}()
			if block0 != [BlockSize]byte{} || !bytes.Equal(dst[:cap(dst)], make([]byte, cap(dst))) {
				t.Errorf("%d bytes into %d at counter %#x: written to before the panic", c.src, c.dst, c.counter)
			}
		}
		var s State
		var block0 [BlockSize]byte
		s.Init(&key, &nonce, 1<<32-16).XORKeyStreamHead(&block0, make([]byte, HeadSize), make([]byte, HeadSize))
		if s.Counter() != 0 {
			t.Errorf("the last 16 blocks: counter %#x after, want 0", s.Counter())
		}
	})
}
