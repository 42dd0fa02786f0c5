package chacha20

import "encoding/binary"

// xorKeyStreamGeneric is XORKeyStream in portable Go, one block at a time:
// it sets dst = src XOR keystream, with len(dst) == len(src) > 0, and
// advances the counter. It is always compiled, so that the tests can compare
// it with the assembly.
//
// Of the first column round, the quarter rounds on columns 1, 2 and 3 do not
// read the block counter (word 12), so they are computed once for all the
// blocks of the call (3 of the 80 quarter rounds of a block).
func xorKeyStreamGeneric(s *State, dst, src []byte) {
	p1, p5, p9, p13 := quarterRound(s[1], s[5], s[9], s[13])
	p2, p6, p10, p14 := quarterRound(s[2], s[6], s[10], s[14])
	p3, p7, p11, p15 := quarterRound(s[3], s[7], s[11], s[15])

	for len(src) > 0 {
		// The rest of the first column round, then the first diagonal
		// round.
		x0, x4, x8, x12 := quarterRound(s[0], s[4], s[8], s[12])
		x0, x5, x10, x15 := quarterRound(x0, p5, p10, p15)
		x1, x6, x11, x12 := quarterRound(p1, p6, p11, x12)
		x2, x7, x8, x13 := quarterRound(p2, p7, x8, p13)
		x3, x4, x9, x14 := quarterRound(p3, x4, p9, p14)

		// The other nine double rounds.
		for range 9 {
			x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
			x1, x5, x9, x13 = quarterRound(x1, x5, x9, x13)
			x2, x6, x10, x14 = quarterRound(x2, x6, x10, x14)
			x3, x7, x11, x15 = quarterRound(x3, x7, x11, x15)
			x0, x5, x10, x15 = quarterRound(x0, x5, x10, x15)
			x1, x6, x11, x12 = quarterRound(x1, x6, x11, x12)
			x2, x7, x8, x13 = quarterRound(x2, x7, x8, x13)
			x3, x4, x9, x14 = quarterRound(x3, x4, x9, x14)
		}

		// The keystream block is the result plus the input state.
		x0 += s[0]
		x1 += s[1]
		x2 += s[2]
		x3 += s[3]
		x4 += s[4]
		x5 += s[5]
		x6 += s[6]
		x7 += s[7]
		x8 += s[8]
		x9 += s[9]
		x10 += s[10]
		x11 += s[11]
		x12 += s[12]
		x13 += s[13]
		x14 += s[14]
		x15 += s[15]
		s[12]++

		if len(src) < BlockSize {
			var ks [BlockSize]byte
			for i, x := range [16]uint32{x0, x1, x2, x3, x4, x5, x6, x7,
				x8, x9, x10, x11, x12, x13, x14, x15} {
				binary.LittleEndian.PutUint32(ks[4*i:], x)
			}
			for i := range src {
				dst[i] = src[i] ^ ks[i]
			}
			return
		}

		in, out := src[:BlockSize], dst[:BlockSize]
		xorWord(out, in, x0)
		xorWord(out[4:], in[4:], x1)
		xorWord(out[8:], in[8:], x2)
		xorWord(out[12:], in[12:], x3)
		xorWord(out[16:], in[16:], x4)
		xorWord(out[20:], in[20:], x5)
		xorWord(out[24:], in[24:], x6)
		xorWord(out[28:], in[28:], x7)
		xorWord(out[32:], in[32:], x8)
		xorWord(out[36:], in[36:], x9)
		xorWord(out[40:], in[40:], x10)
		xorWord(out[44:], in[44:], x11)
		xorWord(out[48:], in[48:], x12)
		xorWord(out[52:], in[52:], x13)
		xorWord(out[56:], in[56:], x14)
		xorWord(out[60:], in[60:], x15)
		src, dst = src[BlockSize:], dst[BlockSize:]
	}
}

// xorWord sets the little-endian word dst[0:4] to src[0:4] XOR k.
func xorWord(dst, src []byte, k uint32) {
	binary.LittleEndian.PutUint32(dst, binary.LittleEndian.Uint32(src)^k)
}
