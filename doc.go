// Package carry converts the standard library's private keys to carry's, so
// that a Go program can switch its TLS server (or any other user of a
// [crypto.Signer]) to carry's constant-time, faster implementations with one
// call.
//
// The implementations themselves are in carry's packages, which mirror the
// standard library's names: rsa, ecdsa, ed25519, ecdh, x25519,
// chacha20poly1305, hmac, hkdf and tls13. Every private key they return is a
// [crypto.Signer] (the RSA one also a [crypto.Decrypter]) whose Public method
// returns the standard library's public key type, so crypto/tls and
// crypto/x509 accept it as they accept the standard library's own keys.
package carry
