//go:build !arm64 || purego

package chacha20poly1305

import "testing"

// TestNoNEONStubsPanic checks that the stubs standing in for the arm64
// kernels refuse to run (see TestNoKernelStubsPanic).
func TestNoNEONStubsPanic(t *testing.T) {
	mustRefuse(t, "sealNEON", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		sealNEON(key, nonce, buf, buf, nil, tag)
	})
	mustRefuse(t, "openNEON", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		openNEON(key, nonce, buf, buf, nil, tag)
	})
}
