//go:build !amd64 || purego

package chacha20poly1305

// haveAVX2Chunks is false: there is no AVX2 assembly here.
const haveAVX2Chunks = false

// sealAVX2Chunked reports that seal must do the work: there is no AVX2
// assembly here.
func sealAVX2Chunked(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	return false
}

// openAVX2Chunked reports that open must do the work: there is no AVX2
// assembly here.
func openAVX2Chunked(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	return false, false
}

// useAVX2ChunksOnly does nothing: there is no AVX2 assembly here.
func useAVX2ChunksOnly() (restore func()) { return func() {} }
