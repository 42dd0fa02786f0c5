package ed25519

import (
	"crypto"
	"crypto/ed25519"
	"crypto/fips140"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"strconv"

	"github.com/carry-crypto/carry/internal/edwards25519"
)

// errInvalid is the error of a signature that does not verify, with
// crypto/ed25519's text.
var errInvalid = errors.New("ed25519: invalid signature")

// Verify reports whether sig is a valid Ed25519 signature of message by pub,
// with crypto/ed25519.Verify's rules (see [VerifyWithOptions]).
//
// Verify panics if pub is not 32 bytes long, as crypto/ed25519.Verify does;
// check the length of a key that comes from an attacker, or use
// [VerifyBatchExact], which returns false instead.
//
// Verify runs in variable time: everything it reads is public.
func Verify(pub PublicKey, message, sig []byte) bool {
	if fips140.Enabled() {
		return ed25519.Verify(pub, message, sig)
	}
	checkPublicKeyLength(pub)
	var A edwards25519.Point
	if _, err := A.SetBytes(pub); err != nil {
		return false
	}
	return verifyVarTime(&A, pub, message, sig, domPure, "") == nil
}

// VerifyWithOptions reports whether sig is a valid signature of message by
// pub in the variant opts selects, as crypto/ed25519.VerifyWithOptions does,
// with the same errors: opts.Hash zero is Ed25519 (Ed25519ctx if
// opts.Context is not empty), crypto.SHA512 is Ed25519ph of a 64-byte
// digest, and contexts are at most 255 bytes.
//
// A signature is valid if it is 64 bytes long, its S is below l, pub decodes
// to a point A (non-canonical y encodings and points of small order
// included, as in crypto/ed25519), and the encoding of [S]B − [k]A is the
// signature's first 32 bytes R (RFC 8032, Section 5.1.7, without the
// cofactor), where k = SHA-512(dom || R || pub || message) mod l.
//
// VerifyWithOptions panics if pub is not 32 bytes long, as
// crypto/ed25519.VerifyWithOptions does, and if opts is nil.
//
// VerifyWithOptions runs in variable time: everything it reads is public.
func VerifyWithOptions(pub PublicKey, message, sig []byte, opts *Options) error {
	if fips140.Enabled() {
		return ed25519.VerifyWithOptions(pub, message, sig, opts)
	}
	checkPublicKeyLength(pub)
	var A edwards25519.Point
	if _, err := A.SetBytes(pub); err != nil {
		return errors.New("ed25519: bad public key")
	}
	switch {
	case opts.Hash == crypto.SHA512:
		if l := len(message); l != sha512.Size {
			return errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		return verifyVarTime(&A, pub, message, sig, domPh, opts.Context)
	case opts.Hash == crypto.Hash(0) && opts.Context != "":
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		return verifyVarTime(&A, pub, message, sig, domCtx, opts.Context)
	case opts.Hash == crypto.Hash(0):
		return verifyVarTime(&A, pub, message, sig, domPure, "")
	default:
		return errors.New("ed25519: expected opts.Hash zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
}

// checkPublicKeyLength panics, with crypto/ed25519's message, if pub is not
// 32 bytes long.
func checkPublicKeyLength(pub []byte) {
	if l := len(pub); l != PublicKeySize {
		panic("ed25519: bad public key length: " + strconv.Itoa(l))
	}
}

// verifyVarTime checks sig against the decoded public key A, whose encoding
// is pub, as VerifyWithOptions describes.
func verifyVarTime(A *edwards25519.Point, pub, message, sig []byte, dom domain, context string) error {
	if l := len(sig); l != SignatureSize {
		return errors.New("ed25519: bad signature length: " + strconv.Itoa(l))
	}
	// The top three bits of S must be clear (S < 2^253); SetCanonicalBytes
	// then checks S < l.
	if sig[63]&0xe0 != 0 {
		return errInvalid
	}
	var S edwards25519.Scalar
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return errInvalid
	}
	var k edwards25519.Scalar
	challenge(&k, sig[:32], pub, message, dom, context)

	// [S]B = R + [k]A, checked as R = [k](−A) + [S]B, compared as bytes: the
	// encoding computed is canonical, so a non-canonical R never matches.
	var minusA, R edwards25519.Point
	minusA.Negate(A)
	R.VarTimeDoubleScalarBaseMult(&k, &minusA, &S)
	if subtle.ConstantTimeCompare(R.Bytes(), sig[:32]) != 1 {
		return errInvalid
	}
	return nil
}

// challenge sets k = SHA-512(dom || R || A || message) mod l, the challenge
// of RFC 8032, Section 5.1.6, step 4, and Section 5.1.7, step 2, from the
// encodings R and A as they appear in the signature and the key.
func challenge(k *edwards25519.Scalar, R, A, message []byte, dom domain, context string) {
	var digest [sha512.Size]byte
	var domBuf domBuffer
	h := sha512.New()
	h.Write(domBuf.dom(dom, context))
	h.Write(R)
	h.Write(A)
	h.Write(message)
	h.Sum(digest[:0])
	if _, err := k.SetUniformBytes(digest[:]); err != nil {
		panic("carry/ed25519: internal error: reducing a 64-byte digest failed")
	}
}

// VerifyCofactored reports whether sig is a valid Ed25519 signature of
// message by pub under the cofactored equation
//
//	[8]([S]B − R − [k]A) = O,
//
// the equation [VerifyBatch] checks for each signature at once. It accepts
// what [Verify] accepts and, in addition, signatures that differ from
// valid ones by points of small order: R and A decode by the same rules as
// A in Verify (non-canonical encodings included) and are compared as points,
// not as bytes, while S must still be below l: the rules of ZIP 215.
// Unlike Verify, it returns false, without panicking, when pub is not 32
// bytes long.
//
// VerifyCofactored runs in variable time: everything it reads is public.
func VerifyCofactored(pub PublicKey, message, sig []byte) bool {
	if len(pub) != PublicKeySize || len(sig) != SignatureSize {
		return false
	}
	var A, R edwards25519.Point
	if _, err := A.SetBytes(pub); err != nil {
		return false
	}
	if _, err := R.SetBytes(sig[:32]); err != nil {
		return false
	}
	var S edwards25519.Scalar
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return false
	}
	var k edwards25519.Scalar
	challenge(&k, sig[:32], pub, message, domPure, "")

	var D edwards25519.Point
	D.Negate(&A)
	D.VarTimeDoubleScalarBaseMult(&k, &D, &S)
	D.Subtract(&D, &R)
	D.MultByCofactor(&D)
	return D.Equal(edwards25519.NewIdentityPoint()) == 1
}
