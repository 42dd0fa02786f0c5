// The standard library refuses to run in FIPS 140-3 mode when built with
// the purego tag (crypto/internal/fips140/check panics), so these tests
// cannot run in that build.

//go:build !purego

package hmac

import (
	"bytes"
	"crypto/fips140"
	stdhmac "crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"reflect"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140 checks, in a child process run with GODEBUG=fips140=on, that
// every MAC is crypto/hmac's: New and Key.New return crypto/hmac's hash
// type, and every way of computing a MAC gives crypto/hmac's result; a
// cleared Key still refuses to work.
func TestFIPS140(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("GODEBUG=fips140=on did not enable FIPS 140 mode")
	}
	stdType := reflect.TypeOf(stdhmac.New(sha256.New, nil))
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384, sha1.New} {
		for _, n := range []int{0, 13, 64, 200} {
			key, msg := make([]byte, n), make([]byte, 3*n)
			for i := range msg {
				msg[i] = byte(7*i + n)
			}
			copy(key, msg[n:])
			ref := stdhmac.New(h, key)
			ref.Write(msg)
			want := ref.Sum(nil)
			for name, got := range allMACs(h, key, msg) {
				if !bytes.Equal(got, want) {
					t.Errorf("%s, key of %d bytes: %x, crypto/hmac %x", name, n, got, want)
				}
			}
			k := NewKey(h, key)
			if got := reflect.TypeOf(k.New()); got != stdType {
				t.Errorf("Key.New returned a %v, not crypto/hmac's %v", got, stdType)
			}
			if k.Size() != ref.Size() || k.BlockSize() != ref.BlockSize() {
				t.Errorf("Key: Size, BlockSize = %d, %d; want %d, %d", k.Size(), k.BlockSize(), ref.Size(), ref.BlockSize())
			}
			k.Clear()
			if p := panicValue(func() { k.Sum(nil, msg) }); p == nil {
				t.Error("Sum on a cleared Key did not panic")
			}
		}
	}
	if got := reflect.TypeOf(New(sha256.New, nil)); got != stdType {
		t.Errorf("New returned a %v, not crypto/hmac's %v", got, stdType)
	}
}

// TestFIPS140Only checks, in a child process run with GODEBUG=fips140=only,
// that New, Sum and a Key's Sum panic where crypto/hmac.New does, for keys
// shorter than 112 bits and hashes other than SHA-2 and SHA-3, with its
// messages, and accept the rest.
func TestFIPS140Only(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=only")
		return
	}
	if !fips140.Enforced() {
		t.Fatal("GODEBUG=fips140=only did not enforce FIPS 140-only mode")
	}
	for _, tc := range []struct {
		name string
		h    func() hash.Hash
		key  []byte
		ok   bool
	}{
		{"104-bit key", sha256.New, make([]byte, 13), false},
		{"SHA-1", sha1.New, make([]byte, 32), false},
		{"112-bit key, SHA-256", sha256.New, make([]byte, 14), true},
	} {
		want := panicValue(func() { stdhmac.New(tc.h, tc.key) })
		if (want == nil) != tc.ok {
			t.Fatalf("%s: crypto/hmac.New panicked with %v", tc.name, want)
		}
		for name, f := range map[string]func(){
			"New":     func() { New(tc.h, tc.key) },
			"Sum":     func() { Sum(nil, tc.h, tc.key, nil) },
			"Key.Sum": func() { NewKey(tc.h, tc.key).Sum(nil, nil) },
			"Key.New": func() { NewKey(tc.h, tc.key).New() },
		} {
			if got := panicValue(f); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s, %s: panic %v, crypto/hmac's %v", tc.name, name, got, want)
			}
		}
	}
}
