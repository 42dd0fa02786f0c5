//go:build !amd64 || purego

package chacha20poly1305

import (
	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// sealShort reports that seal must do the work: there is no fused
// assembly here.
func sealShort(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	return false
}

// openShort reports that open must do the work: there is no fused
// assembly here.
func openShort(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	return false, false
}

// fusedImplementations returns nothing: there is no fused assembly here.
func fusedImplementations() []string { return nil }

// useFusedImplementation does nothing: there is no fused assembly here.
func useFusedImplementation(on bool) (restore func()) { return func() {} }

// chunked reports that sealLong or openLong must do the work: there is no
// fused assembly here.
func chunked(s *chacha20.State, mac *poly1305.MAC, tag *[Overhead]byte, out, in, ciphertext, additionalData []byte) bool {
	return false
}
