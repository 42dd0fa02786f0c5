package ecdh

import (
	"bytes"
	"crypto/ecdh"
	"crypto/fips140"
	cryptorand "crypto/rand"
	"errors"
	"io"
)

// nistPoint is the part of the point types of internal/nistec that ECDH
// uses: P is *P256Point, *P384Point or *P521Point.
type nistPoint[P any] interface {
	// SetBytes decodes a point (identity, uncompressed or compressed),
	// refusing points off the curve and coordinates not below p.
	SetBytes(b []byte) (P, error)
	// Bytes returns the uncompressed encoding (or {0} for the identity).
	Bytes() []byte
	// BytesX returns the X coordinate, or an error for the identity.
	BytesX() ([]byte, error)
	// ScalarMult and ScalarBaseMult are constant time in the scalar, whose
	// length must be the curve's.
	ScalarMult(q P, scalar []byte) (P, error)
	ScalarBaseMult(scalar []byte) (P, error)
}

// nistScalar is the part of the scalar types of internal/nistec (integers
// modulo the order n) that ECDH uses.
type nistScalar[S any] interface {
	// SetCanonicalBytes decodes a big-endian value of the order's length,
	// refusing values not below n.
	SetCanonicalBytes(b []byte) (S, error)
	// IsZero returns 1 if the value is zero, and 0 otherwise.
	IsZero() int
}

// nistCurve is a NIST curve over the point type P and scalar type S of
// internal/nistec.
type nistCurve[P nistPoint[P], S nistScalar[S]] struct {
	name      string
	size      int // length of scalars (and of coordinates) in bytes
	newPoint  func() P
	newScalar func() S
	stdCurve  ecdh.Curve
	// mask is ANDed into the first byte of GenerateKey's candidates, to
	// keep the order's bit length: 0x01 for P-521, 0xff for the others.
	mask byte
}

func (c *nistCurve[P, S]) String() string { return c.name }

func (c *nistCurve[P, S]) std() ecdh.Curve { return c.stdCurve }

func (c *nistCurve[P, S]) privateKeySize() int { return c.size }

func (c *nistCurve[P, S]) GenerateKey(rand io.Reader) (*PrivateKey, error) {
	if fips140.Enabled() {
		return stdGenerateKey(c, rand)
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	key := make([]byte, c.size)
	for {
		if _, err := io.ReadFull(rand, key); err != nil {
			return nil, err
		}
		key[0] &= c.mask
		// Rejecting a candidate reveals only that it was rejected; the
		// key kept is independent of the ones drawn before it.
		if k, err := c.NewPrivateKey(key); err == nil {
			return k, nil
		}
	}
}

var errInvalidPrivateKey = errors.New("carry/ecdh: invalid private key")

func (c *nistCurve[P, S]) NewPrivateKey(key []byte) (*PrivateKey, error) {
	if fips140.Enabled() {
		return stdNewPrivateKey(c, key)
	}
	if len(key) != c.size {
		return nil, errInvalidPrivateKey
	}
	s, err := c.newScalar().SetCanonicalBytes(key)
	if err != nil || s.IsZero() == 1 {
		return nil, errInvalidPrivateKey
	}
	q, err := c.newPoint().ScalarBaseMult(key)
	if err != nil {
		panic("carry/ecdh: internal error: ScalarBaseMult failed on a scalar of the right length")
	}
	pub := q.Bytes()
	if len(pub) == 1 {
		panic("carry/ecdh: internal error: the public key of a nonzero scalar is the identity")
	}
	return &PrivateKey{
		curve: c,
		d:     bytes.Clone(key),
		pub:   &PublicKey{curve: c, q: pub},
	}, nil
}

func (c *nistCurve[P, S]) NewPublicKey(key []byte) (*PublicKey, error) {
	if fips140.Enabled() {
		return stdNewPublicKey(c, key)
	}
	// Only uncompressed points: crypto/ecdh refuses the compressed form and
	// the identity ({0}), which SetBytes would take.
	if len(key) == 0 || key[0] != 4 {
		return nil, errors.New("carry/ecdh: invalid public key")
	}
	if _, err := c.newPoint().SetBytes(key); err != nil {
		// crypto/ecdh's error for the same public bytes: internal/nistec's
		// messages are carry's, not Go's.
		if _, stdErr := c.stdCurve.NewPublicKey(key); stdErr != nil {
			return nil, stdErr
		}
		return nil, err
	}
	return &PublicKey{curve: c, q: bytes.Clone(key)}, nil
}

func (c *nistCurve[P, S]) ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error) {
	p, err := c.newPoint().SetBytes(remote.q)
	if err != nil {
		// remote.q was checked by NewPublicKey.
		panic("carry/ecdh: internal error: a checked public key does not decode")
	}
	if _, err := p.ScalarMult(p, local.d); err != nil {
		return nil, err
	}
	// The group has prime order and neither the point nor the scalar is
	// zero, so the product is not the identity and BytesX succeeds.
	return p.BytesX()
}
