// The standard library refuses to start in FIPS 140 mode when built with
// the purego tag, so this test cannot run in that build.

//go:build !purego

package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/fips140"
	"crypto/sha256"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPSRouting checks, in a child process with GODEBUG=fips140=on, that
// every function leaves the key to crypto/ecdsa: the cache stays empty, and
// a P-256 hedged signature from a constant reader (read by both with
// cryptocustomrand=1) is crypto/ecdsa's, whose DRBG hash is not carry's.
func TestFIPSRouting(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on,cryptocustomrand=1")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("FIPS 140 mode is not enabled in the child")
	}
	c := elliptic.P256()
	k, err := GenerateKey(c, constReader(1))
	if err != nil {
		t.Fatal(err)
	}
	stdKey, err := ecdsa.GenerateKey(c, constReader(1))
	if err != nil || !k.Equal(stdKey) {
		t.Fatalf("GenerateKey = %v, crypto/ecdsa's %v", k, err)
	}
	d, err := k.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := ParseRawPrivateKey(c, d)
	if err != nil || !parsed.Equal(k) {
		t.Fatalf("ParseRawPrivateKey: %v", err)
	}
	digest := sha256.Sum256([]byte("FIPS"))
	want, err := ecdsa.SignASN1(constReader(0x5a), k, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	got, err := SignASN1(constReader(0x5a), k, digest[:])
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("SignASN1 = %x, %v; crypto/ecdsa %x", got, err, want)
	}
	rr, ss, err := Sign(constReader(0x5a), k, digest[:])
	if err != nil || !bytes.Equal(encodeSignature(rr.Bytes(), ss.Bytes()), want) {
		t.Errorf("Sign = %x, %x, %v; crypto/ecdsa %x", rr, ss, err, want)
	}
	rb, sb, err := SignRaw(constReader(0x5a), k, digest[:])
	if err != nil || !bytes.Equal(encodeSignature(rb, sb), want) {
		t.Errorf("SignRaw = %x, %x, %v; crypto/ecdsa %x", rb, sb, err, want)
	}
	for name, key := range map[string]*PrivateKey{"GenerateKey": k, "ParseRawPrivateKey": parsed} {
		if _, ok := keys.Get(key); ok {
			t.Errorf("%s's key is in the cache", name)
		}
	}
	if !VerifyASN1(&k.PublicKey, digest[:], got) || !Verify(&k.PublicKey, digest[:], rr, ss) ||
		!VerifyRaw(&k.PublicKey, digest[:], rb, sb) {
		t.Errorf("the signature does not verify")
	}
	s := newSigner(t, k)
	sig, err := s.Sign(constReader(0x5a), digest[:], crypto.SHA256)
	if err != nil || !bytes.Equal(sig, want) {
		t.Errorf("Signer.Sign = %x, %v; crypto/ecdsa %x", sig, err, want)
	}
}
