package carry

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	stded25519 "crypto/ed25519"
	stdrsa "crypto/rsa"
	"crypto/tls"
	"errors"
	"fmt"

	"github.com/carry-crypto/carry/ecdsa"
	"github.com/carry-crypto/carry/ed25519"
	"github.com/carry-crypto/carry/rsa"
)

// FromPrivateKey returns carry's implementation of the standard library's
// private key k, checked and with its precomputations done:
//
//   - a *crypto/rsa.PrivateKey becomes a *carry/rsa.PrivateKey (see
//     rsa.NewPrivateKey for the keys it accepts);
//   - a *crypto/ecdsa.PrivateKey on P-256, P-384 or P-521 becomes a
//     *carry/ecdsa.PrivateKey (ecdsa.NewPrivateKey);
//   - a crypto/ed25519.PrivateKey (or a pointer to one) becomes a
//     *carry/ed25519.PrivateKey (ed25519.NewPrivateKey).
//
// A key of another type, or one the conversion refuses (an inconsistent key,
// a multi-prime RSA key, a size carry does not support), is an error; the
// error says why. k is not modified and not retained.
func FromPrivateKey(k crypto.PrivateKey) (crypto.Signer, error) {
	switch k := k.(type) {
	case *stdrsa.PrivateKey:
		if k == nil {
			return nil, errNilKey
		}
		return signer(rsa.NewPrivateKey(k))
	case *stdecdsa.PrivateKey:
		if k == nil {
			return nil, errNilKey
		}
		return signer(ecdsa.NewPrivateKey(k))
	case stded25519.PrivateKey:
		return signer(ed25519.NewPrivateKey(k))
	case *stded25519.PrivateKey:
		if k == nil {
			return nil, errNilKey
		}
		return signer(ed25519.NewPrivateKey(*k))
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

// X509KeyPair is crypto/tls.X509KeyPair with the private key converted by
// [FromPrivateKey]: the one-line change that moves a TLS server's
// signatures to carry.
func X509KeyPair(certPEMBlock, keyPEMBlock []byte) (tls.Certificate, error) {
	cert, err := tls.X509KeyPair(certPEMBlock, keyPEMBlock)
	if err != nil {
		return tls.Certificate{}, err
	}
	return convertCertificate(cert)
}

// LoadX509KeyPair is crypto/tls.LoadX509KeyPair with the private key
// converted by [FromPrivateKey].
func LoadX509KeyPair(certFile, keyFile string) (tls.Certificate, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return tls.Certificate{}, err
	}
	return convertCertificate(cert)
}

// convertCertificate replaces cert's private key with carry's.
func convertCertificate(cert tls.Certificate) (tls.Certificate, error) {
	k, err := FromPrivateKey(cert.PrivateKey)
	if err != nil {
		return tls.Certificate{}, err
	}
	cert.PrivateKey = k
	return cert, nil
}
