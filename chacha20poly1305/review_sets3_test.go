//go:build amd64 && !purego && linux

package chacha20poly1305

// A second reader's tests of the three-set kernels (sealSets3 and
// openSets3, sets_amd64.s from _asm/sets3_amd64_asm.go, 449 to 704 bytes)
// for what review_sets_test.go and sets_guard_amd64_test.go do not already
// cover: openSets3 called directly with its output anywhere over the
// ciphertext and its tag (it copies the ciphertext to its stack before the
// rounds and reads the tag before it writes), through the API with the
// output over the tag, and its frame meeting the end of a goroutine's
// stack at a finer step than TestSetsReviewOnStack's.

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// sets3RevLens are the lengths of the overlap tests: the first and last
// the three-set kernels take, and the last block partial, whole or one
// byte long in each of blocks 8 to 11 (the masked ones).
var sets3RevLens = []int{449, 450, 463, 464, 511, 512, 513, 575, 576, 577, 639, 640, 641, 703, 704}

// sets3RevShifts returns the offsets, from the ciphertext's start, of
// openSets3's output in the overlap tests: before the ciphertext by up to
// two blocks and more, over it by 1 to 16 bytes and by whole blocks (the
// output's end then over the tag at each of its 16 bytes), and starting in
// or just past the tag.
func sets3RevShifts(n int) []int {
	s := []int{-200, -129, -128, -65, -64, -63, -17, -16, -15, -1, 0, 63, 64, 65, 127, 128, 192, 448}
	for d := 1; d <= 16; d++ {
		s = append(s, d)
	}
	for d := n - 17; d <= n+17; d++ {
		s = append(s, d)
	}
	return s
}

// TestSets3ReviewOpenOverlap calls openSets3 with the ciphertext and its
// tag at a fixed place in a buffer and the output at every offset of
// sets3RevShifts, over the ciphertext, the tag or both: with the right tag
// the output must be the plaintext and the buffer outside it untouched;
// with a flipped tag bit the whole buffer must be unchanged. Seal's output
// over its input is only ever exact (in place), which
// TestSetsReviewGuardPages runs.
func TestSets3ReviewOpenOverlap(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	const base = 256
	for _, n := range sets3RevLens {
		key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
		pt, ad := randBytes(rng, n), randBytes(rng, rng.IntN(40))
		x, _ := xaead.New(key)
		sealed := x.Seal(nil, nonce, pt, ad)
		buf := make([]byte, base+2*n+64)
		for _, d := range sets3RevShifts(n) {
			for _, forge := range []bool{false, true} {
				for i := range buf {
					buf[i] = byte(i*7 + 3)
				}
				copy(buf[base:], sealed)
				if forge {
					buf[base+n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
				}
				before := bytes.Clone(buf)
				ct := buf[base : base+n]
				tag := (*[16]byte)(buf[base+n:])
				dst := buf[base+d : base+d+n]
				ok := openSets3((*[32]byte)(key), (*[12]byte)(nonce), dst, ct, ad, tag)
				if forge {
					if ok != 0 || !bytes.Equal(buf, before) {
						t.Fatalf("n %d, output at %d: forged tag: ok %d, buffer changed %v", n, d, ok, !bytes.Equal(buf, before))
					}
					continue
				}
				if ok != 1 {
					t.Fatalf("n %d, output at %d: the right tag refused", n, d)
				}
				if !bytes.Equal(buf[base+d:base+d+n], pt) {
					t.Fatalf("n %d, output at %d: plaintext differs", n, d)
				}
				if !bytes.Equal(buf[:base+d], before[:base+d]) || !bytes.Equal(buf[base+d+n:], before[base+d+n:]) {
					t.Fatalf("n %d, output at %d: bytes outside the output written", n, d)
				}
			}
		}
	}
}

// TestSets3ReviewAPIOverTag runs Open through the API, the fused functions
// on, with dst the sealed message's first n bytes, so that the output (its
// next n bytes) starts on the tag, which Open allows (the output does not
// overlap the ciphertext): the result must be the plaintext, and a forged
// message must fail.
func TestSets3ReviewAPIOverTag(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	setsAPIOverTag(t, testutil.Rand(t), sets3RevLens)
}

// sets3RevDeep runs setsRevOnStack (review_sets_test.go) below big frames
// of 96 bytes and small frames of about 16 more than their callers', so
// that the three-set kernels' 784-byte frame meets the stack's end at a
// step of a few words.
func sets3RevDeep(key *[32]byte, nonce *[12]byte, pt, ad, want []byte, big, small int) bool {
	if small > 0 {
		var pad [2]uint64
		pad[small%2] = uint64(small)
		ok := sets3RevDeep(key, nonce, pt, ad, want, big, small-1)
		return ok && pad[small%2] == uint64(small)
	}
	return setsRevOnStack(key, nonce, pt, ad, want, big)
}

// TestSets3ReviewStackStep runs the three-set kernels in new goroutines
// at every combination of 0 to 24 big and 0 to 7 small frames above them
// (sets3RevDeep): the prologue must grow the stack wherever the frame
// falls, and Seal and Open must still agree with x/crypto.
func TestSets3ReviewStackStep(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, n := range []int{449, 704} {
		key, nonce := (*[32]byte)(randBytes(rng, KeySize)), (*[12]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, 17)
		x, _ := xaead.New(key[:])
		want := x.Seal(nil, nonce[:], pt, ad)
		for big := 0; big <= 24; big++ {
			for small := 0; small <= 7; small++ {
				done := make(chan bool)
				go func() { done <- sets3RevDeep(key, nonce, pt, ad, want, big, small) }()
				if !<-done {
					t.Fatalf("n %d, %d big and %d small frames deep: seal or open differs", n, big, small)
				}
			}
		}
	}
}
