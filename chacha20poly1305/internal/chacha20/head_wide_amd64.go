//go:build !purego

package chacha20

// xorKeyStreamHeadWide is XORKeyStreamHeadWide where the CPU has AVX-512 on
// chacha24HeadAVX512 (the sixteen-block kernel and two woven sets of four
// blocks) for 16 to 23 blocks after block 0, and on the generic two passes
// otherwise: up to 15 blocks, which the AEAD's set kernels take, or without
// AVX-512.
func xorKeyStreamHeadWide(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	if !useAVX512 || len(src) <= HeadSize {
		xorKeyStreamHeadWideGeneric(s, block0, dst, src)
		return
	}
	chacha24HeadAVX512((*[16]uint32)(s), block0, dst, src)
	s[12] += uint32(1 + (len(src)+BlockSize-1)/BlockSize)
}
