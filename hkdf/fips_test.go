// The standard library refuses to run in FIPS 140-3 mode when built with
// the purego tag (crypto/internal/fips140/check panics), so this test cannot
// run in that build.

//go:build !purego

package hkdf

import (
	"bytes"
	"crypto/fips140"
	stdhkdf "crypto/hkdf"
	"crypto/sha1"
	"crypto/sha256"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140 checks, in a child process run with GODEBUG=fips140=on, that
// Extract, Expand and Key are crypto/hkdf's: the same results, and
// crypto/hkdf's allocations (Expand of one block makes one allocation
// outside FIPS 140 mode).
func TestFIPS140(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("GODEBUG=fips140=on did not enable FIPS 140 mode")
	}
	secret, salt := []byte("input keying material"), []byte("salt")
	for _, n := range []int{0, 16, 32, 100, 255 * 32} {
		prk, err := Extract(sha256.New, secret, salt)
		wantPRK, _ := stdhkdf.Extract(sha256.New, secret, salt)
		if err != nil || !bytes.Equal(prk, wantPRK) {
			t.Fatalf("Extract = %x, %v; crypto/hkdf %x", prk, err, wantPRK)
		}
		got, err := Expand(sha256.New, prk, "info", n)
		want, _ := stdhkdf.Expand(sha256.New, prk, "info", n)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Expand(%d bytes) = %x, %v; crypto/hkdf %x", n, got, err, want)
		}
		if got, err = Key(sha256.New, secret, salt, "info", n); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Key(%d bytes) = %x, %v; crypto/hkdf %x", n, got, err, want)
		}
	}
	prk := make([]byte, 32)
	ours := testing.AllocsPerRun(20, func() { Expand(sha256.New, prk, "info", 32) })
	std := testing.AllocsPerRun(20, func() { stdhkdf.Expand(sha256.New, prk, "info", 32) })
	if ours != std || ours <= 1 {
		t.Errorf("Expand made %v allocations, crypto/hkdf %v: it did not go through crypto/hkdf", ours, std)
	}
}

// TestFIPS140Only checks, in a child process run with GODEBUG=fips140=only,
// that Extract, Expand and Key refuse short keys and non-SHA-2/SHA-3 hashes
// with crypto/hkdf's errors, and accept the rest.
func TestFIPS140Only(t *testing.T) {
	if testutil.IsChild(t) {
		fipsOnlyChecks(t)
		return
	}
	testutil.RunChild(t, "GODEBUG=fips140=only")
}

func fipsOnlyChecks(t *testing.T) {
	if !fips140.Enforced() {
		t.Fatal("GODEBUG=fips140=only did not enforce FIPS 140-only mode")
	}
	short, good := make([]byte, 13), make([]byte, 14)
	for name, tc := range map[string]struct {
		ours, std func() ([]byte, error)
	}{
		"Extract short": {func() ([]byte, error) { return Extract(sha256.New, short, nil) },
			func() ([]byte, error) { return stdhkdf.Extract(sha256.New, short, nil) }},
		"Expand short": {func() ([]byte, error) { return Expand(sha256.New, short, "", 32) },
			func() ([]byte, error) { return stdhkdf.Expand(sha256.New, short, "", 32) }},
		"Key short": {func() ([]byte, error) { return Key(sha256.New, short, nil, "", 32) },
			func() ([]byte, error) { return stdhkdf.Key(sha256.New, short, nil, "", 32) }},
		"Extract SHA-1": {func() ([]byte, error) { return Extract(sha1.New, good, nil) },
			func() ([]byte, error) { return stdhkdf.Extract(sha1.New, good, nil) }},
		"Key SHA-1": {func() ([]byte, error) { return Key(sha1.New, good, nil, "", 32) },
			func() ([]byte, error) { return stdhkdf.Key(sha1.New, good, nil, "", 32) }},
		"Expand SHA-1": {func() ([]byte, error) { return Expand(sha1.New, good, "", 32) },
			func() ([]byte, error) { return stdhkdf.Expand(sha1.New, good, "", 32) }},
	} {
		_, err := tc.ours()
		_, stdErr := tc.std()
		if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
			t.Errorf("%s: error %v, crypto/hkdf's %v", name, err, stdErr)
		}
	}
	if _, err := Key(sha256.New, good, nil, "", 32); err != nil {
		t.Errorf("Key with a 112-bit secret and SHA-256: %v", err)
	}
}
