package carry

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	carryecdsa "github.com/carry-crypto/carry/ecdsa"
	carryed25519 "github.com/carry-crypto/carry/ed25519"
	"github.com/carry-crypto/carry/rsa"
)

// testCert returns a self-signed certificate for "carry.test" of key, as
// PEM, and a pool that trusts it.
func testCert(t testing.TB, key crypto.Signer) (certPEM, keyPEM []byte, pool *x509.CertPool) {
	t.Helper()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "carry.test"},
		DNSNames:              []string{"carry.test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(leaf)
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}), pool
}

// handshake runs a TLS handshake of version over a loopback TCP connection
// (whose buffers let either side write an alert while the other writes,
// which net.Pipe does not) between a server with cert and a client trusting
// pool, and returns the client's and the server's errors.
func handshake(cert tls.Certificate, pool *x509.CertPool, version uint16) (clientErr, serverErr error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err, err
	}
	defer l.Close()
	done := make(chan error, 1)
	go func() {
		s, err := l.Accept()
		if err != nil {
			done <- err
			return
		}
		defer s.Close()
		s.SetDeadline(time.Now().Add(time.Minute))
		server := tls.Server(s, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: version, MaxVersion: version})
		done <- server.Handshake()
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		return err, <-done
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	client := tls.Client(c, &tls.Config{RootCAs: pool, ServerName: "carry.test", MinVersion: version, MaxVersion: version})
	clientErr = client.Handshake()
	c.Close()
	return clientErr, <-done
}

// carryKeys are the standard library keys FromPrivateKey converts, by name.
func carryKeys(t testing.TB) map[string]crypto.Signer {
	rsaKey, err := stdrsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p256, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p521, err := ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, ed, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]crypto.Signer{"rsa2048": rsaKey, "p256": p256, "p384": p384, "p521": p521, "ed25519": ed}
}

// TestTLSHandshakes serves a certificate with carry's key through crypto/tls
// in TLS 1.3 and 1.2, and checks that the client verifies the chain and
// that the server's signature was carry's (the key crypto/tls holds is
// carry's type).
func TestTLSHandshakes(t *testing.T) {
	for name, std := range carryKeys(t) {
		certPEM, keyPEM, pool := testCert(t, std)
		cert, err := X509KeyPair(certPEM, keyPEM)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch cert.PrivateKey.(type) {
		case *rsa.Signer, *carryecdsa.Signer, *carryed25519.Signer:
		default:
			t.Errorf("%s: the certificate's key is a %T, want carry's", name, cert.PrivateKey)
		}
		if !reflect.DeepEqual(cert.PrivateKey.(crypto.Signer).Public(), std.Public()) {
			t.Errorf("%s: Public() is %#v, want the standard library's %#v", name, cert.PrivateKey.(crypto.Signer).Public(), std.Public())
		}
		for _, v := range []uint16{tls.VersionTLS13, tls.VersionTLS12} {
			if cerr, serr := handshake(cert, pool, v); cerr != nil || serr != nil {
				t.Errorf("%s %s: client: %v, server: %v", name, tls.VersionName(v), cerr, serr)
			}
		}
	}
}

// TestStdPrivateKey checks the way back from carry's signers to the
// standard library's keys: the same key (Equal both ways), which
// crypto/x509 marshals as PKCS #8 to the same bytes as the original.
func TestStdPrivateKey(t *testing.T) {
	for name, std := range carryKeys(t) {
		s, err := FromPrivateKey(std)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := x509.MarshalPKCS8PrivateKey(s); err == nil {
			t.Errorf("%s: crypto/x509 marshalled a %T; the test assumes it cannot", name, s)
		}
		back := StdPrivateKey(s)
		type equaler interface{ Equal(crypto.PrivateKey) bool }
		if !back.(equaler).Equal(std) || !std.(equaler).Equal(back) {
			t.Errorf("%s: StdPrivateKey gave a %T not Equal to the original", name, back)
		}
		if !s.(equaler).Equal(std) {
			t.Errorf("%s: the signer is not Equal to its standard key", name)
		}
		want, err := x509.MarshalPKCS8PrivateKey(std)
		if err != nil {
			t.Fatal(err)
		}
		got, err := x509.MarshalPKCS8PrivateKey(back)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: PKCS #8 of StdPrivateKey: %v, equal to the original's: %v", name, err, string(got) == string(want))
		}
		if same := StdPrivateKey(std); !reflect.DeepEqual(same, crypto.PrivateKey(std)) || reflect.TypeOf(same) != reflect.TypeOf(std) {
			t.Errorf("%s: StdPrivateKey of a standard key is a %T, not the key itself", name, same)
		}
	}
}

// TestX509KeyPairKeepsOtherKeys loads a P-224 certificate, whose key
// crypto/tls loads and carry has no code for: the standard key stays.
func TestX509KeyPairKeepsOtherKeys(t *testing.T) {
	k, err := ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	certPEM, keyPEM, _ := testCert(t, k)
	cert, err := X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	if std, ok := cert.PrivateKey.(*ecdsa.PrivateKey); !ok || !std.Equal(k) {
		t.Errorf("the certificate's key is a %T, want the standard P-224 key", cert.PrivateKey)
	}
}

// TestLoadX509KeyPair loads PEM files, as a server's configuration does.
func TestLoadX509KeyPair(t *testing.T) {
	k, err := stdrsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	certPEM, keyPEM, pool := testCert(t, k)
	dir := t.TempDir()
	cf, kf := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(cf, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kf, keyPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := LoadX509KeyPair(cf, kf)
	if err != nil {
		t.Fatal(err)
	}
	if cerr, serr := handshake(cert, pool, tls.VersionTLS13); cerr != nil || serr != nil {
		t.Errorf("client: %v, server: %v", cerr, serr)
	}
	if _, err := LoadX509KeyPair(cf, filepath.Join(dir, "missing.pem")); err == nil {
		t.Error("a missing key file was accepted")
	}
}

// TestMismatchedKey serves a certificate with another key of the same type:
// crypto/tls's client must refuse the signature, cleanly (an error, not a
// panic), and X509KeyPair must refuse the pair as crypto/tls does.
func TestMismatchedKey(t *testing.T) {
	a, b := carryKeys(t), carryKeys(t)
	for name := range a {
		certPEM, _, pool := testCert(t, a[name])
		_, keyPEM2, _ := testCert(t, b[name])
		_, stdErr := tls.X509KeyPair(certPEM, keyPEM2)
		if _, err := X509KeyPair(certPEM, keyPEM2); err == nil || stdErr == nil || err.Error() != stdErr.Error() {
			t.Errorf("%s: mismatched pair: carry error %v, crypto/tls error %v", name, err, stdErr)
		}
		wrong, err := FromPrivateKey(b[name])
		if err != nil {
			t.Fatal(err)
		}
		block, _ := pem.Decode(certPEM)
		cert := tls.Certificate{Certificate: [][]byte{block.Bytes}, PrivateKey: wrong}
		for _, v := range []uint16{tls.VersionTLS13, tls.VersionTLS12} {
			cerr, _ := handshake(cert, pool, v)
			if cerr == nil || !strings.Contains(cerr.Error(), "signature") {
				t.Errorf("%s %s: client error %v, want a refused signature", name, tls.VersionName(v), cerr)
			}
		}
	}
}

// TestFromPrivateKeyErrors checks the refusals: no key, an unsupported
// type, an inconsistent key.
func TestFromPrivateKeyErrors(t *testing.T) {
	k, err := stdrsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	broken := *k
	broken.D = new(big.Int).Add(k.D, big.NewInt(2))
	ec, err := ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for name, key := range map[string]crypto.PrivateKey{
		"nil":           nil,
		"string":        "key",
		"P-224":         ec,
		"broken RSA":    &broken,
		"public key":    ed25519.PublicKey(make([]byte, 32)),
		"nil RSA":       (*stdrsa.PrivateKey)(nil),
		"nil ECDSA":     (*ecdsa.PrivateKey)(nil),
		"short Ed25519": ed25519.PrivateKey(make([]byte, 32)),
		"bad Ed25519": func() ed25519.PrivateKey {
			k := ed25519.NewKeyFromSeed(make([]byte, 32))
			k[40] ^= 1 // the public half no longer matches the seed
			return k
		}(),
	} {
		if s, err := FromPrivateKey(key); err == nil || s != nil {
			t.Errorf("%s: got %v, %v; want an error", name, s, err)
		}
	}
}
