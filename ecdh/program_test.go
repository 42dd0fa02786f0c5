package ecdh

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// program is a program written against crypto/ecdh's API, KeyExchanger
// included; IMPORT stands for its import line. Errors are printed without
// their package prefix, which names the package that returned them.
const program = `package main

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"strings"

	IMPORT
)

func msg(err error) string {
	if err == nil {
		return "ok"
	}
	s := err.Error()
	if pkg, rest, ok := strings.Cut(s, ": "); ok && strings.HasSuffix(pkg, "/ecdh") {
		return rest
	}
	return s
}

func agree(k ecdh.KeyExchanger, peer *ecdh.PublicKey) []byte {
	if k.Curve() != peer.Curve() {
		return nil
	}
	s, err := k.ECDH(peer)
	if err != nil {
		panic(err)
	}
	return s
}

func main() {
	sizes := map[ecdh.Curve]int{ecdh.X25519(): 32, ecdh.P256(): 32, ecdh.P384(): 48, ecdh.P521(): 66}
	curves := []ecdh.Curve{ecdh.X25519(), ecdh.P256(), ecdh.P384(), ecdh.P521()}
	var last *ecdh.PublicKey
	for _, c := range curves {
		a, err := c.NewPrivateKey(bytes.Repeat([]byte{1}, sizes[c]))
		fmt.Println(c, msg(err))
		fmt.Printf("public %x\n", a.PublicKey().Bytes())
		b, err := c.GenerateKey(rand.Reader)
		_, err2 := c.GenerateKey(nil)
		fmt.Println("generate", msg(err), msg(err2))
		pub, err := c.NewPublicKey(b.PublicKey().Bytes())
		s1, s2 := agree(a, pub), agree(b, a.PublicKey())
		fmt.Println("agree", msg(err), len(s1), bytes.Equal(s1, s2))
		self, err := a.ECDH(a.PublicKey())
		fmt.Printf("self %x %s\n", self, msg(err))
		a2, _ := c.NewPrivateKey(a.Bytes())
		_, isPub := a.Public().(*ecdh.PublicKey)
		fmt.Println("equal", a.Equal(a2), a.PublicKey().Equal(a2.PublicKey()), a.Equal(b), a.Equal(a.PublicKey()),
			a.Curve() == c, a.PublicKey().Curve() == c, isPub, a.Public() == a.PublicKey())
		_, err = c.NewPrivateKey(nil)
		_, err2 = c.NewPrivateKey(make([]byte, sizes[c]))
		fmt.Println("bad private", msg(err), "|", msg(err2))
		_, err = c.NewPublicKey(nil)
		_, err2 = c.NewPublicKey(append([]byte{4}, make([]byte, 2*sizes[c])...))
		fmt.Println("bad public", msg(err), "|", msg(err2))
		if last != nil {
			_, err = a.ECDH(last)
			fmt.Println("mismatch", msg(err))
		}
		last = a.PublicKey()
	}
	lowOrder, _ := ecdh.X25519().NewPublicKey(make([]byte, 32))
	k, _ := ecdh.X25519().NewPrivateKey(make([]byte, 32))
	_, err := k.ECDH(lowOrder)
	fmt.Println("low order", msg(err))
}
`

// TestProgram runs program with crypto/ecdh and with this package imported
// under its name: it must build, and print the same.
func TestProgram(t *testing.T) {
	testutil.SamePrograms(t, program, `"crypto/ecdh"`, `ecdh "github.com/carry-crypto/carry/ecdh"`, 36)
}
