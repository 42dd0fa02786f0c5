package x25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestDifferentialOpenSSL derives shared secrets with the openssl command
// line tool (pkeyutl -derive) from random keys and compares them with
// X25519's, on both of carry's paths.
func TestDifferentialOpenSSL(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 5
	}
	r := testutil.Rand(t)
	dir := t.TempDir()
	privPath, peerPath := filepath.Join(dir, "priv.pem"), filepath.Join(dir, "peer.pem")
	type vector struct{ scalar, point, shared []byte }
	var vectors []vector
	for i := 0; i < n; i++ {
		var a, b [32]byte
		fillRand(r, a[:])
		fillRand(r, b[:])
		priv, err := ecdh.X25519().NewPrivateKey(a[:])
		if err != nil {
			t.Fatal(err)
		}
		peer, err := ecdh.X25519().NewPrivateKey(b[:])
		if err != nil {
			t.Fatal(err)
		}
		der, err := x509.MarshalPKCS8PrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		pubDER, err := x509.MarshalPKIXPublicKey(peer.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		writePEM(t, privPath, "PRIVATE KEY", der)
		writePEM(t, peerPath, "PUBLIC KEY", pubDER)
		want := testutil.RunOpenSSL(t, nil, "pkeyutl", "-derive", "-inkey", privPath, "-peerkey", peerPath)
		if len(want) != 32 {
			t.Fatalf("openssl pkeyutl -derive gave %d bytes, want 32", len(want))
		}
		vectors = append(vectors, vector{a[:], peer.PublicKey().Bytes(), want})
	}
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, v := range vectors {
			if got := mustX25519(t, v.scalar, v.point); !bytes.Equal(got, v.shared) {
				t.Errorf("X25519(%x, %x) = %x, openssl says %x", v.scalar, v.point, got, v.shared)
			}
		}
	})
}

func writePEM(t *testing.T, path, kind string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
}
