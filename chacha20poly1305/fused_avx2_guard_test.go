//go:build amd64 && !purego && linux

package chacha20poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
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
	pages := newGuardPages(t)
	for _, k := range avx2Kernels {
		for n := k.min; n <= k.max; n++ {
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
