package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"errors"
	"io"
	"math/big"
)

// Signer is a crypto.Signer and crypto.Decrypter for an RSA private key
// whose Sign and Decrypt run carry's code: the signer to hand to crypto/tls
// (tls.Certificate.PrivateKey) or crypto/x509 (CreateCertificate) in place
// of the *PrivateKey, whose own methods run the standard library's.
//
// A Signer holds the key as converted by [NewSigner] and is safe for
// concurrent use. The zero value is not usable.
type Signer struct {
	priv *PrivateKey
	k    *privateKey // nil: the standard library's code runs
}

// NewSigner checks priv and returns a Signer for it, converting it to
// carry's form (or taking the conversion this package already made). A key
// that carry's code does not take but crypto/rsa does (see the package doc:
// more than two primes, a prime under 512 bits, a modulus over 8192 bits)
// gives a Signer whose methods run the standard library's code, as they do in
// FIPS 140 mode. A key that crypto/rsa would refuse to use is an error:
// crypto/rsa's, from Validate or its check of the key's size. The Signer
// keeps using the values priv has now; priv must not be modified afterwards.
func NewSigner(priv *PrivateKey) (*Signer, error) {
	if priv == nil {
		return nil, errors.New("carry/rsa: nil private key")
	}
	k := carryKey(priv)
	if k == nil {
		if err := priv.Validate(); err != nil {
			return nil, err
		}
		// The checks of the key's size depend on GODEBUG settings that
		// only crypto/rsa reads (rsa1024min, fips140=only): ask it, with a
		// verification that fails at its first step after them (an empty
		// signature).
		if err := rsa.VerifyPKCS1v15(&priv.PublicKey, crypto.SHA256, make([]byte, sha256.Size), nil); err != ErrVerification {
			return nil, err
		}
	}
	return &Signer{priv: priv, k: k}, nil
}

// PrivateKey returns the key s was made from, not a copy: the key for
// crypto/x509's MarshalPKCS8PrivateKey and the like. It must not be
// modified.
func (s *Signer) PrivateKey() *PrivateKey { return s.priv }

// Public returns the public key, a *PublicKey of the caller's own (a copy,
// whose modulus it may change without changing s).
func (s *Signer) Public() crypto.PublicKey {
	return &PublicKey{N: new(big.Int).Set(s.priv.N), E: s.priv.E}
}

// Equal reports whether x is a *Signer or a *PrivateKey with the same key as
// s, as (*rsa.PrivateKey).Equal decides: the same modulus, public and
// private exponents and primes, compared in time that depends on their
// lengths only. (The converse, a *PrivateKey's Equal given a *Signer, is
// crypto/rsa's method and reports false.)
func (s *Signer) Equal(x crypto.PrivateKey) bool {
	if xs, ok := x.(*Signer); ok {
		x = xs.priv
	}
	return s.priv.Equal(x)
}

// Sign signs digest, the digest of the message under opts.HashFunc(), as
// (*rsa.PrivateKey).Sign does: by PSS if opts is a *PSSOptions (see
// [SignPSS]; its Hash must be set, and random supplies the salt), by PKCS #1
// v1.5 otherwise (see [SignPKCS1v15]; random is not used, and Hash(0) signs
// digest as it is). As with crypto/rsa, a nil opts panics.
func (s *Signer) Sign(random io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if pss, ok := opts.(*PSSOptions); ok {
		return signPSS(random, s.priv, s.k, pss.Hash, digest, pss)
	}
	return signPKCS1v15(random, s.priv, s.k, opts.HashFunc(), digest)
}

// Decrypt decrypts ciphertext as (*rsa.PrivateKey).Decrypt does: by PKCS #1
// v1.5 if opts is nil or a *PKCS1v15DecryptOptions, by OAEP if it is a
// *OAEPOptions (MGFHash zero meaning Hash; a hash that is not linked in
// panics). With a nonzero SessionKeyLen it reads that many bytes from random
// and returns them in place of the message unless the ciphertext holds a
// well padded message of exactly that length, without an error either way
// (see [DecryptPKCS1v15SessionKey]). Other options are an error.
func (s *Signer) Decrypt(random io.Reader, ciphertext []byte, opts crypto.DecrypterOpts) ([]byte, error) {
	k := s.k
	if k == nil || len(ciphertext) > k.size() {
		return s.priv.Decrypt(random, ciphertext, opts)
	}
	switch opts := opts.(type) {
	case nil:
		return k.decryptPKCS1v15(ciphertext)
	case *OAEPOptions:
		h, mgf := oaepHashes(opts)
		return k.decryptOAEP(h, mgf, ciphertext, opts.Label)
	case *PKCS1v15DecryptOptions:
		if l := opts.SessionKeyLen; l > 0 {
			key := make([]byte, l)
			if _, err := io.ReadFull(random, key); err != nil {
				return nil, err
			}
			if err := k.decryptPKCS1v15SessionKey(ciphertext, key); err != nil {
				return nil, err
			}
			return key, nil
		}
		return k.decryptPKCS1v15(ciphertext)
	}
	return s.priv.Decrypt(random, ciphertext, opts)
}
