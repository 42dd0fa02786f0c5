package ecdh_test

import (
	"bytes"
	stdecdh "crypto/ecdh"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/x509"
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

// A key is saved as PKCS #8 and read back through crypto/ecdh's type:
// ToStd gives crypto/x509 a key it can marshal, and PrivateKeyFromStd takes
// back what it parses. crypto/x509 returns X25519 keys as crypto/ecdh keys
// and NIST keys as crypto/ecdsa keys, whose ECDH method converts them.
func Example_pkcs8() {
	for _, c := range []ecdh.Curve{ecdh.X25519(), ecdh.P256()} {
		k, err := c.GenerateKey(rand.Reader)
		if err != nil {
			panic(err)
		}
		der, err := x509.MarshalPKCS8PrivateKey(k.ToStd())
		if err != nil {
			panic(err)
		}
		parsed, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			panic(err)
		}
		var sk *stdecdh.PrivateKey
		switch p := parsed.(type) {
		case *stdecdh.PrivateKey:
			sk = p
		case *ecdsa.PrivateKey:
			if sk, err = p.ECDH(); err != nil {
				panic(err)
			}
		}
		back, err := ecdh.PrivateKeyFromStd(sk)
		if err != nil {
			panic(err)
		}
		fmt.Println(c, back.Equal(k), k.Equal(sk))
	}
	// Output:
	// X25519 true true
	// P-256 true true
}
