//go:build !purego

package chacha20poly1305

import (
	"strconv"
	"testing"
)

// BenchmarkSets4Sizes measures Seal and Open through the API, 13 bytes of
// additional data, at the lengths the four- and five-set kernels take
// (sealSets4 and openSets4, 705 to 960 bytes; sealSets5 and openSets5, 961
// to 1216).
func BenchmarkSets4Sizes(b *testing.B) {
	for _, op := range []string{"seal", "open"} {
		for _, size := range []int{705, 768, 832, 896, 960, 961, 1024, 1088, 1152, 1216} {
			b.Run(op+"/"+strconv.Itoa(size), func(b *testing.B) {
				a, _ := New(make([]byte, KeySize))
				nonce := make([]byte, NonceSize)
				pt, ad := make([]byte, size), make([]byte, 13)
				sealed := a.Seal(nil, nonce, pt, ad)
				dst := make([]byte, 0, size+Overhead)
				b.ReportAllocs()
				if op == "seal" {
					for b.Loop() {
						a.Seal(dst, nonce, pt, ad)
					}
					return
				}
				for b.Loop() {
					if _, err := a.Open(dst, nonce, sealed, ad); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
