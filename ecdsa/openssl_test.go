package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestDifferentialOpenSSL checks signatures both ways with the openssl
// command line tool: openssl dgst -verify accepts carry's signatures
// (deterministic and hedged), and VerifyASN1 accepts openssl dgst -sign's,
// for a few random keys per curve, with the curve's usual hash.
func TestDifferentialOpenSSL(t *testing.T) {
	n := 2
	if testing.Short() {
		n = 1
	}
	r := testutil.Rand(t)
	dir := t.TempDir()
	privPath, pubPath, sigPath := filepath.Join(dir, "priv.pem"), filepath.Join(dir, "pub.pem"), filepath.Join(dir, "sig.der")
	hashes := map[string]crypto.Hash{"P-256": crypto.SHA256, "P-384": crypto.SHA384, "P-521": crypto.SHA512}
	for _, c := range testCurves {
		h := hashes[c.Params().Name]
		flag := map[crypto.Hash]string{crypto.SHA256: "-sha256", crypto.SHA384: "-sha384", crypto.SHA512: "-sha512"}[h]
		for range n {
			k := testKey(t, c, r)
			s := newSigner(t, k)
			der, err := x509.MarshalPKCS8PrivateKey(k)
			if err != nil {
				t.Fatal(err)
			}
			pubDER, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
			if err != nil {
				t.Fatal(err)
			}
			writePEM(t, privPath, "PRIVATE KEY", der)
			writePEM(t, pubPath, "PUBLIC KEY", pubDER)
			msg := make([]byte, 100)
			fillRand(r, msg)
			hh := h.New()
			hh.Write(msg)
			digest := hh.Sum(nil)

			for _, rand := range []*reader{nil, {r}} {
				var sig []byte
				if rand == nil {
					sig, err = s.Sign(nil, digest, h)
				} else {
					sig, err = s.Sign(*rand, digest, h)
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(sigPath, sig, 0o600); err != nil {
					t.Fatal(err)
				}
				out := testutil.RunOpenSSL(t, msg, "dgst", flag, "-verify", pubPath, "-signature", sigPath)
				if !bytes.Contains(out, []byte("Verified OK")) {
					t.Errorf("%s: openssl says %q of carry's signature", c.Params().Name, out)
				}
			}

			sig := testutil.RunOpenSSL(t, msg, "dgst", flag, "-sign", privPath)
			if !VerifyASN1(&k.PublicKey, digest, sig) {
				t.Errorf("%s: carry refuses openssl's signature %x", c.Params().Name, sig)
			}
			digest[0] ^= 1
			if VerifyASN1(&k.PublicKey, digest, sig) {
				t.Errorf("%s: carry accepts openssl's signature of another digest", c.Params().Name)
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
