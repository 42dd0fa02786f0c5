//go:build !purego && linux

package chacha20poly1305

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"syscall"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// A pageRegion is one page of canaries between an unmapped page and
// a page that is unmapped (after "unmapped"), mapped and never written
// (after "untouched", checked to stay zero) or read-only.
type pageRegion struct {
	mem     []byte
	ps      int
	after   string
	canary  []byte
	scratch []byte
}

func newPageRegion(t *testing.T, rng *rand.Rand, after string, readOnly bool) *pageRegion {
	t.Helper()
	ps := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:ps], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	if after == "unmapped" {
		if err := syscall.Mprotect(mem[2*ps:], syscall.PROT_NONE); err != nil {
			t.Fatal(err)
		}
	}
	r := &pageRegion{mem: mem, ps: ps, after: after, canary: make([]byte, ps)}
	for i := range r.canary {
		r.canary[i] = byte(rng.Uint32())
	}
	r.reset()
	if readOnly {
		if err := syscall.Mprotect(mem[ps:2*ps], syscall.PROT_READ); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// reset writes the canaries back.
func (r *pageRegion) reset() { copy(r.mem[r.ps:2*r.ps], r.canary) }

// end returns n bytes ending e bytes before the page's end.
func (r *pageRegion) end(n, e int) []byte {
	p := 2*r.ps - e
	return r.mem[p-n : p : p]
}

// start returns n bytes starting e bytes after the page's start.
func (r *pageRegion) start(n, e int) []byte {
	p := r.ps + e
	return r.mem[p : p+n : p+n]
}

// intact reports whether every byte of the page outside the slices of it
// in keep holds its canary, and the untouched page after it is zero.
func (r *pageRegion) intact(keep ...[]byte) bool {
	page := r.mem[r.ps : 2*r.ps]
	want := append(r.scratch[:0], r.canary...)
	for _, b := range keep {
		if len(b) > 0 && uintptrOf(b) >= uintptrOf(page) && uintptrOf(b) < uintptrOf(page)+uintptr(len(page)) {
			lo := int(uintptrOf(b) - uintptrOf(page))
			copy(want[lo:], b)
		}
	}
	r.scratch = want
	if !bytes.Equal(page, want) {
		return false
	}
	if r.after == "untouched" {
		for _, c := range r.mem[2*r.ps:] {
			if c != 0 {
				return false
			}
		}
	}
	return true
}

// catchFault runs f and reports a memory fault in it as an error.
func catchFault(f func()) (err error) {
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("fault: %v", e)
		}
	}()
	f()
	return nil
}

// pageLayout places src, dst and ad: "end" (ending e bytes before a
// page's end, the next unmapped or untouched), "start" (at a page's start
// after an unmapped page); dst "same" is src (in place); ad "before" ends
// where src starts.
type pageLayout struct{ src, dst, ad string }

var pageLayouts = []pageLayout{
	{"end", "end", "end"},
	{"start", "end", "start"},
	{"end", "start", "end"},
	{"end", "same", "before"},
	{"start", "same", "end"},
	{"end", "end", "start"},
}

// pageArena holds the regions of one run: src, dst and ad's, and a
// read-only one.
type pageArena struct {
	src, dst, ad, ro *pageRegion
}

func newPageArena(t *testing.T, rng *rand.Rand, after string) *pageArena {
	return &pageArena{
		src: newPageRegion(t, rng, after, false),
		dst: newPageRegion(t, rng, after, false),
		ad:  newPageRegion(t, rng, after, false),
		ro:  newPageRegion(t, rng, after, true),
	}
}

// pageCase is one message: its key, nonce, plaintext, additional data
// and x/crypto's sealed output.
type pageCase struct {
	key        [32]byte
	nonce      [12]byte
	pt, ad, ct []byte
}

func newPageCase(t *testing.T, rng *rand.Rand, n, adLen int) *pageCase {
	c := &pageCase{pt: make([]byte, n), ad: make([]byte, adLen)}
	for _, b := range [][]byte{c.key[:], c.nonce[:], c.pt, c.ad} {
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
	}
	x, err := xaead.New(c.key[:])
	if err != nil {
		t.Fatal(err)
	}
	c.ct = x.Seal(nil, c.nonce[:], c.pt, c.ad)
	return c
}

// run checks kernel k on c in layout l with the data's end e bytes before
// its page's end (or e bytes after a page's start, for "start") and ad's
// eAD: Seal, Open with the right tag, and Open with a wrong one (also into
// a read-only dst at the same place).
func (a *pageArena) run(t *testing.T, k kernel, c *pageCase, l pageLayout, e, eAD int) {
	t.Helper()
	n := len(c.pt)
	place := func(r *pageRegion, where string, size, off int) []byte {
		if where == "start" {
			return r.start(size, off)
		}
		return r.end(size, off)
	}
	where := fmt.Sprintf("%s n=%d ad=%d layout=%v e=%d eAD=%d after=%s", k.name, n, len(c.ad), l, e, eAD, a.src.after)
	for _, op := range []string{"seal", "open", "wrong", "wrong/ro"} {
		a.src.reset()
		a.dst.reset()
		a.ad.reset()
		src := place(a.src, l.src, n, e)
		var ad []byte
		if l.ad == "before" {
			p := len(a.src.mem) - a.src.ps - e - n
			ad = a.src.mem[p-len(c.ad) : p : p]
		} else {
			ad = place(a.ad, l.ad, len(c.ad), eAD)
		}
		copy(ad, c.ad)
		in := c.pt
		if op != "seal" {
			in = c.ct[:n]
		}
		copy(src, in)
		dst, dstRegion := src, a.src
		switch {
		case op == "wrong/ro":
			dst, dstRegion = place(a.ro, l.src, n, e), a.ro
			if l.dst == "start" || l.dst == "end" {
				dst = place(a.ro, l.dst, n, e)
			}
		case l.dst != "same":
			dst, dstRegion = place(a.dst, l.dst, n, e), a.dst
		}
		var tag [16]byte
		copy(tag[:], c.ct[n:])
		if op == "wrong" || op == "wrong/ro" {
			tag[n%16] ^= 1 << (n % 8)
		}
		// The bytes dst must hold after the call, and its region's page
		// around dst.
		var want []byte
		switch op {
		case "seal":
			want = c.ct[:n]
		case "open":
			want = c.pt
		default:
			want = append([]byte(nil), dst...)
		}
		var ok int
		err := catchFault(func() {
			if op == "seal" {
				k.seal(&c.key, &c.nonce, dst, src, ad, &tag)
			} else {
				ok = k.open(&c.key, &c.nonce, dst, src, ad, &tag)
			}
		})
		if err != nil {
			t.Fatalf("%s %s: %v", where, op, err)
		}
		switch {
		case op == "seal" && !bytes.Equal(tag[:], c.ct[n:]):
			t.Fatalf("%s seal: tag %x, x/crypto %x", where, tag, c.ct[n:])
		case op == "open" && ok != 1:
			t.Fatalf("%s open: the right tag refused", where)
		case (op == "wrong" || op == "wrong/ro") && ok != 0:
			t.Fatalf("%s %s: a wrong tag accepted", where, op)
		}
		if !bytes.Equal(dst, want) {
			t.Fatalf("%s %s: dst %x, want %x", where, op, dst, want)
		}
		if !dstRegion.intact(dst, src, ad) {
			t.Fatalf("%s %s: a byte around dst changed", where, op)
		}
		if !bytes.Equal(ad, c.ad) {
			t.Fatalf("%s %s: ad changed", where, op)
		}
		if dstRegion != a.src && !bytes.Equal(src, in) {
			t.Fatalf("%s %s: src changed", where, op)
		}
	}
}

// sampleRange returns the values lo..hi, all of them under -long, or
// the edges lo, lo+1, hi-1, hi, those around each multiple of step and
// count random others.
func sampleRange(rng *rand.Rand, lo, hi, step, count int) []int {
	if *long {
		var all []int
		for v := lo; v <= hi; v++ {
			all = append(all, v)
		}
		return all
	}
	seen := map[int]bool{}
	var vs []int
	add := func(v int) {
		if v >= lo && v <= hi && !seen[v] {
			seen[v] = true
			vs = append(vs, v)
		}
	}
	for _, v := range []int{lo, lo + 1, hi - 1, hi} {
		add(v)
	}
	for m := (lo / step) * step; m <= hi+1; m += step {
		add(m - 1)
		add(m)
		add(m + 1)
	}
	for range count {
		add(lo + rng.IntN(hi-lo+1))
	}
	return vs
}

// TestPageEndKernels runs every AVX-512 kernel directly at (sampled;
// every one with -long) lengths it takes, in every layout of
// pageLayouts, with the data's end 0 to 63 bytes (sampled) before a
// page's end followed by an unmapped page (and, for the first layout, an
// untouched one), with additional data of up to two blocks and a few
// lengths that end at its page's end or start at its start.
func TestPageEndKernels(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	arenas := map[string]*pageArena{
		"unmapped":  newPageArena(t, rng, "unmapped"),
		"untouched": newPageArena(t, rng, "untouched"),
	}
	cases := 0
	for _, k := range avx512Kernels() {
		adLens := []int{0, 1, 13, 15, 16, 17, 20, 31, 33}
		if k.name == "short" {
			adLens = []int{0, 1, 5, 13, 15, 16}
		}
		lens := sampleRange(rng, k.min, k.max, 64, 6)
		if k.name == "short" || k.name == "fused" {
			lens = sampleRange(rng, k.min, k.max, 16, 12)
		}
		for _, n := range lens {
			for _, adLen := range adLens {
				c := newPageCase(t, rng, n, adLen)
				for _, e := range sampleRange(rng, 0, 63, 16, 2) {
					eAD := rng.IntN(16)
					if e%2 == 0 {
						eAD = 0
					}
					for li, l := range pageLayouts {
						arenas["unmapped"].run(t, k, c, l, e, eAD)
						cases++
						if li == 0 {
							arenas["untouched"].run(t, k, c, l, e, eAD)
							cases++
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases, each Seal, Open, two wrong Opens", cases)
}

// TestPageEndShortWindow runs messages of 1 to 63 bytes (shorter than a
// block's window) through sealFused and openFused with more than 16 bytes
// of additional data, src at a page's start after an unmapped page and dst
// ending 0 to 63 bytes before an unmapped page, and the reverse; and
// additional data of 1 to 15 bytes (adTailBack's window starts before it)
// both at a page's start and ending 0 to 16 bytes before a page's end.
func TestPageEndShortWindow(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	a := newPageArena(t, rng, "unmapped")
	fused := kernelNamed(shortKernels, "fused")
	for n := 1; n < 64; n++ {
		c := newPageCase(t, rng, n, 17+rng.IntN(30))
		for e := range 64 {
			a.run(t, fused, c, pageLayout{"start", "end", "start"}, e, 0)
			a.run(t, fused, c, pageLayout{"end", "start", "end"}, e, 0)
		}
	}
	for _, k := range avx512Kernels() {
		for adLen := 1; adLen < 48; adLen++ {
			if adLen > k.adMax {
				break
			}
			for _, n := range []int{k.min, k.max, (k.min + k.max) / 2} {
				c := newPageCase(t, rng, n, adLen)
				for eAD := range 17 {
					a.run(t, k, c, pageLayout{"end", "end", "end"}, 0, eAD)
					a.run(t, k, c, pageLayout{"start", "end", "start"}, eAD, eAD)
				}
			}
		}
	}
}

// TestPageEndAPI runs Seal and Open of New at every length the
// AVX-512 kernels take (sampled; all with -long) with the output's end 0
// to 63 bytes (sampled) before an unmapped page: in place (Open's dst over
// the tag's ciphertext), apart, additional data adjacent before the data;
// a wrong tag must leave the output zeroed and the bytes around it as they
// were.
func TestPageEndAPI(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	r := newPageRegion(t, rng, "unmapped", false)
	o := newPageRegion(t, rng, "unmapped", false)
	for _, n := range sampleRange(rng, 0, sets4Max, 64, 40) {
		for _, adLen := range []int{0, 13, 16, 17, 40} {
			c := newPageCase(t, rng, n, adLen)
			aead, err := New(c.key[:])
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range sampleRange(rng, 0, 63, 32, 2) {
				where := fmt.Sprintf("n=%d ad=%d e=%d", n, adLen, e)
				for _, inPlace := range []bool{true, false} {
					r.reset()
					o.reset()
					// src's n+16 bytes end e bytes before the page's end, ad
					// just before them.
					buf := r.end(n+Overhead, e)
					p := 2*r.ps - e - n - Overhead
					ad := r.mem[p-adLen : p : p]
					copy(ad, c.ad)
					copy(buf, c.pt)
					dst, region := buf[:0], r
					if !inPlace {
						dst, region = o.end(n+Overhead, e)[:0], o
					}
					var out []byte
					if err := catchFault(func() { out = aead.Seal(dst, c.nonce[:], buf[:n], ad) }); err != nil {
						t.Fatalf("%s Seal: %v", where, err)
					}
					if !bytes.Equal(out, c.ct) || !region.intact(out, buf, ad) {
						t.Fatalf("%s in place %v: Seal %x, want %x (or the bytes around it changed)", where, inPlace, out, c.ct)
					}
					copy(buf, c.ct)
					odst := buf[:0]
					if !inPlace {
						o.reset()
						odst = o.end(n, e)[:0]
					}
					if err := catchFault(func() { out, err = aead.Open(odst, c.nonce[:], buf, ad) }); err != nil {
						t.Fatalf("%s Open: %v", where, err)
					}
					if err != nil || !bytes.Equal(out, c.pt) || !region.intact(out, buf, ad) {
						t.Fatalf("%s in place %v: Open %x, %v, want %x (or the bytes around it changed)", where, inPlace, out, err, c.pt)
					}
					copy(buf, c.ct)
					buf[n+n%Overhead] ^= 0x80
					if !inPlace {
						o.reset()
					}
					if err := catchFault(func() { out, err = aead.Open(odst, c.nonce[:], buf, ad) }); err != nil {
						t.Fatalf("%s Open wrong tag: %v", where, err)
					}
					written := odst[:n]
					if err == nil || out != nil || !bytes.Equal(written, make([]byte, n)) || !region.intact(written, buf, ad) {
						t.Fatalf("%s in place %v: Open with a wrong tag: %x, %v; output %x (or the bytes around it changed)", where, inPlace, out, err, written)
					}
					if !bytes.Equal(ad, c.ad) {
						t.Fatalf("%s: ad changed", where)
					}
				}
			}
		}
	}
}

// TestPageEndEmpty runs the kernels that take an empty message with
// dst, src and ad empty and based at a read-only page's end (the next
// page unmapped) and start, and nil: nothing is written, the tag is
// x/crypto's.
func TestPageEndEmpty(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	ro := newPageRegion(t, rng, "unmapped", true)
	for _, k := range shortKernels {
		for _, adLen := range []int{0, 1, 15, 16, 17, 33} {
			if adLen > k.adMax {
				continue
			}
			c := newPageCase(t, rng, 0, adLen)
			for _, base := range [][]byte{ro.end(0, 0), ro.start(0, 0), ro.end(0, 7), nil} {
				var ad []byte
				if adLen > 0 {
					ad = ro.end(adLen, 0)
					if !bytes.Equal(ad, ro.canary[ro.ps-adLen:]) {
						t.Fatal("read-only canaries changed")
					}
				}
				// ad's bytes are the canaries there: seal with those.
				x, _ := xaead.New(c.key[:])
				want := x.Seal(nil, c.nonce[:], nil, ad)
				var tag [16]byte
				if err := catchFault(func() { k.seal(&c.key, &c.nonce, base, base, ad, &tag) }); err != nil {
					t.Fatalf("%s ad=%d: Seal: %v", k.name, adLen, err)
				}
				if !bytes.Equal(tag[:], want) {
					t.Fatalf("%s ad=%d: tag %x, want %x", k.name, adLen, tag, want)
				}
				for _, flip := range []bool{false, true} {
					tag := [16]byte(want)
					if flip {
						tag[3] ^= 4
					}
					var ok int
					if err := catchFault(func() { ok = k.open(&c.key, &c.nonce, base, base, ad, &tag) }); err != nil {
						t.Fatalf("%s ad=%d: Open: %v", k.name, adLen, err)
					}
					if (ok == 1) == flip {
						t.Fatalf("%s ad=%d wrong tag %v: Open returned %d", k.name, adLen, flip, ok)
					}
				}
				if !ro.intact() {
					t.Fatal("read-only page changed")
				}
			}
		}
	}
}
