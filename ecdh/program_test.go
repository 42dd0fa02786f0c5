package ecdh

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	want := runProgram(t, program, `"crypto/ecdh"`)
	got := runProgram(t, program, `ecdh "github.com/carry-crypto/carry/ecdh"`)
	if got != want {
		t.Errorf("with carry's ecdh the program printed\n%s\nwith crypto/ecdh\n%s", got, want)
	}
	if n := strings.Count(want, "\n"); n != 36 {
		t.Errorf("the program printed %d lines, want 36:\n%s", n, want)
	}
}

// runProgram writes src, with IMPORT replaced by importLine, to a temporary
// directory, runs it with go run from this package's directory (so that the
// module's requirements resolve the import) and returns what it printed.
// GOOS and GOARCH are left out of its environment: the program runs on the
// host, whichever architecture the test binary was built for.
func runProgram(t *testing.T, src, importLine string) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	file := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(file, []byte(strings.Replace(src, "IMPORT", importLine, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCmd, "run", file)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOOS=") && !strings.HasPrefix(kv, "GOARCH=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run with %s: %v\n%s", importLine, err, out)
	}
	return string(out)
}
