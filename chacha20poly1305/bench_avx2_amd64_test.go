//go:build !purego

package chacha20poly1305

import (
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// The AVX2 path's benchmarks measure Seal and Open as a CPU without AVX-512
// runs them (the AVX2 short kernels, ChaCha20 on AVX2 and Poly1305 on MULX)
// at the sizes of bench_test.go, and the pieces of the long path apart,
// whose sum Seal's time is compared with. x/crypto's rows are
// BenchmarkSeal's and BenchmarkOpen's.

// avx2Path selects the path of CPUs without AVX-512 for the benchmarks, and
// returns the function that restores the previous choice.
func avx2Path() func() {
	r1 := useAVX2FusedOnly()
	r2 := chacha20.UseImplementation("avx2")
	r3 := poly1305.UseImplementation("mulx")
	return func() { r3(); r2(); r1() }
}

func BenchmarkSealAVX2Path(b *testing.B) {
	defer avx2Path()()
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
	defer avx2Path()()
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
	defer avx2Path()()
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
					defer avx2Path()()
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
