package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/subtle"
	"encoding/asn1"
	"errors"
	"io"
)

// digestInfoPrefix returns the DER encoding of a DigestInfo (RFC 8017,
// Section 9.2) up to the digest itself, for a digest of size bytes under the
// algorithm of the given object identifier:
//
//	30 L1 30 L2 06 Lo <oid> 05 00 04 size
func digestInfoPrefix(size int, oid ...int) []byte {
	o, err := asn1.Marshal(asn1.ObjectIdentifier(oid)) // 06 Lo <oid>
	if err != nil {
		panic("carry/rsa: internal error: " + err.Error())
	}
	alg := append(append([]byte{0x30, byte(len(o) + 2)}, o...), 0x05, 0x00)
	total := len(alg) + 2 + size
	return append(append([]byte{0x30, byte(total)}, alg...), 0x04, byte(size))
}

// hashPrefixes are the DigestInfo prefixes of the hashes PKCS #1 v1.5
// signatures support, as crypto/rsa. MD5SHA1 (TLS 1.0 and 1.1) and the raw
// digest of Hash(0) have none.
var hashPrefixes = map[crypto.Hash][]byte{
	crypto.MD5:        digestInfoPrefix(16, 1, 2, 840, 113549, 2, 5),
	crypto.SHA1:       digestInfoPrefix(20, 1, 3, 14, 3, 2, 26),
	crypto.SHA224:     digestInfoPrefix(28, 2, 16, 840, 1, 101, 3, 4, 2, 4),
	crypto.SHA256:     digestInfoPrefix(32, 2, 16, 840, 1, 101, 3, 4, 2, 1),
	crypto.SHA384:     digestInfoPrefix(48, 2, 16, 840, 1, 101, 3, 4, 2, 2),
	crypto.SHA512:     digestInfoPrefix(64, 2, 16, 840, 1, 101, 3, 4, 2, 3),
	crypto.SHA512_224: digestInfoPrefix(28, 2, 16, 840, 1, 101, 3, 4, 2, 5),
	crypto.SHA512_256: digestInfoPrefix(32, 2, 16, 840, 1, 101, 3, 4, 2, 6),
	crypto.SHA3_224:   digestInfoPrefix(28, 2, 16, 840, 1, 101, 3, 4, 2, 7),
	crypto.SHA3_256:   digestInfoPrefix(32, 2, 16, 840, 1, 101, 3, 4, 2, 8),
	crypto.SHA3_384:   digestInfoPrefix(48, 2, 16, 840, 1, 101, 3, 4, 2, 9),
	crypto.SHA3_512:   digestInfoPrefix(64, 2, 16, 840, 1, 101, 3, 4, 2, 10),
	crypto.MD5SHA1:    {},
	crypto.RIPEMD160:  digestInfoPrefix(20, 1, 3, 36, 3, 2, 1),
}

// pkcs1v15Encode returns EMSA-PKCS1-v1_5-ENCODE (RFC 8017, Section 9.2) of
// the digest hashed, k bytes:
//
//	EM = 0x00 || 0x01 || PS (0xff bytes, at least 8) || 0x00 || T
//
// T the DigestInfo of hashed, or hashed itself for Hash(0).
func pkcs1v15Encode(hash crypto.Hash, hashed []byte, k int) ([]byte, error) {
	var prefix []byte
	if hash != 0 {
		var ok bool
		if prefix, ok = hashPrefixes[hash]; !ok {
			return nil, errors.New("carry/rsa: unsupported hash function")
		}
		if len(hashed) != hash.Size() {
			return nil, errors.New("carry/rsa: input must be hashed message")
		}
	}
	tLen := len(prefix) + len(hashed)
	if k < tLen+11 {
		return nil, rsa.ErrMessageTooLong
	}
	em := make([]byte, k)
	em[1] = 0x01
	for i := 2; i < k-tLen-1; i++ {
		em[i] = 0xff
	}
	copy(em[k-tLen:], prefix)
	copy(em[k-len(hashed):], hashed)
	return em, nil
}

// SignPKCS1v15 returns the RSASSA-PKCS1-v1_5 signature (RFC 8017, Section
// 8.2) of hashed, the digest of the message under hash, or hashed itself
// (signed as is, as TLS 1.0 and 1.1 do) if hash is zero. It is deterministic
// and gives the same signature as crypto/rsa.SignPKCS1v15.
//
// Its time depends on the key's sizes and len(hashed), not on the key's
// values or on hashed.
func SignPKCS1v15(priv *PrivateKey, hash crypto.Hash, hashed []byte) ([]byte, error) {
	em, err := pkcs1v15Encode(hash, hashed, priv.Size())
	if err != nil {
		return nil, err
	}
	return priv.private(em)
}

// VerifyPKCS1v15 checks sig, an RSASSA-PKCS1-v1_5 signature of hashed under
// pub, and returns nil if it is valid and rsa.ErrVerification or another
// error otherwise. hash and hashed are as in [SignPKCS1v15]. It works on
// public values only and may be variable time.
func VerifyPKCS1v15(pub *rsa.PublicKey, hash crypto.Hash, hashed, sig []byte) error {
	if err := checkPublicKey(pub); err != nil {
		return err
	}
	k := pub.Size()
	if len(sig) != k {
		return rsa.ErrVerification
	}
	want, err := pkcs1v15Encode(hash, hashed, k)
	if err != nil {
		return err
	}
	em, err := public(pub, sig)
	if err != nil || subtle.ConstantTimeCompare(em, want) != 1 {
		return rsa.ErrVerification
	}
	return nil
}

// EncryptPKCS1v15 encrypts msg for pub by RSAES-PKCS1-v1_5 (RFC 8017,
// Section 7.2), with the random padding read from random. msg must be at
// most pub.Size() - 11 bytes. Use [EncryptOAEP] for new protocols.
func EncryptPKCS1v15(random io.Reader, pub *rsa.PublicKey, msg []byte) ([]byte, error) {
	if err := checkPublicKey(pub); err != nil {
		return nil, err
	}
	k := pub.Size()
	if len(msg) > k-11 {
		return nil, rsa.ErrMessageTooLong
	}
	// EM = 0x00 || 0x02 || PS (nonzero random, at least 8) || 0x00 || M.
	em := make([]byte, k)
	em[1] = 2
	ps := em[2 : k-len(msg)-1]
	if err := nonZeroRandom(random, ps); err != nil {
		return nil, err
	}
	copy(em[k-len(msg):], msg)
	return public(pub, em)
}

// nonZeroRandom fills b with random nonzero bytes from random.
func nonZeroRandom(random io.Reader, b []byte) error {
	if _, err := io.ReadFull(random, b); err != nil {
		return err
	}
	var one [1]byte
	for i := range b {
		for b[i] == 0 {
			if _, err := io.ReadFull(random, one[:]); err != nil {
				return err
			}
			b[i] = one[0]
		}
	}
	return nil
}

// DecryptPKCS1v15 decrypts ciphertext by RSAES-PKCS1-v1_5 (RFC 8017,
// Section 7.2.2). random is not used; it is there for crypto/rsa's shape.
// Every failure of the padding returns rsa.ErrDecryption, and the padding
// is checked in constant time; the length of the message returned is
// revealed, as it must be. Prefer [PrivateKey.Decrypt] with a SessionKeyLen,
// which does not even reveal whether the padding was valid.
func DecryptPKCS1v15(random io.Reader, priv *PrivateKey, ciphertext []byte) ([]byte, error) {
	valid, em, index, err := decryptPKCS1v15(priv, ciphertext)
	if err != nil {
		return nil, err
	}
	if valid == 0 {
		return nil, rsa.ErrDecryption
	}
	return em[index:], nil
}

// decryptPKCS1v15 returns valid = 1 if ciphertext decrypts to a well padded
// EM, em and the index of the message in em. The padding is checked in
// constant time; err is only for a ciphertext of the wrong length or not
// below n, and is then rsa.ErrDecryption.
func decryptPKCS1v15(priv *PrivateKey, ciphertext []byte) (valid int, em []byte, index int, err error) {
	k := priv.Size()
	if len(ciphertext) != k || k < 11 {
		return 0, nil, 0, rsa.ErrDecryption
	}
	em, err = priv.private(ciphertext)
	if err != nil {
		return 0, nil, 0, rsa.ErrDecryption
	}
	first := subtle.ConstantTimeByteEq(em[0], 0)
	second := subtle.ConstantTimeByteEq(em[1], 2)
	// zeroIndex is the index of the first zero byte from em[2], kept in
	// constant time: looking stays 1 until one is found.
	looking, zeroIndex := 1, 0
	for i := 2; i < k; i++ {
		isZero := subtle.ConstantTimeByteEq(em[i], 0)
		zeroIndex = subtle.ConstantTimeSelect(looking&isZero, i, zeroIndex)
		looking = subtle.ConstantTimeSelect(isZero, 0, looking)
	}
	// PS is at least 8 bytes: the zero is at index 10 or later.
	validPS := subtle.ConstantTimeLessOrEq(2+8, zeroIndex)
	valid = first & second & (^looking & 1) & validPS
	index = subtle.ConstantTimeSelect(valid, zeroIndex+1, 0)
	return valid, em, index, nil
}

// decryptPKCS1v15SessionKey decrypts ciphertext into key, in place, if it
// holds a well padded message of len(key) bytes, and leaves key (random
// bytes, from the caller) unchanged otherwise, without saying which: see
// crypto/rsa.DecryptPKCS1v15SessionKey. It returns an error only for a
// ciphertext of the wrong length, or a key too long for the modulus.
func decryptPKCS1v15SessionKey(priv *PrivateKey, ciphertext, key []byte) error {
	k := priv.Size()
	if k-(len(key)+3+8) < 0 {
		return rsa.ErrDecryption
	}
	valid, em, index, err := decryptPKCS1v15(priv, ciphertext)
	if err != nil {
		return err
	}
	valid &= subtle.ConstantTimeEq(int32(len(em)-index), int32(len(key)))
	subtle.ConstantTimeCopy(valid, key, em[len(em)-len(key):])
	return nil
}
