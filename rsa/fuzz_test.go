package rsa

import (
	"crypto"
	"crypto/sha256"
	"testing"
)

// FuzzVerify checks that verification, PKCS #1 v1.5 and PSS, gives
// crypto/rsa's outcome (nil, or the same error) on any signature and digest.
func FuzzVerify(f *testing.F) {
	sk := stdKey(f, 1024)
	pub := &sk.PublicKey
	digest := sha256.Sum256([]byte("fuzz"))
	sig, err := SignPKCS1v15(nil, sk, crypto.SHA256, digest[:])
	if err != nil {
		f.Fatal(err)
	}
	f.Add(digest[:], sig)
	f.Add(digest[:], make([]byte, 128))
	f.Add([]byte{}, []byte{1})
	f.Fuzz(func(t *testing.T, digest, sig []byte) {
		same(t, "VerifyPKCS1v15", func(a api) outcome {
			return callErr(func() error { return a.VerifyPKCS1v15(pub, crypto.SHA256, digest, sig) })
		})
		same(t, "VerifyPSS", func(a api) outcome {
			return callErr(func() error { return a.VerifyPSS(pub, crypto.SHA256, digest, sig, nil) })
		})
	})
}

// FuzzDecrypt checks that decryption, PKCS #1 v1.5 and OAEP, gives
// crypto/rsa's outcome on any ciphertext.
func FuzzDecrypt(f *testing.F) {
	sk := stdKey(f, 1024)
	f.Add(make([]byte, 128))
	f.Add(sk.N.Bytes())
	f.Add([]byte{2})
	f.Fuzz(func(t *testing.T, ct []byte) {
		same(t, "DecryptPKCS1v15", func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, sk, ct) })
		})
		same(t, "DecryptOAEP", func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptOAEP(sha256.New(), nil, sk, ct, nil) })
		})
	})
}
