package carry

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	stded25519 "crypto/ed25519"
	"crypto/fips140"
	stdrsa "crypto/rsa"
	"crypto/tls"
	"errors"
	"fmt"

	"github.com/carry-crypto/carry/ecdsa"
	"github.com/carry-crypto/carry/ed25519"
	"github.com/carry-crypto/carry/rsa"
)

// FromPrivateKey returns a [crypto.Signer] that signs with k through carry's
// code, k checked and its precomputations done:
//
//   - a *crypto/rsa.PrivateKey gives an [rsa.Signer] (also a
//     crypto.Decrypter; see rsa.NewSigner for the keys it accepts);
//   - a *crypto/ecdsa.PrivateKey on P-256, P-384 or P-521 gives an
//     [ecdsa.Signer];
//   - a crypto/ed25519.PrivateKey (or a pointer to one) gives an
//     [ed25519.Signer].
//
// A key of another type, or one the conversion refuses, is an error that says
// why. k is not modified. In FIPS 140 mode (crypto/fips140.Enabled), k itself
// is returned, so that the standard library's validated code signs.
func FromPrivateKey(k crypto.PrivateKey) (crypto.Signer, error) {
	switch k := k.(type) {
	case *stdrsa.PrivateKey:
		if k == nil {
			return nil, errNilKey
		}
		if fips140.Enabled() {
			return k, nil
		}
		return signer(rsa.NewSigner(k))
	case *stdecdsa.PrivateKey:
		if k == nil {
			return nil, errNilKey
		}
		if fips140.Enabled() {
			return k, nil
		}
		return signer(ecdsa.NewSigner(k))
	case stded25519.PrivateKey:
		if fips140.Enabled() {
			return k, nil
		}
		return signer(ed25519.NewSigner(k))
	case *stded25519.PrivateKey:
		if k == nil {
			return nil, errNilKey
		}
		return FromPrivateKey(*k)
	case nil:
		return nil, errNilKey
	default:
		return nil, fmt.Errorf("carry: unsupported private key type %T", k)
	}
}

var errNilKey = errors.New("carry: nil private key")

// signer returns s as a crypto.Signer, or a nil interface (not a typed nil
// pointer in an interface) with err.
func signer[S crypto.Signer](s S, err error) (crypto.Signer, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// StdPrivateKey returns the standard library's private key behind k: the key
// a carry Signer was made from, or k itself when it is not a carry Signer.
// It is the way from a certificate that [X509KeyPair] loaded to
// crypto/x509's marshalling functions.
func StdPrivateKey(k crypto.PrivateKey) crypto.PrivateKey {
	switch k := k.(type) {
	case *rsa.Signer:
		return k.PrivateKey()
	case *ecdsa.Signer:
		return k.PrivateKey()
	case *ed25519.Signer:
		return k.PrivateKey()
	}
	return k
}

// X509KeyPair is crypto/tls.X509KeyPair with the private key turned into a
// carry signer by [FromPrivateKey]: the one-line change that moves a TLS
// server's signatures to carry. A key that FromPrivateKey refuses (a curve
// carry does not implement, such as P-224) stays the standard library's, as
// crypto/tls loaded and checked it.
func X509KeyPair(certPEMBlock, keyPEMBlock []byte) (tls.Certificate, error) {
	cert, err := tls.X509KeyPair(certPEMBlock, keyPEMBlock)
	if err != nil {
		return tls.Certificate{}, err
	}
	return convertCertificate(cert)
}

// LoadX509KeyPair is crypto/tls.LoadX509KeyPair with the private key turned
// into a carry signer by [FromPrivateKey], or kept as [X509KeyPair] keeps it.
func LoadX509KeyPair(certFile, keyFile string) (tls.Certificate, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return tls.Certificate{}, err
	}
	return convertCertificate(cert)
}

// convertCertificate replaces cert's private key with carry's signer where
// FromPrivateKey takes it.
func convertCertificate(cert tls.Certificate) (tls.Certificate, error) {
	if k, err := FromPrivateKey(cert.PrivateKey); err == nil {
		cert.PrivateKey = k
	}
	return cert, nil
}
