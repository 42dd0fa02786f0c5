package main

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"time"

	"github.com/carry-crypto/carry"
)

// hsServerName is the name the handshake certificates are issued to.
const hsServerName = "carry.test"

// A hsKey is one certificate key type of "carry handshake".
type hsKey struct {
	name string // as given on the command line
	desc string
	gen  func() (crypto.Signer, error)
}

var hsKeys = []*hsKey{
	{"rsa2048", "RSA-2048 (PSS in TLS 1.3, PKCS #1 v1.5 or PSS in TLS 1.2)", func() (crypto.Signer, error) { return rsa.GenerateKey(rand.Reader, 2048) }},
	{"rsa3072", "RSA-3072", func() (crypto.Signer, error) { return rsa.GenerateKey(rand.Reader, 3072) }},
	{"p256", "ECDSA P-256 with SHA-256", func() (crypto.Signer, error) { return ecdsa.GenerateKey(elliptic.P256(), rand.Reader) }},
	{"p384", "ECDSA P-384 with SHA-384", func() (crypto.Signer, error) { return ecdsa.GenerateKey(elliptic.P384(), rand.Reader) }},
	{"ed25519", "Ed25519", func() (crypto.Signer, error) {
		_, k, err := ed25519.GenerateKey(rand.Reader)
		return k, err
	}},
}

// hsCert is a self-signed certificate and its key, in memory and in PEM
// files (for openssl s_server and for the server processes).
type hsCert struct {
	key      crypto.Signer // the standard library's
	leaf     *x509.Certificate
	pool     *x509.CertPool
	certFile string
	keyFile  string
}

// newHSCert makes a key of type k and a self-signed certificate for
// hsServerName, and writes them as PEM files (the key as PKCS #8) in dir.
func newHSCert(k *hsKey, dir string) (*hsCert, error) {
	key, err := k.gen()
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: hsServerName},
		DNSNames:              []string{hsServerName},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	c := &hsCert{
		key:      key,
		leaf:     leaf,
		pool:     x509.NewCertPool(),
		certFile: filepath.Join(dir, k.name+"-cert.pem"),
		keyFile:  filepath.Join(dir, k.name+"-key.pem"),
	}
	c.pool.AddCert(leaf)
	if err := os.WriteFile(c.certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		return nil, err
	}
	if err := os.WriteFile(c.keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}), 0o600); err != nil {
		return nil, err
	}
	return c, nil
}

// loadServerCertificate loads the PEM files as a server does: with
// crypto/tls.LoadX509KeyPair for impl "std", and with carry.LoadX509KeyPair,
// the one-line change, for impl "carry".
func loadServerCertificate(impl, certFile, keyFile string) (tls.Certificate, error) {
	switch impl {
	case "std":
		return tls.LoadX509KeyPair(certFile, keyFile)
	case "carry":
		return carry.LoadX509KeyPair(certFile, keyFile)
	}
	return tls.Certificate{}, fmt.Errorf("unknown implementation %q", impl)
}
