package ed25519

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestOpenSSL checks signatures against the openssl command line tool, an
// implementation independent of Go's: OpenSSL's signature of a message
// ("openssl pkeyutl -sign -rawin") must be carry's, OpenSSL must verify
// carry's signature, and must reject it with a bit flipped.
func TestOpenSSL(t *testing.T) {
	openssl := testutil.OpenSSL(t)
	rnd := testutil.Rand(t)
	dir := t.TempDir()
	keys := 4
	if testing.Short() {
		keys = 1
	}
	for i := range keys {
		k, std := mustKey(t, randBytes(rnd, SeedSize))
		// OpenSSL 3.0's pkeyutl -rawin cannot read an empty file ("Could
		// not allocate 0 bytes"), so messages have 1 to 200 bytes; the
		// empty message is among the RFC 8032 vectors.
		msg := randBytes(rnd, 1+rnd.IntN(200))
		sig := Sign(k, msg)

		der, err := x509.MarshalPKCS8PrivateKey(std)
		if err != nil {
			t.Fatal(err)
		}
		pubDER, err := x509.MarshalPKIXPublicKey(std.Public())
		if err != nil {
			t.Fatal(err)
		}
		keyFile := filepath.Join(dir, "key.pem")
		pubFile := filepath.Join(dir, "pub.pem")
		msgFile := filepath.Join(dir, "msg")
		sigFile := filepath.Join(dir, "sig")
		write(t, keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
		write(t, pubFile, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}))
		write(t, msgFile, msg)

		got := testutil.RunOpenSSL(t, nil, "pkeyutl", "-sign", "-rawin", "-inkey", keyFile, "-in", msgFile)
		if !bytes.Equal(got, sig) {
			t.Errorf("key %d: OpenSSL signed %x, carry %x", i, got, sig)
		}

		write(t, sigFile, sig)
		testutil.RunOpenSSL(t, nil, "pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", pubFile, "-in", msgFile, "-sigfile", sigFile)

		write(t, sigFile, flipBit(rnd, sig, 0, 64))
		cmd := exec.Command(openssl, "pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", pubFile, "-in", msgFile, "-sigfile", sigFile)
		if out, err := cmd.CombinedOutput(); err == nil {
			t.Errorf("key %d: OpenSSL verified a corrupted signature: %s", i, out)
		}
	}
}

func write(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}
}
