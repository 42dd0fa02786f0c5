// FIPS 140-3 mode cannot run in the purego build (see fips_test.go).

//go:build !purego

package hmac

import (
	"crypto/fips140"
	"crypto/sha256"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140ClearZeroesKey checks, in a child process run with
// GODEBUG=fips140=on, that Clear zeroes the copy of the key that a Key keeps
// in FIPS 140 mode instead of its states.
func TestFIPS140ClearZeroesKey(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("GODEBUG=fips140=on did not enable FIPS 140 mode")
	}
	k := NewKey(sha256.New, []byte("a key of some length"))
	kept := k.fipsKey
	if len(kept) == 0 {
		t.Fatal("the Key keeps no copy of the key in FIPS 140 mode")
	}
	k.Clear()
	if !allZero(kept) {
		t.Errorf("Clear left the key's copy: %x", kept)
	}
}
