// Package chacha20 implements the ChaCha20 stream cipher of RFC 8439,
// Section 2.4 (a 256-bit key, a 96-bit nonce and a 32-bit block counter),
// and HChaCha20, the key derivation of XChaCha20
// (draft-irtf-cfrg-xchacha-03, Section 2.2).
//
// Everything here is constant time: the only operations on the key, the
// keystream and the data are 32-bit additions, XORs and rotations by fixed
// amounts, and no branch or memory index depends on them. Lengths and the
// block counter are public.
package chacha20

import (
	"encoding/binary"
	"math/bits"
)

const (
	KeySize   = 32 // bytes of a ChaCha20 key
	NonceSize = 12 // bytes of a ChaCha20 nonce
	BlockSize = 64 // bytes of keystream a block counter value gives

	// HNonceSize is the size of HChaCha20's nonce, in bytes.
	HNonceSize = 16
)

// The four constant words of the state, "expand 32-byte k" read as
// little-endian words (RFC 8439, Section 2.3).
const (
	c0 = 0x61707865
	c1 = 0x3320646e
	c2 = 0x79622d32
	c3 = 0x6b206574
)

// A State is ChaCha20's input block (RFC 8439, Section 2.3), as a 4x4 matrix
// of words in row order:
//
//	c0  c1  c2  c3      constants
//	k0  k1  k2  k3      key
//	k4  k5  k6  k7      key
//	b   n0  n1  n2      block counter, nonce
//
// The zero value is not a valid state: Init makes one. A State may be copied;
// the copy is an independent cipher at the same position.
type State [16]uint32

// Init sets s to the state for key and nonce at block counter counter, and
// returns s.
func (s *State) Init(key *[KeySize]byte, nonce *[NonceSize]byte, counter uint32) *State {
	s[0], s[1], s[2], s[3] = c0, c1, c2, c3
	for i := range 8 {
		s[4+i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	s[12] = counter
	for i := range 3 {
		s[13+i] = binary.LittleEndian.Uint32(nonce[4*i:])
	}
	return s
}

// Counter returns the block counter of the next block of keystream.
func (s *State) Counter() uint32 { return s[12] }

// SetCounter sets the block counter of the next block of keystream.
func (s *State) SetCounter(counter uint32) { s[12] = counter }

// XORKeyStream sets dst[:len(src)] to src XOR the keystream starting at the
// block counter, and advances the counter by the number of blocks it used,
// a final partial block included (its unused keystream is discarded).
//
// dst must be at least as long as src, and dst and src must either be the
// same memory or not overlap at all. The keystream of one (key, nonce) has
// 2^32 blocks: XORKeyStream panics with an internal error if src would need
// more than remain, which callers prevent by bounding their lengths.
func (s *State) XORKeyStream(dst, src []byte) {
	if len(src) == 0 {
		return
	}
	if len(dst) < len(src) {
		panic("carry/chacha20: internal error: output shorter than input")
	}
	blocks := (uint64(len(src)) + BlockSize - 1) / BlockSize
	if uint64(s[12])+blocks > 1<<32 {
		panic("carry/chacha20: internal error: block counter overflow")
	}
	xorKeyStream(s, dst[:len(src)], src)
}

// quarterRound is ChaCha's quarter round (RFC 8439, Section 2.1).
func quarterRound(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 16)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 12)
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 8)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 7)
	return a, b, c, d
}

// HChaCha20 sets out to the HChaCha20 subkey of key and nonce
// (draft-irtf-cfrg-xchacha-03, Section 2.2): the ChaCha20 state built from
// the key and the 128-bit nonce in place of counter and nonce, after its 20
// rounds and without the final addition of the input, of which words 0..3
// and 12..15 are serialised.
func HChaCha20(out *[KeySize]byte, key *[KeySize]byte, nonce *[HNonceSize]byte) {
	var x State
	x[0], x[1], x[2], x[3] = c0, c1, c2, c3
	for i := range 8 {
		x[4+i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	for i := range 4 {
		x[12+i] = binary.LittleEndian.Uint32(nonce[4*i:])
	}
	for range 10 {
		doubleRound(&x)
	}
	for i := range 4 {
		binary.LittleEndian.PutUint32(out[4*i:], x[i])
		binary.LittleEndian.PutUint32(out[16+4*i:], x[12+i])
	}
}

// doubleRound runs a column round and a diagonal round on x
// (RFC 8439, Section 2.3).
func doubleRound(x *State) {
	x[0], x[4], x[8], x[12] = quarterRound(x[0], x[4], x[8], x[12])
	x[1], x[5], x[9], x[13] = quarterRound(x[1], x[5], x[9], x[13])
	x[2], x[6], x[10], x[14] = quarterRound(x[2], x[6], x[10], x[14])
	x[3], x[7], x[11], x[15] = quarterRound(x[3], x[7], x[11], x[15])
	x[0], x[5], x[10], x[15] = quarterRound(x[0], x[5], x[10], x[15])
	x[1], x[6], x[11], x[12] = quarterRound(x[1], x[6], x[11], x[12])
	x[2], x[7], x[8], x[13] = quarterRound(x[2], x[7], x[8], x[13])
	x[3], x[4], x[9], x[14] = quarterRound(x[3], x[4], x[9], x[14])
}
