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
// bytes at a time on the eight-block horizontal one, and the last 256 bytes
// or fewer on the four-block one, which has the shortest latency.
func xorKeyStreamAVX512(s *State, dst, src []byte) {
	for len(src) > 0 {
		var n int
		switch {
		case len(src) >= 1024:
			n = len(src) &^ 1023
			chacha16AVX512((*[16]uint32)(s), dst[:n], src[:n])
		case len(src) > 256:
			n = min(len(src), 512)
			chacha8AVX512((*[16]uint32)(s), dst[:n], src[:n])
		default:
			n = len(src)
			chacha4AVX512((*[16]uint32)(s), dst[:n], src)
		}
		s[12] += uint32((n + BlockSize - 1) / BlockSize)
		dst, src = dst[n:], src[n:]
	}
}

// xorKeyStreamAVX2 runs the AVX2 kernels: whole 512-byte chunks on the
// eight-block vertical kernel, and the rest through a keystream buffer (AVX2
// has no byte-masked loads and stores) on the kernel that computes it
// soonest: 385 to 511 bytes on the eight-block kernel, 129 to 384 on the
// six-block horizontal one, and 128 or fewer on the two-block kernel,
// whose latency is the shortest.
func xorKeyStreamAVX2(s *State, dst, src []byte) {
	if n := len(src) &^ 511; n > 0 {
		chacha8AVX2((*[16]uint32)(s), dst[:n], src[:n])
		s[12] += uint32(n / BlockSize)
		dst, src = dst[n:], src[n:]
	}
	switch {
	case len(src) > 384:
		var ks [512]byte
		chacha8AVX2((*[16]uint32)(s), ks[:], ks[:])
		subtle.XORBytes(dst, src, ks[:])
	case len(src) > 128:
		var ks [384]byte
		chacha6AVX2((*[16]uint32)(s), ks[:], ks[:])
		subtle.XORBytes(dst, src, ks[:])
	case len(src) > 0:
		var ks [128]byte
		chacha2AVX2((*[16]uint32)(s), ks[:], ks[:])
		subtle.XORBytes(dst, src, ks[:])
	}
	s[12] += uint32((len(src) + BlockSize - 1) / BlockSize)
}
