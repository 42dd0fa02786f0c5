//go:build amd64 && !purego && linux

package chacha20poly1305

// A second reader's tests of the AVX-512 long path's wide kernels: the
// wide head (chacha20's XORKeyStreamHeadWide: chacha16HeadMaskedAVX512,
// chacha20HeadAVX512, chacha24HeadAVX512) under sealLong, openLong and
// openInPlace, and xorChunkPartMAC (chunks_amd64.s) under chunked. Every
// buffer against an unmapped page at every length sealLong and openLong
// take up to four chunks and a part, and xorChunkPartMAC's at every length
// it takes; Seal and Open against x/crypto at every length from 449 to
// 2100 bytes in every arrangement of their output (fresh, appended, in
// place, over the tag), with the dispatch as shipped and with the AVX2
// kernels off (so that the wide head takes 449 to 496 bytes too), and at
// the dispatch's thresholds with every length of additional data from 0 to
// 40 and a few long ones; forgeries refused with the output zeroed; the
// largest r and all-ones blocks through the MAC beside each kernel after
// the chunks (xorTailMAC, xorTail8MAC, xorChunkPartMAC); the new
// kernels' frames; and ctAuditAsm (review_sets_test.go) pointed at them.

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// wideRevModes runs f with the dispatch as shipped (the fused functions
// and the AVX2 kernels on), then with the AVX2 kernels off (the wide head
// from 449 bytes), then with the AVX2 kernels off and chacha20's portable
// code under the wide head (XORKeyStreamHeadWide's generic two passes).
func wideRevModes(t *testing.T, f func(t *testing.T)) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	t.Run("shipped", func(t *testing.T) {
		defer useFusedImplementation(true)()
		f(t)
	})
	t.Run("noAVX2", func(t *testing.T) {
		defer useFusedImplementation(true)()
		useAVX2Fused = false
		f(t)
	})
	t.Run("noAVX2+portable", func(t *testing.T) {
		defer useFusedImplementation(true)()
		useAVX2Fused = false
		defer chacha20.UseImplementation("portable")()
		f(t)
	})
}

// wideRevThresholds returns the lengths at and around each bound of the
// wide path's dispatch: the sets kernels' end and avx2MidMax (448/449,
// 496/497), the masked head's end (960/961), the woven sets' (1216/1217,
// 1472/1473), the chunks' start (1983/1984), and after one to three whole
// chunks 1024k + 960 +- 64 and the bounds of the kernels after them:
// xorTailMAC's six and seven groups (1 to 63, 64 to 256 bytes), xorTail8MAC
// (257 to 512) and xorChunkPartMAC (partMin, 513, to 1023).
func wideRevThresholds() []int {
	ls := []int{449, 450, 495, 496, 497, 498, 511, 512, 513, 895, 896, 897, 958, 959, 960, 961, 962,
		1023, 1024, 1025, 1215, 1216, 1217, 1279, 1280, 1281, 1471, 1472, 1473, 1474, 1982, 1983, 1984, 1985}
	for k := 1; k <= 3; k++ {
		for _, d := range []int{-65, -64, -63, -1, 0, 1, 2, 62, 63, 64, 65, 127, 128, 129, 255, 256, 257, 384, 511, 512, 513, 514, 575, 576, 577, 1022, 1023} {
			ls = append(ls, chacha20.HeadSize+1024*k+d)
		}
	}
	return ls
}

// TestWideReviewEveryLength runs reviewCase (review_long_test.go: Seal
// fresh, appended and in place, Open fresh, appended, in place and over the
// tag, against x/crypto, and a forgery refused with its output zeroed) at
// every length from 449 to 2100 bytes in each of the twelve combinations
// of its arrangements, additional data of 0 to 40 bytes in turn (with
// -long, every one of them at every length), every fifth length as
// XChaCha20-Poly1305, in each of wideRevModes.
func TestWideReviewEveryLength(t *testing.T) {
	wideRevModes(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		top := 2100
		if testing.Short() {
			top = 1100
		}
		for n := 449; n <= top; n++ {
			v, a, x := reviewAEADs(rng, n)
			for mode := range 12 {
				adLens := []int{(n + 7*mode) % 41}
				if *long {
					adLens = nil
					for adLen := mode; adLen <= 40; adLen += 12 {
						adLens = append(adLens, adLen)
					}
				}
				for _, adLen := range adLens {
					reviewCase(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), randBytes(rng, adLen), mode)
				}
			}
		}
	})
}

// TestWideReviewThresholds runs reviewCase at each length of
// wideRevThresholds with every length of additional data from 0 to 40 and
// 127, 128, 129, 255, 1000 and 4097 (past groups.plan's 128 bytes, and
// longer than the message), each arrangement in turn, in each of
// wideRevModes.
func TestWideReviewThresholds(t *testing.T) {
	wideRevModes(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		key := randBytes(rng, KeySize)
		a, _ := New(key)
		x, _ := xaead.New(key)
		adLens := []int{127, 128, 129, 255, 1000, 4097}
		for adLen := range 41 {
			adLens = append(adLens, adLen)
		}
		i := 0
		for _, n := range wideRevThresholds() {
			for _, adLen := range adLens {
				i++
				reviewCase(t, rng, a, x, randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, adLen), i)
			}
		}
	})
}

// TestWideReviewOverTag opens into an output that starts k = 0 to 16 bytes
// into the tag (out overlaps the tag, not the ciphertext), at the wide
// path's thresholds, with the tag right and then with a bit of it flipped:
// the plaintext must be x/crypto's, and the forgery refused with the
// output zeroed (the tag must be read before the output is written).
func TestWideReviewOverTag(t *testing.T) {
	wideRevModes(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		key := randBytes(rng, KeySize)
		a, _ := New(key)
		x, _ := xaead.New(key)
		for i, n := range wideRevThresholds() {
			nonce, pt, ad := randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, i%41)
			sealed := x.Seal(nil, nonce, pt, ad)
			for k := 0; k <= Overhead; k++ {
				buf := make([]byte, 2*n+2*Overhead)
				copy(buf, sealed)
				got, err := a.Open(buf[n+k:n+k], nonce, buf[:n+Overhead], ad)
				if err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("length %d, output %d bytes into the tag: %v", n, k, err)
				}
				copy(buf, sealed)
				buf[n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
				for j := n + Overhead; j < len(buf); j++ {
					buf[j] = 0xa5
				}
				got, err = a.Open(buf[n+k:n+k], nonce, buf[:n+Overhead], ad)
				if err == nil || got != nil {
					t.Fatalf("length %d, output %d bytes into the tag: took a forged tag", n, k)
				}
				if !allZero(buf[n+k : 2*n+k]) {
					t.Fatalf("length %d, output %d bytes into the tag: a refused Open left its output unzeroed", n, k)
				}
			}
		}
	})
}

// TestWideReviewGuardPages runs sealLong and openLong with src, dst, ad,
// tag, key and nonce each against an unmapped page, after it and before
// it (guardPages, review_short_test.go), at every length from 0 to 4000
// bytes (the wide head's every length, the chunks, xorTailMAC and
// xorChunkPartMAC after one to three chunks), additional data of a length
// of guardADLens in turn (with -long, all of them), each in the dispatch as
// shipped: a byte read or written outside them would fault. The page
// around dst must be untouched, Open must give the plaintext and refuse a
// flipped tag bit with dst zeroed. Then Seal and Open in place (openInPlace
// up to 1983 bytes), the message at the end of its page.
func TestWideReviewGuardPages(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	defer useFusedImplementation(true)()
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
				c.checkSeal(t, "sealLong", sealLong)
				wideRevCheckOpen(t, rng, c)
			}
			wideRevInPlace(t, rng, pages, n, adLen)
		}
	}
}

// wideRevCheckOpen runs openLong on c with a flipped tag bit, then with the
// tag: the first must report false with dst zeroed, the second true with
// the plaintext; the rest of dst's page must be untouched.
func wideRevCheckOpen(t *testing.T, rng *rand.Rand, c *guardCase) {
	t.Helper()
	n := c.n
	copy(c.src, c.want[:n])
	copy(c.tag[:], c.want[n:])
	for i := range c.dst {
		c.dst[i] = guardCanary
	}
	bit := rng.IntN(128)
	c.tag[bit/8] ^= 1 << (bit % 8)
	if openLong(c.key, c.nonce, c.dst, c.src, c.ad, c.tag) {
		t.Fatalf("openLong: n %d, ad %d: accepted tag bit %d flipped", n, c.adLen, bit)
	}
	if !allZero(c.dst) || !allByte(c.around, guardCanary) {
		t.Fatalf("openLong: n %d, ad %d: refused, dst not zeroed or written around", n, c.adLen)
	}
	c.tag[bit/8] ^= 1 << (bit % 8)
	if !openLong(c.key, c.nonce, c.dst, c.src, c.ad, c.tag) || !bytes.Equal(c.dst, c.pt) {
		t.Fatalf("openLong: n %d, ad %d, at end %v: differs", n, c.adLen, c.atEnd)
	}
	if !allByte(c.around, guardCanary) || !bytes.Equal(c.src, c.want[:n]) {
		t.Fatalf("openLong: n %d, ad %d: wrote outside dst", n, c.adLen)
	}
}

// wideRevInPlace seals n bytes in place at the end of a guarded page and
// opens them in place (openInPlace where headWide takes the message,
// openLong's in-place sibling; openWith after it), refusing a flipped tag
// bit with the message zeroed.
func wideRevInPlace(t *testing.T, rng *rand.Rand, pages *guardPages, n, adLen int) {
	t.Helper()
	c := pages.place(rng, n, adLen, true)
	buf := c.src
	sealLong(c.key, c.nonce, buf, buf, c.ad, c.tag)
	if !bytes.Equal(buf, c.want[:n]) || !bytes.Equal(c.tag[:], c.want[n:]) {
		t.Fatalf("sealLong in place: n %d, ad %d: differs", n, adLen)
	}
	if _, wide := headWide(n); !wide || n <= shortHead-blockSize {
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

// TestWideReviewChunkPartGuarded calls xorChunkPartMAC directly at every
// length it takes (1 to 1024 bytes) with src and dst each at the end of a
// page followed by an unmapped one and at the start of one after an
// unmapped one, and in place, mac's 1024 bytes likewise, at counters whose
// sixteen blocks are the keystream's last and random ones, against the
// portable chacha20 and poly1305: the output must be the keystream XOR,
// the rest of dst's page untouched, src and the state unchanged, and the
// lanes, finished over more groups, must give the portable MAC's tag.
func TestWideReviewChunkPartGuarded(t *testing.T) {
	if !haveChunks {
		t.Skip("the CPU does not run the fused long-message kernel")
	}
	defer chacha20.UseImplementation("portable")()
	defer poly1305.UseImplementation("portable")()
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

			src, _ := shortRevPlace(pages[0], n, atEnd, 0)
			copy(src, pt)
			dst, around := shortRevPlace(pages[1], n, atEnd, guardCanary)
			if inPlace {
				dst = src
			}
			macIn, _ := shortRevPlace(pages[2], 1024, atEnd, 0)
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

			s.Init(key, nonce, counter)
			before := s
			var mac poly1305.MAC
			var lanes poly1305.Lanes
			mac.Init(polyKey)
			mac.StartLanes(&lanes)
			xorChunkPartMAC((*[16]uint32)(&s), dst, src, macIn, &lanes.H, &lanes.R8)
			mac.FinishLanes(&lanes, rest)
			mac.Sum(&gotTag)
			if !bytes.Equal(dst, want) {
				t.Fatalf("%d bytes, place %d, counter %#x: output differs", n, place, counter)
			}
			if !inPlace && (!allByte(around, guardCanary) || !bytes.Equal(src, pt)) {
				t.Fatalf("%d bytes, place %d: wrote outside dst", n, place)
			}
			if s != before {
				t.Fatalf("%d bytes: the state changed", n)
			}
			if gotTag != wantTag {
				t.Fatalf("%d bytes, place %d: tag %x, want %x", n, place, gotTag, wantTag)
			}
		}
	}
}

// wideRevFuncs are the new kernels' TEXT functions, with their files.
var wideRevFuncs = []struct{ file, name string }{
	{"internal/chacha20/chacha20_amd64.s", "chacha16HeadMaskedAVX512"},
	{"internal/chacha20/chacha20_amd64.s", "chacha20HeadAVX512"},
	{"internal/chacha20/chacha20_amd64.s", "chacha24HeadAVX512"},
	{"chunks_amd64.s", "xorChunkPartMAC"},
}

// wideRevText returns the TEXT function name of the assembly file, from
// its TEXT line to the next one.
func wideRevText(t *testing.T, file, name string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	i := strings.Index(src, "TEXT ·"+name+"(SB)")
	if i < 0 {
		t.Fatalf("%s has no TEXT %s", file, name)
	}
	body := src[i:]
	if j := strings.Index(body[1:], "\nTEXT "); j >= 0 {
		body = body[:j+1]
	}
	return body
}

// TestWideReviewConstantTimeAsm audits the new kernels with ctAuditAsm
// (review_sets_test.go): no branch but on public lengths and counts, no
// address or mask from secret data (the masks of the partial blocks come
// from the length alone), no division; and the whole of
// internal/chacha20/chacha20_amd64.s and chunks_amd64.s too. It first
// checks, in each new kernel, that the audit finds a mask made from the
// key, an address from the state, a branch on the keystream and a length
// replaced by a word of the source (every mask after it secret).
func TestWideReviewConstantTimeAsm(t *testing.T) {
	for _, f := range wideRevFuncs {
		body := wideRevText(t, f.file, f.name)
		// The first instruction loads s, the state's pointer; the line
		// after the TEXT line is where to insert.
		i := strings.Index(body, "\n") + 1
		if first, _, _ := strings.Cut(body[i:], "\n"); strings.Join(strings.Fields(first), " ") != "MOVQ s+0(FP), AX" {
			t.Fatalf("%s: does not start by loading s into AX", f.name)
		}
		i += strings.Index(body[i:], "\n") + 1
		for _, bad := range []struct{ insert, want string }{
			{"MOVQ 16(AX), R15; KMOVQ R15, K2; VMOVDQU8.Z (AX), K2, Z31\n", "under a secret mask K2"},
			{"MOVL 16(AX), R15; MOVQ (AX)(R15*1), R15\n", "address from a secret register R15"},
			{"VMOVQ X31, R15; TESTQ R15, R15; JZ wide_rev\nwide_rev:\n", "a branch on secret flags"},
		} {
			if ps := ctAuditAsm(body[:i] + bad.insert + body[i:]); len(ps) != 1 || !strings.Contains(ps[0], bad.want) {
				t.Fatalf("%s: %q inserted: the audit found %q, not %s alone", f.name, bad.insert, ps, bad.want)
			}
		}
		// The length from memory: every masked access after it is
		// under a secret mask.
		lenLoad := ""
		for _, l := range strings.Split(body, "\n") {
			if strings.Contains(l, "src_len+") {
				lenLoad = strings.TrimSpace(l)
			}
		}
		reg := lenLoad[strings.LastIndex(lenLoad, " ")+1:]
		bad := strings.Replace(body, lenLoad, "MOVQ 8(AX), "+reg, 1)
		ps := ctAuditAsm(bad)
		if len(ps) == 0 {
			t.Fatalf("%s: the length replaced by a word of the state: the audit found nothing", f.name)
		}
		for _, p := range ps {
			if !strings.Contains(p, "under a secret mask") && !strings.Contains(p, "a branch on secret flags") {
				t.Fatalf("%s: the length replaced by a word of the state: unexpected %q", f.name, p)
			}
		}
		if ps := ctAuditAsm(body); len(ps) > 0 {
			t.Fatalf("%s:\n%s", f.name, strings.Join(ps, "\n"))
		}
	}
	for _, file := range []string{"internal/chacha20/chacha20_amd64.s", "chunks_amd64.s"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if ps := ctAuditAsm(string(b)); len(ps) > 0 {
			t.Fatalf("%s:\n%s", file, strings.Join(ps, "\n"))
		}
	}
}

// TestWideReviewLargestRest runs Seal and Open against x/crypto on the
// largest Poly1305 blocks through the MAC beside each kernel after
// chunked's whole chunks (xorTailMAC's six or seven groups, xorTail8MAC's
// seven, xorChunkPartMAC's eight): a large r (reviewLargeR), all-ones
// additional data, and a plaintext chosen so that the ciphertext is all
// ones, at rests of 0 to 1023 bytes around each kernel's bounds after one
// to three whole chunks (where TestReviewLargest, which stops at 2600
// bytes, does not reach for the longer ones), with additional data that
// puts the chunks' MAC at each offset in its groups.
func TestWideReviewLargestRest(t *testing.T) {
	key := (*[KeySize]byte)(bytes.Repeat([]byte{0xff}, KeySize))
	nonce := reviewLargeR(t, key)
	a, _ := New(key[:])
	x, _ := xaead.New(key[:])
	for k := 1; k <= 3; k++ {
		for _, r := range []int{0, 1, 2, 15, 16, 17, 62, 63, 64, 65, 128, 255, 256, 257, 258, 300, 383, 384, 385, 511, 512, 513, 514, 527, 528, 529, 575, 576, 577, 640, 767, 768, 769, 895, 896, 897, 959, 960, 961, 1007, 1008, 1009, 1022, 1023} {
			n := chacha20.HeadSize + 1024*k + r
			ones := bytes.Repeat([]byte{0xff}, n)
			pt := x.Seal(nil, nonce, ones, nil)[:n]
			for _, adLen := range []int{0, 1, 16, 113, 128, 129} {
				ad := bytes.Repeat([]byte{0xff}, adLen)
				want := x.Seal(nil, nonce, pt, ad)
				if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
					t.Fatalf("length %d, ad %d: Seal with the largest r and blocks differs from x/crypto", n, adLen)
				}
				if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("length %d, ad %d: Open with the largest r and blocks: %v", n, adLen, err)
				}
			}
		}
	}
}

// TestWideReviewFrames checks that the new kernels have no frame and touch
// no stack slot (NOSPLIT with $0: a slot below SP would be another
// goroutine's memory or unmapped).
func TestWideReviewFrames(t *testing.T) {
	for _, f := range wideRevFuncs {
		body := wideRevText(t, f.file, f.name)
		line, _, _ := strings.Cut(body, "\n")
		if !strings.Contains(line, ", NOSPLIT, $0-") {
			t.Fatalf("%s: %q: not NOSPLIT with no frame", f.name, line)
		}
		if strings.Contains(body, "(SP)") {
			t.Fatalf("%s: uses the stack", f.name)
		}
	}
}
