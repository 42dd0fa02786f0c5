//go:build !purego

package chacha20poly1305

import (
	"strconv"
	"testing"

	xaead "golang.org/x/crypto/chacha20poly1305"
)

// BenchmarkSetsSizes measures Seal and Open, 13 bytes of additional data,
// at the lengths the two-set kernels take (sealSets and openSets, through
// sealShort and openShort), on the default path ("carry"), on the AVX2
// short kernels, which took those lengths before them ("avx2"), and
// x/crypto's ("x-crypto").
func BenchmarkSetsSizes(b *testing.B) {
	for _, op := range []string{"seal", "open"} {
		for _, size := range []int{193, 256, 320, 384, 448} {
			for _, path := range []string{"carry", "avx2", "x-crypto"} {
				b.Run(op+"/"+strconv.Itoa(size)+"/"+path, func(b *testing.B) {
					if path == "avx2" {
						defer useAVX2FusedOnly()()
					}
					newAEAD := New
					if path == "x-crypto" {
						newAEAD = xaead.New
					}
					a, _ := newAEAD(make([]byte, KeySize))
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
}
