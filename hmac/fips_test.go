// The standard library refuses to run in FIPS 140-3 mode when built with
// the purego tag (crypto/internal/fips140/check panics), so this test cannot
// run in that build.

//go:build !purego

package hmac

import (
	"crypto/fips140"
	"crypto/sha1"
	"crypto/sha256"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140Only checks, in a child process run with GODEBUG=fips140=only,
// that New panics for keys shorter than 112 bits and hashes other than SHA-2
// and SHA-3, as crypto/hmac.New does, and accepts the rest.
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
	panics := func(f func()) (p bool) {
		defer func() { p = recover() != nil }()
		f()
		return false
	}
	if !panics(func() { New(sha256.New, make([]byte, 13)) }) {
		t.Error("New with a 104-bit key did not panic")
	}
	if !panics(func() { New(sha1.New, make([]byte, 32)) }) {
		t.Error("New with SHA-1 did not panic")
	}
	if panics(func() { New(sha256.New, make([]byte, 14)) }) {
		t.Error("New with a 112-bit key and SHA-256 panicked")
	}
}
