package ed25519

import (
	"crypto"
	"crypto/fips140"
	"crypto/subtle"
	"errors"
	"io"
)

// A Signer is an Ed25519 private key whose Sign method runs carry's code: the
// crypto.Signer to give crypto/tls, crypto/x509 and the like, where a
// PrivateKey would sign with crypto/ed25519's. It holds the key expanded.
//
// A Signer is made by [NewSigner]; the zero value is not valid. It is not
// changed after it is made, so several goroutines may use it at once.
type Signer struct {
	k *privateKey
}

// NewSigner returns a Signer for priv. It returns an error if priv is not 64
// bytes long (crypto/ed25519's error) or if its second half is not the
// public key of its first: such a key would sign under one key and name
// another. The Signer keeps its own copy of the key: changing priv
// afterwards does not change it. NewSigner runs in constant time in priv's
// contents, except that whether the halves match shows.
func NewSigner(priv PrivateKey) (*Signer, error) {
	k, err := expandedKey(priv)
	if err != nil {
		return nil, err
	}
	if k.publicKeyMatches() != 1 {
		return nil, errors.New("carry/ed25519: private key's public key does not match its seed")
	}
	return &Signer{k: k}, nil
}

// PrivateKey returns the key as crypto/ed25519's PrivateKey, a new slice
// that the caller may keep and modify: for x509.MarshalPKCS8PrivateKey and
// the like.
func (s *Signer) PrivateKey() PrivateKey {
	priv := s.k.key
	return priv[:]
}

// Public returns the public key, a PublicKey of 32 bytes in a new slice.
func (s *Signer) Public() crypto.PublicKey {
	pub := make([]byte, PublicKeySize)
	copy(pub, s.k.key[SeedSize:])
	return PublicKey(pub)
}

// Sign signs message with the key, with the contract of crypto/ed25519's
// PrivateKey.Sign. With opts.HashFunc() zero, it is Ed25519 of message, or
// Ed25519ctx if opts is an *Options with a non-empty Context. With
// opts.HashFunc() crypto.SHA512, it is Ed25519ph: message must be the
// 64-byte SHA-512 digest of the message, and an *Options may give a
// context. Other hashes, contexts longer than 255 bytes and digests of the
// wrong length get crypto/ed25519's errors. rand is not read and may be nil:
// signatures are deterministic, and equal crypto/ed25519's.
//
// Sign runs in constant time in the key and the message's contents.
func (s *Signer) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if fips140.Enabled() {
		return PrivateKey(s.k.key[:]).Sign(rand, message, opts)
	}
	return s.k.signWithOptions(message, opts)
}

// Equal reports whether x is a *Signer or a PrivateKey with the same 64
// bytes as s. It runs in constant time in the keys' contents.
func (s *Signer) Equal(x crypto.PrivateKey) bool {
	var other []byte
	switch x := x.(type) {
	case *Signer:
		if x == nil {
			return false
		}
		other = x.k.key[:]
	case PrivateKey:
		other = x
	default:
		return false
	}
	return subtle.ConstantTimeCompare(s.k.key[:], other) == 1
}
