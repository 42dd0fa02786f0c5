//go:build !purego && linux

package chacha20poly1305

import (
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/carry-crypto/carry/internal/testutil"
)

// These benchmarks measure the AVX-512 kernels, with seal's and open's
// page test (pageTail), against pages of each kind: a masked load or
// store whose masked-out bytes reach a page the process has not touched,
// an unmapped one, one it may not write (stores) or address 0 takes a
// microcode assist, some hundred cycles, on every call (see skipEmpty in
// _asm/fused_amd64_asm.go).
//
//	go test -run '^$' -bench 'Cliff/sets$/seal/^200$' ./chacha20poly1305/

// cliffKernel is one AVX-512 kernel's path and the lengths the benchmarks
// run it at.
type cliffKernel struct {
	name  string
	p     path
	sizes []int
}

// seal and open run the kernel as seal and open do.
func (k cliffKernel) seal(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) {
	if pageTail(dst, src) {
		sealBounced(k.p, key, nonce, dst, src, ad, tag)
	} else {
		sealKernel(k.p, key, nonce, dst, src, ad, tag)
	}
}

func (k cliffKernel) open(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int {
	ok := false
	if pageTail(dst, src) {
		ok = openBounced(k.p, key, nonce, dst, src, ad, tag)
	} else {
		ok = openKernel(k.p, key, nonce, dst, src, ad, tag)
	}
	if ok {
		return 1
	}
	return 0
}

var cliffKernels = []cliffKernel{
	{"short", pathShort, []int{1, 16, 33, 63, 64}},
	{"fused", pathFused, []int{65, 100, 128, 129, 150, 192}},
	{"sets", pathSets, []int{193, 200, 208, 250, 256, 300, 320, 400, 448}},
	{"sets3", pathSets3, []int{449, 470, 500, 512, 576, 600, 640, 704}},
	{"sets4", pathSets4, []int{705, 750, 768, 800, 896, 960}},
}

// A cliffLayout places a kernel's src, dst and ad (those named in only, or
// all if it is empty; the others against a touched page): each ends pad
// bytes before a page's end, pad 0, or (whole) so that its last block,
// whole, ends there (64-byte blocks for src and dst, 16 for ad); the next
// page is next (see cliffPage). heap is plain make.
type cliffLayout struct {
	name, next, only string
	whole, heap      bool
}

var cliffLayouts = []cliffLayout{
	{name: "heap", heap: true},
	{name: "end/touched", next: "touched"},
	{name: "end/untouched", next: "untouched"},
	{name: "end/unmapped", next: "unmapped"},
	{name: "end/readonly", next: "readonly"},
	{name: "whole/untouched", next: "untouched", whole: true},
	{name: "whole/unmapped", next: "unmapped", whole: true},
	{name: "src/untouched", next: "untouched", only: "src"},
	{name: "dst/untouched", next: "untouched", only: "dst"},
	{name: "ad/untouched", next: "untouched", only: "ad"},
}

// place returns n bytes for buffer which (src, dst or ad, whose blocks
// are of block bytes) as l says.
func (l cliffLayout) place(b *testing.B, which string, n, block int) []byte {
	if l.heap {
		return make([]byte, n)
	}
	next, pad := l.next, 0
	if l.only != "" && l.only != which {
		next = "touched"
	}
	if l.whole {
		pad = (block - n%block) % block
	}
	return cliffPage(b, next, n, pad)
}

// cliffPage returns n bytes ending pad bytes before the end of a fresh,
// touched page, whose next page is: touched (written), untouched (mapped,
// never touched), unmapped (PROT_NONE) or readonly (touched, then
// PROT_READ). The pages are unmapped when b ends.
func cliffPage(b *testing.B, next string, n, pad int) []byte {
	ps := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { syscall.Munmap(mem) })
	for i := range ps {
		mem[i] = 1
	}
	switch next {
	case "touched", "readonly":
		for i := ps; i < 2*ps; i++ {
			mem[i] = 1
		}
		if next == "readonly" {
			if err := syscall.Mprotect(mem[ps:], syscall.PROT_READ); err != nil {
				b.Fatal(err)
			}
		}
	case "unmapped":
		if err := syscall.Mprotect(mem[ps:], syscall.PROT_NONE); err != nil {
			b.Fatal(err)
		}
	case "untouched":
	default:
		b.Fatal("cliffPage: " + next)
	}
	return mem[ps-pad-n : ps-pad : ps-pad]
}

// BenchmarkCliff runs each AVX-512 kernel's Seal and Open, 13 bytes of
// additional data, with its buffers as each of cliffLayouts.
func BenchmarkCliff(b *testing.B) {
	testutil.RequireImplementation(b, "chacha20poly1305", "fused")
	const adLen = 13
	for _, k := range cliffKernels {
		for _, op := range []string{"seal", "open"} {
			for _, n := range k.sizes {
				for _, l := range cliffLayouts {
					b.Run(k.name+"/"+op+"/"+strconv.Itoa(n)+"/"+l.name, func(b *testing.B) {
						src, dst, ad := l.place(b, "src", n, 64), l.place(b, "dst", n, 64), l.place(b, "ad", adLen, 16)
						var key [32]byte
						var nonce [12]byte
						var tag [16]byte
						for i := range src {
							src[i] = byte(i)
						}
						if op == "seal" {
							for b.Loop() {
								k.seal(&key, &nonce, dst, src, ad, &tag)
							}
							return
						}
						k.seal(&key, &nonce, src, src, ad, &tag)
						for b.Loop() {
							if k.open(&key, &nonce, dst, src, ad, &tag) != 1 {
								b.Fatal("open refused the tag")
							}
						}
					})
				}
			}
		}
	}
}

// BenchmarkCliffMin reports, for each kernel's Seal and Open on heap
// buffers with 13 bytes of additional data, the fastest of 200 batches of
// 100 calls (min-ns/op), steadier than the mean on a shared machine: run
// it with -benchtime 1x.
func BenchmarkCliffMin(b *testing.B) {
	testutil.RequireImplementation(b, "chacha20poly1305", "fused")
	for _, k := range cliffKernels {
		for _, op := range []string{"seal", "open"} {
			for _, n := range k.sizes {
				b.Run(k.name+"/"+op+"/"+strconv.Itoa(n), func(b *testing.B) {
					var key [32]byte
					var nonce [12]byte
					var tag [16]byte
					src, dst, ad := make([]byte, n), make([]byte, n), make([]byte, 13)
					k.seal(&key, &nonce, src, src, ad, &tag)
					best := time.Duration(1 << 62)
					for b.Loop() {
						for range 200 {
							t := time.Now()
							for range 100 {
								if op == "seal" {
									k.seal(&key, &nonce, dst, dst, ad, &tag)
								} else if k.open(&key, &nonce, dst, src, ad, &tag) != 1 {
									b.Fatal("open refused the tag")
								}
							}
							best = min(best, time.Since(t))
						}
					}
					b.ReportMetric(float64(best.Nanoseconds())/100, "min-ns/op")
				})
			}
		}
	}
}

// BenchmarkCliffNil runs Seal with a nil (empty) plaintext or nil
// additional data: the kernels directly, and through the API.
func BenchmarkCliffNil(b *testing.B) {
	testutil.RequireImplementation(b, "chacha20poly1305", "fused")
	var key [32]byte
	var nonce [12]byte
	var tag [16]byte
	for _, c := range []struct {
		name   string
		seal   func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)
		n, adN int // -1: nil
	}{
		{"short/n32/adnil", shortSeal, 32, -1},
		{"short/n32/ad0", shortSeal, 32, 0},
		{"short/nil/ad13", shortSeal, -1, 13},
		{"short/n0/ad13", shortSeal, 0, 13},
		{"fused/n100/adnil", sealFused, 100, -1},
		{"fused/n100/ad0", sealFused, 100, 0},
		{"fused/nil/ad20", sealFused, -1, 20},
		{"fused/n0/ad20", sealFused, 0, 20},
		{"sets/n256/adnil", sealSets, 256, -1},
		{"sets/n256/ad0", sealSets, 256, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			var src, dst, ad []byte
			if c.n >= 0 {
				src, dst = make([]byte, c.n), make([]byte, c.n)
			}
			if c.adN >= 0 {
				ad = make([]byte, c.adN)
			}
			for b.Loop() {
				c.seal(&key, &nonce, dst, src, ad, &tag)
			}
		})
	}
	a, _ := New(key[:])
	for _, c := range []struct {
		name   string
		n, adN int // -1: nil
	}{{"api/nil/ad13", -1, 13}, {"api/nil/ad20", -1, 20}, {"api/n32/adnil", 32, -1}, {"api/n100/adnil", 100, -1}} {
		b.Run(c.name, func(b *testing.B) {
			var pt, ad []byte
			if c.n >= 0 {
				pt = make([]byte, c.n)
			}
			if c.adN >= 0 {
				ad = make([]byte, c.adN)
			}
			dst := make([]byte, 0, 256)
			for b.Loop() {
				a.Seal(dst, nonce[:], pt, ad)
			}
		})
	}
}
