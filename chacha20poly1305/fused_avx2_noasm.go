//go:build !amd64 || purego

package chacha20poly1305

// wideHead reports that seal and open start a long message as a short
// one: chacha20's XORKeyStreamHead, without the AVX-512 kernel, computes
// block 0 on its own.
func wideHead() bool { return false }

// sealAVX2Kernels reports that seal must do the work: there is no AVX2
// assembly here.
func sealAVX2Kernels(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	return false
}

// openAVX2Kernels reports that open must do the work: there is no AVX2
// assembly here.
func openAVX2Kernels(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	return false, false
}

// avx2FusedImplementations returns nothing: there is no AVX2 assembly
// here.
func avx2FusedImplementations() []string { return nil }

// useAVX2FusedOnly does nothing: there is no AVX2 assembly here.
func useAVX2FusedOnly() (restore func()) { return func() {} }
