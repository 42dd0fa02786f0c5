//go:build !purego

package chacha20

import (
	"bytes"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// headWideKernels are the wide head kernels with the lengths of src their
// documentation lets them take: lo to hi bytes.
var headWideKernels = []struct {
	name   string
	f      func(s *[16]uint32, block0 *[64]byte, dst, src []byte)
	lo, hi int
}{
	{"chacha24HeadAVX512", chacha24HeadAVX512, HeadSize + 1, HeadWideMax},
}

// headCanary fills dst's page around dst.
const headCanary = 0x3c

// headWideCounter returns a counter for a kernel's case i: random below
// 2^31, or one whose 24 blocks are the keystream's last, or one whose
// vertical lanes (low four bits) are at their largest.
func headWideCounter(rng *rand.Rand, i int) uint32 {
	switch i % 4 {
	case 0:
		return 1<<32 - 24
	case 1:
		return rng.Uint32()>>1 | 0xf
	}
	return rng.Uint32() >> 1
}

// TestHeadWideKernelsLongerDst calls each wide head kernel at every length
// it takes with dst longer than src by 1 to 200 bytes (len(dst) >=
// len(src) is allowed): nothing may be written to dst past len(src).
func TestHeadWideKernelsLongerDst(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20", "avx512")
	rng := testutil.Rand(t)
	for _, k := range headWideKernels {
		for n := k.lo; n <= k.hi; n++ {
			s := randState(rng)
			src := make([]byte, n)
			fill(rng.Uint64, src)
			extra := 1 + rng.IntN(200)
			dst := bytes.Repeat([]byte{headCanary}, n+extra)
			var b0 [64]byte
			k.f((*[16]uint32)(&s), &b0, dst, src)
			ref := s
			want := make([]byte, BlockSize+n)
			xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), src...))
			if !bytes.Equal(dst[:n], want[BlockSize:]) || !allEqual(dst[n:], headCanary) {
				t.Fatalf("%s: %d bytes into %d: wrong output or written past src's length", k.name, n, n+extra)
			}
		}
	}
}

// TestHeadWideBlockOrder checks each block of the wide head's output
// on its own: with src all zeros, block j of dst (j = 1..23) must be
// x/crypto's keystream block at counter + j, and no block may equal
// another (a swapped pair of stores, or two lanes with one counter, would
// make the keystream's blocks appear at the wrong offsets or twice).
func TestHeadWideBlockOrder(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20", "avx512")
	rng := testutil.Rand(t)
	for _, n := range []int{HeadSize, HeadSize + 4*BlockSize, HeadWideMax} {
		var key [KeySize]byte
		var nonce [NonceSize]byte
		fill(rng.Uint64, key[:])
		fill(rng.Uint64, nonce[:])
		counter := rng.Uint32() >> 1
		var s State
		s.Init(&key, &nonce, counter)
		var b0 [BlockSize]byte
		dst := make([]byte, n)
		s.XORKeyStreamHeadWide(&b0, dst, make([]byte, n))
		seen := map[string]int{string(b0[:]): 0}
		for j := 1; j <= n/BlockSize; j++ {
			blk := dst[(j-1)*BlockSize : j*BlockSize]
			want := xcrypto(t, &key, &nonce, counter+uint32(j), make([]byte, BlockSize))
			if !bytes.Equal(blk, want) {
				t.Fatalf("%d bytes: block %d is not the keystream at counter + %d", n, j, j)
			}
			if i, ok := seen[string(blk)]; ok {
				t.Fatalf("%d bytes: blocks %d and %d are equal", n, i, j)
			}
			seen[string(blk)] = j
		}
	}
}

// TestHeadWideFrames checks in chacha20_amd64.s that the wide head
// kernels have no frame and touch no stack slot: their arguments come from
// FP only, so that a NOSPLIT kernel cannot write below the goroutine's
// stack.
func TestHeadWideFrames(t *testing.T) {
	b, err := os.ReadFile("chacha20_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, k := range headWideKernels {
		head := regexp.MustCompile(`(?m)^TEXT ·` + k.name + `\(SB\), NOSPLIT, \$0-64$`)
		loc := head.FindStringIndex(src)
		if loc == nil {
			t.Fatalf("%s: no TEXT line with a frame of 0 and 64 bytes of arguments", k.name)
		}
		body := src[loc[1]:]
		if end := strings.Index(body, "\nTEXT "); end >= 0 {
			body = body[:end]
		}
		if !strings.Contains(body, "RET") {
			t.Fatalf("%s: no RET", k.name)
		}
		if strings.Contains(body, "(SP)") {
			t.Fatalf("%s: uses the stack", k.name)
		}
	}
}

// allEqual reports whether every byte of b is v.
func allEqual(b []byte, v byte) bool {
	for _, x := range b {
		if x != v {
			return false
		}
	}
	return true
}
