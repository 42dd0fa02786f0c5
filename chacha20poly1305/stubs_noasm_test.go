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
	mustRefuse(t, "chunked", func(_ *[KeySize]byte, _ *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		var s chacha20.State
		var mac poly1305.MAC
		chunked(&s, &mac, tag, buf, buf, buf, nil)
	})
	mustRefuse(t, "shortSeal", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		shortSeal(key, nonce, buf, buf, nil, tag)
	})
	mustRefuse(t, "shortOpen", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		shortOpen(key, nonce, buf, buf, nil, tag)
	})
	mustRefuse(t, "sealKernel", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		sealKernel(pathFused, key, nonce, buf, buf, nil, tag)
	})
	mustRefuse(t, "openKernel", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		openKernel(pathFused, key, nonce, buf, buf, nil, tag)
	})
	mustRefuse(t, "sealBounced", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		sealBounced(pathFused, key, nonce, buf, buf, nil, tag)
	})
	mustRefuse(t, "openBounced", func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
		openBounced(pathFused, key, nonce, buf, buf, nil, tag)
	})
}
