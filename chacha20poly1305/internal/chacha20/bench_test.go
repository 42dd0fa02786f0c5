package chacha20

import (
	"strconv"
	"testing"

	xchacha20 "golang.org/x/crypto/chacha20"
)

var benchSizes = []int{64, 256, 1350, 16384}

func BenchmarkXORKeyStream(b *testing.B) {
	benchXORKeyStream(b, benchSizes)
}

// benchXORKeyStream runs State.XORKeyStream, in place, at each of sizes, with
// the implementation in use.
func benchXORKeyStream(b *testing.B, sizes []int) {
	for _, size := range sizes {
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

func BenchmarkXCrypto(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			key, nonce := make([]byte, KeySize), make([]byte, NonceSize)
			buf := make([]byte, size)
			b.SetBytes(int64(size))
			for b.Loop() {
				c, _ := xchacha20.NewUnauthenticatedCipher(key, nonce)
				c.SetCounter(1)
				c.XORKeyStream(buf, buf)
			}
		})
	}
}

func BenchmarkPortable(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			var s State
			buf := make([]byte, size)
			b.SetBytes(int64(size))
			for b.Loop() {
				xorKeyStreamGeneric(s.Init(&key, &nonce, 1), buf, buf)
			}
		})
	}
}
