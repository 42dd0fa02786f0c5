package ecdsa

import (
	"crypto"
	"hash"
	"sync"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

// hmacDRBG is the HMAC_DRBG of NIST SP 800-90A Rev. 1, Section 10.1.2,
// instantiated afresh for each signature to draw its nonce: as RFC 6979,
// Section 3.2 uses it for deterministic signatures, and as
// draft-irtf-cfrg-det-sigs-with-noise-04, Section 4 uses it for hedged ones.
// It is never reseeded, and a signature asks it for one or, rarely, a few
// outputs.
//
// A DRBG is taken with getDRBG, instantiated, and given back with release,
// which wipes it; DRBGs on SHA-2 hashes are pooled, so that a signature
// allocates none. The zero value is not usable; a DRBG belongs to one
// signature at a time.
type hmacDRBG struct {
	mac       *hmacstate.Hash // the hash the HMACs run in
	blank     []byte          // its marshaled empty state, or nil
	blockSize int
	// zero holds the states of the all-zero key that starts every
	// instantiation, public and kept for good; key those of the state's K
	// once it changes; k points to one of them.
	zero, key hmacstate.States
	k         *hmacstate.States
	v         []byte // the state's V, of the hash's size
	zeros     []byte // a block of zeros, for the padding of instantiate
	// stale records that the update closing the latest Generate is still
	// to be done: it is done at the start of the next call, and not at all
	// if there is none, which saves a quarter of the DRBG's work for a
	// signature whose first nonce is accepted. The outputs are the same.
	stale bool
	pool  *sync.Pool // where release puts d back, or nil
}

// drbgPools holds released DRBGs, one pool per hash, indexed by
// crypto.Hash (only the SHA-2 hashes of pooledHash are used).
var drbgPools [crypto.BLAKE2b_512 + 1]sync.Pool

// pooledHash reports whether DRBGs on h are pooled: those of the SHA-2
// family, whose digests (crypto/sha256, crypto/sha512) marshal their state
// and, when a state is restored, overwrite all of it, buffer included, so
// that release can wipe them by restoring a public state.
func pooledHash(h crypto.Hash) bool {
	switch h {
	case crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512,
		crypto.SHA512_224, crypto.SHA512_256:
		return true
	}
	return false
}

// getDRBG returns an HMAC_DRBG on the hash h, which must be available, to
// be seeded with instantiate and released after use.
func getDRBG(h crypto.Hash) *hmacDRBG {
	if !pooledHash(h) {
		return newHMACDRBG(h.New)
	}
	p := &drbgPools[h]
	if d, ok := p.Get().(*hmacDRBG); ok {
		return d
	}
	d := newHMACDRBG(h.New)
	if d.zero.Mode() == hmacstate.Marshaled { // then wipe restores blank
		d.pool = p
	}
	return d
}

// newHMACDRBG returns a DRBG on the hashes newHash makes. The zero key's
// states are checked to unmarshal; the hash is then trusted with those of
// the later keys.
func newHMACDRBG(newHash func() hash.Hash) *hmacDRBG {
	h := newHash()
	d := &hmacDRBG{mac: hmacstate.New(h), blockSize: h.BlockSize()}
	d.blank = d.mac.Blank()
	d.v = make([]byte, h.Size())
	d.zeros = make([]byte, d.blockSize)
	d.zero.Set(d.mac, d.zeros[:len(d.v)], true)
	return d
}

// release wipes the DRBG and, if it is pooled, puts it back. d must not be
// used after.
func (d *hmacDRBG) release() {
	d.wipe()
	if d.pool != nil {
		d.pool.Put(d)
	}
}

// wipe clears the DRBG's state: K, V, the hash's state and the scratch
// buffers.
func (d *hmacDRBG) wipe() {
	d.key.Clear()
	d.mac.Wipe(d.blank)
	clear(d.v)
	d.stale = false
}

// roundBytes are the separators of the two rounds of HMAC_DRBG_Update.
var roundBytes = [2]byte{0x00, 0x01}

// instantiate instantiates the DRBG (SP 800-90A, Section 10.1.2.3) with the
// seed material entropy || nonce || personalization, which must not be
// empty.
//
// The strings of blocks are each written starting on a block boundary of
// the hash, padded with zeros before them, as
// draft-irtf-cfrg-det-sigs-with-noise-04, Section 4 does for the private key
// and the message of a hedged signature; RFC 6979's deterministic nonces
// pass none.
func (d *hmacDRBG) instantiate(entropy, nonce []byte, blocks ...[]byte) {
	for i := range d.v {
		d.v[i] = 0x01 // V = 0x01 ... 0x01
	}
	d.k = &d.zero // K = 0x00 ... 0x00
	d.stale = false
	// HMAC_DRBG_Update (Section 10.1.2.2) with the seed material as
	// provided_data, which is not empty, so both rounds run.
	for round := range roundBytes {
		// K = HMAC(K, V || round || provided_data)
		d.mac.Start(d.k)
		h := d.mac.Hash()
		h.Write(d.v)
		h.Write(roundBytes[round : round+1])
		h.Write(entropy)
		h.Write(nonce)
		written := len(d.v) + 1 + len(entropy) + len(nonce)
		for _, b := range blocks {
			if r := written % d.blockSize; r != 0 {
				h.Write(d.zeros[:d.blockSize-r])
			}
			h.Write(b)
			written = len(b)
		}
		d.rekey()
	}
}

// rekey sets K = HMAC(K, what was written since d.mac's Start) and then
// V = HMAC(K, V). K's states are kept in the memory of the previous key's.
func (d *hmacDRBG) rekey() {
	d.key.Set(d.mac, d.mac.Finish(d.k, d.mac), false) // Set wipes the new K
	d.k = &d.key
	d.hmacV()
}

// hmacV sets V = HMAC(K, V).
func (d *hmacDRBG) hmacV() {
	d.mac.Start(d.k)
	d.mac.Hash().Write(d.v)
	copy(d.v, d.mac.Finish(d.k, d.mac))
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
		d.mac.Start(d.k)
		d.mac.Hash().Write(d.v)
		d.mac.Hash().Write(roundBytes[:1])
		d.rekey()
	}
	for i := 0; i < len(out); {
		// V = HMAC(K, V); T = T || V
		d.hmacV()
		i += copy(out[i:], d.v)
	}
	d.stale = true
}
