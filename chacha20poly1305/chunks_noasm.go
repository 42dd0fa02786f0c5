//go:build !amd64 || purego

package chacha20poly1305

import (
	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// chunked reports that sealLong or openLong must do the work: there is no
// fused assembly here.
func chunked(s *chacha20.State, mac *poly1305.MAC, tag *[Overhead]byte, out, in, ciphertext, additionalData []byte) bool {
	return false
}

// macGroups reports that authenticate must write the MAC's input itself:
// there is no vector loop here.
func macGroups(mac *poly1305.MAC, additionalData, ciphertext []byte, lengths *[16]byte) bool {
	return false
}
