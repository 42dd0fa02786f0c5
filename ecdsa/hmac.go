package ecdsa

import (
	"encoding"
	"hash"
)

// macState is HMAC (RFC 2104) for the DRBG, whose key changes at every
// update (RFC 6979 runs five HMACs under three keys). It holds one hash
// state, made once, for both of HMAC's hashes.
//
// If the hash can save and restore its state (encoding.BinaryAppender and
// BinaryUnmarshaler, as the standard library's digests do), a new key
// costs the compression of its two padded blocks, once: the states after
// them are saved, and each MAC under the key starts from a restored state
// instead of compressing the blocks again. The states for the all-zero key
// that starts every instantiation are public and saved once for good.
// Otherwise each MAC writes the padded blocks again.
//
// Keys are never longer than the hash's block: they are outputs of the
// hash. The zero value is not usable: init makes it.
type macState struct {
	h               hash.Hash
	size, blockSize int
	state           stateSaver // h's, or nil if it has none
	// inner and outer are h's saved states after the key's block XOR
	// 0x36, and after its block XOR 0x5c (with state); zeroInner and
	// zeroOuter are those of the all-zero key.
	inner, outer         []byte
	zeroInner, zeroOuter []byte
	// ipad and opad are the key XOR 0x36 and 0x5c, padded to a block:
	// without state, the current key's; with state, a scratch that setKey
	// clears.
	ipad, opad []byte
	zeros      []byte // a block of zeros, for the DRBG's padding
	sumBuf     []byte // the inner hash, of the hash's size
	key        []byte // the DRBG's new key, of the hash's size
}

// stateSaver is the state marshaling of the standard library's hashes.
type stateSaver interface {
	encoding.BinaryAppender
	encoding.BinaryUnmarshaler
}

func (m *macState) init(newHash func() hash.Hash) {
	m.h = newHash()
	m.size, m.blockSize = m.h.Size(), m.h.BlockSize()
	m.ipad = make([]byte, m.blockSize)
	m.opad = make([]byte, m.blockSize)
	m.zeros = make([]byte, m.blockSize)
	m.sumBuf = make([]byte, 0, m.size)
	m.key = make([]byte, 0, m.size)
	if s, ok := m.h.(stateSaver); ok {
		m.state = s
		m.setKey(m.zeros[:m.size])
		m.zeroInner = append([]byte(nil), m.inner...)
		m.zeroOuter = append([]byte(nil), m.outer...)
	}
}

// ipadFill and opadFill are HMAC's padding bytes, a block of them for the
// hashes of crypto.Hash (whose blocks are at most 144 bytes).
var ipadFill, opadFill = fill(0x36), fill(0x5c)

func fill(b byte) (f [144]byte) {
	for i := range f {
		f[i] = b
	}
	return f
}

// setKey keys m with k, at most a block long. A MAC starts with reset.
func (m *macState) setKey(k []byte) {
	if len(k) > m.blockSize {
		panic("carry/ecdsa: internal error: HMAC_DRBG key longer than a block")
	}
	// The blocks are filled from constants, and the key XORed into their
	// beginnings: a third of the time of a loop over the whole blocks.
	copy(m.ipad, ipadFill[:])
	copy(m.opad, opadFill[:])
	for i := len(ipadFill); i < m.blockSize; i++ {
		m.ipad[i], m.opad[i] = 0x36, 0x5c // blocks longer than any of crypto.Hash's
	}
	for i, b := range k {
		m.ipad[i] ^= b
		m.opad[i] ^= b
	}
	if m.state == nil {
		return
	}
	m.inner = m.save(m.inner, m.ipad)
	m.outer = m.save(m.outer, m.opad)
	clear(m.ipad)
	clear(m.opad)
}

// save returns in dst's memory the state of the hash after the block pad.
func (m *macState) save(dst, pad []byte) []byte {
	m.h.Reset()
	m.h.Write(pad)
	b, err := m.state.AppendBinary(dst[:0])
	if err != nil {
		panic("carry/ecdsa: internal error: the hash did not save its state: " + err.Error())
	}
	return b
}

// restore sets the hash's state to the saved state b.
func (m *macState) restore(b []byte) {
	if err := m.state.UnmarshalBinary(b); err != nil {
		panic("carry/ecdsa: internal error: the hash did not restore its state: " + err.Error())
	}
}

// setZeroKey keys m with the all-zero key of the hash's size.
func (m *macState) setZeroKey() {
	if m.state == nil {
		m.setKey(m.zeros[:m.size])
		return
	}
	m.inner = append(m.inner[:0], m.zeroInner...)
	m.outer = append(m.outer[:0], m.zeroOuter...)
}

// reset starts a new MAC under the current key.
func (m *macState) reset() {
	if m.state != nil {
		m.restore(m.inner)
		return
	}
	m.h.Reset()
	m.h.Write(m.ipad)
}

func (m *macState) write(p []byte) { m.h.Write(p) }

// sum appends the MAC of what was written since reset to dst, which may
// be the memory of what was written (the hash has consumed it).
func (m *macState) sum(dst []byte) []byte {
	in := m.h.Sum(m.sumBuf[:0])
	if m.state != nil {
		m.restore(m.outer)
	} else {
		m.h.Reset()
		m.h.Write(m.opad)
	}
	m.h.Write(in)
	return m.h.Sum(dst)
}

// wipe clears the key, the scratch buffers and the hash's state: with
// state, by restoring the all-zero key's (public) state over it.
func (m *macState) wipe() {
	clear(m.inner)
	clear(m.outer)
	clear(m.ipad)
	clear(m.opad)
	clear(m.sumBuf[:cap(m.sumBuf)])
	clear(m.key[:cap(m.key)])
	if m.state != nil {
		m.restore(m.zeroInner)
	} else {
		m.h.Reset()
	}
}
