package rsa_test

import (
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"fmt"
	"math/big"
	"net"
	"strings"
	"time"

	"github.com/carry-crypto/carry/rsa"
)

// testKeyDER is the 2048-bit RSA key of RFC 9500, Section 2.1, published
// for tests, in PKCS #1 DER (base64).
const testKeyDER = `
MIIEowIBAAKCAQEAsPnoGUOnrpiSqt4XynxA+HRP7S+BSObI6qJ7fQAVSPtRkqso
tWxQYLEYzNEx5ZSHTGypibVsJylvCfuToDTfMul8b/CZjP2Ob0LdpYrNH6l5hvFE
89FU1nZQF15oVLOpUgA7wGiHuEVawrGfey92UE68mOyUVXGweJIVDdxqdMoPvNNU
l86BU02vlBiESxOuox+dWmuVV7vfYZ79Toh/LUK43YvJh+rhv4nKuF7iHjVjBd9s
B6iDjj70HFldzOQ9r8SRI+9NirupPTkF5AKNe6kUhKJ1luB7S27ZkvB3tSTT3P59
3VVJvnzOjaA1z6Cz+4+eRvcysqhrRgFlwI9TEwIDAQABAoIBAEEYiyDP29vCzx/+
dS3LqnI5BjUuJhXUnc6AWX/PCgVAO+8A+gZRgvct7PtZb0sM6P9ZcLrweomlGezI
FrL0/6xQaa8bBr/ve/a8155OgcjFo6fZEw3Dz7ra5fbSiPmu4/b/kvrg+Br1l77J
aun6uUAs1f5B9wW+vbR7tzbT/mxaUeDiBzKpe15GwcvbJtdIVMa2YErtRjc1/5B2
BGVXyvlJv0SIlcIEMsHgnAFOp1ZgQ08aDzvilLq8XVMOahAhP1O2A3X8hKdXPyrx
IVWE9bS9ptTo+eF6eNl+d7htpKGEZHUxinoQpWEBTv+iOoHsVunkEJ3vjLP3lyI/
fY0NQ1ECgYEA3RBXAjgvIys2gfU3keImF8e/TprLge1I2vbWmV2j6rZCg5r/AS0u
pii5CvJ5/T5vfJPNgPBy8B/yRDs+6PJO1GmnlhOkG9JAIPkv0RBZvR0PMBtbp6nT
Y3yo1lwamBVBfY6rc0sLTzosZh2aGoLzrHNMQFMGaauORzBFpY5lU50CgYEAzPHl
u5DI6Xgep1vr8QvCUuEesCOgJg8Yh1UqVoY/SmQh6MYAv1I9bLGwrb3WW/7kqIoD
fj0aQV5buVZI2loMomtU9KY5SFIsPV+JuUpy7/+VE01ZQM5FdY8wiYCQiVZYju9X
Wz5LxMNoz+gT7pwlLCsC4N+R8aoBk404aF1gum8CgYAJ7VTq7Zj4TFV7Soa/T1eE
k9y8a+kdoYk3BASpCHJ29M5R2KEA7YV9wrBklHTz8VzSTFTbKHEQ5W5csAhoL5Fo
qoHzFFi3Qx7MHESQb9qHyolHEMNx6QdsHUn7rlEnaTTyrXh3ifQtD6C0yTmFXUIS
CW9wKApOrnyKJ9nI0HcuZQKBgQCMtoV6e9VGX4AEfpuHvAAnMYQFgeBiYTkBKltQ
XwozhH63uMMomUmtSG87Sz1TmrXadjAhy8gsG6I0pWaN7QgBuFnzQ/HOkwTm+qKw
AsrZt4zeXNwsH7QXHEJCFnCmqw9QzEoZTrNtHJHpNboBuVnYcoueZEJrP8OnUG3r
UjmopwKBgAqB2KYYMUqAOvYcBnEfLDmyZv9BTVNHbR2lKkMYqv5LlvDaBxVfilE0
2riO4p6BaAdvzXjKeRrGNEKoHNBpOSfYCOM16NjL8hIZB1CaV3WbT5oY+jp7Mzd5
7d56RZOE+ERK2uz/7JX9VSsM/LbH9pJibd4e8mikDS9ntciqOH/3
`

// testKey returns the key of testKeyDER. A program would read its key from
// a file with encoding/pem and crypto/x509 in the same way.
func testKey() *rsa.PrivateKey {
	der, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(testKeyDER), ""))
	if err != nil {
		panic(err)
	}
	key, err := x509.ParsePKCS1PrivateKey(der)
	if err != nil {
		panic(err)
	}
	return key
}

// Signing and verifying by PKCS #1 v1.5, as with crypto/rsa: the key is a
// *crypto/rsa.PrivateKey, and the signature is the one crypto/rsa makes.
func ExampleSignPKCS1v15() {
	key := testKey()
	digest := sha256.Sum256([]byte("a message"))

	sig, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest[:])
	if err != nil {
		panic(err)
	}
	fmt.Printf("signature: %d bytes, %x...\n", len(sig), sig[:8])

	fmt.Println("carry verifies:", rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig))
	fmt.Println("crypto/rsa verifies:", stdrsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig))
	sig[0] ^= 1
	fmt.Println("altered:", rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig))
	// Output:
	// signature: 256 bytes, 17f36b2f21d5b3c8...
	// carry verifies: <nil>
	// crypto/rsa verifies: <nil>
	// altered: crypto/rsa: verification error
}

// Signing by PSS, with a random salt as long as the hash (as TLS 1.3 signs);
// the verifier asks for that salt length.
func ExampleSignPSS() {
	key := testKey()
	digest := sha256.Sum256([]byte("a message"))
	opts := &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash}

	sig, err := rsa.SignPSS(rand.Reader, key, crypto.SHA256, digest[:], opts)
	if err != nil {
		panic(err)
	}
	fmt.Println("carry verifies:", rsa.VerifyPSS(&key.PublicKey, crypto.SHA256, digest[:], sig, opts))
	fmt.Println("crypto/rsa verifies:", stdrsa.VerifyPSS(&key.PublicKey, crypto.SHA256, digest[:], sig, opts))
	other := sha256.Sum256([]byte("another message"))
	fmt.Println("another message:", rsa.VerifyPSS(&key.PublicKey, crypto.SHA256, other[:], sig, opts))
	// Output:
	// carry verifies: <nil>
	// crypto/rsa verifies: <nil>
	// another message: crypto/rsa: verification error
}

// Encrypting a short secret (a symmetric key, say) by OAEP, bound to a
// label, and decrypting it.
func ExampleEncryptOAEP() {
	key := testKey()
	label := []byte("session key v1")

	ciphertext, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, &key.PublicKey, []byte("sixteen byte key"), label)
	if err != nil {
		panic(err)
	}
	plaintext, err := rsa.DecryptOAEP(sha256.New(), nil, key, ciphertext, label)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d-byte ciphertext, plaintext %q\n", len(ciphertext), plaintext)

	_, err = rsa.DecryptOAEP(sha256.New(), nil, key, ciphertext, []byte("another label"))
	fmt.Println("another label:", err)
	// Output:
	// 256-byte ciphertext, plaintext "sixteen byte key"
	// another label: crypto/rsa: decryption error
}

// A Signer makes crypto/x509 sign with carry's code; its PrivateKey method
// gives the key back for crypto/x509's encodings.
func ExampleNewSigner() {
	signer, err := rsa.NewSigner(testKey())
	if err != nil {
		panic(err)
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "carry example CA"},
		NotBefore:             time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2035, 1, 1, 0, 0, 0, 0, time.UTC),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, signer.Public(), signer)
	if err != nil {
		panic(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		panic(err)
	}
	fmt.Println(cert.Subject.CommonName, cert.SignatureAlgorithm, cert.CheckSignatureFrom(cert))

	pkcs8, err := x509.MarshalPKCS8PrivateKey(signer.PrivateKey())
	if err != nil {
		panic(err)
	}
	back, err := x509.ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		panic(err)
	}
	fmt.Println("PKCS #8 round trip:", signer.Equal(back))
	// Output:
	// carry example CA SHA256-RSA <nil>
	// PKCS #8 round trip: true
}

// A Signer as a TLS server's key: crypto/tls signs the handshake through it
// (by PSS in TLS 1.3).
func ExampleSigner_tls() {
	signer, err := rsa.NewSigner(testKey())
	if err != nil {
		panic(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		DNSNames:     []string{"server.example"},
		NotBefore:    time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:     time.Date(2035, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, signer.Public(), signer)
	if err != nil {
		panic(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		panic(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)

	serverConn, clientConn := net.Pipe()
	server := tls.Server(serverConn, &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: signer}},
		// No tickets: the client reads nothing after its handshake.
		SessionTicketsDisabled: true,
	})
	client := tls.Client(clientConn, &tls.Config{
		ServerName: "server.example",
		RootCAs:    roots,
		Time:       func() time.Time { return time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC) },
	})
	done := make(chan error)
	go func() { done <- server.Handshake() }()
	err = client.Handshake()
	fmt.Println("client:", err, tls.VersionName(client.ConnectionState().Version))
	fmt.Println("server:", <-done)
	serverConn.Close()
	clientConn.Close()
	// Output:
	// client: <nil> TLS 1.3
	// server: <nil>
}
