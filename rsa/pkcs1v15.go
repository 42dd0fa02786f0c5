package rsa

import (
	"crypto"
	"crypto/fips140"
	"crypto/rsa"
	"crypto/subtle"
	"encoding/asn1"
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
// T the DigestInfo of hashed, or hashed itself for Hash(0). It returns
// false, leaving the error to crypto/rsa, for a hash without a DigestInfo
// prefix, a digest of the wrong length, or a k too small.
func pkcs1v15Encode(hash crypto.Hash, hashed []byte, k int) ([]byte, bool) {
	var prefix []byte
	if hash != 0 {
		var ok bool
		if prefix, ok = hashPrefixes[hash]; !ok || len(hashed) != hash.Size() {
			return nil, false
		}
	}
	tLen := len(prefix) + len(hashed)
	if k < tLen+11 {
		return nil, false
	}
	em := make([]byte, k)
	em[1] = 0x01
	for i := 2; i < k-tLen-1; i++ {
		em[i] = 0xff
	}
	copy(em[k-tLen:], prefix)
	copy(em[k-len(hashed):], hashed)
	return em, true
}

// SignPKCS1v15 returns the RSASSA-PKCS1-v1_5 signature (RFC 8017, Section
// 8.2) of hashed, the digest of the message under hash, or of hashed itself
// if hash is zero (as TLS 1.0 and 1.1 sign). random is not used and may be
// nil. The signature is deterministic, the same as crypto/rsa's.
//
// Its time depends on the key's sizes and len(hashed), not on the key's
// values or on hashed.
func SignPKCS1v15(random io.Reader, priv *PrivateKey, hash crypto.Hash, hashed []byte) ([]byte, error) {
	return signPKCS1v15(random, priv, carryKey(priv), hash, hashed)
}

// signPKCS1v15 is SignPKCS1v15 with k, carry's form of priv or nil.
func signPKCS1v15(random io.Reader, priv *PrivateKey, k *privateKey, hash crypto.Hash, hashed []byte) ([]byte, error) {
	if k != nil {
		if em, ok := pkcs1v15Encode(hash, hashed, k.size()); ok {
			return k.private(em)
		}
	}
	return rsa.SignPKCS1v15(random, priv, hash, hashed)
}

// VerifyPKCS1v15 checks sig, an RSASSA-PKCS1-v1_5 signature of hashed under
// pub, hash and hashed as in [SignPKCS1v15]. It returns nil if sig is valid,
// ErrVerification if it is not (or if hash has no DigestInfo prefix), and
// crypto/rsa's error for a digest of the wrong length or a key it refuses. It
// works on public values only and may be variable time.
func VerifyPKCS1v15(pub *PublicKey, hash crypto.Hash, hashed, sig []byte) error {
	if fips140.Enabled() || !publicOK(pub) || hash != 0 && len(hashed) != hash.Size() {
		return rsa.VerifyPKCS1v15(pub, hash, hashed, sig)
	}
	k := pub.Size()
	if len(sig) != k {
		return ErrVerification
	}
	em, err := public(pub, sig)
	if err != nil {
		return ErrVerification
	}
	want, ok := pkcs1v15Encode(hash, hashed, k)
	if !ok || subtle.ConstantTimeCompare(em, want) != 1 {
		return ErrVerification
	}
	return nil
}

// EncryptPKCS1v15 is crypto/rsa.EncryptPKCS1v15: msg, at most pub.Size() -
// 11 bytes, encrypted by RSAES-PKCS1-v1_5 (RFC 8017, Section 7.2.1). It runs
// the standard library's code, whose random source follows GODEBUG
// cryptocustomrand (see [GenerateKey]).
//
// Deprecated: PKCS #1 v1.5 encryption is open to padding-oracle attacks
// (Bleichenbacher's); use [EncryptOAEP].
func EncryptPKCS1v15(random io.Reader, pub *PublicKey, msg []byte) ([]byte, error) {
	return rsa.EncryptPKCS1v15(random, pub, msg)
}

// DecryptPKCS1v15 decrypts ciphertext by RSAES-PKCS1-v1_5 (RFC 8017,
// Section 7.2.2). random is not used and may be nil. A ciphertext shorter
// than the modulus is read with leading zeros, as crypto/rsa reads it. Every
// failure of the padding returns ErrDecryption, the padding checked in
// constant time; the length of the message returned is revealed, as it must
// be.
//
// Deprecated: whether decryption fails tells an attacker who can ask often
// enough how to decrypt any message (Bleichenbacher's attack); use
// [DecryptOAEP], or [DecryptPKCS1v15SessionKey] where a protocol leaves no
// choice.
func DecryptPKCS1v15(random io.Reader, priv *PrivateKey, ciphertext []byte) ([]byte, error) {
	k := carryKey(priv)
	if k == nil || len(ciphertext) > k.size() {
		return rsa.DecryptPKCS1v15(random, priv, ciphertext)
	}
	return k.decryptPKCS1v15(ciphertext)
}

// decryptPKCS1v15 is DecryptPKCS1v15 for a ciphertext of at most k.size()
// bytes.
func (k *privateKey) decryptPKCS1v15(ciphertext []byte) ([]byte, error) {
	valid, em, index, err := k.pkcs1v15Unpad(ciphertext)
	if err != nil {
		return nil, err
	}
	if valid == 0 {
		return nil, ErrDecryption
	}
	return em[index:], nil
}

// pkcs1v15Unpad decrypts ciphertext (at most k.size() bytes) and returns
// valid = 1 if it holds a well padded EM, em and the index of the message in
// em. The padding is checked in constant time; err is ErrDecryption, for a
// ciphertext not below n only.
func (k *privateKey) pkcs1v15Unpad(ciphertext []byte) (valid int, em []byte, index int, err error) {
	em, err = k.private(ciphertext)
	if err != nil {
		return 0, nil, 0, err
	}
	first := subtle.ConstantTimeByteEq(em[0], 0)
	second := subtle.ConstantTimeByteEq(em[1], 2)
	// zeroIndex is the index of the first zero byte from em[2], kept in
	// constant time: looking stays 1 until one is found.
	looking, zeroIndex := 1, 0
	for i := 2; i < len(em); i++ {
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

// DecryptPKCS1v15SessionKey decrypts ciphertext by RSAES-PKCS1-v1_5 into
// key if it holds a well padded message of exactly len(key) bytes, and
// leaves key (random bytes the caller drew) unchanged otherwise, in constant
// time and without saying which, against Bleichenbacher's attack: a protocol
// that goes on with key learns nothing from the outcome unless it leaks key.
// random is not used and may be nil. It returns an error (ErrDecryption) only
// for what is public: a key too long for the modulus, a ciphertext longer
// than the modulus or not below it. key should be at least 16 bytes, or
// guessing it tells the two outcomes apart.
//
// Deprecated: the protection depends on the whole protocol; use
// [DecryptOAEP] where there is a choice.
func DecryptPKCS1v15SessionKey(random io.Reader, priv *PrivateKey, ciphertext []byte, key []byte) error {
	k := carryKey(priv)
	if k == nil || len(ciphertext) > k.size() {
		return rsa.DecryptPKCS1v15SessionKey(random, priv, ciphertext, key)
	}
	return k.decryptPKCS1v15SessionKey(ciphertext, key)
}

// decryptPKCS1v15SessionKey is DecryptPKCS1v15SessionKey for a ciphertext
// of at most k.size() bytes.
func (k *privateKey) decryptPKCS1v15SessionKey(ciphertext, key []byte) error {
	if k.size()-(len(key)+3+8) < 0 {
		return ErrDecryption
	}
	valid, em, index, err := k.pkcs1v15Unpad(ciphertext)
	if err != nil {
		return err
	}
	valid &= subtle.ConstantTimeEq(int32(len(em)-index), int32(len(key)))
	subtle.ConstantTimeCopy(valid, key, em[len(em)-len(key):])
	return nil
}
