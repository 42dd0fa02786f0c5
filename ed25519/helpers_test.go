package ed25519

import (
	"bufio"
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

// mustKey returns carry's and crypto/ed25519's keys for seed.
func mustKey(t testing.TB, seed []byte) (*PrivateKey, ed25519.PrivateKey) {
	t.Helper()
	k, err := NewKeyFromSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	return k, ed25519.NewKeyFromSeed(seed)
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
