package x25519_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	curve25519 "github.com/carry-crypto/carry/x25519"
)

// Alice and Bob each make a key pair, exchange public keys and compute the
// same shared secret. The package is imported under the name of
// golang.org/x/crypto/curve25519, whose API it has.
func Example() {
	alicePriv := make([]byte, curve25519.ScalarSize)
	bobPriv := make([]byte, curve25519.ScalarSize)
	rand.Read(alicePriv)
	rand.Read(bobPriv)

	alicePub, err := curve25519.X25519(alicePriv, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}
	bobPub, err := curve25519.X25519(bobPriv, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}

	// Each side checks the error: a low-order public key from the peer
	// gives an all-zero secret, which X25519 refuses.
	aliceShared, err := curve25519.X25519(alicePriv, bobPub)
	if err != nil {
		panic(err)
	}
	bobShared, err := curve25519.X25519(bobPriv, alicePub)
	if err != nil {
		panic(err)
	}
	fmt.Println("shared secrets match:", bytes.Equal(aliceShared, bobShared))
	fmt.Println("length:", len(aliceShared))
	// Output:
	// shared secrets match: true
	// length: 32
}
