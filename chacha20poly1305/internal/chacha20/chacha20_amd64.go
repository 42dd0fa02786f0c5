//go:build !purego

package chacha20

import (
	"crypto/subtle"

	"github.com/carry-crypto/carry/internal/impl"
)

// useAVX512 and useAVX2 select the assembly (implAVX512, implAVX2), where
// the CPU has its features: AVX-512 first.
var useAVX512, useAVX2 bool

func init() {
	impl.Register(implAVX512, &useAVX512)
	impl.Register(implAVX2, &useAVX2)
}

func xorKeyStream(s *State, dst, src []byte) {
	switch {
	case useAVX512:
		xorKeyStreamAVX512(s, dst, src)
	case useAVX2:
		xorKeyStreamAVX2(s, dst, src)
	default:
		xorKeyStreamGeneric(s, dst, src)
	}
}

// xorKeyStreamHead is XORKeyStreamHead on the sixteen-block kernel where
// the CPU has AVX-512, and on xorKeyStream otherwise.
func xorKeyStreamHead(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	if !useAVX512 {
		xorKeyStreamHeadGeneric(s, block0, dst, src)
		return
	}
	chacha16HeadAVX512((*[16]uint32)(s), block0, dst, src)
	s[12] += 16
}

// xorKeyStreamAVX512 runs the AVX-512 kernels on pieces of src: whole
// 1024-byte chunks on the sixteen-block vertical kernel, then up to 512
// bytes at a time on the eight-block horizontal one.
func xorKeyStreamAVX512(s *State, dst, src []byte) {
	for len(src) > 0 {
		var n int
		if len(src) >= 1024 {
			n = len(src) &^ 1023
			chacha16AVX512((*[16]uint32)(s), dst[:n], src[:n])
		} else {
			n = min(len(src), 512)
			chacha8AVX512((*[16]uint32)(s), dst[:n], src[:n])
		}
		s[12] += uint32((n + BlockSize - 1) / BlockSize)
		dst, src = dst[n:], src[n:]
	}
}

// xorKeyStreamAVX2 runs the AVX2 kernel on whole 512-byte chunks (eight
// blocks, vertical), and on the rest of more than 128 bytes through a
// keystream buffer (AVX2 has no byte-masked loads and stores); 128 bytes or
// fewer are left to the generic code, which is faster there.
func xorKeyStreamAVX2(s *State, dst, src []byte) {
	if n := len(src) &^ 511; n > 0 {
		chacha8AVX2((*[16]uint32)(s), dst[:n], src[:n])
		s[12] += uint32(n / BlockSize)
		dst, src = dst[n:], src[n:]
	}
	if len(src) <= 2*BlockSize {
		xorKeyStreamGeneric(s, dst, src)
		return
	}
	var ks [512]byte
	chacha8AVX2((*[16]uint32)(s), ks[:], ks[:])
	subtle.XORBytes(dst, src, ks[:])
	s[12] += uint32((len(src) + BlockSize - 1) / BlockSize)
}
