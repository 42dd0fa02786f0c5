//go:build !amd64 || purego

package chacha20poly1305

import (
	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// chunked is never called: choosePath takes no message on pathChunks.
func chunked(s *chacha20.State, mac *poly1305.MAC, tag *[Overhead]byte, out, in, ciphertext, additionalData []byte) {
	panic("carry/chacha20poly1305: internal error: no chunk kernel")
}

// macGroups reports that authenticate must write the MAC's input itself:
// there is no vector loop here.
func macGroups(mac *poly1305.MAC, additionalData, ciphertext []byte, lengths *[16]byte) bool {
	return false
}
