package ed25519

import (
	"crypto"
	"crypto/ed25519"
	"crypto/fips140"
	"crypto/sha512"
	"errors"
	"strconv"

	"github.com/carry-crypto/carry/internal/edwards25519"
)

// The three variants of RFC 8032 differ only in what is hashed before R and
// before the message: nothing for Ed25519, and dom2(phflag, context) for
// Ed25519ph (phflag 1) and Ed25519ctx (phflag 0) (Section 5.1).
type domain int

const (
	domPure domain = iota // Ed25519
	domCtx                // Ed25519ctx: dom2(0, context)
	domPh                 // Ed25519ph: dom2(1, context), message = SHA-512(M)
)

// dom2Prefix is dom2's fixed string, followed by the flag byte (RFC 8032,
// Section 2).
const dom2Prefix = "SigEd25519 no Ed25519 collisions"

// domBuffer holds dom2(phflag, context): the prefix, the flag, the length
// of the context and at most 255 bytes of context.
type domBuffer [len(dom2Prefix) + 2 + 255]byte

// dom returns dom2(phflag, context), written into buf, for the ctx and ph
// variants, and nothing for pure Ed25519. The context is at most 255 bytes
// long. (A buffer rather than writes to the hash keeps the hash on the
// caller's stack.)
func (buf *domBuffer) dom(dom domain, context string) []byte {
	if dom == domPure {
		return nil
	}
	var flag byte
	if dom == domPh {
		flag = 1
	}
	n := copy(buf[:], dom2Prefix)
	buf[n], buf[n+1] = flag, byte(len(context))
	n += 2
	n += copy(buf[n:], context)
	return buf[:n]
}

// Sign returns the Ed25519 signature of message by priv (RFC 8032, Section
// 5.1.6), crypto/ed25519.Sign's signature. It panics, as crypto/ed25519.Sign
// does, if priv is not 64 bytes long. priv is expanded on first use and kept
// (see the package documentation). Sign runs in constant time in the key
// and the message's contents (its length shows), except that a key used
// before at the same address, with the same bytes, signs faster.
func Sign(priv PrivateKey, message []byte) []byte {
	// The body is outlined so that the returned signature may stay on the
	// caller's stack when Sign is inlined.
	var sig [SignatureSize]byte
	sign(&sig, priv, message)
	return sig[:]
}

func sign(sig *[SignatureSize]byte, priv PrivateKey, message []byte) {
	if fips140.Enabled() {
		copy(sig[:], ed25519.Sign(priv, message))
		return
	}
	k, err := expandedKey(priv)
	if err != nil {
		panic("ed25519: bad private key: " + err.Error())
	}
	k.sign(sig, message, domPure, "")
}

// signWithOptions returns k's signature of message in the variant opts
// selects, with the contract of crypto/ed25519's PrivateKey.Sign.
func (k *privateKey) signWithOptions(message []byte, opts crypto.SignerOpts) ([]byte, error) {
	hashFunc := opts.HashFunc()
	context := ""
	if o, ok := opts.(*Options); ok {
		context = o.Context
	}
	var sig [SignatureSize]byte
	switch {
	case hashFunc == crypto.SHA512:
		if l := len(message); l != sha512.Size {
			return nil, errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(context); l > 255 {
			return nil, errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		k.sign(&sig, message, domPh, context)
	case hashFunc == crypto.Hash(0) && context != "":
		if l := len(context); l > 255 {
			return nil, errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		k.sign(&sig, message, domCtx, context)
	case hashFunc == crypto.Hash(0):
		k.sign(&sig, message, domPure, "")
	default:
		return nil, errors.New("ed25519: expected opts.HashFunc() zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
	return sig[:], nil
}

// sign writes the signature of message by k in the variant dom into sig
// (RFC 8032, Section 5.1.6):
//
//	r = SHA-512(dom || prefix || M) mod l
//	R = [r]B
//	k = SHA-512(dom || R || A || M) mod l
//	S = r + k·s mod l
//
// It runs in constant time in k's secrets, r and the message's contents.
func (k *privateKey) sign(sig *[SignatureSize]byte, message []byte, dom domain, context string) {
	var digest [sha512.Size]byte
	var domBuf domBuffer
	prefix := domBuf.dom(dom, context)

	h := sha512.New()
	h.Write(prefix)
	h.Write(k.prefix[:])
	h.Write(message)
	h.Sum(digest[:0])
	var r edwards25519.Scalar
	if _, err := r.SetUniformBytes(digest[:]); err != nil {
		panic("carry/ed25519: internal error: reducing a 64-byte digest failed")
	}

	var R edwards25519.Point
	R.ScalarBaseMultScalar(&r)
	copy(sig[:32], R.Bytes())

	h.Reset()
	h.Write(prefix)
	h.Write(sig[:32])
	h.Write(k.key[SeedSize:])
	h.Write(message)
	h.Sum(digest[:0])
	var c edwards25519.Scalar
	if _, err := c.SetUniformBytes(digest[:]); err != nil {
		panic("carry/ed25519: internal error: reducing a 64-byte digest failed")
	}

	var S edwards25519.Scalar
	S.MultiplyAdd(&c, &k.s, &r)
	S.FillBytes((*[32]byte)(sig[32:]))
}
