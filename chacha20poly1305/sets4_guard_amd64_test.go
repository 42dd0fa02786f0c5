//go:build !purego && linux

package chacha20poly1305

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// These tests of the four- and five-set kernels need the guard pages
// (review_short_test.go) or helpers of the linux-only review tests.

// TestSets4PoisonedStack runs the kernels (rvCheckRandom,
// review_avx2_test.go) at every length they take, with two lengths of
// additional data of rvAVX2ADLens in turn (all of them with -long), each
// call on a stack poisoned with a random non-zero byte and then with 0xff:
// a byte of the stack buffer read before it is written (the ciphertext's
// zero padding, the additional data's partial block's, the lengths block,
// or a block past the data, which the kernels skip) would change the tag
// or the output.
func TestSets4PoisonedStack(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, k := range sets4Kernels {
		rk := rvAVX2Kernel{name: k.name, seal: k.seal, open: k.open, lens: rvSpan(k.min, k.max)}
		for i, n := range rk.lens {
			for _, adLen := range rvADFor(i) {
				for _, poison := range []byte{byte(1 + rng.IntN(255)), 0xff} {
					rvCheckRandom(t, rng, rk, n, adLen, poison)
				}
			}
		}
	}
}

// TestSets4OpenOverlap calls openSets4 and openSets5 with the ciphertext
// and its tag at a fixed place in a buffer and the output at every offset
// of sets3RevShifts (review_sets3_test.go: before the ciphertext, over it
// by a few bytes and by whole blocks, over the tag, just past it): with
// the right tag the output must be the plaintext and the buffer outside it
// untouched; with a flipped tag bit the whole buffer must be unchanged.
func TestSets4OpenOverlap(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	const base = 256
	for _, n := range []int{705, 720, 767, 768, 769, 896, 959, 960, 961, 1024, 1151, 1215, 1216} {
		k := sets4KernelFor(n)
		key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
		pt, ad := randBytes(rng, n), randBytes(rng, rng.IntN(40))
		x, _ := xaead.New(key)
		sealed := x.Seal(nil, nonce, pt, ad)
		buf := make([]byte, base+2*n+1024)
		shifts := append(sets3RevShifts(n), 704, 768, 960)
		for _, d := range shifts {
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
				ok := k.open((*[32]byte)(key), (*[12]byte)(nonce), dst, ct, ad, tag)
				if forge {
					if ok != 0 || !bytes.Equal(buf, before) {
						t.Fatalf("%s: n %d, output at %d: forged tag: ok %d, buffer changed %v", k.name, n, d, ok, !bytes.Equal(buf, before))
					}
					continue
				}
				if ok != 1 || !bytes.Equal(buf[base+d:base+d+n], pt) {
					t.Fatalf("%s: n %d, output at %d: ok %d, plaintext differs", k.name, n, d, ok)
				}
				if !bytes.Equal(buf[:base+d], before[:base+d]) || !bytes.Equal(buf[base+d+n:], before[base+d+n:]) {
					t.Fatalf("%s: n %d, output at %d: bytes outside the output written", k.name, n, d)
				}
			}
		}
	}
}

// TestSets4ConstantTimeAsmCovers checks that the taint audit of
// sets_amd64.s (ctAuditAsm, review_sets_test.go, which
// TestSetsReviewConstantTimeAsm runs over the whole file) sees the four-
// and five-set kernels' secrets: an address made from the low word of
// each one's first Poly1305 product is found.
func TestSets4ConstantTimeAsmCovers(t *testing.T) {
	b, err := os.ReadFile("sets_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, fn := range []string{"sealSets4", "openSets4", "sealSets5", "openSets5"} {
		i := strings.Index(src, "TEXT ·"+fn+"(SB)")
		if i < 0 {
			t.Fatalf("sets_amd64.s has no %s", fn)
		}
		j := strings.Index(src[i:], "MULXQ ")
		if j < 0 {
			t.Fatalf("%s has no MULXQ", fn)
		}
		j += i
		end := j + strings.IndexByte(src[j:], '\n')
		lo := strings.Split(strings.TrimSpace(src[j+len("MULXQ "):end]), ", ")[1]
		bad := src[:end+1] + "\tMOVQ (SP)(" + lo + "*1), " + lo + "\n" + src[end+1:]
		if ps := ctAuditAsm(bad); len(ps) != 1 || !strings.Contains(ps[0], "address from a secret register "+lo) {
			t.Errorf("%s: an address from the product in %s: the audit found %q", fn, lo, ps)
		}
	}
}
