package ecdsa

import (
	"crypto"
	"math/big"
	"sync"
)

// point is the part of the point types of internal/nistec that ECDSA uses:
// P is *P256Point, *P384Point or *P521Point.
type point[P any] interface {
	// SetBytes decodes a point, refusing points off the curve and
	// coordinates not below p.
	SetBytes(b []byte) (P, error)
	// Bytes returns the uncompressed encoding (or {0} for the identity).
	Bytes() []byte
	// BytesX returns the X coordinate, or an error for the identity.
	BytesX() ([]byte, error)
	// Set copies a point (for the wiping of signState).
	Set(q P) P
	// ScalarBaseMult is constant time in the scalar.
	ScalarBaseMult(scalar []byte) (P, error)
	// VarTimeDoubleScalarBaseMult sets p = u1·G + u2·q in variable time.
	VarTimeDoubleScalarBaseMult(u1 []byte, q P, u2 []byte) (P, error)
	// HasXVarTime reports whether the point is not the identity and its
	// x coordinate is x, a canonical field element: variable time.
	HasXVarTime(x []byte) bool
}

// scalar is the part of the scalar types of internal/nistec (integers
// modulo the order n, constant time) that ECDSA uses.
type scalar[S any] interface {
	// SetCanonicalBytes decodes a value below n of the order's length.
	SetCanonicalBytes(b []byte) (S, error)
	// SetReducedBytes decodes a value below 2^bitlen(n) of the order's
	// length and reduces it modulo n.
	SetReducedBytes(b []byte) (S, error)
	Bytes() []byte
	Set(t S) S
	Add(a, b S) S
	Mul(a, b S) S
	Invert(a S) S
	Equal(t S) int
	IsZero() int
}

// nistCurve implements curveImpl on the point type P and the scalar type S
// of internal/nistec.
type nistCurve[P point[P], S scalar[S]] struct {
	newPoint  func() P
	newScalar func() S
	// size is the length in bytes of scalars, of the order n and of
	// coordinates (the same for P-256, P-384 and P-521); excess is
	// 8·size - bitlen(n), the bits bits2int shifts out (7 for P-521, else 0).
	size, excess int
	// n is the order, for the variable-time inversion of verification,
	// and p the field's prime, for its comparison of x coordinates; nBytes
	// is n big-endian of the order's length, for bits2octets.
	n, p   *big.Int
	nBytes []byte
	// hedge is the hash of the HMAC_DRBG of hedged signatures.
	hedge crypto.Hash
	// zero and identity are the values signState's wipe sets; states holds
	// released signStates.
	zero     S
	identity P
	states   sync.Pool
}

// newNISTCurve returns the nistCurve of the constructors newPoint and
// newScalar, an order n of size bytes with excess bits above its bit
// length, the field's prime p, and the hash of hedged signatures.
func newNISTCurve[P point[P], S scalar[S]](newPoint func() P, newScalar func() S, size, excess int, n, p *big.Int, hedge crypto.Hash) *nistCurve[P, S] {
	return &nistCurve[P, S]{
		newPoint: newPoint, newScalar: newScalar, size: size, excess: excess,
		n: n, p: p, nBytes: n.FillBytes(make([]byte, size)), hedge: hedge,
		zero: newScalar(), identity: newPoint(),
	}
}

func (c *nistCurve[P, S]) scalarSize() int { return c.size }

// truncate writes to b, of the order's length, the leftmost bitlen(n) bits
// of the hash: bits2int of FIPS 186-5, Section 6.4.1, steps 2 and 3 (and
// Section 6.4.2, steps 3 and 4), RFC 6979, Section 2.3.2, before its
// reduction modulo n. The value is below 2^bitlen(n) < 2n. The hash is
// public in verification and secret-free in signing (it is the message's
// digest); truncate is constant time anyway.
func (c *nistCurve[P, S]) truncate(b, hash []byte) {
	if len(hash) >= c.size {
		copy(b, hash)
		rightShift(b, c.excess)
	} else {
		// A shorter hash is its own leftmost bits.
		clear(b[:c.size-len(hash)])
		copy(b[c.size-len(hash):], hash)
	}
}

// bits2int sets e to the hash's bits2int reduced modulo n, and returns e.
func (c *nistCurve[P, S]) bits2int(e S, hash []byte) S {
	var buf [66]byte
	b := buf[:c.size]
	c.truncate(b, hash)
	// b < 2^bitlen(n) < 2n, so one subtraction reduces it.
	if _, err := e.SetReducedBytes(b); err != nil {
		panic("carry/ecdsa: internal error: a truncated hash did not reduce")
	}
	return e
}

// bits2octets writes to b, of the order's length, the hash's bits2octets
// of RFC 6979, Section 2.3.4 (bits2int reduced modulo n), and sets e to
// that value: the same e as bits2int, without the scalar's encoding, and
// in memory the caller provides (the hash's Write may keep b).
func (c *nistCurve[P, S]) bits2octets(e S, b, hash []byte) {
	c.truncate(b, hash)
	subtractIfNotBelow(b, c.nBytes)
	if _, err := e.SetCanonicalBytes(b); err != nil {
		panic("carry/ecdsa: internal error: a reduced hash is not below n")
	}
}

// subtractIfNotBelow sets b = b - n if b >= n, for big-endian b and n of
// the same length, up to 66 bytes. It is constant time.
func subtractIfNotBelow(b, n []byte) {
	var d [66]byte
	var borrow int
	for i := len(b) - 1; i >= 0; i-- {
		v := int(b[i]) - int(n[i]) - borrow
		d[i] = byte(v)
		borrow = (v >> 8) & 1
	}
	// borrow is 1 if b < n: keep b. Otherwise take d.
	keep := byte(-borrow)
	for i := range b {
		b[i] = b[i]&keep | d[i]&^keep
	}
}

// rightShift shifts the big-endian b right by shift bits, 0 to 7, in
// place: bits2int's truncation of a value of 8·len(b) bits to its leftmost
// 8·len(b) - shift bits. It is constant time.
func rightShift(b []byte, shift int) {
	if shift == 0 {
		return
	}
	for i := len(b) - 1; i > 0; i-- {
		b[i] = b[i]>>shift | b[i-1]<<(8-shift)
	}
	b[0] >>= shift
}

// randomScalar returns a scalar in [1, n-1] with its encoding, drawn by
// rejection sampling from the bytes that generate writes: a private key,
// FIPS 186-5, Appendix A.2.2. (Nonces are drawn the same way, in
// signWithState.)
//
// A rejected candidate says only that it was rejected: the one accepted is
// independent of it. Each candidate is rejected with a probability below
// 2^-32 for P-256, and far below for P-384 and P-521, whose orders are
// close to a power of two (after the shift, for P-521).
func (c *nistCurve[P, S]) randomScalar(generate func([]byte) error) (S, []byte, error) {
	b := make([]byte, c.size)
	k := c.newScalar()
	for {
		if err := generate(b); err != nil {
			return k, nil, err
		}
		rightShift(b, c.excess)
		if _, err := k.SetCanonicalBytes(b); err == nil && k.IsZero() == 0 {
			return k, b, nil
		}
	}
}

// publicKey returns the uncompressed encoding of d·G for a private key d in
// [1, n-1] of the order's length, or an error if d is not one.
func (c *nistCurve[P, S]) publicKey(d []byte) ([]byte, error) {
	s, err := c.newScalar().SetCanonicalBytes(d)
	if err != nil || s.IsZero() == 1 {
		return nil, errScalar
	}
	q, err := c.newPoint().ScalarBaseMult(d)
	if err != nil {
		return nil, err
	}
	return q.Bytes(), nil
}

// generateKey returns a new private key, as randomScalar draws it from
// generate, and its public key.
func (c *nistCurve[P, S]) generateKey(generate func([]byte) error) (d, q []byte, err error) {
	_, d, err = c.randomScalar(generate)
	if err != nil {
		return nil, nil, err
	}
	q, err = c.publicKey(d)
	return d, q, err
}

// verifyVarTime reports whether (r, s) is a valid signature of hash under
// the public key q, which it decodes and checks (SetBytes: coordinates
// below p, on the curve; the identity and compressed points are excluded by
// the callers, which pass an uncompressed encoding): FIPS 186-5, Section
// 6.4.2. r and s are big-endian of any length. It is variable time: every
// input is public.
func (c *nistCurve[P, S]) verifyVarTime(q, hash, r, s []byte) bool {
	Q, err := c.newPoint().SetBytes(q)
	if err != nil {
		return false
	}
	// Step 2: r and s in [1, n-1].
	rs, ok := c.scalarVarTime(r)
	if !ok {
		return false
	}
	ss, ok := c.scalarVarTime(s)
	if !ok {
		return false
	}
	// Steps 3-6: e, w = s⁻¹, u = e·w, v = r·w, R = u·G + v·Q.
	e := c.bits2int(c.newScalar(), hash)
	w := c.invertVarTime(ss)
	u := c.newScalar().Mul(e, w)
	v := c.newScalar().Mul(rs, w)
	R, err := c.newPoint().VarTimeDoubleScalarBaseMult(u.Bytes(), Q, v.Bytes())
	if err != nil {
		return false
	}
	// Steps 7-9: R is not the identity and R.x mod n == r, that is R.x = r
	// or, if r + n < p, R.x = r + n (R.x < p < 2n): compared as X = x·Z in
	// R's projective coordinates, with no inversion.
	if R.HasXVarTime(rs.Bytes()) {
		return true
	}
	rn := new(big.Int).SetBytes(rs.Bytes())
	if rn.Add(rn, c.n).Cmp(c.p) >= 0 {
		return false
	}
	var buf [66]byte
	return R.HasXVarTime(rn.FillBytes(buf[:c.size]))
}

// scalarVarTime decodes a big-endian value of any length in [1, n-1], or
// returns false. Its time depends on the value, which must be public.
func (c *nistCurve[P, S]) scalarVarTime(b []byte) (S, bool) {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	s := c.newScalar()
	if len(b) > c.size {
		return s, false
	}
	var buf [66]byte
	copy(buf[c.size-len(b):c.size], b)
	if _, err := s.SetCanonicalBytes(buf[:c.size]); err != nil || s.IsZero() == 1 {
		return s, false
	}
	return s, true
}

// invertVarTime returns 1/s modulo n for a nonzero s, by math/big's
// extended Euclidean algorithm: variable time, for the public s of
// verification, and several times faster than the constant-time Invert's
// exponentiation.
func (c *nistCurve[P, S]) invertVarTime(s S) S {
	v := new(big.Int).SetBytes(s.Bytes())
	if v.ModInverse(v, c.n) == nil {
		panic("carry/ecdsa: internal error: a nonzero scalar has no inverse")
	}
	var buf [66]byte
	w, err := c.newScalar().SetCanonicalBytes(v.FillBytes(buf[:c.size]))
	if err != nil {
		panic("carry/ecdsa: internal error: an inverse is not below n")
	}
	return w
}
