package rsa

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"errors"
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
// digest mHash with salt, for emBits bits, ⌈emBits/8⌉ bytes:
//
//	EM = maskedDB || H || 0xbc, maskedDB = (PS || 0x01 || salt) ⊕ MGF1(H)
//
// with the leftmost 8·emLen - emBits bits of EM cleared.
func emsaPSSEncode(mHash []byte, emBits int, salt []byte, h hash.Hash) ([]byte, error) {
	hLen, sLen := h.Size(), len(salt)
	emLen := (emBits + 7) / 8
	if len(mHash) != hLen {
		return nil, errors.New("carry/rsa: input must be hashed with given hash")
	}
	if emLen < hLen+sLen+2 {
		return nil, errors.New("carry/rsa: key size too small for PSS signature")
	}
	em := make([]byte, emLen)
	db := em[:emLen-hLen-1]
	H := pssHash(h, mHash, salt)
	copy(em[emLen-hLen-1:], H)
	em[emLen-1] = 0xbc
	db[emLen-sLen-hLen-2] = 0x01
	copy(db[emLen-sLen-hLen-1:], salt)
	mgf1XOR(db, h, H)
	db[0] &= 0xff >> (8*emLen - emBits)
	return em, nil
}

// emsaPSSVerify checks EM against the digest mHash by EMSA-PSS-VERIFY (RFC
// 8017, Section 9.1.2), with a salt of sLen bytes, or of any length if sLen
// is rsa.PSSSaltLengthAuto. It works on public values, in variable time.
func emsaPSSVerify(mHash, em []byte, emBits, sLen int, h hash.Hash) error {
	hLen := h.Size()
	emLen := (emBits + 7) / 8
	if len(mHash) != hLen || len(em) != emLen || emLen < hLen+2 || em[emLen-1] != 0xbc {
		return rsa.ErrVerification
	}
	if sLen != rsa.PSSSaltLengthAuto && emLen < hLen+sLen+2 {
		return rsa.ErrVerification
	}
	db := bytes.Clone(em[:emLen-hLen-1])
	H := em[emLen-hLen-1 : emLen-1]
	topMask := byte(0xff >> (8*emLen - emBits))
	if db[0]&^topMask != 0 {
		return rsa.ErrVerification
	}
	mgf1XOR(db, h, H)
	db[0] &= topMask
	// DB = PS (zeros) || 0x01 || salt.
	one := bytes.IndexByte(db, 0x01)
	if one < 0 || !allZero(db[:one]) {
		return rsa.ErrVerification
	}
	salt := db[one+1:]
	if sLen != rsa.PSSSaltLengthAuto && len(salt) != sLen {
		return rsa.ErrVerification
	}
	if !bytes.Equal(pssHash(h, mHash, salt), H) {
		return rsa.ErrVerification
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

// pssSaltLength returns the salt length to sign with for opts, as
// crypto/rsa.SignPSS: the largest the key allows for PSSSaltLengthAuto (or
// nil opts), the hash's size for PSSSaltLengthEqualsHash, or the positive
// length given.
func pssSaltLength(opts *rsa.PSSOptions, emBits, hLen int) (int, error) {
	if opts == nil || opts.SaltLength == rsa.PSSSaltLengthAuto {
		s := (emBits+7)/8 - 2 - hLen
		if s < 0 {
			return 0, errors.New("carry/rsa: key size too small for PSS signature")
		}
		return s, nil
	}
	if opts.SaltLength == rsa.PSSSaltLengthEqualsHash {
		return hLen, nil
	}
	if opts.SaltLength <= 0 {
		return 0, errors.New("carry/rsa: invalid PSS salt length")
	}
	return opts.SaltLength, nil
}

// SignPSS returns the RSASSA-PSS signature (RFC 8017, Section 8.1) of
// digest, the digest of the message under hash (or under opts.Hash if opts
// has one), with MGF1 of the same hash and a random salt read from random.
// The salt length follows opts.SaltLength exactly as crypto/rsa.SignPSS:
// nil opts or rsa.PSSSaltLengthAuto is the longest the key allows,
// rsa.PSSSaltLengthEqualsHash the hash's size.
func SignPSS(random io.Reader, priv *PrivateKey, hash crypto.Hash, digest []byte, opts *rsa.PSSOptions) ([]byte, error) {
	if opts != nil && opts.Hash != 0 {
		hash = opts.Hash
	}
	if !hash.Available() {
		return nil, errors.New("carry/rsa: unsupported hash function")
	}
	h := hash.New()
	emBits := priv.n.BitLen() - 1
	sLen, err := pssSaltLength(opts, emBits, h.Size())
	if err != nil {
		return nil, err
	}
	salt := make([]byte, sLen)
	if _, err := io.ReadFull(random, salt); err != nil {
		return nil, err
	}
	em, err := emsaPSSEncode(digest, emBits, salt, h)
	if err != nil {
		return nil, err
	}
	// EM is one byte shorter than the modulus when its bit length is 1
	// mod 8; as an integer it is the same.
	c := make([]byte, priv.Size())
	copy(c[len(c)-len(em):], em)
	return priv.private(c)
}

// VerifyPSS checks sig, an RSASSA-PSS signature of digest under pub, and
// returns nil if it is valid and an error otherwise. hash and opts are as in
// [SignPSS]; rsa.PSSSaltLengthAuto (or nil opts) accepts any salt length.
// It works on public values only and may be variable time.
func VerifyPSS(pub *rsa.PublicKey, hash crypto.Hash, digest, sig []byte, opts *rsa.PSSOptions) error {
	if err := checkPublicKey(pub); err != nil {
		return err
	}
	if opts != nil && opts.Hash != 0 {
		hash = opts.Hash
	}
	if !hash.Available() {
		return errors.New("carry/rsa: unsupported hash function")
	}
	h := hash.New()
	sLen := rsa.PSSSaltLengthAuto
	if opts != nil {
		switch {
		case opts.SaltLength == rsa.PSSSaltLengthEqualsHash:
			sLen = h.Size()
		case opts.SaltLength > 0:
			sLen = opts.SaltLength
		case opts.SaltLength < 0:
			return errors.New("carry/rsa: invalid PSS salt length")
		}
	}
	k := pub.Size()
	if len(sig) != k {
		return rsa.ErrVerification
	}
	m, err := public(pub, sig)
	if err != nil {
		return rsa.ErrVerification
	}
	emBits := pub.N.BitLen() - 1
	emLen := (emBits + 7) / 8
	if emLen < k { // the top byte of m must be zero
		if m[0] != 0 {
			return rsa.ErrVerification
		}
		m = m[1:]
	}
	return emsaPSSVerify(digest, m, emBits, sLen, h)
}
