//go:build !amd64 || purego

package chacha20poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// TestNoKernelStubsPanic checks that the stubs standing in for the amd64
// kernels refuse to run: were choosePath ever to pick one of their paths
// here, the call must fail loudly instead of leaving out unwritten.
func TestNoKernelStubsPanic(t *testing.T) {
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var tag [Overhead]byte
	buf := make([]byte, 64)
	const msg = "internal error"
	mustPanicWith(t, "chunked", msg, func() {
		var s chacha20.State
		var mac poly1305.MAC
		chunked(&s, &mac, &tag, buf, buf, buf, nil)
	})
	mustPanicWith(t, "shortSeal", msg, func() { shortSeal(&key, &nonce, buf, buf, nil, &tag) })
	mustPanicWith(t, "shortOpen", msg, func() { shortOpen(&key, &nonce, buf, buf, nil, &tag) })
	mustPanicWith(t, "sealKernel", msg, func() { sealKernel(pathFused, &key, &nonce, buf, buf, nil, &tag) })
	mustPanicWith(t, "openKernel", msg, func() { openKernel(pathFused, &key, &nonce, buf, buf, nil, &tag) })
}
