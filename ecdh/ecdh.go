// Package ecdh implements Elliptic Curve Diffie-Hellman over the NIST curves
// P-256, P-384 and P-521 (SEC 1, Version 2.0, Section 3.3.1) and over
// Curve25519 (X25519, RFC 7748), with the API and the semantics of the
// standard library's crypto/ecdh: the same encodings, the same checks and
// errors in the same places.
//
// The NIST curves run on carry's internal/nistec, X25519 on carry's x25519
// package. Every operation is constant time in the private key; public keys
// are public.
//
// Keys convert to and from the standard library's: [PrivateKeyFromStd] and
// [PublicKeyFromStd] take a *crypto/ecdh key, [PrivateKey.ToStd] and
// [PublicKey.ToStd] return one.
package ecdh

import (
	"crypto"
	"crypto/ecdh"
	"crypto/subtle"
	"errors"
	"io"
)

// A Curve is one of the curves of this package: [P256], [P384], [P521] or
// [X25519]. Its methods are safe for concurrent use. Curves are singletons,
// so two Curve values are the same curve exactly when they are equal.
type Curve interface {
	// GenerateKey returns a new private key read from rand.
	//
	// For the NIST curves, it reads as many bytes as the order has, keeps
	// the order's bit length (P-521) and draws again until the value is a
	// valid private key (in [1, n-1]); for X25519 it reads 32 bytes. Unlike
	// crypto/ecdh since Go 1.26, which ignores rand unless
	// GODEBUG=cryptocustomrand=1, GenerateKey uses the reader it is given.
	GenerateKey(rand io.Reader) (*PrivateKey, error)

	// NewPrivateKey checks that key is a valid private key and returns it.
	//
	// For the NIST curves, key must be the big-endian encoding of a value in
	// [1, n-1] with exactly as many bytes as the order n; for X25519, any 32
	// bytes (clamped when used).
	NewPrivateKey(key []byte) (*PrivateKey, error)

	// NewPublicKey checks that key is a valid public key and returns it.
	//
	// For the NIST curves, key must be an uncompressed point (SEC 1, Section
	// 2.3.3: 0x04, then X and Y of the curve's length) on the curve, with
	// coordinates below p; compressed points and the identity are refused.
	// For X25519, any 32 bytes: low-order points are refused later, by
	// [PrivateKey.ECDH].
	NewPublicKey(key []byte) (*PublicKey, error)

	// String returns the curve's name: "P-256", "P-384", "P-521" or
	// "X25519".
	String() string

	// ecdh computes the shared secret of local and remote, both of this
	// curve.
	ecdh(local *PrivateKey, remote *PublicKey) ([]byte, error)

	// std returns the standard library's curve of the same name.
	std() ecdh.Curve

	// privateKeySize is the length of the curve's private keys.
	privateKeySize() int
}

// A PublicKey is a public key of a [Curve]: a checked encoding. Its methods
// are safe for concurrent use. The zero value is not a valid key.
type PublicKey struct {
	curve Curve
	q     []byte
}

// Bytes returns a copy of the key's encoding: the uncompressed point for the
// NIST curves (1 + 2 × the curve's length bytes), the 32-byte u-coordinate
// for X25519.
func (k *PublicKey) Bytes() []byte {
	var buf [133]byte // enough for P-521, so that small results need no allocation
	return append(buf[:0], k.q...)
}

// Equal reports whether x is a *PublicKey of the same curve with the same
// encoding. It is constant time in the encodings.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(*PublicKey)
	if !ok {
		return false
	}
	return k.curve == xx.curve && subtle.ConstantTimeCompare(k.q, xx.q) == 1
}

// Curve returns the key's curve.
func (k *PublicKey) Curve() Curve { return k.curve }

// A PrivateKey is a private key of a [Curve] with its public key. Its
// methods are safe for concurrent use. The zero value is not a valid key.
type PrivateKey struct {
	curve Curve
	d     []byte
	pub   *PublicKey
}

// ECDH returns the shared secret of k and remote: the X coordinate of the
// product of the point remote and the scalar k for the NIST curves (SEC 1,
// Section 3.3.1, the curve's length in bytes), X25519(k, remote) for X25519
// (32 bytes).
//
// It returns an error if the keys are of different curves and, for X25519,
// if the result is all zeros, which happens exactly when remote is of low
// order (RFC 7748, Section 6.1). It is constant time in k.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	if k.curve != remote.curve {
		return nil, errors.New("carry/ecdh: private key and public key curves do not match")
	}
	return k.curve.ecdh(k, remote)
}

// Bytes returns a copy of the key's encoding: the big-endian scalar of the
// order's length for the NIST curves, the 32 bytes given to NewPrivateKey
// (before clamping) for X25519.
func (k *PrivateKey) Bytes() []byte {
	var buf [66]byte // enough for P-521
	return append(buf[:0], k.d...)
}

// Equal reports whether x is a *PrivateKey of the same curve with the same
// encoding. It is constant time in the keys.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok {
		return false
	}
	return k.curve == xx.curve && subtle.ConstantTimeCompare(k.d, xx.d) == 1
}

// Curve returns the key's curve.
func (k *PrivateKey) Curve() Curve { return k.curve }

// PublicKey returns the public key of k. It is computed once, when k is
// made, and shared by every call.
func (k *PrivateKey) PublicKey() *PublicKey { return k.pub }

// Public returns k.PublicKey() as a crypto.PublicKey, the method every
// private key of the standard library has.
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }
