//go:build !purego

package chacha20

// xorKeyStreamHeadWide is XORKeyStreamHeadWide where the CPU has AVX-512 on
// chacha16HeadMaskedAVX512 for up to 15 blocks after block 0,
// chacha20HeadAVX512 (one woven set of four blocks) for up to 19 and
// chacha24HeadAVX512 (two sets) for more, and on the generic two passes
// otherwise.
func xorKeyStreamHeadWide(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	switch {
	case !useAVX512:
		xorKeyStreamHeadWideGeneric(s, block0, dst, src)
		return
	case len(src) <= HeadSize:
		chacha16HeadMaskedAVX512((*[16]uint32)(s), block0, dst, src)
	case len(src) <= HeadSize+4*BlockSize:
		chacha20HeadAVX512((*[16]uint32)(s), block0, dst, src)
	default:
		chacha24HeadAVX512((*[16]uint32)(s), block0, dst, src)
	}
	s[12] += uint32(1 + (len(src)+BlockSize-1)/BlockSize)
}
