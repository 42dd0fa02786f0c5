package ecdsa_test

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"fmt"

	"github.com/carry-crypto/carry/ecdsa"
)

// A key of the standard library signs through carry, as a crypto.Signer,
// and the signature verifies with crypto/ecdsa and with carry.
func Example() {
	std, err := stdecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	k, err := ecdsa.NewPrivateKey(std)
	if err != nil {
		panic(err)
	}
	var signer crypto.Signer = k
	digest := sha256.Sum256([]byte("hello, world"))
	sig, err := signer.Sign(rand.Reader, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Println(stdecdsa.VerifyASN1(&std.PublicKey, digest[:], sig), ecdsa.VerifyASN1(&std.PublicKey, digest[:], sig))

	// With no random source, the signature is RFC 6979's, the standard
	// library's byte for byte.
	det, err := k.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	want, err := std.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(det) == string(want))
	// Output:
	// true true
	// true
}
