//go:build !purego

package chacha20

// xorKeyStreamHeadWide is XORKeyStreamHeadWide where the CPU has AVX-512 on
// chacha20HeadAVX512 (the sixteen-block kernel and one woven set of four
// blocks) for 16 to 19 blocks after block 0 and chacha24HeadAVX512 (two
// sets) for more, and on the generic two passes otherwise: up to 15 blocks,
// which the AEAD's set kernels take, or without AVX-512.
func xorKeyStreamHeadWide(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	switch {
	case !useAVX512 || len(src) <= HeadSize:
		xorKeyStreamHeadWideGeneric(s, block0, dst, src)
		return
	case len(src) <= HeadSize+4*BlockSize:
		chacha20HeadAVX512((*[16]uint32)(s), block0, dst, src)
	default:
		chacha24HeadAVX512((*[16]uint32)(s), block0, dst, src)
	}
	s[12] += uint32(1 + (len(src)+BlockSize-1)/BlockSize)
}
