package chacha20

// HeadWideMax is the most data XORKeyStreamHeadWide takes: the 23 blocks
// after block 0, which with it make the 24 blocks of its widest pass.
const HeadWideMax = 23 * BlockSize

// XORKeyStreamHeadWide is XORKeyStreamHead for any data up to
// HeadWideMax bytes: it sets block0 to the keystream block at the block
// counter, and dst[:len(src)] to src XOR the keystream blocks after it,
// and advances the counter past them (a final partial block included).
// Where the CPU has AVX-512 it is one pass: the sixteen-block kernel, its
// loads and stores masked for up to HeadSize bytes, and for more with one
// or two sets of four more blocks woven into its rounds, where
// XORKeyStreamHead and then XORKeyStream would wait for a second, short
// kernel's latency.
//
// dst must be at least as long as src, and either the same memory or not
// overlap it at all; block0 must overlap neither. XORKeyStreamHeadWide
// panics with an internal error if src is longer than HeadWideMax or dst
// shorter than src, or if the keystream has fewer than 24 blocks left; the
// overlaps are not checked (its callers, in chacha20poly1305, have checked
// them).
func (s *State) XORKeyStreamHeadWide(block0 *[BlockSize]byte, dst, src []byte) {
	if len(src) > HeadWideMax || len(dst) < len(src) {
		panic("carry/chacha20: internal error: XORKeyStreamHeadWide on a wrong length")
	}
	if uint64(s[12])+24 > 1<<32 {
		panic("carry/chacha20: internal error: block counter overflow")
	}
	xorKeyStreamHeadWide(s, block0, dst[:len(src)], src)
}

// xorKeyStreamHeadWideGeneric is XORKeyStreamHeadWide as two passes of
// xorKeyStream: block 0, then the data.
func xorKeyStreamHeadWideGeneric(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	clear(block0[:])
	xorKeyStream(s, block0[:], block0[:])
	xorKeyStream(s, dst, src)
}
