// Package poly1305 implements the Poly1305 one-time authenticator of
// RFC 8439, Section 2.5.
//
// A block is four 64x64->128-bit products on 64-bit words (blocksGeneric,
// and blocksMULX in assembly), the clamp of r letting the part of the
// product at 2^130 fold into them; see sum_generic.go for the bounds.
// Between calls the accumulator and r are held in three limbs of 44, 44
// and 42 bits (radix 2^44), the form of the vector loop and of finish.
//
// Everything here is constant time: no branch, memory index or
// variable-time instruction depends on the key, the accumulator or the
// message. Message lengths are public.
package poly1305

import "encoding/binary"

const (
	KeySize = 32 // bytes of a one-time key: r, then s
	TagSize = 16 // bytes of a tag

	// BlockSize is the size of the blocks the message is cut into, in bytes.
	BlockSize = 16
)

const (
	mask42 = 1<<42 - 1
	mask44 = 1<<44 - 1
)

// A MAC computes a Poly1305 tag over a message written to it in pieces.
//
// The zero value is not usable: Init sets a key. A MAC must not be copied
// after Init if both copies are used: a one-time key authenticates one
// message.
type MAC struct {
	h [3]uint64 // accumulator: limbs of 44, 44 and 42 bits, h0 kept below 2^51
	r [3]uint64 // clamped r in the same radix

	// r in two 64-bit words and the multiples of them the block loops
	// need: r0, r1, r1 + r1>>2 (5/4 of r1), 5 r0 and 5 r1 (the last two
	// for blocksMULX only).
	r64 [5]uint64

	s [2]uint64 // s, as two little-endian 64-bit words

	buf [BlockSize]byte // a partial block written but not yet processed
	n   int             // bytes in buf

	// The vector loop's multipliers (powers of r), once computed by
	// Prepare or by the loop's first use: pwReady is 1 then, and 2 once
	// r^16 and r^24 are computed too (by the first use that needs them).
	pw      [56]uint64
	pwReady int
}

// Init sets m to a new MAC with the one-time key, and returns m.
//
// r is clamped as RFC 8439, Section 2.5 says (r &=
// 0x0ffffffc0ffffffc0ffffffc0fffffff), then split into limbs:
//
//	r0 = r[0:44]    mask 0x00ffc0fffffff (bits 0..43 of the clamp)
//	r1 = r[44:88]   mask 0x00fffffc0ffff
//	r2 = r[88:128]  mask 0x0000ffffffc0f, so r2 < 2^36
func (m *MAC) Init(key *[KeySize]byte) *MAC {
	t0 := binary.LittleEndian.Uint64(key[0:8])
	t1 := binary.LittleEndian.Uint64(key[8:16])
	m.r[0] = t0 & 0xffc0fffffff
	m.r[1] = (t0>>44 | t1<<20) & 0xfffffc0ffff
	m.r[2] = t1 >> 24 & 0xffffffc0f
	r0, r1 := t0&0x0ffffffc0fffffff, t1&0x0ffffffc0ffffffc
	m.r64 = [5]uint64{r0, r1, r1 + r1>>2, 5 * r0, 5 * r1}
	m.s[0] = binary.LittleEndian.Uint64(key[16:24])
	m.s[1] = binary.LittleEndian.Uint64(key[24:32])
	m.h = [3]uint64{}
	m.buf = [BlockSize]byte{}
	m.n = 0
	m.pwReady = 0
	return m
}

// Prepare computes now what a long message will need later (the vector
// loop's powers of r, where the CPU runs it), so that the caller can put
// other work after it for the CPU to run beside it. It changes nothing
// else; without it the work is done when first needed.
func (m *MAC) Prepare() { prepare(m) }

// Write adds p to the message. It never fails.
func (m *MAC) Write(p []byte) (int, error) {
	n := len(p)
	if m.n > 0 {
		k := copy(m.buf[m.n:], p)
		m.n += k
		p = p[k:]
		if m.n < BlockSize {
			return n, nil
		}
		blocks(m, m.buf[:], 1)
	}
	if full := len(p) &^ (BlockSize - 1); full > 0 {
		blocks(m, p[:full], 1)
		p = p[full:]
	}
	m.n = copy(m.buf[:], p)
	return n, nil
}

// WritePadded adds p to the message followed by zero bytes up to a multiple
// of 16 bytes, the padding of the AEAD construction (RFC 8439, Section 2.8).
// The message written so far must be a multiple of 16 bytes long: it
// panics with an internal error otherwise.
func (m *MAC) WritePadded(p []byte) {
	if m.n != 0 {
		panic("carry/poly1305: internal error: WritePadded after a partial block")
	}
	full := len(p) &^ (BlockSize - 1)
	if full > 0 {
		blocks(m, p[:full], 1)
	}
	if full < len(p) {
		var last [BlockSize]byte
		copy(last[:], p[full:])
		blocks(m, last[:], 1)
	}
}

// Sum writes the tag of the message written so far to out. m must not be
// used after it.
func (m *MAC) Sum(out *[TagSize]byte) {
	if m.n > 0 {
		// The last block is shorter than 16 bytes: a 1 byte follows it,
		// then zeros, and it has no 2^128 bit.
		var last [BlockSize]byte
		copy(last[:], m.buf[:m.n])
		last[m.n] = 1
		blocks(m, last[:], 0)
	}
	finish(out, &m.h, &m.s)
}

// Sum writes the Poly1305 tag of msg under the one-time key to out.
func Sum(out *[TagSize]byte, msg []byte, key *[KeySize]byte) {
	var m MAC
	m.Init(key)
	m.Write(msg)
	m.Sum(out)
}
