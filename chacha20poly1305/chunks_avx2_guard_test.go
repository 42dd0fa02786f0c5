//go:build amd64 && !purego && linux

package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
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
			c.checkSeal(t, "sealAVX2Kernels", func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) {
				sealAVX2Kernels(key, nonce, dst, src, ad, tag)
			})
			copy(c.src, c.want[:n])
			for j := range c.dst {
				c.dst[j] = guardCanary
			}
			if _, ok := openAVX2Kernels(c.key, c.nonce, c.dst, c.src, c.ad, c.tag); !ok || !bytes.Equal(c.dst, c.pt) {
				t.Fatalf("n %d, ad %d: open differs", n, adLen)
			}
			if !allByte(c.around, guardCanary) {
				t.Fatalf("n %d, ad %d: open wrote outside dst", n, adLen)
			}
		}
	}
}
