package ecdh

import (
	"crypto/ecdh"
	"errors"
)

// fromStdCurve returns carry's curve of the same name as c, or nil.
func fromStdCurve(c ecdh.Curve) Curve {
	switch c {
	case ecdh.X25519():
		return X25519()
	}
	return fromStdNIST(c)
}

var errStdCurve = errors.New("carry/ecdh: curve not supported")

// PrivateKeyFromStd returns the carry private key of the same curve and
// encoding as k, a key of crypto/ecdh. It checks k as
// [Curve.NewPrivateKey] does and computes the public key again.
func PrivateKeyFromStd(k *ecdh.PrivateKey) (*PrivateKey, error) {
	c := fromStdCurve(k.Curve())
	if c == nil {
		return nil, errStdCurve
	}
	return c.NewPrivateKey(k.Bytes())
}

// PublicKeyFromStd returns the carry public key of the same curve and
// encoding as k, a key of crypto/ecdh, checked as [Curve.NewPublicKey]
// does.
func PublicKeyFromStd(k *ecdh.PublicKey) (*PublicKey, error) {
	c := fromStdCurve(k.Curve())
	if c == nil {
		return nil, errStdCurve
	}
	return c.NewPublicKey(k.Bytes())
}

// ToStd returns the crypto/ecdh private key of the same curve and encoding
// as k. It fails only where crypto/ecdh refuses the key (X25519 in FIPS
// 140-only mode).
func (k *PrivateKey) ToStd() (*ecdh.PrivateKey, error) {
	return k.curve.std().NewPrivateKey(k.d)
}

// ToStd returns the crypto/ecdh public key of the same curve and encoding as
// k. It fails only where crypto/ecdh refuses the key (X25519 in FIPS
// 140-only mode).
func (k *PublicKey) ToStd() (*ecdh.PublicKey, error) {
	return k.curve.std().NewPublicKey(k.q)
}
