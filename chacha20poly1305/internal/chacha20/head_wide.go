package chacha20

// HeadWideMax is the most data XORKeyStreamHeadWide takes: the 23 blocks
// after block 0, which with it make the 24 blocks of its widest pass.
const HeadWideMax = 23 * BlockSize

// XORKeyStreamHeadWide is XORKeyStreamHead for longer data, HeadSize <
// len(src) <= HeadWideMax: it sets block0 to the keystream block at the
// block counter, and dst[:len(src)] to src XOR the keystream blocks after
// it, and advances the counter past them (a final partial block included).
// Where the CPU has AVX-512 it is one pass: the sixteen-block kernel with
// one or two sets of four more blocks woven into its rounds, where
// XORKeyStreamHead and then XORKeyStream would wait for a second, short
// kernel's latency.
//
// dst must be at least as long as src, and either the same memory or not
// overlap it at all; block0 must overlap neither. XORKeyStreamHeadWide
// panics with an internal error otherwise, or if the keystream has fewer
// than 24 blocks left.
func (s *State) XORKeyStreamHeadWide(block0 *[BlockSize]byte, dst, src []byte) {
	if len(src) <= HeadSize || len(src) > HeadWideMax || len(dst) < len(src) {
		panic("chacha20: internal error: XORKeyStreamHeadWide on a wrong length")
	}
	if uint64(s[12])+24 > 1<<32 {
		panic("chacha20: internal error: block counter overflow")
	}
	xorKeyStreamHeadWide(s, block0, dst[:len(src)], src)
}

// xorKeyStreamHeadWideGeneric is XORKeyStreamHeadWide as XORKeyStreamHead's
// pass, then XORKeyStream's for the rest.
func xorKeyStreamHeadWideGeneric(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	xorKeyStreamHead(s, block0, dst[:HeadSize], src[:HeadSize])
	xorKeyStream(s, dst[HeadSize:], src[HeadSize:])
}
