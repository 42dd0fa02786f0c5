//go:build !amd64 || purego

package chacha20poly1305

// wideHead reports that seal and open start a long message as a short
// one: chacha20's XORKeyStreamHead, without the AVX-512 kernel, computes
// block 0 on its own.
func wideHead() bool { return false }

// sealShortAVX2 reports that seal must do the work: there is no AVX2
// assembly here.
func sealShortAVX2(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	return false
}

// openShortAVX2 reports that open must do the work: there is no AVX2
// assembly here.
func openShortAVX2(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	return false, false
}

// avx2FusedImplementations returns nothing: there is no AVX2 assembly
// here.
func avx2FusedImplementations() []string { return nil }

// useAVX2FusedOnly does nothing: there is no AVX2 assembly here.
func useAVX2FusedOnly() (restore func()) { return func() {} }
