package ed25519_test

import (
	"crypto"
	stded25519 "crypto/ed25519"
	"fmt"

	"github.com/carry-crypto/carry/ed25519"
)

func Example() {
	seed := make([]byte, ed25519.SeedSize) // use GenerateKey(nil) for a real key
	k, err := ed25519.NewKeyFromSeed(seed)
	if err != nil {
		panic(err)
	}
	msg := []byte("hello")
	sig := ed25519.Sign(k, msg)
	pub := k.Public().(stded25519.PublicKey)

	fmt.Println(ed25519.Verify(pub, msg, sig), stded25519.Verify(pub, msg, sig))
	// Output: true true
}

func ExamplePrivateKey_Sign() {
	k, err := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	if err != nil {
		panic(err)
	}
	opts := &stded25519.Options{Context: "example"} // Ed25519ctx
	sig, err := k.Sign(nil, []byte("hello"), opts)
	if err != nil {
		panic(err)
	}
	fmt.Println(ed25519.VerifyWithOptions(k.PublicKey(), []byte("hello"), sig, opts))
	fmt.Println(opts.HashFunc() == crypto.Hash(0))
	// Output:
	// <nil>
	// true
}

func ExampleVerifyBatch() {
	var pubs []stded25519.PublicKey
	var msgs, sigs [][]byte
	for i := range 3 {
		k, err := ed25519.GenerateKey(nil)
		if err != nil {
			panic(err)
		}
		msg := []byte(fmt.Sprintf("message %d", i))
		pubs = append(pubs, k.PublicKey())
		msgs = append(msgs, msg)
		sigs = append(sigs, ed25519.Sign(k, msg))
	}
	fmt.Println(ed25519.VerifyBatch(pubs, msgs, sigs), ed25519.VerifyBatchExact(pubs, msgs, sigs))
	msgs[1] = []byte("another message")
	fmt.Println(ed25519.VerifyBatch(pubs, msgs, sigs), ed25519.VerifyBatchExact(pubs, msgs, sigs))
	// Output:
	// true true
	// false false
}
