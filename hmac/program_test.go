package hmac

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	want := runProgram(t, program, `"crypto/hmac"`)
	got := runProgram(t, program, `hmac "github.com/carry-crypto/carry/hmac"`)
	if got != want {
		t.Errorf("with carry's hmac the program printed\n%s\nwith crypto/hmac\n%s", got, want)
	}
	if n := strings.Count(want, "\n"); n != 9 {
		t.Errorf("the program printed %d lines, want 9:\n%s", n, want)
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
