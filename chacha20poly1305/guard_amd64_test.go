//go:build !purego && linux

package chacha20poly1305

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// placeInPage fills page with fill and returns n bytes of it at its end
// (atEnd) or its start, and the rest of the page.
func placeInPage(page []byte, n int, atEnd bool, fill byte) (b, rest []byte) {
	for i := range page {
		page[i] = fill
	}
	if atEnd {
		return page[len(page)-n:], page[:len(page)-n]
	}
	return page[:n:n], page[n:]
}

// guardCanary fills the page around dst in the guard-page tests, and dst
// before an Open.
const guardCanary = 0x5a

// guardADLens are the additional data lengths of the guard-page tests: 31
// to 33, then 0 to 17.
func guardADLens() []int {
	adLens := []int{31, 32, 33}
	for a := range 18 {
		adLens = append(adLens, a)
	}
	return adLens
}

// guardPages are six pages with unmapped neighbours
// (testutil.GuardedPages), for a kernel's src, dst, ad, tag, key and
// nonce; they are unmapped when the test ends.
type guardPages [6][]byte

func newGuardPages(t *testing.T) *guardPages {
	var pages guardPages
	for i := range pages {
		pages[i] = testutil.GuardedPages(t, 1)
	}
	return &pages
}

// A guardCase is one case of the guard-page tests: the kernel's buffers,
// each at the end (atEnd) or the start of its page, with src holding a
// random plaintext pt of n bytes, ad random additional data of adLen bytes,
// key and nonce random, and the rest of dst's page, around, guardCanary;
// want is x/crypto's sealed message.
type guardCase struct {
	n, adLen             int
	atEnd                bool
	key                  *[32]byte
	nonce                *[12]byte
	tag                  *[16]byte
	src, dst, around, ad []byte
	pt, want             []byte
}

// place returns a guardCase on the pages p.
func (p *guardPages) place(rng *rand.Rand, n, adLen int, atEnd bool) *guardCase {
	key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
	pt, adv := randBytes(rng, n), randBytes(rng, adLen)
	x, _ := xaead.New(key)
	c := &guardCase{n: n, adLen: adLen, atEnd: atEnd, pt: pt, want: x.Seal(nil, nonce, pt, adv)}

	kp, _ := placeInPage(p[4], KeySize, atEnd, 0)
	np, _ := placeInPage(p[5], NonceSize, atEnd, 0)
	copy(kp, key)
	copy(np, nonce)
	c.key, c.nonce = (*[32]byte)(kp), (*[12]byte)(np)
	c.src, _ = placeInPage(p[0], n, atEnd, 0)
	c.dst, c.around = placeInPage(p[1], n, atEnd, guardCanary)
	c.ad, _ = placeInPage(p[2], adLen, atEnd, 0)
	tag, _ := placeInPage(p[3], Overhead, atEnd, 0)
	c.tag = (*[16]byte)(tag)
	copy(c.src, pt)
	copy(c.ad, adv)
	return c
}

// checkSeal runs seal on c and fails t (naming name) unless dst and the tag
// are x/crypto's and the rest of dst's page is untouched.
func (c *guardCase) checkSeal(t *testing.T, name string, seal func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)) {
	t.Helper()
	n := c.n
	seal(c.key, c.nonce, c.dst, c.src, c.ad, c.tag)
	if !bytes.Equal(c.dst, c.want[:n]) || !bytes.Equal(c.tag[:], c.want[n:]) {
		t.Fatalf("%s: n %d, ad %d, at end %v: seal differs", name, n, c.adLen, c.atEnd)
	}
	if !allByte(c.around, guardCanary) {
		t.Fatalf("%s: n %d, ad %d: seal wrote outside dst", name, n, c.adLen)
	}
}

// checkOpen runs open on c, with src holding the ciphertext and dst filled
// with guardCanary, first with a random bit of the tag flipped, then with
// the tag, and fails t (naming name) unless the first reports 0 and writes
// nothing (writesOnForge: nothing outside dst), the second reports 1 and
// writes the plaintext, and the rest of dst's page is untouched.
func (c *guardCase) checkOpen(t *testing.T, rng *rand.Rand, name string, open func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int, writesOnForge bool) {
	t.Helper()
	n, dst, tag := c.n, c.dst, c.tag
	copy(c.src, c.want[:n])
	for i := range dst {
		dst[i] = guardCanary
	}
	copy(tag[:], c.want[n:])
	bit := rng.IntN(128)
	tag[bit/8] ^= 1 << (bit % 8)
	if open(c.key, c.nonce, dst, c.src, c.ad, tag) != 0 {
		t.Fatalf("%s: n %d, ad %d: open accepted tag bit %d flipped", name, n, c.adLen, bit)
	}
	if !writesOnForge && !allByte(dst, guardCanary) || !allByte(c.around, guardCanary) {
		t.Fatalf("%s: n %d, ad %d: refused open wrote to dst", name, n, c.adLen)
	}
	tag[bit/8] ^= 1 << (bit % 8)
	if open(c.key, c.nonce, dst, c.src, c.ad, tag) != 1 || !bytes.Equal(dst, c.pt) {
		t.Fatalf("%s: n %d, ad %d: open differs", name, n, c.adLen)
	}
	if !allByte(c.around, guardCanary) {
		t.Fatalf("%s: n %d, ad %d: open wrote outside dst", name, n, c.adLen)
	}
}

// TestShortGuardPages runs the kernels with src, dst, ad, tag,
// key and nonce each against an unmapped page, after it and before it, at
// every length they take and additional data of 0 to 17 (short: 16) and 31
// to 33 bytes: a byte read or written outside them would fault. It also
// checks that the page around dst is untouched and that Open with a wrong
// tag writes nothing.
func TestShortGuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	for _, k := range shortKernels {
		for n := 0; n <= k.max; n++ {
			for _, adLen := range guardADLens() {
				if adLen > k.adMax {
					continue
				}
				for _, atEnd := range []bool{true, false} {
					c := pages.place(rng, n, adLen, atEnd)
					c.checkSeal(t, k.name, k.seal)
					c.checkOpen(t, rng, k.name, k.open, false)
				}
			}
		}
	}
}

// TestSetsGuardPages runs the set kernels, two to four sets, with src,
// dst, ad, tag, key and nonce each against an unmapped page, after it and
// before it, at every length they take and additional data of 0 to 17, 31
// to 33, 47 to 49 and 255 to 257 bytes: a byte read or written outside
// them (a mask wrong by a byte, a whole-block load of the additional
// data's partial block, a block past the data, which the four-set
// kernels skip) would fault. The page around dst must be
// untouched and Open with a wrong tag must write nothing. Then Seal and
// Open in place, the message at either end of its page.
func TestSetsGuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	adLens := append(guardADLens(), 47, 48, 49, 255, 256, 257)
	for _, k := range setsKernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range adLens {
				for _, atEnd := range []bool{true, false} {
					c := pages.place(rng, n, adLen, atEnd)
					c.checkSeal(t, k.name, k.seal)
					c.checkOpen(t, rng, k.name, k.open, false)
				}
			}
			for _, atEnd := range []bool{true, false} {
				c := pages.place(rng, n, rng.IntN(40), atEnd)
				// In place: dst is src.
				k.seal(c.key, c.nonce, c.src, c.src, c.ad, c.tag)
				if !bytes.Equal(c.src, c.want[:n]) || !bytes.Equal(c.tag[:], c.want[n:]) {
					t.Fatalf("%s: n %d, ad %d, at end %v: seal in place differs", k.name, n, c.adLen, atEnd)
				}
				if k.open(c.key, c.nonce, c.src, c.src, c.ad, c.tag) != 1 || !bytes.Equal(c.src, c.pt) {
					t.Fatalf("%s: n %d, ad %d, at end %v: open in place differs", k.name, n, c.adLen, atEnd)
				}
			}
		}
	}
}

// TestAVX2GuardPages runs the AVX2 kernels with src, dst, ad,
// tag, key and nonce each against an unmapped page, after it and before
// it (guardPages), at every length they take
// and additional data of 0 to 17 and 31 to 33 bytes: a byte read or
// written outside them (AVX2 has no masked loads, so the kernels copy the
// data in pieces) would fault. It checks that the page around dst is
// untouched and that Open with a wrong tag writes nothing (the short
// kernels) or only dst (the long one).
func TestAVX2GuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	for _, k := range avx2Kernels() {
		for n := k.min; n <= min(k.max, avx2DirectTop); n++ {
			for i, adLen := range guardADLens() {
				if k.writesOnForge && i%5 != n%5 {
					// The long kernel's additional data is the short
					// ones': a fifth of the lengths each time.
					continue
				}
				for _, atEnd := range []bool{true, false} {
					c := pages.place(rng, n, adLen, atEnd)
					c.checkSeal(t, k.name, k.seal)
					c.checkOpen(t, rng, k.name, k.open, k.writesOnForge)
				}
			}
		}
	}
}

// TestAVX2ChunkedGuardPages runs the AVX2 chunk kernel with src, dst, ad,
// tag, key and nonce each against an unmapped page, after it and before
// it (guardedPage), at the lengths of avx2ChunkLens that fit in a page
// and additional data of 0 to 17 and 31 to 33 bytes (a few a length): a
// byte read or written outside them (the kernel copies the last partial
// chunk and the additional data's partial block in pieces) would fault.
// It checks that the page around dst is untouched.
func TestAVX2ChunkedGuardPages(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	adLens := guardADLens()
	pages := newGuardPages(t)
	i := 0
	for _, n := range avx2ChunkLens() {
		if n > len(pages[0]) {
			continue
		}
		for _, atEnd := range []bool{true, false} {
			adLen := adLens[i%len(adLens)]
			i++
			c := pages.place(rng, n, adLen, atEnd)
			c.checkSeal(t, "sealAVX2Chunks", func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) {
				sealKernel(choosePath(len(src), len(ad)), key, nonce, dst, src, ad, tag)
			})
			copy(c.src, c.want[:n])
			for j := range c.dst {
				c.dst[j] = guardCanary
			}
			if !openKernel(choosePath(n, adLen), c.key, c.nonce, c.dst, c.src, c.ad, c.tag) || !bytes.Equal(c.dst, c.pt) {
				t.Fatalf("n %d, ad %d: open differs", n, adLen)
			}
			if !allByte(c.around, guardCanary) {
				t.Fatalf("n %d, ad %d: open wrote outside dst", n, adLen)
			}
		}
	}
}

// TestLongGuardPages runs sealLong and openLong (on longPath's path) with
// src, dst, ad, tag, key and nonce each against an unmapped page, after it
// and before it (guardPages), at every length from 0 to 4000
// bytes (the wide head's every length, the chunks, xorTailMAC and
// xorChunkPartMAC after one to three chunks), additional data of a length
// of guardADLens in turn (with -long, all of them), each in the dispatch as
// shipped: a byte read or written outside them would fault. The page
// around dst must be untouched, Open must give the plaintext and refuse a
// flipped tag bit with dst zeroed. Then Seal and Open in place (openInPlace
// up to 1983 bytes), the message at the end of its page.
func TestLongGuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	all := guardADLens()
	for n := 0; n <= 4000; n++ {
		adLens := []int{all[n%len(all)]}
		if *long {
			adLens = all
		}
		for _, adLen := range adLens {
			for _, atEnd := range []bool{true, false} {
				c := pages.place(rng, n, adLen, atEnd)
				c.checkSeal(t, "sealLong", func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) {
					sealLong(longPath(n), key, nonce, dst, src, ad, tag)
				})
				checkOpenLong(t, rng, c)
			}
			checkLongInPlace(t, rng, pages, n, adLen)
		}
	}
}

// checkOpenLong runs openLong on c with a flipped tag bit, then with the
// tag: the first must report false with dst zeroed, the second true with
// the plaintext; the rest of dst's page must be untouched.
func checkOpenLong(t *testing.T, rng *rand.Rand, c *guardCase) {
	t.Helper()
	n := c.n
	copy(c.src, c.want[:n])
	copy(c.tag[:], c.want[n:])
	for i := range c.dst {
		c.dst[i] = guardCanary
	}
	bit := rng.IntN(128)
	c.tag[bit/8] ^= 1 << (bit % 8)
	if openLong(longPath(n), c.key, c.nonce, c.dst, c.src, c.ad, c.tag) {
		t.Fatalf("openLong: n %d, ad %d: accepted tag bit %d flipped", n, c.adLen, bit)
	}
	if !allZero(c.dst) || !allByte(c.around, guardCanary) {
		t.Fatalf("openLong: n %d, ad %d: refused, dst not zeroed or written around", n, c.adLen)
	}
	c.tag[bit/8] ^= 1 << (bit % 8)
	if !openLong(longPath(n), c.key, c.nonce, c.dst, c.src, c.ad, c.tag) || !bytes.Equal(c.dst, c.pt) {
		t.Fatalf("openLong: n %d, ad %d, at end %v: differs", n, c.adLen, c.atEnd)
	}
	if !allByte(c.around, guardCanary) || !bytes.Equal(c.src, c.want[:n]) {
		t.Fatalf("openLong: n %d, ad %d: wrote outside dst", n, c.adLen)
	}
}

// checkLongInPlace seals n bytes in place at the end of a guarded page and
// opens them in place (openInPlace on pathWide, openLong's in-place
// sibling; openWith on the other paths), refusing a flipped tag
// bit with the message zeroed.
func checkLongInPlace(t *testing.T, rng *rand.Rand, pages *guardPages, n, adLen int) {
	t.Helper()
	c := pages.place(rng, n, adLen, true)
	buf := c.src
	sealLong(longPath(n), c.key, c.nonce, buf, buf, c.ad, c.tag)
	if !bytes.Equal(buf, c.want[:n]) || !bytes.Equal(c.tag[:], c.want[n:]) {
		t.Fatalf("sealLong in place: n %d, ad %d: differs", n, adLen)
	}
	if longPath(n) != pathWide || n <= shortHead-blockSize {
		return
	}
	bit := rng.IntN(128)
	c.tag[bit/8] ^= 1 << (bit % 8)
	if openInPlace(c.key, c.nonce, buf, buf, c.ad, c.tag) || !allZero(buf) {
		t.Fatalf("openInPlace: n %d, ad %d: took a flipped tag bit or left the message", n, adLen)
	}
	c.tag[bit/8] ^= 1 << (bit % 8)
	copy(buf, c.want[:n])
	if !openInPlace(c.key, c.nonce, buf, buf, c.ad, c.tag) || !bytes.Equal(buf, c.pt) {
		t.Fatalf("openInPlace: n %d, ad %d: differs", n, adLen)
	}
}

// TestChunkPartGuardPages calls xorChunkPartMAC directly at every
// length it takes (1 to 1024 bytes) with src and dst each at the end of a
// page followed by an unmapped one and at the start of one after an
// unmapped one, and in place, mac's 1024 bytes likewise, at counters whose
// sixteen blocks are the keystream's last and random ones, against the
// portable chacha20 and poly1305: the output must be the keystream XOR,
// the rest of dst's page untouched, src and the state unchanged, and the
// lanes, finished over more groups, must give the portable MAC's tag.
func TestChunkPartGuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "chunks")
	testutil.SelectImplementation(t, "chacha20", "")
	testutil.SelectImplementation(t, "poly1305", "")
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	for n := 1; n <= 1024; n++ {
		for place := range 3 {
			atEnd, inPlace := place != 1, place == 2
			key := (*[KeySize]byte)(randBytes(rng, KeySize))
			nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
			polyKey := (*[poly1305.KeySize]byte)(edgeBytes(rng, poly1305.KeySize, n%3))
			counter := rng.Uint32() >> 1
			if n%2 == 0 {
				counter = 1<<32 - 16
			}
			pt := edgeBytes(rng, n, (n+1)%3)
			rest := edgeBytes(rng, 128*(1+n%3), (n+2)%3)

			src, _ := placeInPage(pages[0], n, atEnd, 0)
			copy(src, pt)
			dst, around := placeInPage(pages[1], n, atEnd, guardCanary)
			if inPlace {
				dst = src
			}
			macIn, _ := placeInPage(pages[2], 1024, atEnd, 0)
			copy(macIn, edgeBytes(rng, 1024, n%3))

			var s chacha20.State
			s.Init(key, nonce, counter)
			want := make([]byte, n)
			s.XORKeyStream(want, pt)
			var ref poly1305.MAC
			var wantTag, gotTag [poly1305.TagSize]byte
			ref.Init(polyKey)
			ref.Write(macIn)
			ref.Write(rest)
			ref.Sum(&wantTag)

			// The state at its page's end or start too: the kernel
			// reads its 16 words and nothing beside them.
			sb, _ := placeInPage(pages[3], 64, atEnd, 0)
			ps := (*chacha20.State)(unsafe.Pointer(&sb[0]))
			ps.Init(key, nonce, counter)
			before := *ps
			var mac poly1305.MAC
			var lanes poly1305.Lanes
			mac.Init(polyKey)
			mac.StartLanes(&lanes)
			xorChunkPartMAC((*[16]uint32)(ps), dst, src, macIn, &lanes.H, &lanes.R8)
			mac.FinishLanes(&lanes, rest)
			mac.Sum(&gotTag)
			if !bytes.Equal(dst, want) {
				t.Fatalf("%d bytes, place %d, counter %#x: output differs", n, place, counter)
			}
			if !inPlace && (!allByte(around, guardCanary) || !bytes.Equal(src, pt)) {
				t.Fatalf("%d bytes, place %d: wrote outside dst", n, place)
			}
			if *ps != before {
				t.Fatalf("%d bytes: the state changed", n)
			}
			if gotTag != wantTag {
				t.Fatalf("%d bytes, place %d: tag %x, want %x", n, place, gotTag, wantTag)
			}
		}
	}
}
