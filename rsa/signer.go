package rsa

import (
	"crypto"
	"crypto/rsa"
	"errors"
	"io"
)

// Sign signs digest with the key, as crypto/rsa.PrivateKey.Sign: by PSS if
// opts is a *rsa.PSSOptions (see [SignPSS], random supplies the salt), and
// otherwise by PKCS #1 v1.5 with the hash opts.HashFunc(), Hash(0) signing
// digest as is (see [SignPKCS1v15], random is not used). It makes
// *PrivateKey a crypto.Signer.
func (k *PrivateKey) Sign(random io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if pss, ok := opts.(*rsa.PSSOptions); ok {
		return SignPSS(random, k, pss.Hash, digest, pss)
	}
	if opts == nil {
		return nil, errors.New("carry/rsa: nil SignerOpts")
	}
	return SignPKCS1v15(k, opts.HashFunc(), digest)
}

// Decrypt decrypts ciphertext with the key, as crypto/rsa.PrivateKey.Decrypt:
// by PKCS #1 v1.5 if opts is nil or a *rsa.PKCS1v15DecryptOptions, and by
// OAEP if opts is a *rsa.OAEPOptions (MGFHash zero meaning Hash). With a
// nonzero SessionKeyLen it reads that many random bytes from random and
// returns them in place of the message unless the ciphertext holds a
// well padded message of exactly that length, without an error either way,
// against Bleichenbacher's attack. It makes *PrivateKey a crypto.Decrypter.
func (k *PrivateKey) Decrypt(random io.Reader, ciphertext []byte, opts crypto.DecrypterOpts) ([]byte, error) {
	switch opts := opts.(type) {
	case nil:
		return DecryptPKCS1v15(random, k, ciphertext)
	case *rsa.OAEPOptions:
		if !opts.Hash.Available() {
			return nil, errDecryptOpts
		}
		mgf := opts.MGFHash
		if mgf == 0 {
			mgf = opts.Hash
		}
		if !mgf.Available() {
			return nil, errDecryptOpts
		}
		return decryptOAEP(opts.Hash.New(), mgf.New(), k, ciphertext, opts.Label)
	case *rsa.PKCS1v15DecryptOptions:
		if l := opts.SessionKeyLen; l > 0 {
			key := make([]byte, l)
			if _, err := io.ReadFull(random, key); err != nil {
				return nil, err
			}
			if err := decryptPKCS1v15SessionKey(k, ciphertext, key); err != nil {
				return nil, err
			}
			return key, nil
		}
		return DecryptPKCS1v15(random, k, ciphertext)
	}
	return nil, errDecryptOpts
}
