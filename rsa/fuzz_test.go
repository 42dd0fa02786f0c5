package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"testing"
)

// FuzzVerify checks that verification, PKCS #1 v1.5 and PSS, agrees with
// crypto/rsa on any signature and digest, and never panics.
func FuzzVerify(f *testing.F) {
	sk, k := carryKey(f, 1024)
	pub := &sk.PublicKey
	digest := sha256.Sum256([]byte("fuzz"))
	sig, err := SignPKCS1v15(k, crypto.SHA256, digest[:])
	if err != nil {
		f.Fatal(err)
	}
	f.Add(digest[:], sig)
	f.Add(digest[:], make([]byte, 128))
	f.Add([]byte{}, []byte{1})
	f.Fuzz(func(t *testing.T, digest, sig []byte) {
		got := VerifyPKCS1v15(pub, crypto.SHA256, digest, sig) == nil
		want := rsa.VerifyPKCS1v15(pub, crypto.SHA256, digest, sig) == nil
		if got != want {
			t.Fatalf("VerifyPKCS1v15: %v, crypto/rsa %v", got, want)
		}
		got = VerifyPSS(pub, crypto.SHA256, digest, sig, nil) == nil
		want = rsa.VerifyPSS(pub, crypto.SHA256, digest, sig, nil) == nil
		if got != want {
			t.Fatalf("VerifyPSS: %v, crypto/rsa %v", got, want)
		}
	})
}

// FuzzDecrypt checks that decryption, PKCS #1 v1.5 and OAEP, agrees with
// crypto/rsa on any ciphertext, and never panics.
func FuzzDecrypt(f *testing.F) {
	sk, k := carryKey(f, 1024)
	f.Add(make([]byte, 128))
	f.Add(sk.N.Bytes())
	f.Add([]byte{2})
	f.Fuzz(func(t *testing.T, ct []byte) {
		got, err := DecryptPKCS1v15(nil, k, ct)
		want, stdErr := rsa.DecryptPKCS1v15(nil, sk, ct)
		if (err == nil) != (stdErr == nil) || string(got) != string(want) {
			t.Fatalf("DecryptPKCS1v15: %x, %v; crypto/rsa %x, %v", got, err, want, stdErr)
		}
		got, err = DecryptOAEP(sha256.New(), nil, k, ct, nil)
		want, stdErr = rsa.DecryptOAEP(sha256.New(), nil, sk, ct, nil)
		if (err == nil) != (stdErr == nil) || string(got) != string(want) {
			t.Fatalf("DecryptOAEP: %x, %v; crypto/rsa %x, %v", got, err, want, stdErr)
		}
	})
}
