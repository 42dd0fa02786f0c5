//go:build !purego && linux

package chacha20poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestSetsGuardPages runs the set kernels, two to five sets (setsKernels and
// sets4Kernels), with src, dst, ad, tag, key
// and nonce each against an unmapped page, after it and before it, at
// every length they take and additional data of 0 to 17 and 31 to 33
// bytes (guardPages, review_short_test.go): a byte read or written outside
// them would fault (the four- and five-set kernels skip their last set's
// blocks past the data, and mask the partial one). The page around dst
// must be untouched, and Open with a wrong tag must write nothing.
func TestSetsGuardPages(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	for _, k := range allSetsKernels() {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range guardADLens() {
				for _, atEnd := range []bool{true, false} {
					c := pages.place(rng, n, adLen, atEnd)
					c.checkSeal(t, k.name, k.seal)
					c.checkOpen(t, rng, k.name, k.open, false)
				}
			}
		}
	}
}

// TestSetsAdversarial runs the set kernels, two to five sets, on messages whose MAC
// blocks keep the accumulator's low words all ones after every block
// (shortRevAdversarial, review_short_test.go), under the largest r and a
// few random keys, at every length they take and additional data around
// one and two blocks: the MAC blocks stitched into the rounds and those
// after them go through the same polyMulAdd as the fused kernels', and
// the tags must equal the model's and x/crypto's.
func TestSetsAdversarial(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	keys := 2
	if *long {
		keys = 20
	}
	for _, p := range shortRevKeys(t, rng, keys) {
		ks := shortRevKeystream(t, p.key, p.nonce, sets5Max)
		for _, k := range allSetsKernels() {
			for n := k.min; n <= k.max; n++ {
				for _, adLen := range []int{0, 1, 15, 16, 17, 32, 48, 50} {
					shortRevCheckAdversarial(t, k.name, k.seal, k.open, p, ks, n, adLen)
				}
			}
		}
	}
}
