package poly1305

import "math/bits"

// to64 returns the accumulator h, in limbs of 44, 44 and 42 bits within
// blocksGeneric's bounds (h0 < 2^51, h1 < 2^44, h2 < 2^42), as three 64-bit
// words w0 + 2^64 w1 + 2^128 w2 of the same value, for the assembly.
// w2 <= 4.
func to64(h *[3]uint64) [3]uint64 {
	w0, c := bits.Add64(h[0], h[1]<<44, 0)
	w1, c := bits.Add64(h[1]>>20|h[2]<<24, 0, c)
	w2 := h[2]>>40 + c
	return [3]uint64{w0, w1, w2}
}

// from64 sets h to the value w0 + 2^64 w1 + 2^128 w2, w2 <= 4, in limbs of
// 44, 44 and 42 bits within blocksGeneric's bounds: what is above 2^130 is
// folded back in as 5 per unit, so h0 < 2^44 + 20.
func from64(h *[3]uint64, w *[3]uint64) {
	h0 := w[0] & mask44
	h1 := (w[0]>>44 | w[1]<<20) & mask44
	h2 := w[1]>>24 | w[2]<<40
	h[0] = h0 + (h2>>42)*5
	h[1] = h1
	h[2] = h2 & mask42
}
