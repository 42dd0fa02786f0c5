// Package ecdsa implements the Elliptic Curve Digital Signature Algorithm of
// FIPS 186-5 on the NIST curves P-256, P-384 and P-521, over carry's
// internal/nistec, with the standard library's key types: public keys are
// *crypto/ecdsa.PublicKey, and a [PrivateKey] is made from a
// *crypto/ecdsa.PrivateKey ([NewPrivateKey]) and turned back into one
// ([PrivateKey.ToStd]).
//
// Signing is constant time in the private key and the nonce. Nonces come
// from an HMAC_DRBG over the private key and the hash, as RFC 6979 makes
// them: with no random source, the signatures are RFC 6979's deterministic
// ones, byte for byte those of crypto/ecdsa's Sign(nil, ...); with one, its
// bytes are mixed in as crypto/ecdsa does (draft-irtf-cfrg-det-sigs-with-
// noise-04), so that a broken random source cannot leak the key.
// Verification is variable time: its inputs are public.
package ecdsa

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"math/big"
)

// curveImpl is one curve's ECDSA, implemented by nistCurve.
type curveImpl interface {
	scalarSize() int
	hedgeHash() crypto.Hash
	publicKey(d []byte) ([]byte, error)
	generateKey(generate func([]byte) error) (d, q []byte, err error)
	sign(rand io.Reader, h crypto.Hash, d, hash []byte) (r, s []byte, err error)
	signWithNonce(d []byte, nonce nonceSource, hash []byte) (r, s []byte, err error)
	verifyVarTime(q, hash, r, s []byte) bool
}

var errCurve = errors.New("carry/ecdsa: curve not supported (P-256, P-384 and P-521 are)")

// lookupCurve returns the implementation of c, which must be P-256, P-384
// or P-521 (by its parameters, as crypto/ecdsa recognizes them), and the
// standard library's value of that curve.
func lookupCurve(c elliptic.Curve) (curveImpl, elliptic.Curve, error) {
	if c == nil {
		return nil, nil, errCurve
	}
	for _, nc := range nistCurves {
		if c.Params() == nc.std.Params() {
			return nc.impl, nc.std, nil
		}
	}
	return nil, nil, errCurve
}

// A PrivateKey is an ECDSA private key on P-256, P-384 or P-521, checked
// when it was made. Its methods are safe for concurrent use. It is a
// crypto.Signer. The zero value is not a valid key.
type PrivateKey struct {
	curve elliptic.Curve // elliptic.P256(), P384() or P521()
	impl  curveImpl
	d     []byte // the scalar, big-endian, of the order's length
	q     []byte // the public key, uncompressed
}

// NewPrivateKey checks k and returns it as a carry key: k.Curve must be
// P-256, P-384 or P-521, k.D in [1, n-1], and k.X, k.Y the point D·G.
//
// D is read through math/big, whose conversions may leak its bit length
// through timing, as crypto/ecdsa's do; the key's operations after that are
// constant time.
func NewPrivateKey(k *ecdsa.PrivateKey) (*PrivateKey, error) {
	impl, curve, err := lookupCurve(k.Curve)
	if err != nil {
		return nil, err
	}
	if k.D == nil || k.D.Sign() <= 0 || k.D.BitLen() > curve.Params().N.BitLen() {
		return nil, errors.New("carry/ecdsa: invalid private key scalar")
	}
	d := k.D.FillBytes(make([]byte, impl.scalarSize()))
	q, err := impl.publicKey(d)
	if err != nil {
		return nil, err
	}
	want, err := encodePoint(curve, k.X, k.Y)
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare(q, want) != 1 {
		return nil, errors.New("carry/ecdsa: public key does not match the private key")
	}
	return &PrivateKey{curve: curve, impl: impl, d: d, q: q}, nil
}

// GenerateKey returns a new private key on c (P-256, P-384 or P-521) drawn
// from rand by rejection sampling, as FIPS 186-5, Appendix A.2.2 describes
// and crypto/ecdsa does. Unlike crypto/ecdsa since Go 1.26, which ignores
// rand unless GODEBUG=cryptocustomrand=1, it reads the reader it is given;
// nil means crypto/rand.Reader.
func GenerateKey(c elliptic.Curve, rand io.Reader) (*PrivateKey, error) {
	impl, curve, err := lookupCurve(c)
	if err != nil {
		return nil, err
	}
	rand = randOrDefault(rand)
	d, q, err := impl.generateKey(func(b []byte) error {
		_, err := io.ReadFull(rand, b)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &PrivateKey{curve: curve, impl: impl, d: d, q: q}, nil
}

func randOrDefault(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}

// Public returns the public key, a *ecdsa.PublicKey of its own (changing it
// does not change k). It makes *PrivateKey a crypto.Signer.
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }

// PublicKey returns the public key as a *ecdsa.PublicKey of its own.
func (k *PrivateKey) PublicKey() *ecdsa.PublicKey {
	n := k.impl.scalarSize()
	return &ecdsa.PublicKey{
		Curve: k.curve,
		X:     new(big.Int).SetBytes(k.q[1 : 1+n]),
		Y:     new(big.Int).SetBytes(k.q[1+n:]),
	}
}

// ToStd returns the key as a *ecdsa.PrivateKey of its own. Its D is a
// math/big value, with the caveats of NewPrivateKey.
func (k *PrivateKey) ToStd() *ecdsa.PrivateKey {
	return &ecdsa.PrivateKey{PublicKey: *k.PublicKey(), D: new(big.Int).SetBytes(k.d)}
}

// Equal reports whether x is a *PrivateKey with the same curve and scalar.
// It is constant time in the scalars.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	return ok && k.curve == xx.curve && subtle.ConstantTimeCompare(k.d, xx.d) == 1
}

// Sign signs digest, as crypto/ecdsa.PrivateKey.Sign does: it returns the
// ASN.1 DER signature ([SignASN1]).
//
// If rand is nil, the signature is RFC 6979's deterministic one with the
// hash opts.HashFunc(), which must be available and of digest's length:
// byte for byte crypto/ecdsa's Sign(nil, digest, opts). Otherwise it is a
// hedged signature with bytes from rand, as [SignASN1] makes it.
func (k *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if rand != nil {
		return SignASN1(rand, k, digest)
	}
	if opts == nil {
		return nil, errors.New("carry/ecdsa: Sign called with nil opts")
	}
	h := opts.HashFunc()
	if !h.Available() {
		return nil, errors.New("carry/ecdsa: hash function not available")
	}
	if h.Size() != len(digest) {
		return nil, errors.New("carry/ecdsa: hash length does not match hash function")
	}
	// RFC 6979, Section 3.2, steps b-d: the DRBG seeded with the key and
	// bits2octets(hash).
	r, s, err := k.impl.sign(nil, h, k.d, digest)
	if err != nil {
		return nil, err
	}
	return encodeSignature(r, s), nil
}

// SignASN1 signs hash (the digest of a message) with priv and returns the
// ASN.1 DER signature. A hash longer than the order is truncated to the
// order's bit length (FIPS 186-5, Section 6.4.1).
//
// The nonce is hedged, as crypto/ecdsa makes it: an HMAC_DRBG seeded with
// as many bytes of rand as the order has, then the private key and
// bits2octets(hash) each on a block boundary
// (draft-irtf-cfrg-det-sigs-with-noise-04, Section 4). A broken or
// repeating rand gives RFC 6979-like nonces, which depend on the key and the
// message: it cannot leak the key. rand nil means crypto/rand.Reader.
//
// The DRBG's hash is SHA-512 for P-384 and P-521, as crypto/ecdsa's, so
// that from the same bytes of rand their signatures are crypto/ecdsa's
// (with GODEBUG=cryptocustomrand=1, which makes crypto/ecdsa read them); it
// is SHA-256 for P-256, where crypto/ecdsa takes SHA-512: SHA-256 has the
// strength of P-256 (128 bits) and SHA instructions on today's x86 and
// ARM CPUs, and its DRBG costs a third of SHA-512's (1.6 against 5.0 µs of
// thread CPU time beside a signature of 15.7 µs, on an x86 CPU with SHA
// instructions). Hedged signatures are random, so this changes no property
// a caller can observe beyond their values.
func SignASN1(rand io.Reader, priv *PrivateKey, hash []byte) ([]byte, error) {
	r, s, err := SignRaw(rand, priv, hash)
	if err != nil {
		return nil, err
	}
	return encodeSignature(r, s), nil
}

// SignRaw is [SignASN1] with the signature returned as r and s, big-endian
// of the order's length each (r || s is the IEEE P1363 encoding).
func SignRaw(rand io.Reader, priv *PrivateKey, hash []byte) (r, s []byte, err error) {
	return priv.impl.sign(randOrDefault(rand), priv.impl.hedgeHash(), priv.d, hash)
}

// VerifyASN1 reports whether sig, an ASN.1 DER signature, is a valid
// signature of hash under pub, as crypto/ecdsa.VerifyASN1 does for P-256,
// P-384 and P-521 (it returns false for any other curve). A hash longer
// than the order is truncated to the order's bit length.
//
// pub must be a point of the curve (coordinates below p, on the curve),
// and r and s in [1, n-1]. Verification is variable time: its inputs are
// public.
func VerifyASN1(pub *ecdsa.PublicKey, hash, sig []byte) bool {
	r, s, ok := parseSignature(sig)
	if !ok {
		return false
	}
	impl, q, err := publicKey(pub)
	if err != nil {
		return false
	}
	return impl.verifyVarTime(q, hash, r, s)
}

// VerifyRaw is [VerifyASN1] for a signature given as r and s, big-endian of
// exactly the order's length each (the halves of an IEEE P1363 signature).
func VerifyRaw(pub *ecdsa.PublicKey, hash, r, s []byte) bool {
	impl, q, err := publicKey(pub)
	if err != nil {
		return false
	}
	if len(r) != impl.scalarSize() || len(s) != impl.scalarSize() {
		return false
	}
	return impl.verifyVarTime(q, hash, r, s)
}

// publicKey returns the implementation of pub's curve and its uncompressed
// encoding, of the right length but not checked to be a point:
// verifyVarTime decodes it, and refuses what is not a point of the curve.
func publicKey(pub *ecdsa.PublicKey) (curveImpl, []byte, error) {
	if pub == nil {
		return nil, nil, errors.New("carry/ecdsa: nil public key")
	}
	impl, curve, err := lookupCurve(pub.Curve)
	if err != nil {
		return nil, nil, err
	}
	q, err := encodePoint(curve, pub.X, pub.Y)
	if err != nil {
		return nil, nil, err
	}
	return impl, q, nil
}

// encodePoint returns the uncompressed encoding of (x, y), which must be
// non-negative and fit the coordinate length; whether it is a point is for
// the caller to check.
func encodePoint(curve elliptic.Curve, x, y *big.Int) ([]byte, error) {
	bits := curve.Params().BitSize
	if x == nil || y == nil || x.Sign() < 0 || y.Sign() < 0 || x.BitLen() > bits || y.BitLen() > bits {
		return nil, errors.New("carry/ecdsa: invalid public key coordinates")
	}
	n := (bits + 7) / 8
	q := make([]byte, 1+2*n)
	q[0] = 4
	x.FillBytes(q[1 : 1+n])
	y.FillBytes(q[1+n:])
	return q, nil
}
