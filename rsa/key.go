// Package rsa is crypto/rsa with carry's arithmetic behind it: RSA
// signatures (PKCS #1 v1.5 and PSS) and encryption (PKCS #1 v1.5 and OAEP) of
// RFC 8017. Its identifiers are crypto/rsa's, with the same signatures; its
// key, option and error values are crypto/rsa's own (type aliases and the same
// variables), so a program switches by changing its import path.
//
// # Which code runs
//
// The package functions that take a [PrivateKey] (SignPKCS1v15, SignPSS,
// DecryptOAEP, DecryptPKCS1v15, DecryptPKCS1v15SessionKey) run the private
// operation on carry's constant-time arithmetic (internal/bigmod), by the
// Chinese remainder theorem, and check each result by re-encryption before
// releasing it, so that a fault never reveals a factor of the modulus.
// VerifyPKCS1v15, VerifyPSS, EncryptOAEP and EncryptOAEPWithOptions run on
// carry's arithmetic too. The methods of PrivateKey (Sign, Decrypt, ...) are
// crypto/rsa's and run its code: a program that wants carry's from a
// crypto.Signer or crypto.Decrypter (crypto/tls, crypto/x509) uses a [Signer].
// GenerateKey, GenerateMultiPrimeKey and EncryptPKCS1v15 are crypto/rsa's
// functions: key generation and PKCS #1 v1.5 padding take their random bytes
// where a GODEBUG setting (cryptocustomrand) that only the standard library
// reads says.
//
// The standard library's function runs instead of carry's, with its result,
// its error or its panic, for every input that carry's code does not take:
//   - keys of more than two primes, with a prime under 512 bits, or with a
//     modulus outside 1024 to 8192 bits (including smaller keys that
//     GODEBUG rsa1024min=0 lets crypto/rsa use);
//   - keys that (*rsa.PrivateKey).Validate refuses, whose operations
//     crypto/rsa refuses in turn;
//   - public keys with an even modulus or an exponent that is even, below 3
//     or above 2³¹-1;
//   - inputs that crypto/rsa answers with an error other than
//     ErrVerification or ErrDecryption, or with a panic (a digest of the
//     wrong length, an unknown hash, a salt that does not fit, a nil key),
//     and ciphertexts longer than the modulus.
//
// Which inputs these are depends on public values only.
//
// In FIPS 140 mode (crypto/fips140.Enabled) every function runs the
// standard library's: carry is not a validated module.
//
// # Keys
//
// A private key is checked, with (*rsa.PrivateKey).Validate, and converted
// to carry's form on its first use by this package; the converted form is
// kept, keyed by the key's address, for as long as the key is reachable, so
// later calls with the same *PrivateKey cost a lookup, not a conversion.
//
// As with crypto/rsa after Precompute, a key's fields must not be modified
// once it has been used. If they are, a field given a new value by
// assignment (N, E, D, Primes or one of its first two elements,
// Precomputed.Dp, Dq or Qinv) is noticed by the next call, which checks and
// converts the key again; a *big.Int changed in place (SetBytes, Add, ...)
// is not: this package then keeps using the values the key had when it was
// converted, while PrivateKey's methods may use the new ones.
//
// # Constant time
//
// The private operations run in time that depends on the sizes of the key
// and of the inputs, not on the values of the key, the message or the
// ciphertext. Padding checks of decryption are constant time and fail with
// the one error [ErrDecryption]. Verification and encryption use only public
// values and may be variable time.
package rsa

import (
	"crypto/fips140"
	"crypto/rsa"
	"io"
	"math/big"

	"github.com/carry-crypto/carry/internal/bigmod"
	"github.com/carry-crypto/carry/internal/keycache"
)

type (
	// PublicKey is crypto/rsa's public key: the modulus N and exponent E.
	PublicKey = rsa.PublicKey
	// PrivateKey is crypto/rsa's private key; see the package doc for how
	// this package converts it and the rule on changing its fields.
	PrivateKey = rsa.PrivateKey
	// PrecomputedValues is crypto/rsa's: the CRT values of a PrivateKey.
	PrecomputedValues = rsa.PrecomputedValues
	// CRTValue is crypto/rsa's: the CRT values of a third or later prime.
	CRTValue = rsa.CRTValue
	// PSSOptions is crypto/rsa's: the salt length and hash of a PSS
	// signature.
	PSSOptions = rsa.PSSOptions
	// OAEPOptions is crypto/rsa's: the hashes and label of OAEP.
	OAEPOptions = rsa.OAEPOptions
	// PKCS1v15DecryptOptions is crypto/rsa's: the session key length of
	// PKCS #1 v1.5 decryption by [Signer.Decrypt].
	//
	// Deprecated: PKCS #1 v1.5 encryption is open to padding-oracle
	// attacks; new designs use OAEP.
	PKCS1v15DecryptOptions = rsa.PKCS1v15DecryptOptions
)

// The salt lengths of PSSOptions with a meaning of their own, crypto/rsa's.
const (
	PSSSaltLengthAuto       = rsa.PSSSaltLengthAuto       // signing: the longest that fits; verifying: any
	PSSSaltLengthEqualsHash = rsa.PSSSaltLengthEqualsHash // the hash's size
)

// The errors are crypto/rsa's own values, for errors.Is and == alike.
var (
	ErrDecryption     = rsa.ErrDecryption     // any failure of decryption, deliberately vague
	ErrMessageTooLong = rsa.ErrMessageTooLong // a message (or PSS salt) too long for the key
	ErrVerification   = rsa.ErrVerification   // a signature that does not verify
)

const (
	// minModulusBits and maxModulusBits bound the moduli carry's code takes.
	minModulusBits = 1024
	maxModulusBits = 8192
	// maxPublicExponent is the largest e accepted, as crypto/rsa.
	maxPublicExponent = 1<<31 - 1
)

// privateKey is a two-prime private key converted for the private operation
// by CRT. It is immutable once made and safe for concurrent use; it holds no
// reference to the PrivateKey it was made from.
type privateKey struct {
	n, p, q *bigmod.Modulus
	dp, dq  []byte      // d mod (p-1) and d mod (q-1), p.Size() and q.Size() bytes
	qinv    *bigmod.Nat // q⁻¹ mod p, with p's limb count
	qN      *bigmod.Nat // q with n's limb count
	e       uint
}

// size returns the length of the modulus in bytes.
func (k *privateKey) size() int { return k.n.Size() }

// publicOK reports whether carry's public operation takes pub: a modulus of
// 1024 to 8192 bits, odd, and an odd exponent 3 ≤ e < 2³¹. It works on
// public values, in variable time.
func publicOK(pub *PublicKey) bool {
	return pub != nil && pub.N != nil && pub.N.Sign() > 0 && pub.N.Bit(0) == 1 &&
		pub.N.BitLen() >= minModulusBits && pub.N.BitLen() <= maxModulusBits &&
		pub.E >= 3 && pub.E&1 == 1 && pub.E <= maxPublicExponent
}

// newPrivateKey returns carry's form of priv, or nil if carry's code does
// not take it: more or fewer than two primes, a modulus outside 1024 to 8192
// bits, a prime under 512 bits, or a key that Validate refuses. It does not
// modify priv.
//
// The checks are crypto/rsa's, constant time in the key's values: n = p·q,
// d·e ≡ 1 modulo p-1 and q-1 through dp and dq, dp = d mod (p-1), dq = d mod
// (q-1), q·qinv ≡ 1 (mod p), and bounds on |p - q| and d. The precomputed
// values are computed if priv lacks them.
func newPrivateKey(priv *PrivateKey) *privateKey {
	if len(priv.Primes) != 2 || !publicOK(&priv.PublicKey) {
		return nil
	}
	for _, p := range priv.Primes {
		if p == nil || p.BitLen() < bigmod.MinModulusBits {
			return nil
		}
	}
	// Precompute and Validate run on a copy, which shares priv's big.Ints
	// but not its Precomputed field, the one they write.
	c := *priv
	c.Precompute()
	if c.Validate() != nil {
		return nil
	}
	n, err := bigmod.NewModulus(c.N.Bytes())
	if err != nil {
		return nil
	}
	p, err := bigmod.NewModulus(c.Primes[0].Bytes())
	if err != nil {
		return nil
	}
	q, err := bigmod.NewModulus(c.Primes[1].Bytes())
	if err != nil {
		return nil
	}
	qinv, err := bigmod.NewNat().SetBytes(c.Precomputed.Qinv.Bytes(), p)
	if err != nil {
		return nil
	}
	// Validate holds dp < p-1 and dq < q-1, so they fit in the primes'
	// sizes, and Exp's time depends on those sizes only.
	return &privateKey{
		n: n, p: p, q: q,
		dp:   c.Precomputed.Dp.FillBytes(make([]byte, p.Size())),
		dq:   c.Precomputed.Dq.FillBytes(make([]byte, q.Size())),
		qinv: qinv,
		qN:   q.Nat().ExpandFor(n),
		e:    uint(c.E),
	}
}

// keyFields are the identities of a PrivateKey's fields, by which a cached
// conversion notices a field given a new value. They reference the fields'
// big.Ints, never the PrivateKey.
type keyFields struct {
	n, d, p, q, dp, dq, qinv *big.Int
	e, primes                int
}

func fieldsOf(priv *PrivateKey) keyFields {
	f := keyFields{
		n: priv.N, d: priv.D, e: priv.E, primes: len(priv.Primes),
		dp: priv.Precomputed.Dp, dq: priv.Precomputed.Dq, qinv: priv.Precomputed.Qinv,
	}
	if len(priv.Primes) == 2 {
		f.p, f.q = priv.Primes[0], priv.Primes[1]
	}
	return f
}

// converted is a key's entry in keys: its carry form, nil where the
// standard library's code runs, and its fields when converted.
type converted struct {
	fields keyFields
	key    *privateKey
}

// keys holds the conversions of the keys used so far.
var keys keycache.Cache[PrivateKey, *converted]

// carryKey returns carry's form of priv, converting it on first use (and
// again after a field was assigned), or nil if the standard library's code
// must run: in FIPS 140 mode, for a nil key, and for a key that
// newPrivateKey does not take.
func carryKey(priv *PrivateKey) *privateKey {
	if priv == nil || fips140.Enabled() {
		return nil
	}
	f := fieldsOf(priv)
	if c, ok := keys.Get(priv); ok && c.fields == f {
		return c.key
	}
	return keys.Put(priv, &converted{fields: f, key: newPrivateKey(priv)}).key
}

// GenerateKey returns a new key of bits bits from crypto/rsa.GenerateKey,
// whose documentation says which random source it reads: since Go 1.26 the
// system's, random being used only with GODEBUG cryptocustomrand=1. Keys
// under 1024 bits are refused unless GODEBUG rsa1024min=0. The key is
// converted to carry's form on its first use by this package.
func GenerateKey(random io.Reader, bits int) (*PrivateKey, error) {
	return rsa.GenerateKey(random, bits)
}

// GenerateMultiPrimeKey is crypto/rsa.GenerateMultiPrimeKey. Keys of more
// than two primes run the standard library's code in this package too.
//
// Deprecated: keys of more than two primes are slower, rarely supported
// elsewhere, and weaker for a given size than two-prime keys; use
// [GenerateKey].
func GenerateMultiPrimeKey(random io.Reader, nprimes int, bits int) (*PrivateKey, error) {
	return rsa.GenerateMultiPrimeKey(random, nprimes, bits)
}
