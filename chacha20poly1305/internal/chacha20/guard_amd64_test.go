//go:build !purego && linux

package chacha20

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAVX2GuardPages runs each AVX2 kernel with src, dst and the state
// each against an unmapped page, after it and before it, on one to three
// of its chunks, and XORKeyStream on the AVX2 path at every length from 1 to
// 2100 bytes (its tails through the keystream buffers) with src and dst
// ending against an unmapped page: a byte read or written outside them
// would fault.
func TestAVX2GuardPages(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20", "avx2")
	rng := testutil.Rand(t)
	srcMem := testutil.GuardedPages(t, 1)
	dstMem := testutil.GuardedPages(t, 1)
	stMem := testutil.GuardedPages(t, 1)
	stWords := unsafe.Slice((*uint32)(unsafe.Pointer(&stMem[0])), len(stMem)/4)
	var key [KeySize]byte
	var nonce [NonceSize]byte
	fill(rng.Uint64, key[:])
	fill(rng.Uint64, nonce[:])
	place := func(mem []byte, n int, atEnd bool) []byte {
		if atEnd {
			return mem[len(mem)-n:]
		}
		return mem[:n:n]
	}
	for _, k := range avx2Kernels {
		for chunks := 1; chunks <= 3; chunks++ {
			n := k.chunk * chunks
			if n > len(srcMem) {
				continue
			}
			for _, atEnd := range []bool{true, false} {
				var s State
				s.Init(&key, &nonce, rng.Uint32())
				src, dst := place(srcMem, n, atEnd), place(dstMem, n, !atEnd)
				fill(rng.Uint64, src)
				want := make([]byte, n)
				ref := s
				xorKeyStreamGeneric(&ref, want, src)
				st := (*[16]uint32)(stWords[:16])
				if atEnd {
					st = (*[16]uint32)(stWords[len(stWords)-16:])
				}
				*st = [16]uint32(s)
				k.f(st, dst, src)
				if !bytes.Equal(dst, want) {
					t.Fatalf("%s: %d chunks, src at end %v: differs from the portable code", k.name, chunks, atEnd)
				}
				if *st != [16]uint32(s) {
					t.Fatalf("%s: %d chunks: the state changed", k.name, chunks)
				}
			}
		}
	}
	for n := 1; n <= 2100; n++ {
		if n > len(srcMem) {
			break
		}
		var s State
		s.Init(&key, &nonce, rng.Uint32()>>1)
		src, dst := place(srcMem, n, true), place(dstMem, n, true)
		fill(rng.Uint64, src)
		want := make([]byte, n)
		ref := s
		xorKeyStreamGeneric(&ref, want, src)
		s.XORKeyStream(dst, src)
		if !bytes.Equal(dst, want) || s != ref {
			t.Fatalf("%d bytes against the page's end: differs from the portable code", n)
		}
	}
}

// TestHeadWideKernelsGuardPages calls each wide head kernel directly at
// every length it takes (with -long, twenty times over), with src, dst and
// block0 each at the end of a page followed by an unmapped one, then at
// the start of a page after an unmapped one, and in place (dst = src),
// against the portable code: block 0 and the data's keystream must match,
// the rest of dst's page and of block0's must be untouched, and the state
// must be left as it was. A mask wrong by a byte, a block past the data
// loaded or stored unmasked, would fault or leave a mark.
func TestHeadWideKernelsGuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20", "avx512")
	rng := testutil.Rand(t)
	var p headWidePages
	for _, b := range []*[]byte{&p.src, &p.dst, &p.b0} {
		*b = testutil.GuardedPages(t, 1)
	}
	for i := range trials(1) {
		for _, k := range headWideKernels {
			p.check(t, rng, k.name, k.f, k.lo, k.hi, i)
		}
	}
}

// headWidePages are the guarded pages of TestHeadWideKernelsGuardPages:
// src's, dst's and block0's.
type headWidePages struct{ src, dst, b0 []byte }

// check runs the kernel f, named name, at every length from lo to hi with
// counters of round i (headWideCounter) on the pages p, failing t as
// TestHeadWideKernelsGuardPages describes.
func (p *headWidePages) check(t *testing.T, rng *rand.Rand, name string, f func(s *[16]uint32, block0 *[64]byte, dst, src []byte), lo, hi, i int) {
	t.Helper()
	for n := lo; n <= hi; n++ {
		s := randState(rng)
		s.SetCounter(headWideCounter(rng, n+i))
		pt := make([]byte, n)
		fill(rng.Uint64, pt)
		ref := s
		want := make([]byte, BlockSize+n)
		xorKeyStreamGeneric(&ref, want, append(make([]byte, BlockSize), pt...))
		for place := range 3 {
			atEnd, inPlace := place != 1, place == 2
			src := placeInPage(p.src, n, atEnd, 0)
			copy(src, pt)
			dst := placeInPage(p.dst, n, atEnd, headCanary)
			if inPlace {
				dst = src
			}
			b0 := (*[64]byte)(placeInPage(p.b0, BlockSize, atEnd, headCanary))
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
			if !inPlace && !canaryAround(p.dst, n, atEnd) || !canaryAround(p.b0, BlockSize, atEnd) {
				t.Fatalf("%s: %d bytes, place %d: wrote outside dst or block0", name, n, place)
			}
			if !inPlace && !bytes.Equal(src, pt) {
				t.Fatalf("%s: %d bytes, place %d: wrote to src", name, n, place)
			}
		}
	}
}

// placeInPage fills page with fill and returns its last n bytes (atEnd)
// or its first n.
func placeInPage(page []byte, n int, atEnd bool, fill byte) []byte {
	for i := range page {
		page[i] = fill
	}
	if atEnd {
		return page[len(page)-n:]
	}
	return page[:n:n]
}

// canaryAround reports whether page, outside the n bytes placeInPage
// returned, still holds headCanary.
func canaryAround(page []byte, n int, atEnd bool) bool {
	if atEnd {
		return allEqual(page[:len(page)-n], headCanary)
	}
	return allEqual(page[n:], headCanary)
}
