package rsa

import (
	"crypto/rsa"
	"crypto/subtle"
	"errors"
	"hash"
	"io"
)

// EncryptOAEP encrypts msg for pub by RSAES-OAEP (RFC 8017, Section 7.1.1)
// with hash for the label and for MGF1 and a random seed read from random,
// as crypto/rsa.EncryptOAEP. msg must be at most pub.Size() - 2·hash.Size()
// - 2 bytes; label may be empty and is not encrypted.
func EncryptOAEP(hash hash.Hash, random io.Reader, pub *rsa.PublicKey, msg, label []byte) ([]byte, error) {
	return encryptOAEP(hash, hash, random, pub, msg, label)
}

func encryptOAEP(h, mgfHash hash.Hash, random io.Reader, pub *rsa.PublicKey, msg, label []byte) ([]byte, error) {
	if err := checkPublicKey(pub); err != nil {
		return nil, err
	}
	k, hLen := pub.Size(), h.Size()
	if len(msg) > k-2*hLen-2 {
		return nil, rsa.ErrMessageTooLong
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
// with hash for the label and for MGF1, as crypto/rsa.DecryptOAEP. random is
// not used. Every failure returns rsa.ErrDecryption, and the padding is
// checked in constant time.
func DecryptOAEP(hash hash.Hash, random io.Reader, priv *PrivateKey, ciphertext, label []byte) ([]byte, error) {
	return decryptOAEP(hash, hash, priv, ciphertext, label)
}

func decryptOAEP(h, mgfHash hash.Hash, priv *PrivateKey, ciphertext, label []byte) ([]byte, error) {
	k, hLen := priv.Size(), h.Size()
	if len(ciphertext) > k || k < 2*hLen+2 {
		return nil, rsa.ErrDecryption
	}
	c := make([]byte, k) // crypto/rsa accepts short ciphertexts, left-padded
	copy(c[k-len(ciphertext):], ciphertext)
	em, err := priv.private(c)
	if err != nil {
		return nil, rsa.ErrDecryption
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
		return nil, rsa.ErrDecryption
	}
	return rest[index+1:], nil
}

// errDecryptOpts is returned by Decrypt for options it does not know.
var errDecryptOpts = errors.New("carry/rsa: invalid options for Decrypt")
