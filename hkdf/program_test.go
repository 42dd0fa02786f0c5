package hkdf

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	want := runProgram(t, program, `"crypto/hkdf"`)
	got := runProgram(t, program, `hkdf "github.com/carry-crypto/carry/hkdf"`)
	if got != want {
		t.Errorf("with carry's hkdf the program printed\n%s\nwith crypto/hkdf\n%s", got, want)
	}
	if n := strings.Count(want, "\n"); n != 11 {
		t.Errorf("the program printed %d lines, want 11:\n%s", n, want)
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
