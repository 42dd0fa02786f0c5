package ecdh

import (
	"crypto/ecdh"
	"crypto/fips140"
	"errors"
	"io"
)

// fromStdCurve returns carry's curve of the same name as c, or nil.
func fromStdCurve(c ecdh.Curve) Curve {
	switch c {
	case ecdh.X25519():
		return X25519()
	}
	return fromStdNIST(c)
}

var errNoCurve = errors.New("carry/ecdh: invalid key: no curve (a zero value)")

// PrivateKeyFromStd returns the key of this package with the same curve and
// encoding as k, a crypto/ecdh private key, and the same public key (taken
// from k, which crypto/ecdh computed and checked when it made k). It returns
// an error only for the zero value of crypto/ecdh.PrivateKey, which has no
// curve. The result does not share memory with k.
func PrivateKeyFromStd(k *ecdh.PrivateKey) (*PrivateKey, error) {
	c := fromStdCurve(k.Curve())
	if c == nil {
		return nil, errNoCurve
	}
	return wrapStd(c, k), nil
}

// PublicKeyFromStd returns the key of this package with the same curve and
// encoding as k, a crypto/ecdh public key (which crypto/ecdh checked when it
// made k). It returns an error only for the zero value of
// crypto/ecdh.PublicKey, which has no curve. The result does not share
// memory with k.
func PublicKeyFromStd(k *ecdh.PublicKey) (*PublicKey, error) {
	c := fromStdCurve(k.Curve())
	if c == nil {
		return nil, errNoCurve
	}
	return wrapStdPublic(c, k), nil
}

// ToStd returns crypto/ecdh's private key with the same curve and encoding
// as k, for crypto/x509 and other code that takes crypto/ecdh's types. It is
// made by crypto/ecdh's NewPrivateKey, which computes the public key again;
// in FIPS 140 mode it is the key that k computes with. k's Equal reports
// true for it.
func (k *PrivateKey) ToStd() *ecdh.PrivateKey {
	if k.fips != nil {
		return k.fips
	}
	sk, err := k.curve.std().NewPrivateKey(k.d)
	if err != nil {
		// Outside FIPS 140 mode crypto/ecdh accepts every valid key.
		panic("carry/ecdh: internal error: crypto/ecdh refused a valid private key: " + err.Error())
	}
	return sk
}

// ToStd returns crypto/ecdh's public key with the same curve and encoding
// as k, for crypto/x509 and other code that takes crypto/ecdh's types; in
// FIPS 140 mode it is the key that k stands for. k's Equal reports true for
// it.
func (k *PublicKey) ToStd() *ecdh.PublicKey {
	if k.fips != nil {
		return k.fips
	}
	spk, err := k.curve.std().NewPublicKey(k.q)
	if err != nil {
		panic("carry/ecdh: internal error: crypto/ecdh refused a valid public key: " + err.Error())
	}
	return spk
}

// wrapStd returns k, a crypto/ecdh key of the curve c, as a key of this
// package, which in FIPS 140 mode computes with k itself.
func wrapStd(c Curve, k *ecdh.PrivateKey) *PrivateKey {
	w := &PrivateKey{curve: c, d: k.Bytes(), pub: wrapStdPublic(c, k.PublicKey())}
	if fips140.Enabled() {
		w.fips = k
	}
	return w
}

// wrapStdPublic is wrapStd for public keys.
func wrapStdPublic(c Curve, k *ecdh.PublicKey) *PublicKey {
	w := &PublicKey{curve: c, q: k.Bytes()}
	if fips140.Enabled() {
		w.fips = k
	}
	return w
}

// The Curve methods in FIPS 140 mode: crypto/ecdh's curve c.std() makes the
// keys, with its own checks, errors and use of rand.

func stdGenerateKey(c Curve, rand io.Reader) (*PrivateKey, error) {
	k, err := c.std().GenerateKey(rand)
	if err != nil {
		return nil, err
	}
	return wrapStd(c, k), nil
}

func stdNewPrivateKey(c Curve, key []byte) (*PrivateKey, error) {
	k, err := c.std().NewPrivateKey(key)
	if err != nil {
		return nil, err
	}
	return wrapStd(c, k), nil
}

func stdNewPublicKey(c Curve, key []byte) (*PublicKey, error) {
	k, err := c.std().NewPublicKey(key)
	if err != nil {
		return nil, err
	}
	return wrapStdPublic(c, k), nil
}
