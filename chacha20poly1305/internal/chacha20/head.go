package chacha20

// HeadSize is the data XORKeyStreamHead takes: the 15 blocks after block 0,
// which with it fill the sixteen-block kernel once.
const HeadSize = 15 * BlockSize

// XORKeyStreamHead sets block0 to the keystream block at the block counter,
// and dst[:HeadSize] to src[:HeadSize] XOR the 15 keystream blocks after it,
// and advances the counter by 16. It is the start of an AEAD's message
// (RFC 8439, Section 2.8), whose block 0 is the one-time Poly1305 key and
// whose data starts at block 1, in one pass of the widest kernel, written
// where it goes.
//
// dst and src must be at least HeadSize bytes long, and either the same
// memory or not overlap at all; block0 must overlap neither. XORKeyStreamHead
// panics with an internal error if a length is short or the keystream has
// fewer than 16 blocks left; the overlaps are not checked (its callers, in
// chacha20poly1305, have checked them).
func (s *State) XORKeyStreamHead(block0 *[BlockSize]byte, dst, src []byte) {
	if len(src) < HeadSize || len(dst) < HeadSize {
		panic("carry/chacha20: internal error: head shorter than HeadSize")
	}
	if uint64(s[12])+16 > 1<<32 {
		panic("carry/chacha20: internal error: block counter overflow")
	}
	xorKeyStreamHead(s, block0, dst[:HeadSize], src[:HeadSize])
}

// xorKeyStreamHeadGeneric is XORKeyStreamHead on xorKeyStream: block 0 as
// the keystream XOR zeros, then the data.
func xorKeyStreamHeadGeneric(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	clear(block0[:])
	xorKeyStream(s, block0[:], block0[:])
	xorKeyStream(s, dst, src)
}
