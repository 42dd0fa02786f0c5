// Package rsa implements RSA signatures (PKCS #1 v1.5 and PSS) and encryption
// (PKCS #1 v1.5 and OAEP) as specified in RFC 8017, interoperable with
// crypto/rsa, whose key and option types it uses, on the constant-time
// arithmetic of internal/bigmod.
//
// A [PrivateKey] is made once from a *rsa.PrivateKey by [NewPrivateKey],
// which checks it and precomputes everything the private operation needs.
// The private operation runs by the Chinese remainder theorem and is checked
// by re-encryption with e before its result is released, so that a fault
// never reveals a factor of the modulus.
//
// # Key sizes
//
// Private keys have moduli of 1024 to 8192 bits and exactly two primes, each
// of at least 512 bits (the smallest modulus internal/bigmod accepts).
// Public keys have moduli of 1024 to 8192 bits, as crypto/rsa requires by
// default, and an odd public exponent e with 2 < e < 2^31.
//
// # Constant time
//
// The private operations run in time that depends on the sizes of the key
// and of the inputs, not on the values of the key, the message or the
// ciphertext. Padding checks of decryption are constant time and fail with
// the one error [rsa.ErrDecryption]. Verification and encryption use only
// public values and may be variable time.
package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/subtle"
	"errors"
	"io"
	"math/big"

	"github.com/carry-crypto/carry/internal/bigmod"
)

const (
	// minModulusBits and maxModulusBits bound the moduli of keys.
	minModulusBits = 1024
	maxModulusBits = 8192
	// maxPublicExponent is the largest e accepted, as crypto/rsa.
	maxPublicExponent = 1<<31 - 1
)

// PrivateKey is an RSA private key of two primes with the values of its
// private operation by CRT precomputed.
//
// It is immutable once made and safe for concurrent use. The zero value is
// not usable; make one with [NewPrivateKey] or [GenerateKey].
type PrivateKey struct {
	pub     rsa.PublicKey // a copy, with its own N
	n, p, q *bigmod.Modulus
	dp, dq  []byte      // d mod (p-1) and d mod (q-1), p.Size() and q.Size() bytes
	qinv    *bigmod.Nat // q⁻¹ mod p, with p's limb count
	qN      *bigmod.Nat // q with n's limb count
	e       uint
}

// errMultiPrime is returned for keys of more than two primes.
var errMultiPrime = errors.New("carry/rsa: multi-prime keys are not supported")

// errSmallPrime is returned for keys with a prime of fewer than 512 bits,
// which internal/bigmod does not take as a modulus.
var errSmallPrime = errors.New("carry/rsa: primes of fewer than 512 bits are not supported")

// errInvalidKey is returned for a private key whose values are not
// consistent; it does not say which value is wrong.
var errInvalidKey = errors.New("carry/rsa: invalid private key")

// checkPublicKey returns an error unless pub has a modulus of 1024 to 8192
// bits, odd, and an odd exponent with 2 < e < 2^31. It works on public values
// only, in variable time.
func checkPublicKey(pub *rsa.PublicKey) error {
	switch {
	case pub == nil || pub.N == nil:
		return errors.New("carry/rsa: missing public modulus")
	case pub.N.Sign() <= 0 || pub.N.Bit(0) == 0:
		return errors.New("carry/rsa: public modulus is not positive and odd")
	case pub.N.BitLen() < minModulusBits:
		return errors.New("carry/rsa: modulus smaller than 1024 bits")
	case pub.N.BitLen() > maxModulusBits:
		return errors.New("carry/rsa: modulus larger than 8192 bits")
	case pub.E < 3:
		return errors.New("carry/rsa: public exponent too small")
	case pub.E&1 == 0:
		return errors.New("carry/rsa: public exponent is even")
	case pub.E > maxPublicExponent:
		return errors.New("carry/rsa: public exponent too large")
	}
	return nil
}

// NewPrivateKey checks k and returns the PrivateKey for it, with its private
// operation precomputed. k must have exactly two primes (multi-prime keys
// are refused with an error), a modulus n = p·q of 1024 to 8192 bits, primes
// of at least 512 bits, an odd e with 2 < e < 2^31, and precomputed values
// (k.Precompute) dp = d mod (p-1), dq = d mod (q-1) and qinv = q⁻¹ mod p.
//
// The checks use constant-time arithmetic on the secret values: n = p·q;
// qinv·q ≡ 1 (mod p); and for the bases x = 2 and 3, x^(dp·e) ≡ x (mod p),
// x^(dq·e) ≡ x (mod q), x^(d·e) ≡ x (mod p) and (mod q). There is no
// primality test: a key whose "primes" are composite but pass these checks
// still signs correctly, since every result is checked by re-encryption.
//
// The checks cost about as much as six signatures (5 ms for a 2048-bit key,
// 27 ms for 4096 bits, on the development machine): make a PrivateKey once
// per key and keep it. NewPrivateKey does not keep a reference to k.
func NewPrivateKey(k *rsa.PrivateKey) (*PrivateKey, error) {
	if k == nil {
		return nil, errors.New("carry/rsa: nil private key")
	}
	if err := checkPublicKey(&k.PublicKey); err != nil {
		return nil, err
	}
	switch {
	case len(k.Primes) > 2:
		return nil, errMultiPrime
	case len(k.Primes) < 2:
		return nil, errors.New("carry/rsa: private key must have two primes")
	case k.D == nil || k.Primes[0] == nil || k.Primes[1] == nil:
		return nil, errors.New("carry/rsa: missing private exponent or prime")
	case k.Precomputed.Dp == nil || k.Precomputed.Dq == nil || k.Precomputed.Qinv == nil:
		return nil, errors.New("carry/rsa: missing precomputed values (call Precompute)")
	}
	for _, v := range []*big.Int{k.D, k.Primes[0], k.Primes[1], k.Precomputed.Dp, k.Precomputed.Dq, k.Precomputed.Qinv} {
		if v.Sign() <= 0 {
			return nil, errInvalidKey
		}
	}
	if k.Primes[0].BitLen() < bigmod.MinModulusBits || k.Primes[1].BitLen() < bigmod.MinModulusBits {
		return nil, errSmallPrime
	}
	pb, qb := k.Primes[0].Bytes(), k.Primes[1].Bytes()
	n, err := bigmod.NewModulusProduct(pb, qb)
	if err != nil {
		return nil, errInvalidKey
	}
	nb := k.N.FillBytes(make([]byte, n.Size()))
	if n.BitLen() != k.N.BitLen() || subtle.ConstantTimeCompare(n.Nat().Bytes(n), nb) != 1 {
		return nil, errors.New("carry/rsa: modulus is not the product of the primes")
	}
	p, err := bigmod.NewModulus(pb)
	if err != nil {
		return nil, errInvalidKey
	}
	q, err := bigmod.NewModulus(qb)
	if err != nil {
		return nil, errInvalidKey
	}
	key := &PrivateKey{n: n, p: p, q: q, e: uint(k.E)}
	key.pub = rsa.PublicKey{N: new(big.Int).Set(k.N), E: k.E}
	// dp and dq are below p and q, so fit in their sizes; Exp's time then
	// depends on the sizes of the primes only.
	if k.Precomputed.Dp.BitLen() > p.BitLen() || k.Precomputed.Dq.BitLen() > q.BitLen() ||
		k.D.BitLen() > n.BitLen() {
		return nil, errInvalidKey
	}
	key.dp = k.Precomputed.Dp.FillBytes(make([]byte, p.Size()))
	key.dq = k.Precomputed.Dq.FillBytes(make([]byte, q.Size()))
	if key.qinv, err = bigmod.NewNat().SetBytes(k.Precomputed.Qinv.Bytes(), p); err != nil {
		return nil, errInvalidKey
	}
	key.qN = q.Nat().ExpandFor(n)
	d := k.D.FillBytes(make([]byte, n.Size()))
	if key.check(d) != 1 {
		return nil, errInvalidKey
	}
	return key, nil
}

// check returns 1 if the key's values are consistent with each other and
// with the private exponent d (n.Size() bytes), and 0 otherwise. It is
// constant time.
func (k *PrivateKey) check(d []byte) int {
	// qinv·q ≡ 1 (mod p).
	one, _ := bigmod.NewNat().SetBytes([]byte{1}, k.p)
	qp := bigmod.NewNat().Mod(k.qN, k.p)
	ok := int(qp.Mul(qp, k.qinv, k.p).Equal(one))
	for _, x := range []byte{2, 3} {
		ok &= expCheck(x, k.dp, k.e, k.p)
		ok &= expCheck(x, k.dq, k.e, k.q)
		ok &= expCheck(x, d, k.e, k.p)
		ok &= expCheck(x, d, k.e, k.q)
	}
	return ok
}

// expCheck returns 1 if (x^d)^e ≡ x (mod m), and 0 otherwise, in time that
// depends on len(d), e and m's size only.
func expCheck(x byte, d []byte, e uint, m *bigmod.Modulus) int {
	xm, _ := bigmod.NewNat().SetBytes([]byte{x}, m)
	y := bigmod.NewNat().Exp(xm, d, m)
	y.ExpShortVarTime(y, e, m)
	return int(y.Equal(xm))
}

// GenerateKey returns a new private key of bits bits (1024 to 8192). It
// delegates the generation of the primes to crypto/rsa.GenerateKey, which
// reads random (see its documentation for when it ignores it), and then
// builds the key with [NewPrivateKey].
func GenerateKey(random io.Reader, bits int) (*PrivateKey, error) {
	if bits < minModulusBits || bits > maxModulusBits {
		return nil, errors.New("carry/rsa: key size must be 1024 to 8192 bits")
	}
	k, err := rsa.GenerateKey(random, bits)
	if err != nil {
		return nil, err
	}
	return NewPrivateKey(k)
}

// Public returns the public key, a *rsa.PublicKey of its own.
func (k *PrivateKey) Public() crypto.PublicKey {
	return &rsa.PublicKey{N: new(big.Int).Set(k.pub.N), E: k.pub.E}
}

// Size returns the length of the modulus in bytes, that of signatures and
// ciphertexts.
func (k *PrivateKey) Size() int { return k.n.Size() }

// Equal reports whether k and x are the same key: x a *PrivateKey with the
// same primes, public exponent and precomputed values. It is constant time
// in the keys' values.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok || k.e != xx.e || k.n.Size() != xx.n.Size() || k.p.Size() != xx.p.Size() ||
		k.q.Size() != xx.q.Size() {
		return false
	}
	eq := subtle.ConstantTimeCompare(k.p.Nat().Bytes(k.p), xx.p.Nat().Bytes(xx.p))
	eq &= subtle.ConstantTimeCompare(k.q.Nat().Bytes(k.q), xx.q.Nat().Bytes(xx.q))
	eq &= subtle.ConstantTimeCompare(k.dp, xx.dp)
	eq &= subtle.ConstantTimeCompare(k.dq, xx.dq)
	eq &= subtle.ConstantTimeCompare(k.qinv.Bytes(k.p), xx.qinv.Bytes(xx.p))
	return eq == 1
}
