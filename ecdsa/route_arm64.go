//go:build !purego

package ecdsa

// stdP256 makes the package's functions hand P-256 keys to crypto/ecdsa's,
// as they hand keys on the curves carry does not implement: on arm64 the
// standard library has assembly for P-256's field and carry has only its
// portable code, which executes more instructions per signature, per
// verification and per key.
const stdP256 = true
