//go:build !purego

package nistec

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedBingcdAsmIsCurrent regenerates bingcd_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedBingcdAsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-curve", "bingcd", "-out", "../bingcd_amd64.s", "-stubs", "../bingcd_amd64.go", "-pkg", "nistec"},
		"bingcd_amd64.s", "bingcd_amd64.go")
}

// TestBinGCDDispatch runs the dispatch of each inversion on each
// implementation (the assembly where useADX is on, the Go otherwise) and
// checks that it gives the Go's words.
func TestBinGCDDispatch(t *testing.T) {
	testutil.EachImplementation(t, "nistec", func(t *testing.T) {
		for i := 0; i+1 < len(binGCDs); i += 2 {
			dispatch, generic := binGCDs[i], binGCDs[i+1]
			for _, y := range interestingValues(t, dispatch.m, dispatch.words, 20) {
				yw := limbsOf(y, dispatch.words)
				want := make([]uint64, dispatch.words)
				generic.f(want, yw)
				got := make([]uint64, dispatch.words)
				dispatch.f(got, yw)
				for j := range got {
					if got[j] != want[j] {
						t.Fatalf("%sBinGCD(%x) with useADX = %v: %x, want %x", dispatch.name, y, useADX, got, want)
					}
				}
			}
		}
	})
}
