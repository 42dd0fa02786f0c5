package hkdf_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/carry-crypto/carry/hkdf"
)

// Two keys from one secret, as crypto/hkdf's example does: Key extracts and
// expands in one call.
func ExampleKey() {
	secret := []byte("input keying material, ideally 32 random bytes")
	salt := []byte("a random salt, public")
	encKey, err := hkdf.Key(sha256.New, secret, salt, "example encryption key", 32)
	if err != nil {
		panic(err)
	}
	macKey, err := hkdf.Key(sha256.New, secret, salt, "example MAC key", 32)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(encKey), len(macKey))
	// Output: 32 32
}
