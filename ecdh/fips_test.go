// The standard library refuses to run in FIPS 140-3 mode when built with
// the purego tag (crypto/internal/fips140/check panics), so these tests
// cannot run in that build.

//go:build !purego

package ecdh

import (
	"bytes"
	"crypto/fips140"
	"fmt"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140 checks, in a child process run with GODEBUG=fips140=on, that
// every key is made and used by crypto/ecdh: GenerateKey ignores a failing
// reader as crypto/ecdh's does, every key made or converted holds its
// crypto/ecdh key (which ToStd returns), shared secrets are crypto/ecdh's,
// and errors are crypto/ecdh's word for word.
func TestFIPS140(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("GODEBUG=fips140=on did not enable FIPS 140 mode")
	}
	for _, tc := range testCurves {
		k, err := tc.curve.GenerateKey(errReader{})
		if err != nil {
			t.Fatalf("%s: GenerateKey with a failing reader: %v (crypto/ecdh ignores the reader)", tc.name, err)
		}
		peer, err := tc.curve.NewPrivateKey(bytes.Repeat([]byte{1}, tc.curve.privateKeySize()))
		if err != nil {
			t.Fatal(err)
		}
		pub, err := tc.curve.NewPublicKey(peer.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		conv, err := PrivateKeyFromStd(k.ToStd())
		if err != nil {
			t.Fatal(err)
		}
		for _, kk := range []*PrivateKey{k, peer, conv} {
			if kk.fips == nil || kk.pub.fips == nil || kk.ToStd() != kk.fips || kk.PublicKey().ToStd() != kk.pub.fips {
				t.Fatalf("%s: a key does not hold the crypto/ecdh key it computes with", tc.name)
			}
		}
		if pub.fips == nil || conv.fips != k.fips {
			t.Fatalf("%s: a public or converted key does not hold its crypto/ecdh key", tc.name)
		}
		got, err := k.ECDH(pub)
		want, stdErr := k.fips.ECDH(pub.fips)
		if err != nil || stdErr != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: ECDH = %x, %v; crypto/ecdh %x, %v", tc.name, got, err, want, stdErr)
		}
		// Wrong lengths, the zero scalar, the identity, a point off the curve.
		for _, in := range [][]byte{nil, {0}, make([]byte, tc.curve.privateKeySize()), append([]byte{4}, make([]byte, 2*tc.curve.privateKeySize())...)} {
			_, err1 := tc.curve.NewPrivateKey(in)
			_, std1 := tc.std.NewPrivateKey(in)
			_, err2 := tc.curve.NewPublicKey(in)
			_, std2 := tc.std.NewPublicKey(in)
			if fmt.Sprint(err1) != fmt.Sprint(std1) || fmt.Sprint(err2) != fmt.Sprint(std2) {
				t.Errorf("%s: errors %v, %v; crypto/ecdh's %v, %v", tc.name, err1, err2, std1, std2)
			}
		}
	}
}

// TestFIPS140Only checks, in a child process run with GODEBUG=fips140=only,
// that X25519 is refused with crypto/ecdh's errors and the NIST curves work.
func TestFIPS140Only(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=only")
		return
	}
	if !fips140.Enforced() {
		t.Fatal("GODEBUG=fips140=only did not enforce FIPS 140-only mode")
	}
	for _, tc := range testCurves {
		key := bytes.Repeat([]byte{1}, tc.curve.privateKeySize())
		_, err1 := tc.curve.GenerateKey(nil)
		_, std1 := tc.std.GenerateKey(nil)
		k, err2 := tc.curve.NewPrivateKey(key)
		_, std2 := tc.std.NewPrivateKey(key)
		if fmt.Sprint(err1) != fmt.Sprint(std1) || fmt.Sprint(err2) != fmt.Sprint(std2) {
			t.Errorf("%s: errors %v, %v; crypto/ecdh's %v, %v", tc.name, err1, err2, std1, std2)
		}
		if tc.curve == X25519() {
			_, err := tc.curve.NewPublicKey(key)
			_, stdErr := tc.std.NewPublicKey(key)
			if err == nil || err.Error() != stdErr.Error() {
				t.Errorf("X25519 NewPublicKey: %v; crypto/ecdh's %v", err, stdErr)
			}
			continue
		}
		if err2 != nil {
			t.Fatalf("%s: %v", tc.name, err2)
		}
		if s, err := k.ECDH(k.PublicKey()); err != nil || len(s) != tc.curve.privateKeySize() {
			t.Errorf("%s: ECDH = %x, %v", tc.name, s, err)
		}
	}
}
