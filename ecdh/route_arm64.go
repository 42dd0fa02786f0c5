//go:build !purego

package ecdh

// stdP256 makes P-256's keys crypto/ecdh's, made and used by its code as in
// FIPS 140 mode: on arm64 the standard library has assembly for P-256's
// field and carry has only its portable code, which executes more
// instructions per key and per shared secret.
const stdP256 = true
