package ecdh

import (
	"bytes"
	"crypto/ecdh"
	"crypto/fips140"
	cryptorand "crypto/rand"
	"errors"
	"io"

	"github.com/carry-crypto/carry/x25519"
)

// X25519 returns the Curve that implements X25519 (RFC 7748, Section 5) over
// carry's x25519 package.
//
// Any 32 bytes are a private key (clamped when used) and any 32 bytes a
// public key (its top bit ignored, non-canonical values reduced), as in
// crypto/ecdh; [PrivateKey.ECDH] fails when the shared secret is all zeros.
func X25519() Curve { return x25519Curve{} }

type x25519Curve struct{}

func (x25519Curve) String() string { return "X25519" }

func (x25519Curve) std() ecdh.Curve { return ecdh.X25519() }

func (x25519Curve) privateKeySize() int { return x25519.ScalarSize }

func (c x25519Curve) GenerateKey(rand io.Reader) (*PrivateKey, error) {
	if fips140.Enabled() {
		return stdGenerateKey(c, rand)
	}
	if rand == nil {
		rand = cryptorand.Reader
	}
	key := make([]byte, x25519.ScalarSize)
	if _, err := io.ReadFull(rand, key); err != nil {
		return nil, err
	}
	return c.NewPrivateKey(key)
}

func (c x25519Curve) NewPrivateKey(key []byte) (*PrivateKey, error) {
	if fips140.Enabled() {
		return stdNewPrivateKey(c, key)
	}
	if len(key) != x25519.ScalarSize {
		return nil, errors.New("carry/ecdh: invalid private key size")
	}
	q, err := x25519.X25519(key, x25519.Basepoint)
	if err != nil {
		// The clamped scalar times the base point is never the identity.
		panic("carry/ecdh: internal error: X25519 of the base point failed: " + err.Error())
	}
	return &PrivateKey{
		curve: c,
		d:     bytes.Clone(key),
		pub:   &PublicKey{curve: c, q: q},
	}, nil
}

func (c x25519Curve) NewPublicKey(key []byte) (*PublicKey, error) {
	if fips140.Enabled() {
		return stdNewPublicKey(c, key)
	}
	if len(key) != x25519.PointSize {
		return nil, errors.New("carry/ecdh: invalid public key")
	}
	return &PublicKey{curve: c, q: bytes.Clone(key)}, nil
}

func (x25519Curve) ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error) {
	out, err := x25519.X25519(local.d, remote.q)
	if err != nil {
		// The lengths were checked when the keys were made: the one
		// error left is the all-zero output of a low-order point.
		return nil, errors.New("carry/ecdh: bad X25519 remote ECDH input: low order point")
	}
	return out, nil
}
