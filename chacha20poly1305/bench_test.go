package chacha20poly1305

import (
	"crypto/cipher"
	"strconv"
	"testing"

	xaead "golang.org/x/crypto/chacha20poly1305"
)

// The benchmarks put carry beside golang.org/x/crypto/chacha20poly1305 (on
// amd64 its AVX2 assembly) at the sizes TLS and QUIC records have: 64 bytes,
// a 1350-byte QUIC packet, and 8 and 16 KiB records; and at 256 and 1024
// bytes, which the set kernels take. dst has the capacity for the output,
// so nothing is allocated.

var benchSizes = []int{64, 256, 1024, 1350, 8192, 16384}

var benchImpls = []struct {
	name string
	new  func([]byte) (cipher.AEAD, error)
}{
	{"carry", New},
	{"x-crypto", xaead.New},
}

func BenchmarkSeal(b *testing.B) {
	for _, size := range benchSizes {
		for _, impl := range benchImpls {
			b.Run(strconv.Itoa(size)+"/"+impl.name, func(b *testing.B) {
				a, _ := impl.new(make([]byte, KeySize))
				nonce := make([]byte, NonceSize)
				pt, ad := make([]byte, size), make([]byte, 13)
				dst := make([]byte, 0, size+Overhead)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					a.Seal(dst, nonce, pt, ad)
				}
			})
		}
	}
}

func BenchmarkOpen(b *testing.B) {
	for _, size := range benchSizes {
		for _, impl := range benchImpls {
			b.Run(strconv.Itoa(size)+"/"+impl.name, func(b *testing.B) {
				a, _ := impl.new(make([]byte, KeySize))
				nonce := make([]byte, NonceSize)
				ad := make([]byte, 13)
				sealed := a.Seal(nil, nonce, make([]byte, size), ad)
				dst := make([]byte, 0, size)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := a.Open(dst, nonce, sealed, ad); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
