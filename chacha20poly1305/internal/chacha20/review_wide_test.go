//go:build amd64 && !purego && linux

package chacha20

// A second reader's tests of the wide head kernels (chacha16HeadMaskedAVX512,
// chacha20HeadAVX512, chacha24HeadAVX512, from _asm/head_sets_asm.go) and
// XORKeyStreamHeadWide on them: each kernel called directly at every
// length of its documented domain with src, dst and block0 against an
// unmapped page on either side, in place and not, so that a byte read or
// written outside them faults, with dst's page otherwise untouched and the
// state left as it was; the keystream of every block (the vertical lanes'
// counters, the woven sets' and the counter after the head) against
// x/crypto's at every length from 0 to 1600 bytes and a few long ones,
// with counters at the top of the range; and the kernels' frames, which
// must not be used.

import (
	"bytes"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// wideRevKernels are the wide head kernels with the lengths of src their
// documentation lets them take: lo to hi bytes.
var wideRevKernels = []struct {
	name   string
	f      func(s *[16]uint32, block0 *[64]byte, dst, src []byte)
	lo, hi int
}{
	{"chacha16HeadMaskedAVX512", chacha16HeadMaskedAVX512, 0, HeadSize},
	{"chacha20HeadAVX512", chacha20HeadAVX512, HeadSize + 1, HeadSize + 4*BlockSize},
	{"chacha24HeadAVX512", chacha24HeadAVX512, HeadSize + 1, HeadWideMax},
}

// wideRevCanary fills dst's page around dst.
const wideRevCanary = 0x3c

// wideRevCounter returns a counter for a kernel's case i: random below
// 2^31, or one whose 24 blocks are the keystream's last, or one whose
// vertical lanes (low four bits) are at their largest.
func wideRevCounter(rng *rand.Rand, i int) uint32 {
	switch i % 4 {
	case 0:
		return 1<<32 - 24
	case 1:
		return rng.Uint32()>>1 | 0xf
	}
	return rng.Uint32() >> 1
}

// TestHeadWideReviewKernelsGuarded calls each wide head kernel directly at
// every length it takes (with -long, twenty times over), with src, dst and
// block0 each at the end of a page followed by an unmapped one, then at
// the start of a page after an unmapped one, and in place (dst = src),
// against the portable code: block 0 and the data's keystream must match,
// the rest of dst's page and of block0's must be untouched, and the state
// must be left as it was. A mask wrong by a byte, a block past the data
// loaded or stored unmasked, would fault or leave a mark.
func TestHeadWideReviewKernelsGuarded(t *testing.T) {
	if !haveAVX512 {
		t.Skip("the CPU does not run the AVX-512 kernels")
	}
	rng := testutil.Rand(t)
	var p wideRevPages
	for _, b := range []*[]byte{&p.src, &p.dst, &p.b0} {
		page, free := rvGuarded(t, 1)
		defer free()
		*b = page
	}
	for i := range trials(1) {
		for _, k := range wideRevKernels {
			p.check(t, rng, k.name, k.f, k.lo, k.hi, i)
		}
	}
}

// wideRevPages are the guarded pages of TestHeadWideReviewKernelsGuarded:
// src's, dst's and block0's.
type wideRevPages struct{ src, dst, b0 []byte }

// check runs the kernel f, named name, at every length from lo to hi with
// counters of round i (wideRevCounter) on the pages p, failing t as
// TestHeadWideReviewKernelsGuarded describes.
func (p *wideRevPages) check(t *testing.T, rng *rand.Rand, name string, f func(s *[16]uint32, block0 *[64]byte, dst, src []byte), lo, hi, i int) {
	t.Helper()
	for n := lo; n <= hi; n++ {
		s := randState(rng)
		s.SetCounter(wideRevCounter(rng, n+i))
		pt := make([]byte, n)
		fill(rng.Uint64, pt)
		ref := s
		want := make([]byte, BlockSize+n)
		xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), pt...))
		for place := range 3 {
			atEnd, inPlace := place != 1, place == 2
			src := wideRevPlace(p.src, n, atEnd, 0)
			copy(src, pt)
			dst := wideRevPlace(p.dst, n, atEnd, wideRevCanary)
			if inPlace {
				dst = src
			}
			b0 := (*[64]byte)(wideRevPlace(p.b0, BlockSize, atEnd, wideRevCanary))
			got := s
			f((*[16]uint32)(&got), b0, dst, src)
			if got != s {
				t.Fatalf("%s: %d bytes: the state changed", name, n)
			}
			if !bytes.Equal(b0[:], want[:BlockSize]) {
				t.Fatalf("%s: %d bytes, place %d: block 0 differs", name, n, place)
			}
			if !bytes.Equal(dst, want[BlockSize:]) {
				t.Fatalf("%s: %d bytes, place %d, counter %#x: keystream differs from byte %d", name, n, place, s.Counter(), firstDiff(dst, want[BlockSize:]))
			}
			if !inPlace && !wideRevAround(p.dst, n, atEnd) || !wideRevAround(p.b0, BlockSize, atEnd) {
				t.Fatalf("%s: %d bytes, place %d: wrote outside dst or block0", name, n, place)
			}
			if !inPlace && !bytes.Equal(src, pt) {
				t.Fatalf("%s: %d bytes, place %d: wrote to src", name, n, place)
			}
		}
	}
}

// TestHeadWideReviewLongerDst calls each wide head kernel at every length
// it takes with dst longer than src by 1 to 200 bytes (len(dst) >=
// len(src) is allowed): nothing may be written to dst past len(src).
func TestHeadWideReviewLongerDst(t *testing.T) {
	if !haveAVX512 {
		t.Skip("the CPU does not run the AVX-512 kernels")
	}
	rng := testutil.Rand(t)
	for _, k := range wideRevKernels {
		for n := k.lo; n <= k.hi; n++ {
			s := randState(rng)
			src := make([]byte, n)
			fill(rng.Uint64, src)
			extra := 1 + rng.IntN(200)
			dst := bytes.Repeat([]byte{wideRevCanary}, n+extra)
			var b0 [64]byte
			k.f((*[16]uint32)(&s), &b0, dst, src)
			ref := s
			want := make([]byte, BlockSize+n)
			xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), src...))
			if !bytes.Equal(dst[:n], want[BlockSize:]) || !allEqual(dst[n:], wideRevCanary) {
				t.Fatalf("%s: %d bytes into %d: wrong output or written past src's length", k.name, n, n+extra)
			}
		}
	}
}

// TestHeadWideReviewXCrypto runs XORKeyStreamHeadWide on every
// implementation for every length from 0 to 1600 bytes and a few long ones
// (its part at most HeadWideMax, then XORKeyStream on the rest), against
// x/crypto's keystream from the same counter with block 0 first: random
// counters, and counters at which the last block is the keystream's last
// (or, for the shorter messages, where XORKeyStreamHeadWide's 24 blocks
// are); with -long, every length to 4200 bytes. The counter after the
// head must be past block 0 and the data's blocks, and after the rest past
// all of them.
func TestHeadWideReviewXCrypto(t *testing.T) {
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
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		for i, n := range lengths {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			blocks := 1 + (n+BlockSize-1)/BlockSize
			counter := rng.Uint32() >> 1
			if i%3 == 0 {
				counter = uint32(1<<32 - max(24, blocks))
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

// TestHeadWideReviewBlockOrder checks each block of the wide head's output
// on its own: with src all zeros, block j of dst (j = 1..23) must be
// x/crypto's keystream block at counter + j, and no block may equal
// another (a swapped pair of stores, or two lanes with one counter, would
// make the keystream's blocks appear at the wrong offsets or twice).
func TestHeadWideReviewBlockOrder(t *testing.T) {
	if !haveAVX512 {
		t.Skip("the CPU does not run the AVX-512 kernels")
	}
	defer UseImplementation("avx512")()
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

// TestHeadWideReviewFrames checks in chacha20_amd64.s that the wide head
// kernels have no frame and touch no stack slot: their arguments come from
// FP only, so that a NOSPLIT kernel cannot write below the goroutine's
// stack.
func TestHeadWideReviewFrames(t *testing.T) {
	b, err := os.ReadFile("chacha20_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, k := range wideRevKernels {
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

// wideRevPlace fills page with fill and returns its last n bytes (atEnd)
// or its first n.
func wideRevPlace(page []byte, n int, atEnd bool, fill byte) []byte {
	for i := range page {
		page[i] = fill
	}
	if atEnd {
		return page[len(page)-n:]
	}
	return page[:n:n]
}

// wideRevAround reports whether page, outside the n bytes wideRevPlace
// returned, still holds wideRevCanary.
func wideRevAround(page []byte, n int, atEnd bool) bool {
	if atEnd {
		return allEqual(page[:len(page)-n], wideRevCanary)
	}
	return allEqual(page[n:], wideRevCanary)
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

// firstDiff returns the first index at which a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
