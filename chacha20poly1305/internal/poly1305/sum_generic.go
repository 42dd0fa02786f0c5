package poly1305

import (
	"encoding/binary"
	"math/bits"
)

// blocksGeneric is blocksMULX in portable Go, with the same contract: for
// each 16-byte block of p, whose length is a multiple of 16, it sets
// h = (h + block + hibit*2^128) * r mod 2^130 - 5, partially reduced.
// h is three 64-bit words, h = h0 + 2^64 h1 + 2^128 h2 with h2 <= 4, on
// entry and on return; r is r0, r1, s1 = r1 + r1>>2, 5 r0 and 5 r1 of a
// clamped r (MAC.r64). It is always compiled, so that the tests can
// compare it with the assembly.
//
// With y = h + block + hibit*2^128 (y2 <= 6) the product is taken in two
// columns of two words: the clamp leaves r1 a multiple of 4, so
// y1 r1 2^128 = y1 (r1/4) 2^130 = y1 s1 and y2 r1 2^192 = 2^64 y2 s1
// modulo p, and
//
//	col0 = y0 r0 + y1 s1
//	col1 = y0 r1 + y1 r0 + y2 s1
//	d    = col0 + 2^64 col1 + 2^128 y2 r0
//
// Bounds: r0, r1 < 2^60 and s1 < 2^60.33, so each product of y0 or y1 is
// below 2^124.33, y2 s1 and y2 r0 below 2^63: col0 < 2^125.33 and
// col1 < 2^125.1 fit two words, and d >> 128 < 2^61.1 + 6*2^60 + 1 <
// 2^63.2. What is at 2^130 and above, c = d >> 130, is worth 5c =
// (d >> 128 with its low two bits cleared) + c < 2^63.6, added to the low
// 130 bits: the carry out of the two low words is at most 1, so h2 <= 4.
func blocksGeneric(h *[3]uint64, r *[5]uint64, p []byte, hibit uint64) {
	h0, h1, h2 := h[0], h[1], h[2]
	r0, r1, s1 := r[0], r[1], r[2]

	for len(p) >= BlockSize {
		var c uint64
		h0, c = bits.Add64(h0, binary.LittleEndian.Uint64(p), 0)
		h1, c = bits.Add64(h1, binary.LittleEndian.Uint64(p[8:]), c)
		h2 += c + hibit
		p = p[BlockSize:]

		a1, a0 := bits.Mul64(h0, r0)
		t1, t0 := bits.Mul64(h1, s1)
		a0, c = bits.Add64(a0, t0, 0)
		a1 += t1 + c

		b1, b0 := bits.Mul64(h0, r1)
		t1, t0 = bits.Mul64(h1, r0)
		b0, c = bits.Add64(b0, t0, 0)
		b1 += t1 + c
		b0, c = bits.Add64(b0, h2*s1, 0)
		b1 += c

		h1, c = bits.Add64(b0, a1, 0)
		d2 := b1 + h2*r0 + c

		h0, c = bits.Add64(a0, d2&^3+d2>>2, 0)
		h1, c = bits.Add64(h1, 0, c)
		h2 = d2&3 + c
	}

	h[0], h[1], h[2] = h0, h1, h2
}

// to64 returns the accumulator h, in limbs of 44, 44 and 42 bits within
// the MAC's bounds (h0 < 2^51, h1 < 2^44, h2 < 2^42), as three 64-bit words
// w0 + 2^64 w1 + 2^128 w2 of the same value, for the block loops. w2 <= 4.
func to64(h *[3]uint64) [3]uint64 {
	w0, c := bits.Add64(h[0], h[1]<<44, 0)
	w1, c := bits.Add64(h[1]>>20|h[2]<<24, 0, c)
	w2 := h[2]>>40 + c
	return [3]uint64{w0, w1, w2}
}

// from64 sets h to the value w0 + 2^64 w1 + 2^128 w2, w2 <= 4, in limbs of
// 44, 44 and 42 bits within the MAC's bounds: what is above 2^130 is folded
// back in as 5 per unit, so h0 < 2^44 + 20.
func from64(h *[3]uint64, w *[3]uint64) {
	h0 := w[0] & mask44
	h1 := (w[0]>>44 | w[1]<<20) & mask44
	h2 := w[1]>>24 | w[2]<<40
	h[0] = h0 + (h2>>42)*5
	h[1] = h1
	h[2] = h2 & mask42
}

// finish writes the tag (h mod p) + s mod 2^128 to out, for h within the
// MAC's bounds (h0 < 2^44 + 5*2^48, h1 < 2^44, h2 < 2^42).
func finish(out *[TagSize]byte, h *[3]uint64, s *[2]uint64) {
	h0, h1, h2 := h[0], h[1], h[2]

	// Normalise h0: h1 < 2^44 + 2^7 and h0 < 2^44 after it.
	h1 += h0 >> 44
	h0 &= mask44

	// One full carry pass leaves h0, h1 < 2^44 and h2 < 2^42, so
	// h < 2^130. h1>>44 is at most 1; h2's carry (at most 1, folded back
	// as 5) happens only if h2 was 2^42 - 1 and h1 was at least 2^44, and
	// then h1's low 44 bits are below 2^7, so adding h0's carry (at most
	// 1) to them cannot reach 2^44 again.
	h2 += h1 >> 44
	h1 &= mask44
	h0 += (h2 >> 42) * 5
	h2 &= mask42
	h1 += h0 >> 44
	h0 &= mask44

	// g = h + 5 - 2^130 = h - p. If h < p, g is negative and its top bit
	// (g2's, as a word) is set; then h is kept, else g is.
	g0 := h0 + 5
	g1 := h1 + g0>>44
	g0 &= mask44
	g2 := h2 + g1>>44 - 1<<42
	g1 &= mask44
	keepG := (g2 >> 63) - 1 // all ones if h >= p, zero if h < p
	h0 = h0&^keepG | g0&keepG
	h1 = h1&^keepG | g1&keepG
	h2 = h2&^keepG | g2&keepG

	// tag = h + s mod 2^128; h2<<24 drops the bits of h above 2^128.
	lo := h0 | h1<<44
	hi := h1>>20 | h2<<24
	lo, c := bits.Add64(lo, s[0], 0)
	hi, _ = bits.Add64(hi, s[1], c)
	binary.LittleEndian.PutUint64(out[:], lo)
	binary.LittleEndian.PutUint64(out[8:], hi)
}
