//go:build amd64 && !purego && linux

package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// TestAVX2ChunkedGuardPages runs the AVX2 chunk kernel with src, dst, ad,
// tag, key and nonce each against an unmapped page, after it and before
// it (shortRevGuarded), at the lengths of avx2ChunkLens that fit in a page
// and additional data of 0 to 17 and 31 to 33 bytes (a few a length): a
// byte read or written outside them (the kernel copies the last partial
// chunk and the additional data's partial block in pieces) would fault.
// It checks that the page around dst is untouched.
func TestAVX2ChunkedGuardPages(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 chunk kernels")
	}
	defer useAVX2FusedOnly()()
	rng := testutil.Rand(t)
	const canary = 0x5a
	adLens := []int{31, 32, 33}
	for a := range 18 {
		adLens = append(adLens, a)
	}
	var pages [6][]byte
	for i := range pages {
		page, free := shortRevGuarded(t)
		defer free()
		pages[i] = page
	}
	i := 0
	for _, n := range avx2ChunkLens() {
		if n > len(pages[0]) {
			continue
		}
		for _, atEnd := range []bool{true, false} {
			adLen := adLens[i%len(adLens)]
			i++
			key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
			pt, adv := randBytes(rng, n), randBytes(rng, adLen)
			x, _ := xaead.New(key)
			want := x.Seal(nil, nonce, pt, adv)

			kp, _ := shortRevPlace(pages[4], KeySize, atEnd, 0)
			np, _ := shortRevPlace(pages[5], NonceSize, atEnd, 0)
			copy(kp, key)
			copy(np, nonce)
			src, _ := shortRevPlace(pages[0], n, atEnd, 0)
			dst, around := shortRevPlace(pages[1], n, atEnd, canary)
			ad, _ := shortRevPlace(pages[2], adLen, atEnd, 0)
			tag, _ := shortRevPlace(pages[3], Overhead, atEnd, 0)
			copy(src, pt)
			copy(ad, adv)
			sealAVX2Kernels((*[32]byte)(kp), (*[12]byte)(np), dst, src, ad, (*[16]byte)(tag))
			if !bytes.Equal(dst, want[:n]) || !bytes.Equal(tag, want[n:]) {
				t.Fatalf("n %d, ad %d, at end %v: seal differs", n, adLen, atEnd)
			}
			if !allByte(around, canary) {
				t.Fatalf("n %d, ad %d: seal wrote outside dst", n, adLen)
			}
			copy(src, want[:n])
			for j := range dst {
				dst[j] = canary
			}
			if _, ok := openAVX2Kernels((*[32]byte)(kp), (*[12]byte)(np), dst, src, ad, (*[16]byte)(tag)); !ok || !bytes.Equal(dst, pt) {
				t.Fatalf("n %d, ad %d: open differs", n, adLen)
			}
			if !allByte(around, canary) {
				t.Fatalf("n %d, ad %d: open wrote outside dst", n, adLen)
			}
		}
	}
}
