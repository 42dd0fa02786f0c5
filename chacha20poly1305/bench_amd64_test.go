//go:build !purego

package chacha20poly1305

import (
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// BenchmarkSetsSizes measures Seal and Open, 13 bytes of additional data,
// at the lengths the two-set kernels take (sealSets and openSets), on the
// default path ("carry"), on the AVX2 short kernels ("avx2"), and
// x/crypto's ("x-crypto").
func BenchmarkSetsSizes(b *testing.B) {
	for _, op := range []string{"seal", "open"} {
		for _, size := range []int{193, 256, 320, 384, 448} {
			for _, path := range []string{"carry", "avx2", "x-crypto"} {
				b.Run(op+"/"+strconv.Itoa(size)+"/"+path, func(b *testing.B) {
					if path == "avx2" {
						testutil.SelectImplementation(b, "chacha20poly1305", "avx2fused")
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

// BenchmarkSets4Sizes measures Seal and Open through the API, 13 bytes of
// additional data, at the lengths the four-set kernels take (sealSets4
// and openSets4, 705 to 960 bytes).
func BenchmarkSets4Sizes(b *testing.B) {
	for _, op := range []string{"seal", "open"} {
		for _, size := range []int{705, 768, 832, 896, 960} {
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

// avx2Path selects the path of CPUs without AVX-512 for the rest of b: the
// AVX2 kernels, chacha20's AVX2 code and poly1305's MULX loop.
func avx2Path(b *testing.B) {
	testutil.SelectImplementation(b, "chacha20poly1305", "avx2fused")
	testutil.SelectImplementation(b, "chacha20", "avx2")
	testutil.SelectImplementation(b, "poly1305", "mulx")
}

func BenchmarkSealAVX2Path(b *testing.B) {
	avx2Path(b)
	for _, size := range []int{64, 1350, 16384} {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			a, _ := New(make([]byte, KeySize))
			nonce := make([]byte, NonceSize)
			pt, ad := make([]byte, size), make([]byte, 13)
			dst := make([]byte, 0, size+Overhead)
			b.SetBytes(int64(size))
			for b.Loop() {
				a.Seal(dst, nonce, pt, ad)
			}
		})
	}
}

func BenchmarkOpenAVX2Path(b *testing.B) {
	avx2Path(b)
	for _, size := range []int{64, 1350, 16384} {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			a, _ := New(make([]byte, KeySize))
			nonce := make([]byte, NonceSize)
			ad := make([]byte, 13)
			sealed := a.Seal(nil, nonce, make([]byte, size), ad)
			dst := make([]byte, 0, size)
			b.SetBytes(int64(size))
			for b.Loop() {
				if _, err := a.Open(dst, nonce, sealed, ad); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAVX2PathPieces measures the pieces of the AVX2 path on their
// own: the keystream of block 0 and the data, and the MAC of 13 bytes of
// additional data, the ciphertext and the lengths.
func BenchmarkAVX2PathPieces(b *testing.B) {
	avx2Path(b)
	for _, size := range []int{64, 1350, 16384} {
		b.Run("chacha20/"+strconv.Itoa(size), func(b *testing.B) {
			var s chacha20.State
			var key [KeySize]byte
			var nonce [NonceSize]byte
			buf := make([]byte, size+64)
			for b.Loop() {
				s.Init(&key, &nonce, 0).XORKeyStream(buf, buf)
			}
		})
		b.Run("poly1305/"+strconv.Itoa(size), func(b *testing.B) {
			var mac poly1305.MAC
			var key [32]byte
			var tag [16]byte
			ad, ct := make([]byte, 13), make([]byte, size)
			for b.Loop() {
				mac.Init(&key)
				authenticate(&mac, &tag, ad, ct)
			}
		})
	}
}

// BenchmarkAVX2PathSizes puts Seal on the AVX2 path beside x/crypto's at
// the sizes around the paths' bounds.
func BenchmarkAVX2PathSizes(b *testing.B) {
	for _, size := range []int{0, 16, 64, 100, 128, 192, 193, 256, 320, 448, 512, 640, 960, 1024, 2048, 4096} {
		for _, impl := range benchImpls {
			b.Run(strconv.Itoa(size)+"/"+impl.name, func(b *testing.B) {
				if impl.name == "carry" {
					avx2Path(b)
				}
				a, _ := impl.new(make([]byte, KeySize))
				nonce := make([]byte, NonceSize)
				pt, ad := make([]byte, size), make([]byte, 13)
				dst := make([]byte, 0, size+Overhead)
				for b.Loop() {
					a.Seal(dst, nonce, pt, ad)
				}
			})
		}
	}
}

// BenchmarkAVX2Chunked measures Seal and Open on the AVX2 chunk kernel at
// the long sizes of bench_test.go (13 bytes of additional data), to put
// beside BenchmarkSealAVX2Path's and x/crypto's rows.
func BenchmarkAVX2Chunked(b *testing.B) {
	testutil.SelectImplementation(b, "chacha20poly1305", "avx2fused")
	for _, size := range []int{1350, 8192, 16384} {
		var key [KeySize]byte
		var nonce [NonceSize]byte
		var tag [Overhead]byte
		buf, ad := make([]byte, size), make([]byte, 13)
		b.Run("seal/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				sealKernel(pathAVX2Chunks, &key, &nonce, buf, buf, ad, &tag)
			}
		})
		sealKernel(pathAVX2Chunks, &key, &nonce, buf, buf, ad, &tag)
		out := make([]byte, size)
		b.Run("open/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				if !openKernel(pathAVX2Chunks, &key, &nonce, out, buf, ad, &tag) {
					b.Fatal("open failed")
				}
			}
		})
	}
}
