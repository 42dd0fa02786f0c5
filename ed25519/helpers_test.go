package ed25519

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long tests: more differential cases, 10^6-sample timing tests")

// rfcVector is one line of testdata/rfc8032.txt.
type rfcVector struct {
	name, variant           string
	context                 string
	seed, pub, message, sig []byte
}

// loadRFC8032 reads the RFC 8032 test vectors of testdata/rfc8032.txt.
func loadRFC8032(t *testing.T) []rfcVector {
	t.Helper()
	f, err := os.Open("testdata/rfc8032.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []rfcVector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) != 7 {
			t.Fatalf("testdata/rfc8032.txt: %d fields in %q", len(fields), line)
		}
		vs = append(vs, rfcVector{
			name:    fields[0],
			variant: fields[1],
			context: string(testutil.MustHex(t, fields[2])),
			seed:    testutil.MustHex(t, fields[3]),
			pub:     testutil.MustHex(t, fields[4]),
			message: testutil.MustHex(t, fields[5]),
			sig:     testutil.MustHex(t, fields[6]),
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

// mustKey returns the keys of seed made by carry's NewKeyFromSeed and by
// crypto/ed25519's, in two buffers; it fails if they differ.
func mustKey(t testing.TB, seed []byte) (k, std PrivateKey) {
	t.Helper()
	k, std = NewKeyFromSeed(seed), ed25519.NewKeyFromSeed(seed)
	if !bytes.Equal(k, std) {
		t.Fatalf("NewKeyFromSeed(%x) = %x, crypto/ed25519 says %x", seed, k, std)
	}
	return k, std
}

// mustSigner returns a Signer for k.
func mustSigner(t testing.TB, k PrivateKey) *Signer {
	t.Helper()
	s, err := NewSigner(k)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// publicKey returns the public half of k.
func publicKey(k PrivateKey) PublicKey {
	return k.Public().(PublicKey)
}

// mustExpand returns the expanded form of k.
func mustExpand(t testing.TB, k PrivateKey) *privateKey {
	t.Helper()
	e, err := expandedKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// errString returns err's text, or "<nil>".
func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// panicText runs f and returns the value it panicked with, or nil.
func panicText(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}
