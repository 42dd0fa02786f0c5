//go:build !purego

package chacha20

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAVX2KeepsFramePointer calls chacha8AVX2, the one kernel with a frame,
// on one to three chunks, each call followed at once by the frame pointer
// probe of testutil.FramePointerProbe: a kernel that wrote a slot over its
// saved frame pointer would return with a wrong one, and the probe would
// fail the test. The keystream is checked by the kernel's other tests.
func TestAVX2KeepsFramePointer(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20", "avx2")
	rng := testutil.Rand(t)
	probe := testutil.FramePointerProbe(t)
	for chunks := 1; chunks <= 3; chunks++ {
		s := randState(rng)
		src := make([]byte, 512*chunks)
		dst := make([]byte, len(src))
		chacha8AVX2((*[16]uint32)(&s), dst, src)
		probe()
	}
}
