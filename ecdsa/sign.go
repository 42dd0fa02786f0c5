package ecdsa

import (
	"crypto"
	"errors"
	"io"
)

// A nonceSource writes candidate nonces: the HMAC_DRBG's Generate, or a
// test's. signWithState may ask for more than one.
type nonceSource interface {
	Generate(out []byte)
}

// signState is the memory of one signature: its scalars, the point k·G and
// the byte strings that the DRBG's hash reads (which must be in memory that
// outlives the call, and so would be allocated if they were local). States
// are pooled per curve, and wiped before they go back: none of the
// secrets (the key, the nonce, its inverse, the random bytes, the point
// k·G in projective coordinates) stays in reachable memory. The zero value
// is not usable: getState makes them. A state belongs to one signature at
// a time.
type signState[P point[P], S scalar[S]] struct {
	k, kInv, r, s, d, e S
	R                   P
	kb                  [66]byte // the candidate nonce
	z                   [66]byte // the random bytes of a hedged signature
	h1                  [66]byte // bits2octets(hash)
}

func (c *nistCurve[P, S]) getState() *signState[P, S] {
	if st, ok := c.states.Get().(*signState[P, S]); ok {
		return st
	}
	return &signState[P, S]{
		k: c.newScalar(), kInv: c.newScalar(), r: c.newScalar(), s: c.newScalar(),
		d: c.newScalar(), e: c.newScalar(), R: c.newPoint(),
	}
}

// putState wipes st and puts it back in the pool.
func (c *nistCurve[P, S]) putState(st *signState[P, S]) {
	c.wipeState(st)
	c.states.Put(st)
}

// wipeState sets st's scalars to zero, its point to the identity and its
// bytes to zero.
func (c *nistCurve[P, S]) wipeState(st *signState[P, S]) {
	st.k.Set(c.zero)
	st.kInv.Set(c.zero)
	st.r.Set(c.zero)
	st.s.Set(c.zero)
	st.d.Set(c.zero)
	st.e.Set(c.zero)
	st.R.Set(c.identity)
	clear(st.kb[:])
	clear(st.z[:])
	clear(st.h1[:])
}

// signDeterministic computes the signature (r, s) of hash with the private
// key d, a value in [1, n-1] of the order's length, and RFC 6979's nonce: an
// HMAC_DRBG on the hash h (which must be available) seeded with d and
// bits2octets(hash) (Section 3.2, steps b-d). It is constant time in d and
// the nonce, as signWithState.
func (c *nistCurve[P, S]) signDeterministic(h crypto.Hash, d, hash []byte) (r, s []byte, err error) {
	st := c.getState()
	defer c.putState(st)
	h1 := st.h1[:c.size]
	c.bits2octets(st.e, h1, hash)
	drbg := getDRBG(h)
	defer drbg.release()
	drbg.instantiate(d, h1)
	return c.signWithState(st, d, drbg)
}

// signHedged computes the signature (r, s) of hash with the private key d,
// a value in [1, n-1] of the order's length, and a hedged nonce: an
// HMAC_DRBG on c's hedge hash seeded with as many bytes of rand as the order
// has, then d and bits2octets(hash) each on a block boundary
// (draft-irtf-cfrg-det-sigs-with-noise-04, Section 4). It returns rand's
// error, and panics if rand is nil. It is constant time in d and the nonce,
// as signWithState.
func (c *nistCurve[P, S]) signHedged(rand io.Reader, d, hash []byte) (r, s []byte, err error) {
	st := c.getState()
	defer c.putState(st)
	z := st.z[:c.size]
	if _, err := io.ReadFull(rand, z); err != nil {
		return nil, nil, err
	}
	h1 := st.h1[:c.size]
	c.bits2octets(st.e, h1, hash)
	drbg := getDRBG(c.hedge)
	defer drbg.release()
	drbg.instantiate(z, nil, d, h1)
	return c.signWithState(st, d, drbg)
}

// signWithState computes the signature (r, s) with the private key d, a
// value in [1, n-1] of the order's length, st.e the hash's bits2int, and
// the nonce drawn by rejection sampling from the bytes that nonce writes
// (RFC 6979, Section 3.2, step h, whose bits2int is the same right shift;
// FIPS 186-5, Appendix A.3.2): FIPS 186-5, Section 6.4.1. It is constant
// time in d and in the nonce k: the only branches are on a candidate being
// refused (which says only that it was refused: the nonce accepted is
// independent of it; a P-256 candidate is refused with a probability below
// 2^-32, P-384's and P-521's far less often) and on the public r and s
// being zero, which happens with negligible probability.
func (c *nistCurve[P, S]) signWithState(st *signState[P, S], d []byte, nonce nonceSource) (r, s []byte, err error) {
	// Steps 3-4: k in [1, n-1], R = k·G.
	kb := st.kb[:c.size]
	for {
		nonce.Generate(kb)
		rightShift(kb, c.excess)
		if _, err := st.k.SetCanonicalBytes(kb); err == nil && st.k.IsZero() == 0 {
			break
		}
	}
	if _, err := st.R.ScalarBaseMult(kb); err != nil {
		return nil, nil, err
	}
	// Step 5-6: r = R.x mod n. The X coordinate is below p < 2^bitlen(n).
	rx, err := st.R.BytesX()
	if err != nil {
		return nil, nil, err
	}
	if _, err := st.r.SetReducedBytes(rx); err != nil {
		return nil, nil, err
	}
	if st.r.IsZero() == 1 {
		return nil, nil, errors.New("carry/ecdsa: internal error: r is zero")
	}
	// Steps 7-8: s = k⁻¹ (e + r·d) mod n.
	if _, err := st.d.SetCanonicalBytes(d); err != nil {
		return nil, nil, err
	}
	st.s.Mul(st.r, st.d)
	st.s.Add(st.s, st.e)
	st.kInv.Invert(st.k)
	st.s.Mul(st.s, st.kInv)
	if st.s.IsZero() == 1 {
		return nil, nil, errors.New("carry/ecdsa: internal error: s is zero")
	}
	return st.r.Bytes(), st.s.Bytes(), nil
}
