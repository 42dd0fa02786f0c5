package ecdsa

import (
	"hash"
)

// hmacDRBG is the HMAC_DRBG of NIST SP 800-90A Rev. 1, Section 10.1.2,
// instantiated afresh for each signature to draw its nonce: as RFC 6979,
// Section 3.2 uses it for deterministic signatures, and as
// draft-irtf-cfrg-det-sigs-with-noise-04, Section 4 uses it for hedged ones.
// It is never reseeded, and a signature asks it for one or, rarely, a few
// outputs.
type hmacDRBG struct {
	mac macState // HMAC keyed with the state's K
	v   []byte   // the state's V
	// stale records that the update closing the latest Generate is still
	// to be done: it is done at the start of the next call, and not at all
	// if there is none, which saves a quarter of the DRBG's work for a
	// signature whose first nonce is accepted. The outputs are the same.
	stale bool
}

// newDRBG instantiates an HMAC_DRBG (SP 800-90A, Section 10.1.2.3) with the
// hash newHash, seeded with entropy || nonce || personalization.
//
// The strings of blocks are each written starting on a block boundary of
// the hash, padded with zeros before them, as
// draft-irtf-cfrg-det-sigs-with-noise-04, Section 4 does for the private key
// and the message of a hedged signature; RFC 6979's deterministic nonces
// pass none.
func newDRBG(newHash func() hash.Hash, entropy, nonce []byte, blocks ...[]byte) *hmacDRBG {
	d := &hmacDRBG{}
	d.mac.init(newHash)
	size := d.mac.inner.Size()
	d.v = make([]byte, size, d.mac.inner.BlockSize())
	for i := range d.v {
		d.v[i] = 0x01 // V = 0x01 ... 0x01
	}
	d.mac.setKey(make([]byte, size)) // K = 0x00 ... 0x00
	// HMAC_DRBG_Update (Section 10.1.2.2) with the seed material as
	// provided_data, which is never empty here, so both rounds run.
	for _, round := range []byte{0x00, 0x01} {
		// K = HMAC(K, V || round || provided_data)
		d.mac.reset()
		d.mac.write(d.v)
		d.mac.write([]byte{round})
		d.mac.write(entropy)
		d.mac.write(nonce)
		written := len(d.v) + 1 + len(entropy) + len(nonce)
		for _, b := range blocks {
			if r := written % d.mac.blockSize; r != 0 {
				d.mac.write(make([]byte, d.mac.blockSize-r))
			}
			d.mac.write(b)
			written = len(b)
		}
		d.rekey()
	}
	return d
}

// rekey sets K = HMAC(K, what was written to d.mac) and then
// V = HMAC(K, V).
func (d *hmacDRBG) rekey() {
	var kb [64]byte // the largest hash size
	k := d.mac.sum(kb[:0])
	d.mac.setKey(k)
	clear(kb[:])
	d.mac.reset()
	d.mac.write(d.v)
	d.v = d.mac.sum(d.v[:0])
}

// Generate fills out with the DRBG's next output (Section 10.1.2.5, without
// additional input). The update of the state that closes the algorithm, for
// the next call, is deferred to the start of that call: for RFC 6979,
// Section 3.2, step h.3, that update is the K = HMAC_K(V || 0x00),
// V = HMAC_K(V) that follows a candidate nonce that was refused.
func (d *hmacDRBG) Generate(out []byte) {
	if d.stale {
		// HMAC_DRBG_Update with no provided_data: K = HMAC(K, V || 0x00),
		// V = HMAC(K, V).
		d.mac.reset()
		d.mac.write(d.v)
		d.mac.write([]byte{0x00})
		d.rekey()
	}
	for i := 0; i < len(out); {
		// V = HMAC(K, V); T = T || V
		d.mac.reset()
		d.mac.write(d.v)
		d.v = d.mac.sum(d.v[:0])
		i += copy(out[i:], d.v)
	}
	d.stale = true
}

// macState is HMAC (RFC 2104) for the DRBG, whose key changes at every
// update: it keeps two hash states, made once, and the key's padded blocks,
// so that a new key costs two XORs of a block and no allocation, where
// crypto/hmac.New would allocate its states again (a third of a P-256
// signature's time went to the DRBG's hmac.New). Keys are never longer
// than the hash's block: they are outputs of the hash.
type macState struct {
	inner, outer hash.Hash
	blockSize    int
	ipad, opad   []byte // the key XOR 0x36 and 0x5c, padded to a block
	sumBuf       []byte
}

func (m *macState) init(newHash func() hash.Hash) {
	m.inner, m.outer = newHash(), newHash()
	m.blockSize = m.inner.BlockSize()
	m.ipad = make([]byte, m.blockSize)
	m.opad = make([]byte, m.blockSize)
	m.sumBuf = make([]byte, 0, m.inner.Size())
}

// setKey keys m with k (at most a block long) and resets it.
func (m *macState) setKey(k []byte) {
	if len(k) > m.blockSize {
		panic("ecdsa: internal error: HMAC_DRBG key longer than a block")
	}
	clear(m.ipad)
	copy(m.ipad, k)
	for i := range m.ipad {
		m.opad[i] = m.ipad[i] ^ 0x5c
		m.ipad[i] ^= 0x36
	}
	m.reset()
}

// reset starts a new MAC under the current key.
func (m *macState) reset() {
	m.inner.Reset()
	m.inner.Write(m.ipad)
}

func (m *macState) write(p []byte) { m.inner.Write(p) }

// sum appends the MAC of what was written since reset to dst.
func (m *macState) sum(dst []byte) []byte {
	in := m.inner.Sum(m.sumBuf[:0])
	m.outer.Reset()
	m.outer.Write(m.opad)
	m.outer.Write(in)
	return m.outer.Sum(dst)
}
