//go:build !purego

package chacha20poly1305

// haveAVX2Chunks is whether the CPU runs the AVX2 chunk kernels
// (chunks_avx2_amd64.s: sealAVX2Chunks and openAVX2Chunks): ChaCha20 on
// eight vertical blocks in ymm registers and Poly1305 on MULX stitched into
// its rounds, for long messages on CPUs without AVX-512.
var haveAVX2Chunks = haveAVX2Fused

// useAVX2Chunks selects the AVX2 chunk kernels, where useFused does not
// select the AVX-512 ones. Tests flip it (useAVX2ChunksOnly).
var useAVX2Chunks = haveAVX2Chunks

// sealAVX2Chunked is seal's work on the AVX2 chunk kernel, if it is in use
// (and the AVX-512 kernels are not) and the plaintext is longer than
// avx2Max, the AVX2 short kernels' longest: it sets ciphertext to the
// encryption of plaintext and writes the tag over additionalData and
// ciphertext to tag. It reports whether it did the work. ciphertext and
// plaintext are the same slice or do not overlap, and neither overlaps
// additionalData or tag (seal checks). It is constant time: the kernel's
// branches test public lengths only.
func sealAVX2Chunked(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	if !useAVX2Chunks || useFused || len(plaintext) <= avx2Max {
		return false
	}
	sealAVX2Chunks(key, nonce, ciphertext, plaintext, additionalData, tag)
	return true
}

// openAVX2Chunked is open's work on the AVX2 chunk kernel, as
// sealAVX2Chunked is seal's: done reports whether it did the work, and ok
// whether the tag was right. It writes out either way: the caller must
// zero out if the tag was wrong. The tag is copied first: out may overlap
// it (the memory after the ciphertext), and the kernel writes out before
// it reads the tag. out and ciphertext are the same slice or do not
// overlap, and out does not overlap additionalData (open checks). It is
// constant time: the kernel's branches test public lengths, and the tag
// is compared in constant time; only whether it was right is branched on
// (Open's public result).
func openAVX2Chunked(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	if !useAVX2Chunks || useFused || len(ciphertext) <= avx2Max {
		return false, false
	}
	expected := *tag
	return true, openAVX2Chunks(key, nonce, out, ciphertext, additionalData, &expected) == 1
}

// useAVX2ChunksOnly turns the AVX-512 fused kernels off and the AVX2 chunk
// kernels on (on the CPUs that run them), and returns a function that
// restores the previous choice. It is for tests.
func useAVX2ChunksOnly() (restore func()) {
	old, oldChunks := useFused, useAVX2Chunks
	useFused, useAVX2Chunks = false, haveAVX2Chunks
	return func() { useFused, useAVX2Chunks = old, oldChunks }
}
