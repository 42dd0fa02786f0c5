// Package testutil holds what carry's tests share: external test vectors
// fetched at a pinned version, the OpenSSL command line tool as a
// differential oracle, reproducible randomness, and the staleness check of
// generated files.
//
// Every function fails the calling test when what it needs is missing; none
// of them skips. A test that cannot run is a failed test, so that a broken
// environment is never mistaken for a passing suite.
package testutil

import (
	"encoding/hex"
	"testing"
)

// MustHex decodes the hexadecimal string s, failing t if s is not valid hex.
func MustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("carry/testutil: bad hex %q: %v", s, err)
	}
	return b
}

// Runs returns how many times a randomized test repeats its body: long
// where isLong (the calling package's -long flag) is set, else short under
// go test -short, else normal.
func Runs(isLong bool, normal, long, short int) int {
	switch {
	case isLong:
		return long
	case testing.Short():
		return short
	}
	return normal
}
