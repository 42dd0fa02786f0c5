package ecdsa

import (
	"crypto/hmac"
	"hash"
)

// hmacDRBG is the HMAC_DRBG of NIST SP 800-90A Rev. 1, Section 10.1.2,
// instantiated afresh for each signature to draw its nonce: as RFC 6979,
// Section 3.2 uses it for deterministic signatures, and as
// draft-irtf-cfrg-det-sigs-with-noise-04, Section 4 uses it for hedged ones.
// It is never reseeded, and a signature asks it for one or, rarely, a few
// outputs.
type hmacDRBG struct {
	newHash func() hash.Hash
	mac     hash.Hash // HMAC keyed with the state's K
	v       []byte    // the state's V
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
	d := &hmacDRBG{newHash: newHash}
	size := newHash().Size()
	k := make([]byte, size) // K = 0x00 ... 0x00
	d.v = make([]byte, size)
	for i := range d.v {
		d.v[i] = 0x01 // V = 0x01 ... 0x01
	}
	d.mac = hmac.New(newHash, k)
	// HMAC_DRBG_Update (Section 10.1.2.2) with the seed material as
	// provided_data, which is never empty here, so both rounds run.
	for _, round := range []byte{0x00, 0x01} {
		// K = HMAC(K, V || round || provided_data)
		d.mac.Reset()
		d.mac.Write(d.v)
		d.mac.Write([]byte{round})
		d.mac.Write(entropy)
		d.mac.Write(nonce)
		written := len(d.v) + 1 + len(entropy) + len(nonce)
		for _, b := range blocks {
			if r := written % d.mac.BlockSize(); r != 0 {
				d.mac.Write(make([]byte, d.mac.BlockSize()-r))
			}
			d.mac.Write(b)
			written = len(b)
		}
		d.rekey()
	}
	return d
}

// rekey sets K = HMAC(K, what was written to d.mac) and then
// V = HMAC(K, V).
func (d *hmacDRBG) rekey() {
	k := d.mac.Sum(nil)
	d.mac = hmac.New(d.newHash, k)
	d.mac.Write(d.v)
	d.v = d.mac.Sum(d.v[:0])
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
		d.mac.Reset()
		d.mac.Write(d.v)
		d.mac.Write([]byte{0x00})
		d.rekey()
	}
	for i := 0; i < len(out); {
		// V = HMAC(K, V); T = T || V
		d.mac.Reset()
		d.mac.Write(d.v)
		d.v = d.mac.Sum(d.v[:0])
		i += copy(out[i:], d.v)
	}
	d.stale = true
}
