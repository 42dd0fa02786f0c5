//go:build !purego

package chacha20

import "testing"

func BenchmarkAVX2(b *testing.B) {
	if !haveAVX2 {
		b.Skip("the CPU has no AVX2")
	}
	defer UseImplementation("avx2")()
	BenchmarkXORKeyStream(b)
}
