package ecdsa

import (
	"crypto"
	"crypto/elliptic"
	"crypto/fips140"
	"crypto/subtle"
	"errors"
	"io"
	"math/big"

	"github.com/carry-crypto/carry/internal/keycache"
)

// privateKey is a private key in carry's form: checked (D in [1, n-1], the
// public key D·G, on a curve carry implements) and decoded. It holds no
// reference to the *PrivateKey it came from, which the cache requires, and
// it does not change after it is made.
type privateKey struct {
	c    *curve
	d    []byte   // the scalar, big-endian, of the order's length
	x, y *big.Int // the public key's coordinates
}

// keys holds the carry form of the *PrivateKey values that were used.
var keys keycache.Cache[PrivateKey, *privateKey]

// newKey returns the carry form of the scalar d and its public key q,
// uncompressed, on c.
func newKey(c *curve, d, q []byte) *privateKey {
	n := c.impl.scalarSize()
	return &privateKey{c: c, d: d, x: new(big.Int).SetBytes(q[1 : 1+n]), y: new(big.Int).SetBytes(q[1+n:])}
}

// carryKey returns carry's form of priv, from the cache or converted and
// put there, or nil where crypto/ecdsa's function must take priv: in FIPS
// 140 mode, on the curves carry does not implement, and for the keys that
// convertKey refuses. priv nil panics, as in crypto/ecdsa.
func carryKey(priv *PrivateKey) *privateKey {
	if fips140.Enabled() {
		return nil
	}
	k, _ := cachedKey(priv)
	return k
}

// cachedKey returns carry's form of priv: the cached one if it still matches
// priv, or a new one, which it caches.
func cachedKey(priv *PrivateKey) (*privateKey, error) {
	if k, ok := keys.Get(priv); ok && k.matches(priv) {
		return k, nil
	}
	c := lookupCurve(priv.Curve)
	if c == nil {
		return nil, errors.New("carry/ecdsa: curve not supported (P-256, P-384 and P-521 are)")
	}
	k, err := convertKey(c, priv)
	if err != nil {
		return nil, err
	}
	return keys.Put(priv, k), nil
}

// convertKey checks priv, a key on c, and returns its carry form: D must be
// in [1, n-1] and X, Y the point D·G. It takes a scalar multiplication.
func convertKey(c *curve, priv *PrivateKey) (*privateKey, error) {
	if priv.D == nil || priv.D.Sign() <= 0 || priv.D.BitLen() > c.params.N.BitLen() {
		return nil, errScalar
	}
	d := priv.D.FillBytes(make([]byte, c.impl.scalarSize()))
	q, err := c.impl.publicKey(d)
	if err != nil {
		clear(d)
		return nil, err
	}
	want, ok := encodePoint(c, priv.X, priv.Y)
	if !ok || subtle.ConstantTimeCompare(q, want) != 1 {
		clear(d)
		return nil, errors.New("carry/ecdsa: invalid private key: X, Y is not the point D·G")
	}
	return newKey(c, d, q), nil
}

var errScalar = errors.New("carry/ecdsa: invalid private key: D is not in [1, n-1]")

// matches reports whether priv holds k's values: its curve (by its
// parameters, as lookupCurve recognizes curves), D, X and Y. It is constant
// time in D but for D's length, which math/big's conversion may leak.
func (k *privateKey) matches(priv *PrivateKey) bool {
	d, x, y := priv.D, priv.X, priv.Y
	if priv.Curve == nil || priv.Curve.Params() != k.c.params || d == nil || x == nil || y == nil ||
		x.Cmp(k.x) != 0 || y.Cmp(k.y) != 0 || d.Sign() <= 0 || d.BitLen() > k.c.params.N.BitLen() {
		return false
	}
	var buf [66]byte
	b := d.FillBytes(buf[:len(k.d)])
	eq := subtle.ConstantTimeCompare(b, k.d)
	clear(b)
	return eq == 1
}

// export returns a new *PrivateKey of k's values on the curve value curve
// (which is k's curve, as elliptic.P256() or its Params()), with k cached
// as its carry form.
func (k *privateKey) export(curve elliptic.Curve) *PrivateKey {
	priv := &PrivateKey{
		PublicKey: PublicKey{Curve: curve, X: new(big.Int).Set(k.x), Y: new(big.Int).Set(k.y)},
		D:         new(big.Int).SetBytes(k.d),
	}
	keys.Put(priv, k)
	return priv
}

// signHedged signs hash with a hedged nonce from the bytes of rand, which
// it reads as it is (the callers choose it with randSource): nil panics.
func (k *privateKey) signHedged(rand io.Reader, hash []byte) (r, s []byte, err error) {
	return k.c.impl.signHedged(rand, k.d, hash)
}

// signDeterministic signs hash with RFC 6979's nonce on the hash h, which
// must be available: the DRBG seeded with the key and bits2octets(hash)
// (Section 3.2, steps b-d).
func (k *privateKey) signDeterministic(h crypto.Hash, hash []byte) (r, s []byte, err error) {
	return k.c.impl.signDeterministic(h, k.d, hash)
}

// A Signer is a crypto.Signer whose Sign runs carry's code, for the users of
// that interface, such as crypto/tls and crypto/x509, which would otherwise
// call (*PrivateKey).Sign, crypto/ecdsa's. It signs with the *PrivateKey it
// was made from, read at each call as the package's functions read keys
// (in FIPS 140 mode, Sign is the key's own). Its methods are safe for
// concurrent use. The zero value is not usable.
type Signer struct {
	priv *PrivateKey
	k    *privateKey // priv's carry form when NewSigner checked it
}

// NewSigner checks priv and returns its Signer: priv's curve must be P-256,
// P-384 or P-521, D in [1, n-1] and X, Y the point D·G, or NewSigner
// returns an error that says which is wrong. priv's carry form is cached
// as the functions cache it.
func NewSigner(priv *PrivateKey) (*Signer, error) {
	if priv == nil {
		return nil, errors.New("carry/ecdsa: nil private key")
	}
	k, err := cachedKey(priv)
	if err != nil {
		return nil, err
	}
	return &Signer{priv: priv, k: k}, nil
}

// PrivateKey returns the key s was made from: the same *PrivateKey, not a
// copy (for crypto/x509.MarshalPKCS8PrivateKey, for instance).
func (s *Signer) PrivateKey() *PrivateKey { return s.priv }

// Public returns the public key, a *PublicKey: the one in the key s was
// made from, as (*PrivateKey).Public returns it.
func (s *Signer) Public() crypto.PublicKey { return &s.priv.PublicKey }

// Equal reports whether x is a *Signer or a *PrivateKey of the same value as
// s's key, as (*PrivateKey).Equal decides it (the same curve value, X, Y and
// D): constant time in D, but for its length, which math/big may leak.
func (s *Signer) Equal(x crypto.PrivateKey) bool {
	if xs, ok := x.(*Signer); ok {
		x = xs.priv
	}
	return s.priv.Equal(x)
}

// Sign signs digest, the hash of a message, with the contract of
// (*PrivateKey).Sign: it returns the ASN.1 DER signature. With rand nil, the
// signature is RFC 6979's deterministic one for digest made by the hash
// opts.HashFunc(), byte for byte crypto/ecdsa's. Otherwise it is a hedged
// signature, as [SignASN1] makes it. Errors and panics are crypto/ecdsa's:
// where carry does not sign (see the package doc), or opts is nil, or names
// a hash that is not linked in or not of digest's length, the key signs
// with crypto/ecdsa's method.
func (s *Signer) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	k := s.key()
	if k == nil {
		return s.priv.Sign(rand, digest, opts)
	}
	if rand != nil {
		r, sig, err := k.signHedged(randSource(rand), digest)
		if err != nil {
			return nil, err
		}
		return encodeSignature(r, sig), nil
	}
	if opts == nil {
		return s.priv.Sign(rand, digest, opts)
	}
	h := opts.HashFunc()
	if !h.Available() || h.Size() != len(digest) {
		return s.priv.Sign(rand, digest, opts)
	}
	r, sig, err := k.signDeterministic(h, digest)
	if err != nil {
		return nil, err
	}
	return encodeSignature(r, sig), nil
}

// key returns s's key in carry's form, as carryKey does, without looking it
// up in the cache while the key is unchanged.
func (s *Signer) key() *privateKey {
	if !fips140.Enabled() && s.k.matches(s.priv) {
		return s.k
	}
	return carryKey(s.priv)
}
