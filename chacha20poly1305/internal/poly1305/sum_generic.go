package poly1305

import (
	"encoding/binary"
	"math/bits"
)

// blocksGeneric is blocks in portable Go: for each 16-byte block of p, whose
// length is a multiple of 16, it sets h = (h + block + hibit*2^128) * r
// mod 2^130 - 5, partially reduced. hibit is 1 for every block but a final
// short one, which is padded and has 0 (RFC 8439, Section 2.5). It is always
// compiled, so that the tests can compare it with the assembly.
//
// The accumulator stays in locals from one block to the next.
//
// Limb layout, with a block t = t0 + 2^64 t1 read as two little-endian
// words:
//
//	h = h0 + 2^44 h1 + 2^88 h2
//	t = (t0 & mask44) + 2^44 ((t0>>44 | t1<<20) & mask44) + 2^88 (t1>>24)
//
// The product h*r has columns of weight 2^0, 2^44 and 2^88; the partial
// products of weight 2^132 and 2^176 are folded down with
// 2^132 = 4 * 2^130 = 4 * 5 = 20 (mod p), which is why 20*r1 and 20*r2 are
// kept with the key:
//
//	d0 = h0 r0 + h1 (20 r2) + h2 (20 r1)
//	d1 = h0 r1 + h1 r0      + h2 (20 r2)
//	d2 = h0 r2 + h1 r1      + h2 r0
//
// Each of the nine products P = a*b is taken as a * (b << 20) (or, for
// h2 (20 r1), as (h2 << 20) * (20 r1)), so that bits.Mul64 splits it where
// the limbs do: the high word is P >> 44 and the low word's top 44 bits are
// P mod 2^44. A column is then two plain sums, of the high words (u) and of
// the low parts (l), with no carry flag between them, and
// d = 2^44 u + l.
//
// Bounds. Between blocks h0 < 2^44 + 5*2^48 < 2^50.34, h1 < 2^44 and
// h2 < 2^42 (shown at the end of the loop; h0 is left unnormalised).
// Adding a block gives h0 < 2^50.35, h1 < 2^45 and h2 < 2^43, so h2 << 20
// fits a word. The clamp makes r0, r1 < 2^44 and r2 < 2^36, so r0 << 20,
// r1 << 20 and (20 r2) << 20 < 2^60.4 fit words, 20 r1 < 2^48.4, and every
// product is below 2^94.4 (h0 r0 and h0 r1; every other is below 2^91.4):
// the u sums are below 2^51 and the l sums below 3 * 2^44.
func blocksGeneric(m *MAC, p []byte, hibit uint64) {
	h0, h1, h2 := m.h[0], m.h[1], m.h[2]
	hi := hibit << 40 // 2^128 = 2^88 * 2^40

	for len(p) >= BlockSize {
		t0 := binary.LittleEndian.Uint64(p)
		t1 := binary.LittleEndian.Uint64(p[8:])
		p = p[BlockSize:]

		h0 += t0 & mask44
		h1 += (t0>>44 | t1<<20) & mask44
		h2 += t1>>24 | hi
		h2s := h2 << 20

		// d0 = h0 r0 + h1 (20 r2) + h2 (20 r1)
		ph, pl := bits.Mul64(h0, m.rs[0])
		l0, u0 := pl>>20, ph
		ph, pl = bits.Mul64(h1, m.rs[3])
		l0, u0 = l0+pl>>20, u0+ph
		ph, pl = bits.Mul64(h2s, m.r1x20)
		l0, u0 = l0+pl>>20, u0+ph

		// d1 = h0 r1 + h1 r0 + h2 (20 r2)
		ph, pl = bits.Mul64(h0, m.rs[1])
		l1, u1 := pl>>20, ph
		ph, pl = bits.Mul64(h1, m.rs[0])
		l1, u1 = l1+pl>>20, u1+ph
		ph, pl = bits.Mul64(h2, m.rs[3])
		l1, u1 = l1+pl>>20, u1+ph

		// d2 = h0 r2 + h1 r1 + h2 r0
		ph, pl = bits.Mul64(h0, m.rs[2])
		l2, u2 := pl>>20, ph
		ph, pl = bits.Mul64(h1, m.rs[1])
		l2, u2 = l2+pl>>20, u2+ph
		ph, pl = bits.Mul64(h2, m.rs[0])
		l2, u2 = l2+pl>>20, u2+ph

		// Carry the columns into limbs of 44, 44 and 42 bits: a column's
		// carry is its u plus what its l holds above 2^44, and goes into
		// the next column's l. Each l stays below 2^52.
		h0 = l0 & mask44
		l1 += u0 + l0>>44
		h1 = l1 & mask44
		l2 += u1 + l1>>44
		h2 = l2 & mask42

		// What is above 2^130 comes back times 5 (2^130 = 5 mod p). Only
		// h0 r2 < 2^86.4, h1 r1 < 2^89 and h2 r0 < 2^87 (r2 < 2^36 keeps
		// the first small) and the carry make d2, so d2 < 2^89.6 and
		// carry = d2 >> 42 < 2^48: h0 < 2^44 + 5*2^48 again.
		carry := (u2+l2>>44)<<2 | l2>>42&3
		h0 += carry * 5
	}

	m.h[0], m.h[1], m.h[2] = h0, h1, h2
}

// finish writes the tag (h mod p) + s mod 2^128 to out, for h as blocks
// leaves it (h0 < 2^44 + 5*2^48, h1 < 2^44, h2 < 2^42).
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
