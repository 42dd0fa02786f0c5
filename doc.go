// Package carry turns the standard library's private keys into signers that
// run carry's code, for the users of a [crypto.Signer] that cannot call a
// package function, crypto/tls above all: [LoadX509KeyPair] in place of
// crypto/tls's is the whole change for a TLS server.
//
// The implementations are in carry's packages, which have the standard
// library's API and key types: ecdsa, ed25519, rsa, ecdh, hmac, hkdf,
// chacha20poly1305, x25519, and tls13 for the TLS 1.3 key schedule.
package carry
