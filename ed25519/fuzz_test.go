package ed25519

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// FuzzVerify checks Verify, VerifyWithOptions, VerifyBatchExact and
// VerifyCofactored against crypto/ed25519 on arbitrary keys, messages and
// signatures. Keys of any length are tried: both must panic alike on those
// that are not 32 bytes long.
func FuzzVerify(f *testing.F) {
	k, _ := mustKey(f, bytes.Repeat([]byte{1}, 32))
	msg := []byte("fuzz")
	sig := Sign(k, msg)
	f.Add([]byte(publicKey(k)), msg, sig)
	for _, s := range smallOrder {
		f.Add(testutil.MustHex(f, s), msg, append(testutil.MustHex(f, s), make([]byte, 32)...))
	}
	f.Add([]byte(publicKey(k)), msg, append(bytes.Clone(sig[:32]), plusL(sig[32:])...))
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		if len(pub) != PublicKeySize {
			got := panicText(func() { Verify(pub, msg, sig) })
			want := panicText(func() { ed25519.Verify(pub, msg, sig) })
			if got == nil || got != want {
				t.Fatalf("Verify with a %d-byte key panicked with %v, want %v", len(pub), got, want)
			}
			return
		}
		checkAgainstStd(t, verifyCase{"fuzz", pub, msg, sig}, true)
	})
}

// FuzzDecoding checks public key decoding against crypto/ed25519: whether
// a 32-byte string is a key is whether VerifyWithOptions returns "bad
// public key", and the answers on a signature under it must agree.
func FuzzDecoding(f *testing.F) {
	for _, b := range oddEncodings(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, pub []byte) {
		if len(pub) != PublicKeySize {
			return
		}
		sig := append(bytes.Clone(pub), make([]byte, 32)...)
		got := VerifyWithOptions(pub, nil, sig, &ed25519.Options{})
		want := ed25519.VerifyWithOptions(pub, nil, sig, &ed25519.Options{})
		if errString(got) != errString(want) {
			t.Fatalf("VerifyWithOptions(%x): %q, crypto/ed25519 says %q", pub, errString(got), errString(want))
		}
	})
}
