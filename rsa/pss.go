package rsa

import (
	"bytes"
	"crypto"
	"crypto/fips140"
	"crypto/rsa"
	"hash"
	"io"
)

// mgf1XOR xors out with MGF1 (RFC 8017, Appendix B.2.1) of seed under h:
// the concatenation of h(seed || counter), counter a 4-byte big-endian
// integer from 0, for len(out) bytes.
func mgf1XOR(out []byte, h hash.Hash, seed []byte) {
	var counter [4]byte
	var digest []byte
	for done := 0; done < len(out); {
		h.Reset()
		h.Write(seed)
		h.Write(counter[:])
		digest = h.Sum(digest[:0])
		for i := 0; i < len(digest) && done < len(out); i++ {
			out[done] ^= digest[i]
			done++
		}
		for i := 3; i >= 0; i-- {
			counter[i]++
			if counter[i] != 0 {
				break
			}
		}
	}
}

// pssHash returns H = h(0x00 × 8 || mHash || salt), the M' of RFC 8017,
// Section 9.1.1, step 5.
func pssHash(h hash.Hash, mHash, salt []byte) []byte {
	var zeros [8]byte
	h.Reset()
	h.Write(zeros[:])
	h.Write(mHash)
	h.Write(salt)
	return h.Sum(nil)
}

// emsaPSSEncode returns EMSA-PSS-ENCODE (RFC 8017, Section 9.1.1) of the
// digest mHash (h.Size() bytes) with salt, for emBits bits, ⌈emBits/8⌉ bytes,
// at least h.Size() + len(salt) + 2:
//
//	EM = maskedDB || H || 0xbc, maskedDB = (PS || 0x01 || salt) ⊕ MGF1(H)
//
// with the leftmost 8·emLen - emBits bits of EM cleared.
func emsaPSSEncode(mHash []byte, emBits int, salt []byte, h hash.Hash) []byte {
	hLen, sLen := h.Size(), len(salt)
	emLen := (emBits + 7) / 8
	em := make([]byte, emLen)
	db := em[:emLen-hLen-1]
	H := pssHash(h, mHash, salt)
	copy(em[emLen-hLen-1:], H)
	em[emLen-1] = 0xbc
	db[emLen-sLen-hLen-2] = 0x01
	copy(db[emLen-sLen-hLen-1:], salt)
	mgf1XOR(db, h, H)
	db[0] &= 0xff >> (8*emLen - emBits)
	return em
}

// anySalt is the salt length with which emsaPSSVerify accepts any.
const anySalt = -1

// emsaPSSVerify checks EM against the digest mHash by EMSA-PSS-VERIFY (RFC
// 8017, Section 9.1.2), with a salt of sLen bytes, or of any length if sLen
// is anySalt. It works on public values, in variable time.
func emsaPSSVerify(mHash, em []byte, emBits, sLen int, h hash.Hash) error {
	hLen := h.Size()
	emLen := (emBits + 7) / 8
	if len(mHash) != hLen || len(em) != emLen || emLen < hLen+2 || em[emLen-1] != 0xbc {
		return ErrVerification
	}
	if sLen != anySalt && emLen < hLen+sLen+2 {
		return ErrVerification
	}
	db := bytes.Clone(em[:emLen-hLen-1])
	H := em[emLen-hLen-1 : emLen-1]
	topMask := byte(0xff >> (8*emLen - emBits))
	if db[0]&^topMask != 0 {
		return ErrVerification
	}
	mgf1XOR(db, h, H)
	db[0] &= topMask
	// DB = PS (zeros) || 0x01 || salt.
	one := bytes.IndexByte(db, 0x01)
	if one < 0 || !allZero(db[:one]) {
		return ErrVerification
	}
	salt := db[one+1:]
	if sLen != anySalt && len(salt) != sLen {
		return ErrVerification
	}
	if !bytes.Equal(pssHash(h, mHash, salt), H) {
		return ErrVerification
	}
	return nil
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// SignPSS returns the RSASSA-PSS signature (RFC 8017, Section 8.1) of
// digest, the digest of the message under hash, or under opts.Hash if opts
// has one, with MGF1 of the same hash and a salt read from random. The salt
// length is opts.SaltLength: PSSSaltLengthAuto (or nil opts) the longest the
// key allows, PSSSaltLengthEqualsHash the hash's size, or a positive length;
// crypto/rsa's error if it does not fit. random must not be nil unless the
// salt is empty.
//
// Its time depends on the key's sizes, the hash and the salt length, not on
// the key's values or on digest.
func SignPSS(random io.Reader, priv *PrivateKey, hash crypto.Hash, digest []byte, opts *PSSOptions) ([]byte, error) {
	return signPSS(random, priv, carryKey(priv), hash, digest, opts)
}

// signPSS is SignPSS with k, carry's form of priv or nil.
func signPSS(random io.Reader, priv *PrivateKey, k *privateKey, hash crypto.Hash, digest []byte, opts *PSSOptions) ([]byte, error) {
	h := hash
	if opts != nil && opts.Hash != 0 {
		h = opts.Hash
	}
	if k == nil || !h.Available() {
		return rsa.SignPSS(random, priv, hash, digest, opts)
	}
	hh := h.New()
	hLen := hh.Size()
	emBits := k.n.BitLen() - 1
	emLen := (emBits + 7) / 8
	sLen := -2 // refused
	switch sl := pssSaltLength(opts); {
	case sl == PSSSaltLengthAuto:
		sLen = emLen - 2 - hLen
	case sl == PSSSaltLengthEqualsHash:
		sLen = hLen
	case sl > 0:
		sLen = sl
	}
	if sLen < 0 || len(digest) != hLen || emLen < hLen+sLen+2 {
		return rsa.SignPSS(random, priv, hash, digest, opts)
	}
	salt := make([]byte, sLen)
	if _, err := io.ReadFull(random, salt); err != nil {
		return nil, err
	}
	em := emsaPSSEncode(digest, emBits, salt, hh)
	// EM is one byte shorter than the modulus when its bit length is 1
	// mod 8; as an integer it is the same.
	return k.private(em)
}

// pssSaltLength returns opts.SaltLength, PSSSaltLengthAuto for nil opts.
func pssSaltLength(opts *PSSOptions) int {
	if opts == nil {
		return PSSSaltLengthAuto
	}
	return opts.SaltLength
}

// VerifyPSS checks sig, an RSASSA-PSS signature of digest, the digest of the
// message under hash, with MGF1 of the same hash, under pub. opts.Hash is
// ignored, as crypto/rsa ignores it. opts.SaltLength is the salt length the
// signature must have: PSSSaltLengthAuto (or nil opts) accepts any,
// PSSSaltLengthEqualsHash the hash's size. It returns nil if sig is valid,
// ErrVerification if it is not, and crypto/rsa's error (or panic) for a key
// it refuses, an unavailable hash or a negative salt length. It works on
// public values only and may be variable time.
func VerifyPSS(pub *PublicKey, hash crypto.Hash, digest []byte, sig []byte, opts *PSSOptions) error {
	sl := pssSaltLength(opts)
	if fips140.Enabled() || !publicOK(pub) || !hash.Available() || sl < PSSSaltLengthEqualsHash {
		return rsa.VerifyPSS(pub, hash, digest, sig, opts)
	}
	h := hash.New()
	sLen := sl
	switch sl {
	case PSSSaltLengthAuto:
		sLen = anySalt
	case PSSSaltLengthEqualsHash:
		sLen = h.Size()
	}
	k := pub.Size()
	if len(sig) != k {
		return ErrVerification
	}
	m, err := public(pub, sig)
	if err != nil {
		return ErrVerification
	}
	emBits := pub.N.BitLen() - 1
	if emLen := (emBits + 7) / 8; emLen < k { // the top byte of m must be zero
		if m[0] != 0 {
			return ErrVerification
		}
		m = m[1:]
	}
	return emsaPSSVerify(digest, m, emBits, sLen, h)
}
