//go:build !arm64 || purego

package chacha20poly1305

import "github.com/carry-crypto/carry/internal/impl"

// useNEON reports that there are no arm64 kernels here: choosePath takes no
// message on pathNEON.
const useNEON = false

func init() {
	impl.Register(implNEON, nil)
}

// sealNEON is never called: choosePath takes no message on pathNEON.
func sealNEON(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	panic("carry/chacha20poly1305: internal error: no arm64 kernel")
}

// openNEON is never called: choosePath takes no message on pathNEON.
func openNEON(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	panic("carry/chacha20poly1305: internal error: no arm64 kernel")
}
