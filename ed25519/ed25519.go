// Package ed25519 implements the Ed25519 signature scheme of RFC 8032 (with
// its Ed25519ctx and Ed25519ph variants) on carry's edwards25519 group, and
// batch verification.
//
// It has the API of crypto/ed25519, identifier for identifier, and its types
// are crypto/ed25519's own ([PublicKey], [PrivateKey] and [Options] are
// aliases), so a program switches by changing the import path. Signatures
// are deterministic and byte for byte crypto/ed25519's; [Verify] and
// [VerifyWithOptions] accept exactly what crypto/ed25519 accepts, with its
// errors; and each function panics where its crypto/ed25519 namesake
// panics.
//
// # Keys
//
// [Sign] expands a [PrivateKey] (hashes its seed into the secret scalar and
// the nonce prefix) on its first use and keeps the result, keyed by the
// address of the key's first byte, for as long as the key's memory lives.
// Every call compares the key's 64 bytes with those it expanded, in
// constant time, and expands again if they differ, so a key's bytes may
// be changed, or its buffer reused for another key, between calls; changing
// them during a call is a data race. Like crypto/ed25519, Sign does not check
// that the second half of the key is the public key of the first: the
// signature it makes with a key whose halves disagree is crypto/ed25519's,
// byte for byte (it verifies under neither key, and two such signatures of
// one message under two public halves reveal the secret scalar).
// [NewSigner] refuses such a key.
//
// The methods of PrivateKey are crypto/ed25519's, so PrivateKey.Sign runs
// the standard library's code. For carry's, call [Sign] or use a [Signer],
// the crypto.Signer that crypto/tls and crypto/x509 take.
//
// # FIPS 140 mode
//
// carry is not a validated module. When crypto/fips140.Enabled reports true
// (GODEBUG=fips140=on or only), GenerateKey, NewKeyFromSeed, Sign, Verify,
// VerifyWithOptions, VerifyBatchExact and Signer.Sign call crypto/ed25519,
// with its results and refusals. VerifyCofactored and VerifyBatch, whose
// cofactored equation crypto/ed25519 does not have, still run carry's code,
// and so does NewSigner's check of a key.
//
// # Which verification to use
//
//   - [Verify] and [VerifyWithOptions] give crypto/ed25519's answers: RFC 8032's
//     equation without the cofactor, S < l, R compared as bytes.
//   - [VerifyBatch] checks many Ed25519 signatures at once, for a fraction of
//     the cost of verifying them one by one. Its equation has the cofactor: it
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
	"crypto/ed25519"
	"crypto/fips140"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"

	"github.com/carry-crypto/carry/internal/edwards25519"
	"github.com/carry-crypto/carry/internal/keycache"
)

const (
	// PublicKeySize is the length in bytes of a public key.
	PublicKeySize = ed25519.PublicKeySize
	// PrivateKeySize is the length in bytes of a PrivateKey: the seed, then
	// the public key.
	PrivateKeySize = ed25519.PrivateKeySize
	// SignatureSize is the length in bytes of a signature.
	SignatureSize = ed25519.SignatureSize
	// SeedSize is the length in bytes of a seed, what RFC 8032 calls the
	// private key.
	SeedSize = ed25519.SeedSize
)

type (
	// PublicKey is crypto/ed25519's public key: the 32-byte encoding of the
	// point A.
	PublicKey = ed25519.PublicKey
	// PrivateKey is crypto/ed25519's private key: the 32-byte seed followed
	// by the 32-byte public key.
	PrivateKey = ed25519.PrivateKey
	// Options is crypto/ed25519's choice of variant: Hash zero for Ed25519
	// (Ed25519ctx with a non-empty Context), crypto.SHA512 for Ed25519ph,
	// with a Context of at most 255 bytes.
	Options = ed25519.Options
)

// GenerateKey returns a new key pair whose seed is the first 32 bytes read
// from random: the key of NewKeyFromSeed, and a copy of its public half.
// If fewer than 32 bytes can be read, it returns io.ReadFull's error.
//
// If random is nil, the pair is crypto/ed25519.GenerateKey(nil)'s, so the
// seed comes from the standard library's own generator: it ignores a
// replaced crypto/rand.Reader (unless GODEBUG=cryptocustomrand=1) and follows
// testing/cryptotest.SetGlobalRandom.
func GenerateKey(random io.Reader) (PublicKey, PrivateKey, error) {
	if random == nil || fips140.Enabled() {
		return ed25519.GenerateKey(random)
	}
	var seed [SeedSize]byte
	if _, err := io.ReadFull(random, seed[:]); err != nil {
		return nil, nil, err
	}
	priv := NewKeyFromSeed(seed[:])
	return priv.Public().(PublicKey), priv, nil
}

// NewKeyFromSeed returns the private key of seed, a new slice: the seed and
// the encoding of [s]B, where s is the clamped first half of SHA-512(seed)
// (RFC 8032, Section 5.1.5). It panics if seed is not 32 bytes long. It
// runs in constant time.
func NewKeyFromSeed(seed []byte) PrivateKey {
	// The body is outlined so that the key may stay on the caller's stack.
	priv := make([]byte, PrivateKeySize)
	newKeyFromSeed((*[PrivateKeySize]byte)(priv), seed)
	return priv
}

func newKeyFromSeed(priv *[PrivateKeySize]byte, seed []byte) {
	if l := len(seed); l != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	if fips140.Enabled() {
		copy(priv[:], ed25519.NewKeyFromSeed(seed))
		return
	}
	var k privateKey
	k.setSeed((*[SeedSize]byte)(seed))
	*priv = k.key
}

// privateKey is a PrivateKey expanded for signing: the key's 64 bytes, and
// the two halves of SHA-512(seed), the clamped secret scalar s and the
// nonce prefix (RFC 8032, Section 5.1.5). It is not changed once made, so
// several goroutines may sign with it at once.
type privateKey struct {
	key    [PrivateKeySize]byte // seed || public key
	s      edwards25519.Scalar
	prefix [32]byte
}

// expand sets s and prefix from the seed, k.key[:32]. It runs in constant
// time.
func (k *privateKey) expand() {
	h := sha512.Sum512(k.key[:SeedSize])
	if _, err := k.s.SetBytesWithClamping(h[:32]); err != nil {
		panic("carry/ed25519: internal error: clamping a 32-byte value failed")
	}
	copy(k.prefix[:], h[32:])
}

// setSeed sets k to the key of seed, computing its public key [s]B. It runs
// in constant time.
func (k *privateKey) setSeed(seed *[SeedSize]byte) {
	copy(k.key[:SeedSize], seed[:])
	k.expand()
	var A edwards25519.Point
	A.ScalarBaseMultScalar(&k.s)
	copy(k.key[SeedSize:], A.Bytes())
}

// publicKeyMatches returns 1 if k's public half is the public key of its
// seed, and 0 otherwise. It runs in constant time.
func (k *privateKey) publicKeyMatches() int {
	var A edwards25519.Point
	A.ScalarBaseMultScalar(&k.s)
	return subtle.ConstantTimeCompare(A.Bytes(), k.key[SeedSize:])
}

// keys holds the expanded form of every PrivateKey used so far, keyed by
// the address of its first byte.
var keys keycache.Cache[byte, *privateKey]

// expandedKey returns the expanded form of priv: the one in keys if it was
// made from the same 64 bytes, or a new one, which it stores there. It
// returns crypto/ed25519's error if priv is not 64 bytes long. It runs in
// constant time in priv's contents, except that a key unchanged since its
// last use is faster.
func expandedKey(priv PrivateKey) (*privateKey, error) {
	if l := len(priv); l != PrivateKeySize {
		return nil, errors.New("ed25519: bad private key length: " + strconv.Itoa(l))
	}
	b := (*[PrivateKeySize]byte)(priv)
	if k, ok := keys.Get(&b[0]); ok && subtle.ConstantTimeCompare(k.key[:], b[:]) == 1 {
		return k, nil
	}
	k := &privateKey{key: *b}
	k.expand()
	return keys.Put(&b[0], k), nil
}
