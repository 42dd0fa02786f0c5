// Package ed25519 implements the Ed25519 signature scheme of RFC 8032 (with
// its Ed25519ctx and Ed25519ph variants) on carry's edwards25519 group, and
// batch verification.
//
// It interoperates with crypto/ed25519: public keys are
// crypto/ed25519.PublicKey, options are *crypto/ed25519.Options, and a
// [PrivateKey] converts to and from crypto/ed25519.PrivateKey. Signatures are
// deterministic and byte for byte those of crypto/ed25519, and [Verify] and
// [VerifyWithOptions] accept exactly the signatures crypto/ed25519 accepts,
// with the same errors.
//
// A [PrivateKey] keeps the expanded secret scalar and the nonce prefix, so
// signing does not hash the seed again (crypto/ed25519 keeps a cache for the
// same purpose).
//
// # Which verification to use
//
//   - [Verify] and [VerifyWithOptions] give crypto/ed25519's answers: RFC 8032's
//     equation without the cofactor, S < l, R compared as bytes.
//   - [VerifyBatch] checks many Ed25519 signatures at once in about half the
//     time of verifying them one by one, or less. Its equation has the cofactor: it
//     accepts a batch exactly when [VerifyCofactored] would accept every
//     signature in it (up to a 2^-128 chance). That differs from Verify only
//     for signatures crafted with points of small order (components in the
//     torsion subgroup), which no honest signer produces; use it where
//     every party agrees to cofactored verification, or where a signature
//     that Verify rejects and the batch accepts harms no one.
//   - [VerifyBatchExact] gives exactly Verify's answer for every batch, at the
//     cost of verifying one by one (see its documentation for why no batch
//     equation can do better). Use it where the answer must match
//     crypto/ed25519's, as in consensus between implementations.
package ed25519

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"

	"github.com/carry-crypto/carry/internal/edwards25519"
)

const (
	// PublicKeySize is the size, in bytes, of public keys.
	PublicKeySize = ed25519.PublicKeySize
	// PrivateKeySize is the size, in bytes, of crypto/ed25519 private keys
	// (the seed followed by the public key), as [PrivateKey.Bytes] returns.
	PrivateKeySize = ed25519.PrivateKeySize
	// SignatureSize is the size, in bytes, of signatures.
	SignatureSize = ed25519.SignatureSize
	// SeedSize is the size, in bytes, of seeds, the private keys of RFC 8032.
	SeedSize = ed25519.SeedSize
)

// PrivateKey is an Ed25519 private key, with what signing needs computed
// once: the secret scalar s and the nonce prefix, the two halves of
// SHA-512(seed) (RFC 8032, Section 5.1.5), and the public key A = [s]B.
//
// A PrivateKey is made by [GenerateKey], [NewKeyFromSeed] or
// [NewPrivateKey]; the zero value is not a valid key. It is not changed after
// it is made, so it may be used by several goroutines at once. It implements
// crypto.Signer.
type PrivateKey struct {
	seed   [SeedSize]byte
	pub    [PublicKeySize]byte
	s      edwards25519.Scalar
	prefix [32]byte
}

// GenerateKey returns a new private key with a seed read from rand, or from
// crypto/rand if rand is nil.
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	if rand == nil {
		rand = cryptoRand
	}
	var seed [SeedSize]byte
	if _, err := io.ReadFull(rand, seed[:]); err != nil {
		return nil, err
	}
	k := new(PrivateKey)
	k.setSeed(&seed)
	return k, nil
}

// cryptoRand is crypto/rand's reader, under a name that the parameter of
// GenerateKey does not hide.
var cryptoRand = rand.Reader

// NewKeyFromSeed returns the private key of the 32-byte seed, the private
// key of RFC 8032. It returns an error if seed is not 32 bytes long (where
// crypto/ed25519.NewKeyFromSeed panics).
func NewKeyFromSeed(seed []byte) (*PrivateKey, error) {
	if l := len(seed); l != SeedSize {
		return nil, errors.New("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	k := new(PrivateKey)
	k.setSeed((*[SeedSize]byte)(seed))
	return k, nil
}

// NewPrivateKey returns the private key of priv, a crypto/ed25519 private
// key: the seed followed by the public key. It returns an error if priv is
// not 64 bytes long or if its public key is not the one of its seed (a key
// whose halves disagree would sign with one key and name another).
func NewPrivateKey(priv ed25519.PrivateKey) (*PrivateKey, error) {
	if l := len(priv); l != PrivateKeySize {
		return nil, errors.New("ed25519: bad private key length: " + strconv.Itoa(l))
	}
	k := new(PrivateKey)
	k.setSeed((*[SeedSize]byte)(priv[:SeedSize]))
	if subtle.ConstantTimeCompare(k.pub[:], priv[SeedSize:]) != 1 {
		return nil, errors.New("ed25519: private key's public key does not match its seed")
	}
	return k, nil
}

// setSeed sets k to the key of seed: s and prefix are the clamped first and
// the second half of SHA-512(seed), and pub encodes [s]B (RFC 8032, Section
// 5.1.5). It runs in constant time.
func (k *PrivateKey) setSeed(seed *[SeedSize]byte) {
	k.seed = *seed
	h := sha512.Sum512(seed[:])
	if _, err := k.s.SetBytesWithClamping(h[:32]); err != nil {
		panic("ed25519: internal error: clamping a 32-byte value failed")
	}
	copy(k.prefix[:], h[32:])
	A := edwards25519.NewIdentityPoint().ScalarBaseMultScalar(&k.s)
	copy(k.pub[:], A.Bytes())
}

// Public returns the public key, an ed25519.PublicKey of 32 bytes that the
// caller may keep and modify.
func (k *PrivateKey) Public() crypto.PublicKey {
	return ed25519.PublicKey(k.PublicKey())
}

// PublicKey returns the 32-byte public key, a new slice.
func (k *PrivateKey) PublicKey() ed25519.PublicKey {
	pub := k.pub
	return pub[:]
}

// Seed returns the 32-byte seed of k, a new slice.
func (k *PrivateKey) Seed() []byte {
	seed := k.seed
	return seed[:]
}

// Bytes returns k as a crypto/ed25519 private key (the seed followed by the
// public key), a new slice.
func (k *PrivateKey) Bytes() ed25519.PrivateKey {
	b := make([]byte, 0, PrivateKeySize)
	b = append(b, k.seed[:]...)
	return append(b, k.pub[:]...)
}

// Equal reports whether x is a *PrivateKey with the same seed as k. It runs
// in constant time.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare(k.seed[:], xx.seed[:]) == 1
}
