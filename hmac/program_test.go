package hmac

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// program is a program written against crypto/hmac's API; IMPORT stands for
// its import line. Panic messages are printed without their package prefix,
// which names the package that panicked.
const program = `package main

import (
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"strings"

	IMPORT
)

func validMAC(message, messageMAC, key []byte) bool {
	mac := hmac.New(sha256.New, key)
	mac.Write(message)
	return hmac.Equal(messageMAC, mac.Sum(nil))
}

func recovered(f func()) (msg string) {
	defer func() {
		_, msg, _ = strings.Cut(fmt.Sprint(recover()), ": ")
	}()
	f()
	return "no panic"
}

func main() {
	key := []byte("a key")
	m := hmac.New(sha256.New, key)
	m.Write([]byte("hello"))
	tag := m.Sum(nil)
	fmt.Printf("%x %d %d\n", tag, m.Size(), m.BlockSize())
	fmt.Println(validMAC([]byte("hello"), tag, key), validMAC([]byte("hellO"), tag, key))
	m.Write([]byte(", world"))
	fmt.Printf("%x\n", m.Sum([]byte("prefix:")))
	c, err := m.(hash.Cloner).Clone()
	fmt.Println(err)
	c.Write([]byte("!"))
	m.Reset()
	fmt.Printf("%x %x\n", c.Sum(nil), m.Sum(nil))

	long := hmac.New(sha512.New384, make([]byte, 300))
	long.Write(make([]byte, 1000))
	fmt.Printf("%x %d %d\n", long.Sum(nil), long.Size(), long.BlockSize())
	fmt.Println(hmac.Equal(nil, []byte{}), hmac.Equal([]byte{1}, []byte{1, 0}))

	shared := sha256.New()
	fmt.Println(recovered(func() { hmac.New(func() hash.Hash { return shared }, key) }))
	fmt.Println(recovered(func() { hmac.New(nil, key) }))
}
`

// TestProgram runs program with crypto/hmac and with this package imported
// under its name: it must build, and print the same.
func TestProgram(t *testing.T) {
	testutil.SamePrograms(t, program, `"crypto/hmac"`, `hmac "github.com/carry-crypto/carry/hmac"`, 9)
}
