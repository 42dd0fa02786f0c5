package hkdf

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// program is a program written against crypto/hkdf's API; IMPORT stands for
// its import line. It prints whether a call panicked, not the panic's
// message, which names the package.
const program = `package main

import (
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"fmt"

	IMPORT
)

func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

func main() {
	secret, salt := []byte("input keying material"), []byte("salt")
	prk, err := hkdf.Extract(sha256.New, secret, salt)
	fmt.Printf("%x %v\n", prk, err)
	prk2, err := hkdf.Extract(sha512.New384, secret, nil)
	fmt.Printf("%x %v\n", prk2, err)
	for _, n := range []int{0, 1, 32, 33, 100} {
		okm, err := hkdf.Expand(sha256.New, prk, "context", n)
		fmt.Printf("%d %x %d %v\n", n, okm, cap(okm), err)
	}
	key, err := hkdf.Key(sha3.New256, secret, nil, "", 64)
	fmt.Printf("%x %v\n", key, err)
	out, err := hkdf.Expand(sha256.New, prk, "", 255*32+1)
	fmt.Println(out == nil, err)
	out, err = hkdf.Key(sha512.New, secret, salt, "x", 255*64+1)
	fmt.Println(out == nil, err)
	fmt.Println(panics(func() { hkdf.Expand(sha256.New, prk, "", -1) }), panics(func() { hkdf.Key(sha256.New, secret, nil, "", -5) }))
}
`

// TestProgram runs program with crypto/hkdf and with this package imported
// under its name: it must build, and print the same.
func TestProgram(t *testing.T) {
	testutil.SamePrograms(t, program, `"crypto/hkdf"`, `hkdf "github.com/carry-crypto/carry/hkdf"`, 11)
}
