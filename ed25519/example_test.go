package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"crypto/x509"
	"fmt"

	"github.com/carry-crypto/carry/ed25519"
)

func Example() {
	seed := make([]byte, ed25519.SeedSize) // use GenerateKey(nil) for a real key
	priv := ed25519.NewKeyFromSeed(seed)
	pub := priv.Public().(ed25519.PublicKey)
	msg := []byte("hello")
	sig := ed25519.Sign(priv, msg) // carry's code; priv.Sign would be crypto/ed25519's

	fmt.Println(ed25519.Verify(pub, msg, sig), stded25519.Verify(pub, msg, sig))
	fmt.Println(string(sig) == string(stded25519.Sign(priv, msg)))
	// Output:
	// true true
	// true
}

func ExampleSigner_Sign() {
	s, err := ed25519.NewSigner(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		panic(err)
	}
	opts := &ed25519.Options{Context: "example"} // Ed25519ctx
	sig, err := s.Sign(nil, []byte("hello"), opts)
	if err != nil {
		panic(err)
	}
	pub := s.Public().(ed25519.PublicKey)
	fmt.Println(ed25519.VerifyWithOptions(pub, []byte("hello"), sig, opts))
	fmt.Println(ed25519.VerifyWithOptions(pub, []byte("hello"), sig, &ed25519.Options{}))
	// Output:
	// <nil>
	// ed25519: invalid signature
}

// A Signer's key goes back to the standard library's type for PKCS #8.
func ExampleSigner_PrivateKey() {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	s, err := ed25519.NewSigner(priv)
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(s.PrivateKey())
	if err != nil {
		panic(err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Equal(parsed))
	// Output: true
}

func ExampleVerifyBatch() {
	var pubs []ed25519.PublicKey
	var msgs, sigs [][]byte
	for i := range 3 {
		pub, priv, err := ed25519.GenerateKey(nil)
		if err != nil {
			panic(err)
		}
		msg := []byte(fmt.Sprintf("message %d", i))
		pubs = append(pubs, pub)
		msgs = append(msgs, msg)
		sigs = append(sigs, ed25519.Sign(priv, msg))
	}
	fmt.Println(ed25519.VerifyBatch(pubs, msgs, sigs), ed25519.VerifyBatchExact(pubs, msgs, sigs))
	msgs[1] = []byte("another message")
	fmt.Println(ed25519.VerifyBatch(pubs, msgs, sigs), ed25519.VerifyBatchExact(pubs, msgs, sigs))
	// Output:
	// true true
	// false false
}
