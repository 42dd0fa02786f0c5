package rsa

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"testing"
	"time"
)

var (
	_ crypto.Signer    = (*Signer)(nil)
	_ crypto.Decrypter = (*Signer)(nil)
)

// TestX509Signer has crypto/x509 sign certificates with a Signer, by
// PKCS #1 v1.5 and by PSS (as crypto/tls signs with rsa.PSSOptions), and
// checks their signatures with crypto/x509.
func TestX509Signer(t *testing.T) {
	k := newSigner(t, stdKey(t, 2048))
	for _, alg := range []x509.SignatureAlgorithm{x509.SHA256WithRSA, x509.SHA384WithRSA, x509.SHA256WithRSAPSS, x509.SHA512WithRSAPSS} {
		tmpl := &x509.Certificate{
			SerialNumber:          big.NewInt(1),
			Subject:               pkix.Name{CommonName: "carry"},
			NotBefore:             time.Unix(1e9, 0),
			NotAfter:              time.Unix(2e9, 0),
			SignatureAlgorithm:    alg,
			IsCA:                  true,
			BasicConstraintsValid: true,
			KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, k.Public(), k)
		if err != nil {
			t.Fatalf("%v: %v", alg, err)
		}
		cert, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatal(err)
		}
		if err := cert.CheckSignatureFrom(cert); err != nil {
			t.Fatalf("%v: %v", alg, err)
		}
	}
}

// TestSignerPSSEqualsHash signs as crypto/tls does for TLS 1.3, with
// PSSSaltLengthEqualsHash through the crypto.Signer interface.
func TestSignerPSSEqualsHash(t *testing.T) {
	sk := stdKey(t, 3072)
	var signer crypto.Signer = newSigner(t, sk)
	digest := make([]byte, 48)
	opts := &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: crypto.SHA384}
	sig, err := signer.Sign(rand.Reader, digest, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := rsa.VerifyPSS(&sk.PublicKey, crypto.SHA384, digest, sig, &rsa.PSSOptions{SaltLength: 48}); err != nil {
		t.Fatal(err)
	}
}
