//go:build !purego

package chacha20poly1305

import (
	"crypto/subtle"
	"encoding/binary"
	"math/bits"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/internal/impl"
)

//go:generate sh -c "cd _gen && go run . -out ../aead_arm64.s"

// useNEON reports that Seal and Open run on the arm64 kernels (choosePath's
// pathNEON): ASIMD is part of the arm64 baseline, so it is set unless a
// test selects the base.
var useNEON bool

func init() {
	impl.Register(implNEON, &useNEON)
}

// xorKeyStreamNEON computes ChaCha20 keystream blocks from state s, the
// first at the block counter s[12] and each next one at the counter plus one
// (modulo 2^32). If block0 is not nil, the first block is written to it and
// the data starts at the second; dst[:len(src)] is set to src XOR the
// keystream. dst must be at least as long as src and may overlap it only
// exactly. s is not changed. The keystream is computed four blocks at a
// time; the lengths and whether block0 is nil are the only inputs branched
// on.
//
//go:noescape
func xorKeyStreamNEON(s *[16]uint32, dst, src []byte, block0 *[64]byte)

// polyBlocksARM64 sets h = (h + block + 2^128) * r modulo 2^130 - 5, partially
// reduced, for each 16-byte block of p in order (RFC 8439, Section 2.5), and
// ignores len(p) % 16 trailing bytes. h = h[0] + 2^64 h[1] + 2^128 h[2] with
// h[2] <= 4, as polyBlocksARM64 leaves it; r is the clamped key, r[0] +
// 2^64 r[1]. It runs in time that depends only on len(p).
//
//go:noescape
func polyBlocksARM64(h *[3]uint64, r *[2]uint64, p []byte)

// sealNEON is seal's work on pathNEON: block 0 of the keystream (the
// one-time Poly1305 key) and the ciphertext in one pass of the cipher, then
// the MAC over it.
func sealNEON(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	var s chacha20.State
	var block0 [blockSize]byte
	s.Init(key, nonce, 0)
	xorKeyStreamNEON((*[16]uint32)(&s), ciphertext, plaintext, &block0)
	macARM64(tag, &block0, additionalData, ciphertext)
}

// neonHead is the data that openNEON decrypts with block 0: the rest of the
// kernel's first set of four blocks.
const neonHead = 3 * blockSize

// openNEON is open's work on pathNEON. Block 0 and the first blocks of the
// plaintext come from one pass of the cipher, the plaintext into a buffer;
// the MAC is computed over the ciphertext, which out may overwrite (in
// place), and only if the tag is right are the buffer copied and the rest
// decrypted into out. It reports whether the tag was right.
func openNEON(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	var s chacha20.State
	var block0 [blockSize]byte
	var head [neonHead]byte
	var want [Overhead]byte
	n := min(len(ciphertext), neonHead)
	s.Init(key, nonce, 0)
	xorKeyStreamNEON((*[16]uint32)(&s), head[:n], ciphertext[:n], &block0)
	macARM64(&want, &block0, additionalData, ciphertext)
	// Whether the tag is right is public (it is Open's result), so it
	// may be branched on; the comparison itself is constant time.
	if subtle.ConstantTimeCompare(want[:], tag[:]) != 1 {
		clear(head[:])
		return false
	}
	copy(out, head[:n])
	if len(ciphertext) > n {
		s.SetCounter(4)
		xorKeyStreamNEON((*[16]uint32)(&s), out[n:], ciphertext[n:], nil)
	}
	return true
}

// macARM64 writes to tag the Poly1305 tag, with the one-time key in
// block0[:32], of the AEAD's MAC input (RFC 8439, Section 2.8):
// additionalData and ciphertext, each padded with zeros to a multiple of 16
// bytes, then their lengths as 64-bit little-endian integers. The partial
// blocks are copied into a buffer: the ciphertext's with the lengths, so
// that there are three calls of polyBlocksARM64 at most.
func macARM64(tag *[Overhead]byte, block0 *[blockSize]byte, additionalData, ciphertext []byte) {
	var h [3]uint64
	r := [2]uint64{
		binary.LittleEndian.Uint64(block0[:]) & 0x0ffffffc0fffffff,
		binary.LittleEndian.Uint64(block0[8:]) & 0x0ffffffc0ffffffc,
	}
	k := len(additionalData) &^ 15
	polyBlocksARM64(&h, &r, additionalData[:k])
	if k < len(additionalData) {
		var pad [16]byte
		copy(pad[:], additionalData[k:])
		polyBlocksARM64(&h, &r, pad[:])
	}
	var buf [48]byte
	k = len(ciphertext) &^ 15
	polyBlocksARM64(&h, &r, ciphertext[:k])
	n := copy(buf[:], ciphertext[k:])
	n = (n + 15) &^ 15
	binary.LittleEndian.PutUint64(buf[n:], uint64(len(additionalData)))
	binary.LittleEndian.PutUint64(buf[n+8:], uint64(len(ciphertext)))
	polyBlocksARM64(&h, &r, buf[:n+16])
	polyFinish(tag, &h, (*[16]byte)(block0[16:]))
}

// polyFinish writes to tag h, fully reduced modulo 2^130 - 5, plus s,
// modulo 2^128 (RFC 8439, Section 2.5). h is as polyBlocksARM64 leaves it,
// below 2^130 + 2^64 < 2p, so one conditional subtraction of p reduces it:
// h >= p exactly when h + 5 reaches 2^130. It is constant time.
func polyFinish(tag *[Overhead]byte, h *[3]uint64, s *[16]byte) {
	t0, c := bits.Add64(h[0], 5, 0)
	t1, c := bits.Add64(h[1], 0, c)
	t2 := h[2] + c
	// mask is all ones if h + 5 >= 2^130, that is h >= p.
	mask := -(t2 >> 2)
	h0 := h[0] ^ mask&(h[0]^t0)
	h1 := h[1] ^ mask&(h[1]^t1)
	h0, c = bits.Add64(h0, binary.LittleEndian.Uint64(s[:]), 0)
	h1, _ = bits.Add64(h1, binary.LittleEndian.Uint64(s[8:]), c)
	binary.LittleEndian.PutUint64(tag[:], h0)
	binary.LittleEndian.PutUint64(tag[8:], h1)
}
