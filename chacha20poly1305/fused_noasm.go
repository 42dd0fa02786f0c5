//go:build !amd64 || purego

package chacha20poly1305

import "github.com/carry-crypto/carry/internal/impl"

// useFused, useAVX2Fused and useChunks report that there are no assembly
// kernels here: choosePath takes every message on pathPortable.
const useFused, useAVX2Fused, useChunks = false, false, false

func init() {
	impl.Register(implFused, nil)
	impl.Register(implAVX2Fused, nil)
	impl.Register(implChunks, nil)
}

// shortSeal is never called: choosePath takes no message on pathShort.
func shortSeal(key *[KeySize]byte, nonce *[NonceSize]byte, dst, src, ad []byte, tag *[Overhead]byte) {
	panic("carry/chacha20poly1305: internal error: no short kernel")
}

// shortOpen is never called: choosePath takes no message on pathShort.
func shortOpen(key *[KeySize]byte, nonce *[NonceSize]byte, dst, src, ad []byte, tag *[Overhead]byte) int {
	panic("carry/chacha20poly1305: internal error: no short kernel")
}

// sealKernel is never called: choosePath takes no message on a kernel.
func sealKernel(p path, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	panic("carry/chacha20poly1305: internal error: no kernel for the path")
}

// openKernel is never called: choosePath takes no message on a kernel.
func openKernel(p path, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	panic("carry/chacha20poly1305: internal error: no kernel for the path")
}

// pageTail reports false: there are no AVX-512 kernels here.
func pageTail(dst, src []byte) bool { return false }

// sealBounced is never called: pageTail is false.
func sealBounced(p path, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	panic("carry/chacha20poly1305: internal error: no kernel for the path")
}

// openBounced is never called: pageTail is false.
func openBounced(p path, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	panic("carry/chacha20poly1305: internal error: no kernel for the path")
}
