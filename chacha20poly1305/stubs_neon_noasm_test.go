//go:build !arm64 || purego

package chacha20poly1305

import "testing"

// TestNoNEONStubsPanic checks that the stubs standing in for the arm64
// kernels refuse to run (see TestNoKernelStubsPanic).
func TestNoNEONStubsPanic(t *testing.T) {
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var tag [Overhead]byte
	buf := make([]byte, 64)
	const msg = "internal error"
	mustPanicWith(t, "sealNEON", msg, func() { sealNEON(&key, &nonce, buf, buf, nil, &tag) })
	mustPanicWith(t, "openNEON", msg, func() { openNEON(&key, &nonce, buf, buf, nil, &tag) })
}
