// The standard library refuses to start in FIPS 140 mode when built with
// the purego tag, so this test cannot run in that build.

//go:build !purego

package carry

import (
	"crypto/fips140"
	"reflect"
	"testing"

	carryecdsa "github.com/carry-crypto/carry/ecdsa"
	carryed25519 "github.com/carry-crypto/carry/ed25519"
	"github.com/carry-crypto/carry/internal/testutil"
	"github.com/carry-crypto/carry/rsa"
)

// TestFromPrivateKeyFIPS checks that in FIPS 140 mode FromPrivateKey and
// X509KeyPair keep the standard library's keys, in a child process run with
// GODEBUG=fips140=on.
func TestFromPrivateKeyFIPS(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("GODEBUG=fips140=on did not enable FIPS 140 mode")
	}
	for name, std := range carryKeys(t) {
		s, err := FromPrivateKey(std)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(s, std) {
			t.Errorf("%s: FromPrivateKey gave a %T in FIPS 140 mode, want the standard key", name, s)
		}
		certPEM, keyPEM, _ := testCert(t, std)
		cert, err := X509KeyPair(certPEM, keyPEM)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch cert.PrivateKey.(type) {
		case *rsa.Signer, *carryecdsa.Signer, *carryed25519.Signer:
			t.Errorf("%s: X509KeyPair gave carry's %T in FIPS 140 mode", name, cert.PrivateKey)
		}
	}
}
