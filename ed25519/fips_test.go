package ed25519

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/fips140"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140 runs the test binary again with GODEBUG=fips140=only, where
// fips140Checks runs.
func TestFIPS140(t *testing.T) {
	if testutil.IsChild(t) {
		fips140Checks(t)
		return
	}
	testutil.RunChild(t, "GODEBUG=fips140=only")
}

// fips140Checks checks, in FIPS 140-only mode, that the functions go to
// crypto/ed25519: its refusal of Ed25519ctx shows through Signer.Sign and
// VerifyWithOptions, and Sign leaves carry's cache empty.
func fips140Checks(t *testing.T) {
	if !fips140.Enabled() {
		t.Fatal("FIPS 140 mode is off in the child")
	}
	seed := bytes.Repeat([]byte{0x42}, SeedSize)
	k, std := mustKey(t, seed)
	msg := []byte("fips")
	sig := Sign(k, msg)
	if !bytes.Equal(sig, ed25519.Sign(std, msg)) {
		t.Fatalf("Sign = %x, crypto/ed25519 says %x", sig, ed25519.Sign(std, msg))
	}
	if _, ok := keys.Get(&k[0]); ok {
		t.Error("Sign expanded the key in carry's cache")
	}
	if !Verify(publicKey(k), msg, sig) || !VerifyBatchExact([]PublicKey{publicKey(k)}, [][]byte{msg}, [][]byte{sig}) {
		t.Error("a valid signature does not verify")
	}
	bad := bytes.Clone(sig)
	bad[0] ^= 1
	if VerifyBatchExact([]PublicKey{publicKey(k)}, [][]byte{msg}, [][]byte{bad}) {
		t.Error("VerifyBatchExact accepts a corrupted signature")
	}

	ctx := &Options{Context: "ctx"}
	s := mustSigner(t, k)
	_, err := s.Sign(nil, msg, ctx)
	_, wantErr := std.Sign(nil, msg, ctx)
	if wantErr == nil || errString(err) != errString(wantErr) {
		t.Errorf("Signer.Sign with Ed25519ctx: error %q, crypto/ed25519 says %q", errString(err), errString(wantErr))
	}
	err = VerifyWithOptions(publicKey(k), msg, sig, ctx)
	wantErr = ed25519.VerifyWithOptions(publicKey(k), msg, sig, ctx)
	if wantErr == nil || errString(err) != errString(wantErr) {
		t.Errorf("VerifyWithOptions with Ed25519ctx: error %q, crypto/ed25519 says %q", errString(err), errString(wantErr))
	}
	got, err := s.Sign(nil, msg, crypto.Hash(0))
	if err != nil || !bytes.Equal(got, sig) {
		t.Errorf("Signer.Sign = %x, %v; want %x", got, err, sig)
	}
	pub, priv, err := GenerateKey(bytes.NewReader(seed))
	if err != nil || !bytes.Equal(priv, std) || !bytes.Equal(pub, std[SeedSize:]) {
		t.Errorf("GenerateKey = %x, %x, %v; want %x", pub, priv, err, std)
	}
}
