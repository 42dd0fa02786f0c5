package ecdh_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/carry-crypto/carry/ecdh"
)

// Two parties agree on a secret over P-256: each sends its public key's
// bytes, and each decodes and checks the other's.
func Example() {
	alice, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	bob, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	bobPub, err := ecdh.P256().NewPublicKey(bob.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	alicePub, err := ecdh.P256().NewPublicKey(alice.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	s1, err := alice.ECDH(bobPub)
	if err != nil {
		panic(err)
	}
	s2, err := bob.ECDH(alicePub)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(s1), bytes.Equal(s1, s2))
	// Output: 32 true
}
