package ed25519

import (
	"bytes"
	"crypto/ed25519"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"testing"
	"time"
)

// TestX509Signer uses a Signer as the crypto.Signer of a self-signed
// certificate through crypto/x509, which checks the signature with
// crypto/ed25519 when it parses and verifies the certificate.
func TestX509Signer(t *testing.T) {
	k, std := mustKey(t, bytes.Repeat([]byte{0x5a}, 32))
	s := mustSigner(t, k)
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "carry ed25519"},
		NotBefore:             time.Unix(1_700_000_000, 0),
		NotAfter:              time.Unix(1_900_000_000, 0),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	der, err := x509.CreateCertificate(nil, tmpl, tmpl, s.Public(), s)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	if err := cert.CheckSignatureFrom(cert); err != nil {
		t.Fatalf("crypto/x509 rejects the certificate carry signed: %v", err)
	}
	// Ed25519 is deterministic: crypto/ed25519 as the signer makes the same
	// certificate.
	want, err := x509.CreateCertificate(nil, tmpl, tmpl, std.Public(), std)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(der, want) {
		t.Errorf("the certificate differs from crypto/ed25519's")
	}
	if pub, ok := cert.PublicKey.(ed25519.PublicKey); !ok || !bytes.Equal(pub, publicKey(k)) {
		t.Errorf("certificate key %v, want %x", cert.PublicKey, publicKey(k))
	}
}
