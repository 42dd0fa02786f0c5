package rsa

import (
	"crypto/fips140"
	"crypto/rsa"
	"crypto/subtle"
	"hash"
	"io"
)

// EncryptOAEP encrypts msg for pub by RSAES-OAEP (RFC 8017, Section 7.1.1)
// with hash for the label and for MGF1 and a seed read from random (which
// must not be nil). msg must be at most pub.Size() - 2·hash.Size() - 2 bytes
// (ErrMessageTooLong otherwise); label, which may be empty, is bound to the
// ciphertext but not encrypted, and decryption must give the same. hash is
// reset on return.
func EncryptOAEP(hash hash.Hash, random io.Reader, pub *PublicKey, msg []byte, label []byte) ([]byte, error) {
	if fips140.Enabled() || !publicOK(pub) {
		return rsa.EncryptOAEP(hash, random, pub, msg, label)
	}
	return encryptOAEP(hash, hash, random, pub, msg, label)
}

// EncryptOAEPWithOptions is [EncryptOAEP] with the hashes of opts: Hash for
// the label, MGFHash (Hash if zero) for MGF1, and opts.Label. It panics if
// opts is nil or names a hash that is not linked in, as crypto/rsa does.
func EncryptOAEPWithOptions(random io.Reader, pub *PublicKey, msg []byte, opts *OAEPOptions) ([]byte, error) {
	h, mgf := oaepHashes(opts)
	if fips140.Enabled() || !publicOK(pub) {
		return rsa.EncryptOAEPWithOptions(random, pub, msg, opts)
	}
	return encryptOAEP(h, mgf, random, pub, msg, opts.Label)
}

// oaepHashes returns new instances of opts's label and MGF1 hashes.
func oaepHashes(opts *OAEPOptions) (h, mgf hash.Hash) {
	if opts.MGFHash == 0 {
		return opts.Hash.New(), opts.Hash.New()
	}
	return opts.Hash.New(), opts.MGFHash.New()
}

// encryptOAEP is EncryptOAEP with mgfHash for MGF1, for a pub that
// satisfies publicOK.
func encryptOAEP(h, mgfHash hash.Hash, random io.Reader, pub *PublicKey, msg, label []byte) ([]byte, error) {
	defer h.Reset()
	defer mgfHash.Reset()
	k, hLen := pub.Size(), h.Size()
	if len(msg) > k-2*hLen-2 {
		return nil, ErrMessageTooLong
	}
	// EM = 0x00 || maskedSeed || maskedDB, DB = lHash || PS || 0x01 || M.
	em := make([]byte, k)
	seed := em[1 : 1+hLen]
	db := em[1+hLen:]
	h.Reset()
	h.Write(label)
	h.Sum(db[:0])
	db[len(db)-len(msg)-1] = 0x01
	copy(db[len(db)-len(msg):], msg)
	if _, err := io.ReadFull(random, seed); err != nil {
		return nil, err
	}
	mgf1XOR(db, mgfHash, seed)
	mgf1XOR(seed, mgfHash, db)
	return public(pub, em)
}

// DecryptOAEP decrypts ciphertext by RSAES-OAEP (RFC 8017, Section 7.1.2)
// with hash for the label and for MGF1. random is not used and may be nil.
// A ciphertext shorter than the modulus is read with leading zeros, as
// crypto/rsa reads it. Every failure, the padding's and a wrong label
// included, returns ErrDecryption, the padding checked in constant time.
// hash is reset on return.
func DecryptOAEP(hash hash.Hash, random io.Reader, priv *PrivateKey, ciphertext []byte, label []byte) ([]byte, error) {
	defer hash.Reset()
	k := carryKey(priv)
	if k == nil || len(ciphertext) > k.size() {
		return rsa.DecryptOAEP(hash, random, priv, ciphertext, label)
	}
	return k.decryptOAEP(hash, hash, ciphertext, label)
}

// decryptOAEP is DecryptOAEP with mgfHash for MGF1, for a ciphertext of at
// most k.size() bytes.
func (k *privateKey) decryptOAEP(h, mgfHash hash.Hash, ciphertext, label []byte) ([]byte, error) {
	size, hLen := k.size(), h.Size()
	if size < 2*hLen+2 {
		return nil, ErrDecryption
	}
	em, err := k.private(ciphertext)
	if err != nil {
		return nil, err
	}
	h.Reset()
	h.Write(label)
	lHash := h.Sum(nil)

	firstZero := subtle.ConstantTimeByteEq(em[0], 0)
	seed, db := em[1:1+hLen], em[1+hLen:]
	mgf1XOR(seed, mgfHash, db)
	mgf1XOR(db, mgfHash, seed)
	lHashOK := subtle.ConstantTimeCompare(db[:hLen], lHash)

	// DB after lHash is zeros, then 0x01, then M: find the 0x01 in constant
	// time; any other byte before it is invalid.
	rest := db[hLen:]
	looking, index, invalid := 1, 0, 0
	for i := range rest {
		isZero := subtle.ConstantTimeByteEq(rest[i], 0)
		isOne := subtle.ConstantTimeByteEq(rest[i], 1)
		index = subtle.ConstantTimeSelect(looking&isOne, i, index)
		looking = subtle.ConstantTimeSelect(isOne, 0, looking)
		invalid = subtle.ConstantTimeSelect(looking&^isZero&1, 1, invalid)
	}
	if firstZero&lHashOK&^invalid&^looking&1 != 1 {
		return nil, ErrDecryption
	}
	return rest[index+1:], nil
}
