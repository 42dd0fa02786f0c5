// Package ecdsa is crypto/ecdsa with carry's arithmetic: the Elliptic Curve
// Digital Signature Algorithm of FIPS 186-5 on P-256, P-384 and P-521, over
// carry's internal/nistec. It has crypto/ecdsa's API, identifier for
// identifier, and its key types are crypto/ecdsa's (aliases), so that a
// program switches by changing an import path and its keys pass freely to
// crypto/x509 and crypto/tls.
//
// The package's functions run carry's code. The methods of the key types
// ((*PrivateKey).Sign, Equal, Bytes, ECDH) are crypto/ecdsa's and run its
// code: use the functions, or a [Signer] where a crypto.Signer is wanted.
//
// A private key is checked and converted to carry's form on its first use;
// the converted form is kept, in memory that goes away with the key, for
// the calls that follow. crypto/ecdsa asks that a key's fields not be
// changed after its first use. If they are, carry behaves as crypto/ecdsa
// does: each call compares the key's curve, D, X and Y with the converted
// form and converts the key again if they differ, so a key changed between
// calls is used with its new values. A change made while a call runs is a
// data race, with no defined result.
//
// Keys on other curves (P-224 or a custom elliptic.Curve) and keys that carry
// refuses (D outside [1, n-1], X, Y not D·G, a nil or out-of-range field) go
// to crypto/ecdsa's function, and get its result, error or panic. So does
// every call while crypto/fips140.Enabled() reports true: carry is not a
// validated module.
//
// Random readers are taken as crypto/ecdsa takes them: since Go 1.26,
// GenerateKey, Sign, SignASN1, SignRaw and a Signer's Sign ignore theirs and
// read crypto/rand.Reader, unless GODEBUG=cryptocustomrand=1 (the default of
// a main module older than Go 1.26) makes crypto/ecdsa read them, and then
// carry reads them too.
//
// Signing is constant time in the private key and the nonce; D is read
// through math/big, whose conversions may leak its length, as crypto/ecdsa's
// do. Verification is variable time: its inputs are public.
package ecdsa

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/fips140"
	"errors"
	"io"
	"math/big"
)

// PrivateKey is crypto/ecdsa's private key.
type PrivateKey = ecdsa.PrivateKey

// PublicKey is crypto/ecdsa's public key.
type PublicKey = ecdsa.PublicKey

// curveImpl is one curve's ECDSA, implemented by nistCurve.
type curveImpl interface {
	scalarSize() int
	publicKey(d []byte) ([]byte, error)
	generateKey(generate func([]byte) error) (d, q []byte, err error)
	signDeterministic(h crypto.Hash, d, hash []byte) (r, s []byte, err error)
	signHedged(rand io.Reader, d, hash []byte) (r, s []byte, err error)
	verifyVarTime(q, hash, r, s []byte) bool
}

// A curve is one of the curves carry implements.
type curve struct {
	impl   curveImpl
	std    elliptic.Curve        // elliptic.P256(), P384() or P521()
	params *elliptic.CurveParams // std.Params()
}

// lookupCurve returns the curve c, or nil if c is not P-256, P-384 or
// P-521. c is recognized by its parameters, as crypto/ecdsa recognizes
// curves, so that elliptic.P256().Params() is P-256.
func lookupCurve(c elliptic.Curve) *curve {
	if c == nil {
		return nil
	}
	params := c.Params()
	for _, nc := range nistCurves {
		if params == nc.params {
			return nc
		}
	}
	return nil
}

// GenerateKey returns a new private key on c, drawn by rejection sampling
// (FIPS 186-5, Appendix A.2.2) from crypto/rand.Reader, or from r where
// crypto/ecdsa reads r (GODEBUG=cryptocustomrand=1), in which case it
// returns r's error. Keys on other curves than P-256, P-384 and P-521 are
// crypto/ecdsa's.
//
// From the same bytes of r, the key is crypto/ecdsa's whenever crypto/ecdsa
// does not first read and drop one byte of r, which it does at random half
// the time so that no caller relies on its use of r.
func GenerateKey(c elliptic.Curve, r io.Reader) (*PrivateKey, error) {
	nc := lookupCurve(c)
	if nc == nil || fips140.Enabled() {
		return ecdsa.GenerateKey(c, r)
	}
	rand := randSource(r)
	d, q, err := nc.impl.generateKey(func(b []byte) error {
		_, err := io.ReadFull(rand, b)
		return err
	})
	if err != nil {
		return nil, err
	}
	return newKey(nc, d, q).export(c), nil
}

// ParseRawPrivateKey returns the private key on curve whose scalar is data,
// big-endian of the order's length, with its public key. It accepts and
// refuses what crypto/ecdsa's does, with its errors: curve must be
// elliptic.P224(), P256(), P384() or P521() (P-224 is crypto/ecdsa's), and
// data in [1, n-1].
func ParseRawPrivateKey(curve elliptic.Curve, data []byte) (*PrivateKey, error) {
	nc := lookupCurve(curve)
	if nc == nil || fips140.Enabled() || curve != nc.std || len(data) != nc.impl.scalarSize() {
		return ecdsa.ParseRawPrivateKey(curve, data)
	}
	d := append([]byte(nil), data...)
	q, err := nc.impl.publicKey(d)
	if err != nil {
		return ecdsa.ParseRawPrivateKey(curve, data) // crypto/ecdsa's error
	}
	return newKey(nc, d, q).export(curve), nil
}

// ParseUncompressedPublicKey is crypto/ecdsa's: it decodes and checks the
// uncompressed point data on curve. Verification checks a public key at
// each call, so carry has nothing to keep from it.
func ParseUncompressedPublicKey(curve elliptic.Curve, data []byte) (*PublicKey, error) {
	return ecdsa.ParseUncompressedPublicKey(curve, data)
}

// SignASN1 signs hash, the digest of a message, with priv and returns the
// ASN.1 DER signature. A hash longer than the order is truncated to the
// order's bit length (FIPS 186-5, Section 6.4.1).
//
// The nonce is hedged, as crypto/ecdsa makes it: an HMAC_DRBG seeded with
// as many random bytes as the order has, then the private key and
// bits2octets(hash), each on a block boundary of the hash
// (draft-irtf-cfrg-det-sigs-with-noise-04, Section 4), so that a broken
// random source cannot leak the key. The random bytes are crypto/rand's, or
// rand's where crypto/ecdsa reads rand (GODEBUG=cryptocustomrand=1), in
// which case SignASN1 returns rand's error. The DRBG's hash is SHA-512 for
// P-384 and P-521, as crypto/ecdsa's, and SHA-256 for P-256, which has the
// curve's strength and costs less.
//
// So, from the same bytes of rand, a P-384 or P-521 signature is
// crypto/ecdsa's whenever crypto/ecdsa does not first read and drop one
// byte of rand (which it does at random half the time); a P-256 signature
// is never crypto/ecdsa's (both verify).
func SignASN1(rand io.Reader, priv *PrivateKey, hash []byte) ([]byte, error) {
	k := carryKey(priv)
	if k == nil {
		return ecdsa.SignASN1(rand, priv, hash)
	}
	r, s, err := k.signHedged(randSource(rand), hash)
	if err != nil {
		return nil, err
	}
	return encodeSignature(r, s), nil
}

// Sign is [SignASN1] with the signature returned as the integers r and s.
func Sign(rand io.Reader, priv *PrivateKey, hash []byte) (r, s *big.Int, err error) {
	k := carryKey(priv)
	if k == nil {
		return ecdsa.Sign(rand, priv, hash)
	}
	rb, sb, err := k.signHedged(randSource(rand), hash)
	if err != nil {
		return nil, nil, err
	}
	return new(big.Int).SetBytes(rb), new(big.Int).SetBytes(sb), nil
}

// SignRaw is [SignASN1] with the signature returned as r and s, big-endian
// of the order's length each (r || s is the IEEE P1363 encoding, JWS's
// ES256, ES384 and ES512).
func SignRaw(rand io.Reader, priv *PrivateKey, hash []byte) (r, s []byte, err error) {
	k := carryKey(priv)
	if k == nil {
		sig, err := ecdsa.SignASN1(rand, priv, hash)
		if err != nil {
			return nil, nil, err
		}
		return splitSignature(sig, (priv.Curve.Params().N.BitLen()+7)/8)
	}
	return k.signHedged(randSource(rand), hash)
}

// splitSignature returns the integers of a DER signature that crypto/ecdsa
// made, big-endian of size bytes each.
func splitSignature(sig []byte, size int) (r, s []byte, err error) {
	rb, sb, ok := parseSignature(sig)
	if !ok || len(rb) > size || len(sb) > size {
		return nil, nil, errors.New("carry/ecdsa: internal error: crypto/ecdsa's signature does not parse")
	}
	r, s = make([]byte, size), make([]byte, size)
	copy(r[size-len(rb):], rb)
	copy(s[size-len(sb):], sb)
	return r, s, nil
}

// VerifyASN1 reports whether sig, an ASN.1 DER signature, is a valid
// signature of hash under pub, as crypto/ecdsa.VerifyASN1 decides it. A
// hash longer than the order is truncated to the order's bit length. pub's
// point must be on the curve with coordinates below p, and r and s in
// [1, n-1]. It is variable time: its inputs are public.
func VerifyASN1(pub *PublicKey, hash, sig []byte) bool {
	impl, q := publicKey(pub)
	if impl == nil {
		return ecdsa.VerifyASN1(pub, hash, sig)
	}
	r, s, ok := parseSignature(sig)
	return ok && impl.verifyVarTime(q, hash, r, s)
}

// Verify is [VerifyASN1] for a signature given as the integers r and s.
func Verify(pub *PublicKey, hash []byte, r, s *big.Int) bool {
	impl, q := publicKey(pub)
	if impl == nil {
		return ecdsa.Verify(pub, hash, r, s)
	}
	if r.Sign() <= 0 || s.Sign() <= 0 {
		return false
	}
	return impl.verifyVarTime(q, hash, r.Bytes(), s.Bytes())
}

// VerifyRaw is [VerifyASN1] for a signature given as r and s, big-endian of
// exactly the order's length each (the halves of an IEEE P1363 signature).
func VerifyRaw(pub *PublicKey, hash, r, s []byte) bool {
	impl, q := publicKey(pub)
	if impl == nil {
		size := (pub.Curve.Params().N.BitLen() + 7) / 8
		return len(r) == size && len(s) == size && ecdsa.VerifyASN1(pub, hash, encodeSignature(r, s))
	}
	if len(r) != impl.scalarSize() || len(s) != impl.scalarSize() {
		return false
	}
	return impl.verifyVarTime(q, hash, r, s)
}

// publicKey returns the implementation of pub's curve and pub's point,
// uncompressed, of the right length but not checked to be a point
// (verifyVarTime decodes it, and refuses what is not a point of the curve),
// or nil if crypto/ecdsa must verify: in FIPS 140 mode, for the curves
// carry does not implement, and for coordinates that are nil, negative or
// too long, which crypto/ecdsa refuses or panics on.
func publicKey(pub *PublicKey) (curveImpl, []byte) {
	if fips140.Enabled() {
		return nil, nil
	}
	nc := lookupCurve(pub.Curve)
	if nc == nil {
		return nil, nil
	}
	q, ok := encodePoint(nc, pub.X, pub.Y)
	if !ok {
		return nil, nil
	}
	return nc.impl, q
}

// encodePoint returns the uncompressed encoding of (x, y), or false if x or
// y is nil, negative or longer than the curve's coordinates; whether it is a
// point is for the caller to check.
func encodePoint(nc *curve, x, y *big.Int) ([]byte, bool) {
	n, bits := nc.impl.scalarSize(), nc.params.BitSize // coordinates are as long as scalars
	if x == nil || y == nil || x.Sign() < 0 || y.Sign() < 0 || x.BitLen() > bits || y.BitLen() > bits {
		return nil, false
	}
	q := make([]byte, 1+2*n)
	q[0] = 4
	x.FillBytes(q[1 : 1+n])
	y.FillBytes(q[1+n:])
	return q, true
}
