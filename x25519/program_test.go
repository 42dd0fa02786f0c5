package x25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// program is a program written against golang.org/x/crypto/curve25519's API.
// IMPORT stands for its import line. Errors are printed without their
// package prefix, which names the package that returned them.
const program = `package main

import (
	"encoding/hex"
	"fmt"
	"strings"

	IMPORT
)

func show(name string, out []byte, err error) {
	if err != nil {
		_, msg, _ := strings.Cut(err.Error(), ": ")
		fmt.Printf("%s: %x error %q\n", name, out, msg)
		return
	}
	fmt.Printf("%s: %x\n", name, out)
}

func main() {
	var alice, bob [curve25519.ScalarSize]byte
	for i := range alice {
		alice[i], bob[i] = byte(3*i+1), byte(200-5*i)
	}
	pubA, err := curve25519.X25519(alice[:], curve25519.Basepoint)
	show("public A", pubA, err)
	var pubB [curve25519.PointSize]byte
	curve25519.ScalarBaseMult(&pubB, &bob)
	fmt.Printf("public B: %x\n", pubB)
	s1, err := curve25519.X25519(alice[:], pubB[:])
	show("secret A", s1, err)
	var s2 [32]byte
	curve25519.ScalarMult(&s2, &bob, (*[32]byte)(pubA))
	fmt.Printf("secret B: %x\n", s2)

	lowOrder, _ := hex.DecodeString("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")
	out, err := curve25519.X25519(alice[:], lowOrder)
	show("low order", out, err)
	s2 = [32]byte{1, 2, 3}
	curve25519.ScalarMult(&s2, &alice, (*[32]byte)(lowOrder))
	fmt.Printf("ScalarMult low order: %x\n", s2)
	out, err = curve25519.X25519(alice[:31], pubB[:])
	show("short scalar", out, err)
	out, err = curve25519.X25519(alice[:], pubB[:31])
	show("short point", out, err)
	out, err = curve25519.X25519(nil, nil)
	show("nil", out, err)
	fmt.Println(len(curve25519.Basepoint), curve25519.ScalarSize, curve25519.PointSize)
}
`

// TestProgram runs program with golang.org/x/crypto/curve25519 and with this
// package imported under that name: it must build, and print the same.
func TestProgram(t *testing.T) {
	testutil.SamePrograms(t, program, `curve25519 "golang.org/x/crypto/curve25519"`, `curve25519 "github.com/carry-crypto/carry/x25519"`, 10)
}
