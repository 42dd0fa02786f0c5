// Package ecdh implements Elliptic Curve Diffie-Hellman over the NIST curves
// P-256, P-384 and P-521 (SEC 1, Version 2.0, Section 3.3.1) and over
// Curve25519 (X25519, RFC 7748), with crypto/ecdh's API and semantics: the
// same encodings, the same checks, and errors and panics for the same
// inputs, with crypto/ecdh's messages (under this package's prefix where
// crypto/ecdh puts its own).
//
// The NIST curves run on carry's internal/nistec, X25519 on carry's x25519
// package. Every operation is constant time in the private key; public keys
// are public.
//
// # Types and conversions
//
// crypto/ecdh's Curve interface has unexported methods, so no other package
// can supply a curve, or keys, of crypto/ecdh's types that compute with its
// own code. This package therefore has its own [Curve], [PrivateKey] and
// [PublicKey], with the method sets of crypto/ecdh's, and its own
// [KeyExchanger] over them; a program that uses crypto/ecdh through these
// names builds unchanged with this package, as long as it does not hand keys
// to other packages, which take crypto/ecdh's types. Keys convert both ways:
// [PrivateKeyFromStd] and [PublicKeyFromStd] take crypto/ecdh's keys, and
// [PrivateKey.ToStd] and [PublicKey.ToStd] return them. That is also the way
// to and from crypto/x509: x509.MarshalPKCS8PrivateKey(k.ToStd()) and
// x509.MarshalPKIXPublicKey(k.PublicKey().ToStd()) encode a key, and what
// x509.ParsePKCS8PrivateKey and x509.ParsePKIXPublicKey return (a
// *crypto/ecdh key for X25519, a *crypto/ecdsa key whose ECDH method gives
// one for the NIST curves) converts back with the FromStd functions.
//
// The Equal methods of this package's keys report true for a key of either
// package with the same curve and encoding. crypto/ecdh's Equal methods know
// only their own type and report false for this package's keys: compare with
// this package's Equal, or with the result of ToStd.
//
// # Random numbers
//
// GenerateKey reads its private key from the reader it is given, or from
// crypto/rand.Reader when that is nil; crypto/ecdh since Go 1.26 ignores the
// reader and uses crypto/rand unless GODEBUG=cryptocustomrand=1. Reading the
// given reader keeps key generation reproducible in tests; the keys it makes
// are valid keys of the same distribution as crypto/ecdh's.
//
// # FIPS 140 mode
//
// carry is not a FIPS 140 validated module. When the standard library runs in
// FIPS 140 mode (crypto/fips140.Enabled reports true, under GODEBUG=fips140=on
// or only), every key of this package is made and used by crypto/ecdh: the
// Curve methods call crypto/ecdh's curve of the same name and ECDH calls
// crypto/ecdh's ECDH, with their errors (FIPS 140-only mode refuses X25519)
// and their treatment of the reader.
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
	// GenerateKey returns a new private key read from rand, or from
	// crypto/rand.Reader if rand is nil (see the package documentation for
	// how this differs from crypto/ecdh), and the reader's error if it fails.
	//
	// For the NIST curves, it reads as many bytes as the order has, keeps
	// the order's bit length (P-521) and draws again until the value is a
	// valid private key (in [1, n-1]); for X25519 it reads 32 bytes.
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
	fips  *ecdh.PublicKey // in FIPS 140 mode, crypto/ecdh's key of the same value
}

// Bytes returns a copy of the key's encoding: the uncompressed point for the
// NIST curves (1 + 2 × the curve's length bytes), the 32-byte u-coordinate
// for X25519.
func (k *PublicKey) Bytes() []byte {
	var buf [133]byte // enough for P-521, so that small results need no allocation
	return append(buf[:0], k.q...)
}

// Equal reports whether x is a *PublicKey of this package or of crypto/ecdh
// with the same curve and the same encoding. It is constant time in the
// encodings. Two encodings of one X25519 point (bit 255 set or not, or a
// non-canonical u) are different keys here, though ECDH treats them alike.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	switch xx := x.(type) {
	case *PublicKey:
		return k.curve == xx.curve && subtle.ConstantTimeCompare(k.q, xx.q) == 1
	case *ecdh.PublicKey:
		return k.curve != nil && k.curve.std() == xx.Curve() &&
			subtle.ConstantTimeCompare(k.q, xx.Bytes()) == 1
	}
	return false
}

// Curve returns the key's curve.
func (k *PublicKey) Curve() Curve { return k.curve }

// A PrivateKey is a private key of a [Curve] with its public key. Its
// methods are safe for concurrent use. The zero value is not a valid key.
type PrivateKey struct {
	curve Curve
	d     []byte
	pub   *PublicKey
	fips  *ecdh.PrivateKey // in FIPS 140 mode, crypto/ecdh's key of the same value
}

// KeyExchanger is the method set of a private key that can agree on a
// shared secret, which a key kept outside the program (in a hardware token,
// say) can implement too: crypto/ecdh.KeyExchanger over this package's
// types. *[PrivateKey] implements it.
type KeyExchanger interface {
	PublicKey() *PublicKey
	Curve() Curve
	ECDH(*PublicKey) ([]byte, error)
}

var _ KeyExchanger = (*PrivateKey)(nil)

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
	if k.fips != nil {
		return k.fips.ECDH(remote.fips)
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

// Equal reports whether x is a *PrivateKey of this package or of crypto/ecdh
// with the same curve and the same encoding. It is constant time in the
// keys. Two X25519 keys that differ only in the bits that clamping sets are
// different keys here, though ECDH treats them alike.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	switch xx := x.(type) {
	case *PrivateKey:
		return k.curve == xx.curve && subtle.ConstantTimeCompare(k.d, xx.d) == 1
	case *ecdh.PrivateKey:
		return k.curve != nil && k.curve.std() == xx.Curve() &&
			subtle.ConstantTimeCompare(k.d, xx.Bytes()) == 1
	}
	return false
}

// Curve returns the key's curve.
func (k *PrivateKey) Curve() Curve { return k.curve }

// PublicKey returns the public key of k. It is computed once, when k is
// made, and shared by every call.
func (k *PrivateKey) PublicKey() *PublicKey { return k.pub }

// Public returns k.PublicKey() as a crypto.PublicKey, so that k has the
// Public method of every private key of the standard library.
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }
