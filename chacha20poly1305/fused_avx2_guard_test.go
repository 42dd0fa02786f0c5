//go:build amd64 && !purego && linux

package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// TestAVX2FusedGuardPages runs the AVX2 kernels with src, dst, ad,
// tag, key and nonce each against an unmapped page, after it and before
// it (shortRevGuarded, review_short_test.go), at every length they take
// and additional data of 0 to 17 and 31 to 33 bytes: a byte read or
// written outside them (AVX2 has no masked loads, so the kernels copy the
// data in pieces) would fault. It checks that the page around dst is
// untouched and that Open with a wrong tag writes nothing (the short
// kernels) or only dst (the long one).
func TestAVX2FusedGuardPages(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 short kernels")
	}
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
	for _, k := range avx2Kernels {
		for n := k.min; n <= k.max; n++ {
			for i, adLen := range adLens {
				if k.writesOnForge && i%5 != n%5 {
					// The long kernel's additional data is the short
					// ones': a fifth of the lengths each time.
					continue
				}
				for _, atEnd := range []bool{true, false} {
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
					k.seal((*[32]byte)(kp), (*[12]byte)(np), dst, src, ad, (*[16]byte)(tag))
					if !bytes.Equal(dst, want[:n]) || !bytes.Equal(tag, want[n:]) {
						t.Fatalf("%s: n %d, ad %d, at end %v: seal differs", k.name, n, adLen, atEnd)
					}
					if !allByte(around, canary) {
						t.Fatalf("%s: n %d, ad %d: seal wrote outside dst", k.name, n, adLen)
					}

					copy(src, want[:n])
					for i := range dst {
						dst[i] = canary
					}
					copy(tag, want[n:])
					bit := rng.IntN(128)
					tag[bit/8] ^= 1 << (bit % 8)
					if k.open((*[32]byte)(kp), (*[12]byte)(np), dst, src, ad, (*[16]byte)(tag)) != 0 {
						t.Fatalf("%s: n %d, ad %d: open accepted tag bit %d flipped", k.name, n, adLen, bit)
					}
					if !k.writesOnForge && !allByte(dst, canary) || !allByte(around, canary) {
						t.Fatalf("%s: n %d, ad %d: refused open wrote to dst", k.name, n, adLen)
					}
					tag[bit/8] ^= 1 << (bit % 8)
					if k.open((*[32]byte)(kp), (*[12]byte)(np), dst, src, ad, (*[16]byte)(tag)) != 1 || !bytes.Equal(dst, pt) {
						t.Fatalf("%s: n %d, ad %d: open differs", k.name, n, adLen)
					}
					if !allByte(around, canary) {
						t.Fatalf("%s: n %d, ad %d: open wrote outside dst", k.name, n, adLen)
					}
				}
			}
		}
	}
}
