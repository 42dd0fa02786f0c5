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
// curve. The result does not share memory with k, but where crypto/ecdh
// makes the keys (in FIPS 140 mode, for P-256 on arm64) it holds k itself.
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
// made by crypto/ecdh's NewPrivateKey, which computes the public key again,
// but where crypto/ecdh makes the keys (in FIPS 140 mode, for P-256 on
// arm64) it is the key that k computes with. k's Equal reports true for it.
func (k *PrivateKey) ToStd() *ecdh.PrivateKey {
	if k.std != nil {
		return k.std
	}
	sk, err := k.curve.std().NewPrivateKey(k.d)
	if err != nil {
		// Outside FIPS 140 mode crypto/ecdh accepts every valid key.
		panic("carry/ecdh: internal error: crypto/ecdh refused a valid private key: " + err.Error())
	}
	return sk
}

// ToStd returns crypto/ecdh's public key with the same curve and encoding
// as k, for crypto/x509 and other code that takes crypto/ecdh's types;
// where crypto/ecdh makes the keys (in FIPS 140 mode, for P-256 on arm64)
// it is the key that k stands for. k's Equal reports true for it.
func (k *PublicKey) ToStd() *ecdh.PublicKey {
	if k.std != nil {
		return k.std
	}
	spk, err := k.curve.std().NewPublicKey(k.q)
	if err != nil {
		panic("carry/ecdh: internal error: crypto/ecdh refused a valid public key: " + err.Error())
	}
	return spk
}

// wrapStd returns k, a crypto/ecdh key of the curve c, as a key of this
// package, which computes with k itself where stdMakes(c).
func wrapStd(c Curve, k *ecdh.PrivateKey) *PrivateKey {
	w := &PrivateKey{curve: c, d: k.Bytes(), pub: wrapStdPublic(c, k.PublicKey())}
	if stdMakes(c) {
		w.std = k
	}
	return w
}

// wrapStdPublic is wrapStd for public keys.
func wrapStdPublic(c Curve, k *ecdh.PublicKey) *PublicKey {
	w := &PublicKey{curve: c, q: k.Bytes()}
	if stdMakes(c) {
		w.std = k
	}
	return w
}

// stdMakes reports whether crypto/ecdh makes and uses the keys of c: those
// of every curve in FIPS 140 mode, and P-256's where stdP256 is set.
func stdMakes(c Curve) bool {
	return fips140.Enabled() || stdP256 && c == p256
}

// The Curve methods where stdMakes says so (GenerateKey in FIPS 140 mode
// only): crypto/ecdh's curve c.std() makes the keys, with its own checks,
// errors and use of rand.

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
