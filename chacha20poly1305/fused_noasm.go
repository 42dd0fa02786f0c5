//go:build !amd64 || purego

package chacha20poly1305

// shortOK reports that shortSeal and shortOpen take no message: there is no
// fused assembly here.
func shortOK(n, adLen int) bool { return false }

// shortSeal is never called: shortOK is false.
func shortSeal(key *[KeySize]byte, nonce *[NonceSize]byte, dst, src, ad []byte, tag *[Overhead]byte) {
	panic("chacha20poly1305: internal error: no short kernel")
}

// shortOpen is never called: shortOK is false.
func shortOpen(key *[KeySize]byte, nonce *[NonceSize]byte, dst, src, ad []byte, tag *[Overhead]byte) int {
	panic("chacha20poly1305: internal error: no short kernel")
}

// sealShort reports that seal must do the work: there is no fused
// assembly here.
func sealShort(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	return false
}

// openShort reports that open must do the work: there is no fused
// assembly here.
func openShort(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	return false, false
}

// fusedImplementations returns nothing: there is no fused assembly here.
func fusedImplementations() []string { return nil }

// useFusedImplementation does nothing: there is no fused assembly here.
func useFusedImplementation(on bool) (restore func()) { return func() {} }
