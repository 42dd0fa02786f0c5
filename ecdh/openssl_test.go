package ecdh

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestDifferentialOpenSSL derives shared secrets with the openssl command
// line tool (pkeyutl -derive) for a few random key pairs per curve and
// compares them with carry's.
func TestDifferentialOpenSSL(t *testing.T) {
	n := 4
	if testing.Short() {
		n = 1
	}
	r := testutil.Rand(t)
	dir := t.TempDir()
	privPath, peerPath := filepath.Join(dir, "priv.pem"), filepath.Join(dir, "peer.pem")
	for _, tc := range testCurves {
		for range n {
			k, err := tc.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			peer, err := tc.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			sk := k.ToStd()
			spub := peer.PublicKey().ToStd()
			der, err := x509.MarshalPKCS8PrivateKey(sk)
			if err != nil {
				t.Fatal(err)
			}
			pubDER, err := x509.MarshalPKIXPublicKey(spub)
			if err != nil {
				t.Fatal(err)
			}
			writePEM(t, privPath, "PRIVATE KEY", der)
			writePEM(t, peerPath, "PUBLIC KEY", pubDER)
			want := testutil.RunOpenSSL(t, nil, "pkeyutl", "-derive", "-inkey", privPath, "-peerkey", peerPath)
			got, err := k.ECDH(peer.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: ECDH(%x, %x) = %x, openssl says %x", tc.name, k.Bytes(), peer.PublicKey().Bytes(), got, want)
			}
		}
	}
}

func writePEM(t *testing.T, path, typ string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
}
