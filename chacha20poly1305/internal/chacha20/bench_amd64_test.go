//go:build !purego

package chacha20

import (
	"strconv"
	"testing"
)

// avx2BenchSizes are BenchmarkAVX2's sizes: those of BenchmarkXORKeyStream
// and the boundaries of the AVX2 kernels' chunks.
var avx2BenchSizes = []int{64, 256, 512, 1350, 8192, 16384}

func BenchmarkAVX2(b *testing.B) {
	if !haveAVX2 {
		b.Skip("the CPU has no AVX2")
	}
	defer UseImplementation("avx2")()
	for _, size := range avx2BenchSizes {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			var s State
			buf := make([]byte, size)
			b.SetBytes(int64(size))
			for b.Loop() {
				s.Init(&key, &nonce, 1).XORKeyStream(buf, buf)
			}
		})
	}
}
