package poly1305

import (
	"strconv"
	"testing"

	xpoly1305 "golang.org/x/crypto/poly1305" //lint:ignore SA1019 the deprecated package is x/crypto's only public Poly1305, used as an oracle
)

var benchSizes = []int{64, 256, 1350, 16384}

func BenchmarkSum(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			var key [KeySize]byte
			key[0] = 1
			msg := make([]byte, size)
			var tag [TagSize]byte
			b.SetBytes(int64(size))
			for b.Loop() {
				Sum(&tag, msg, &key)
			}
		})
	}
}

func BenchmarkXCrypto(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			var key [KeySize]byte
			key[0] = 1
			msg := make([]byte, size)
			var tag [TagSize]byte
			b.SetBytes(int64(size))
			for b.Loop() {
				xpoly1305.Sum(&tag, msg, &key)
			}
		})
	}
}
