package ecdsa_test

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"fmt"

	"github.com/carry-crypto/carry/ecdsa"
)

// A program written for crypto/ecdsa runs on carry with its import
// changed: the keys are crypto/ecdsa's, and so are the signatures' format
// and meaning.
func Example() {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	digest := sha256.Sum256([]byte("hello, world"))
	sig, err := ecdsa.SignASN1(rand.Reader, priv, digest[:])
	if err != nil {
		panic(err)
	}
	fmt.Println(ecdsa.VerifyASN1(&priv.PublicKey, digest[:], sig), stdecdsa.VerifyASN1(&priv.PublicKey, digest[:], sig))
	// Output: true true
}

// A Signer is the crypto.Signer for crypto/tls and crypto/x509, and its
// key goes back to PKCS #8 as it came.
func ExampleNewSigner() {
	std, err := stdecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(std)
	if err != nil {
		panic(err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		panic(err)
	}
	s, err := ecdsa.NewSigner(parsed.(*ecdsa.PrivateKey))
	if err != nil {
		panic(err)
	}
	var signer crypto.Signer = s
	digest := sha256.Sum256([]byte("hello, world"))
	sig, err := signer.Sign(rand.Reader, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Println(stdecdsa.VerifyASN1(&std.PublicKey, digest[:], sig))

	// With no random source, the signature is RFC 6979's, the standard
	// library's byte for byte.
	det, err := s.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	want, err := std.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(det) == string(want))

	again, err := x509.MarshalPKCS8PrivateKey(s.PrivateKey())
	if err != nil {
		panic(err)
	}
	fmt.Println(string(again) == string(der), s.Equal(std))
	// Output:
	// true
	// true
	// true true
}

// A JWS ES256 signature (RFC 7518, Section 3.4) is r || s, 32 bytes each,
// of the SHA-256 hash of the signing input.
func ExampleSignRaw() {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	enc := base64.RawURLEncoding
	input := enc.EncodeToString([]byte(`{"alg":"ES256"}`)) + "." + enc.EncodeToString([]byte(`{"sub":"carry"}`))
	digest := sha256.Sum256([]byte(input))
	r, s, err := ecdsa.SignRaw(rand.Reader, priv, digest[:])
	if err != nil {
		panic(err)
	}
	jws := input + "." + enc.EncodeToString(append(r, s...))

	sig, err := enc.DecodeString(jws[len(input)+1:])
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sig), ecdsa.VerifyRaw(&priv.PublicKey, digest[:], sig[:32], sig[32:]))
	// Output: 64 true
}
