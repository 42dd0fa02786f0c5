//go:build !purego

package chacha20

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// avx2BenchSizes are BenchmarkAVX2's sizes: those of BenchmarkXORKeyStream
// and the boundaries of the AVX2 kernels' chunks.
var avx2BenchSizes = []int{64, 256, 512, 1350, 8192, 16384}

func BenchmarkAVX2(b *testing.B) {
	testutil.SelectImplementation(b, "chacha20", "avx2")
	benchXORKeyStream(b, avx2BenchSizes)
}
