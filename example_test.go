package carry_test

import (
	"bytes"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/carry-crypto/carry"
	"github.com/carry-crypto/carry/ecdsa"
	"github.com/carry-crypto/carry/ed25519"
	"github.com/carry-crypto/carry/rsa"
)

// A TLS server switches its signatures to carry by loading its certificate
// with carry.X509KeyPair (or carry.LoadX509KeyPair) instead of crypto/tls's.
func ExampleX509KeyPair() {
	certPEM, keyPEM := selfSigned() // a server's cert.pem and key.pem

	cert, err := carry.X509KeyPair(certPEM, keyPEM) // was: tls.X509KeyPair
	if err != nil {
		panic(err)
	}

	server := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hello over %s", tls.VersionName(r.TLS.Version))
	}))
	server.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	server.StartTLS()
	defer server.Close()

	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "example.com"}}}
	resp, err := client.Get(server.URL)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(string(body))
	fmt.Printf("%T\n", cert.PrivateKey)
	// Output:
	// hello over TLS 1.3
	// *rsa.Signer
}

// selfSigned returns a certificate for example.com and its RSA-2048 key, as
// PEM.
func selfSigned() (certPEM, keyPEM []byte) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "example.com"},
		DNSNames:     []string{"example.com"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		panic(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		panic(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})
}

// crypto/x509 signs a certificate with any crypto.Signer: one from
// FromPrivateKey signs it with carry's code.
func ExampleFromPrivateKey() {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader) // a *crypto/ecdsa.PrivateKey
	if err != nil {
		panic(err)
	}
	signer, err := carry.FromPrivateKey(key)
	if err != nil {
		panic(err)
	}

	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "Example CA"},
		NotBefore:             time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2036, 1, 1, 0, 0, 0, 0, time.UTC),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, signer.Public(), signer)
	if err != nil {
		panic(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%T signed %q with %v\n", signer, cert.Subject.CommonName, cert.SignatureAlgorithm)
	fmt.Println("signature valid:", cert.CheckSignatureFrom(cert) == nil)
	// Output:
	// *ecdsa.Signer signed "Example CA" with ECDSA-SHA256
	// signature valid: true
}

// A key from carry's rsa.GenerateKey is a *crypto/rsa.PrivateKey, which
// crypto/x509 saves as PKCS #8 and loads again. From a carry signer,
// StdPrivateKey gives the standard key back.
func Example_pkcs8() {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		panic(err)
	}
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}) // a key.pem

	block, _ := pem.Decode(keyPEM)
	loaded, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	fmt.Printf("loaded a %T, equal to the saved one: %v\n", loaded, key.Equal(loaded))

	signer, err := carry.FromPrivateKey(loaded)
	if err != nil {
		panic(err)
	}
	again, err := x509.MarshalPKCS8PrivateKey(carry.StdPrivateKey(signer))
	if err != nil {
		panic(err)
	}
	fmt.Println("the signer's key saves the same:", bytes.Equal(again, der))
	fmt.Println("the signer equals the key:", signer.(*rsa.Signer).Equal(key))
	// Output:
	// loaded a *rsa.PrivateKey, equal to the saved one: true
	// the signer's key saves the same: true
	// the signer equals the key: true
}

// A JSON Web Token signed with ES256 (RFC 7518, Section 3.4) carries the
// signature as r || s, 32 bytes each: SignRaw returns them, and any ECDSA
// implementation, here crypto/ecdsa's, verifies them.
func Example_jwtES256() {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	b64 := base64.RawURLEncoding
	signingInput := b64.EncodeToString([]byte(`{"alg":"ES256","typ":"JWT"}`)) + "." +
		b64.EncodeToString([]byte(`{"sub":"gopher"}`))
	digest := sha256.Sum256([]byte(signingInput))
	r, s, err := ecdsa.SignRaw(rand.Reader, key, digest[:])
	if err != nil {
		panic(err)
	}
	token := signingInput + "." + b64.EncodeToString(append(r, s...))

	// The receiver's side.
	parts := strings.Split(token, ".")
	sig, err := b64.DecodeString(parts[2])
	if err != nil {
		panic(err)
	}
	h := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	ok := stdecdsa.Verify(&key.PublicKey, h[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:]))
	fmt.Println(parts[0] + "." + parts[1])
	fmt.Printf("signature: %d bytes, valid: %v\n", len(sig), ok)
	// Output:
	// eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJnb3BoZXIifQ
	// signature: 64 bytes, valid: true
}

// golang.org/x/crypto/ssh signs with any crypto.Signer: a carry signer makes
// SSH signatures with carry's code.
func Example_ssh() {
	// A fixed seed only so that the output is reproducible: a key's seed
	// must be secret and random (ed25519.GenerateKey).
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
	signer, err := carry.FromPrivateKey(key)
	if err != nil {
		panic(err)
	}
	sshSigner, err := ssh.NewSignerFromSigner(signer)
	if err != nil {
		panic(err)
	}

	challenge := []byte("data the server asks the client to sign")
	sig, err := sshSigner.Sign(rand.Reader, challenge)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(ssh.MarshalAuthorizedKey(sshSigner.PublicKey()))) // for authorized_keys
	fmt.Println(sig.Format, "signature valid:", sshSigner.PublicKey().Verify(challenge, sig) == nil)
	// Output:
	// ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOpKbGPinFIKvvVQexMuxfmVR3auvr57kkIe6mkURtIs
	// ssh-ed25519 signature valid: true
}
