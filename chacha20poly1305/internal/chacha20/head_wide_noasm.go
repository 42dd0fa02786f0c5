//go:build !amd64 || purego

package chacha20

// xorKeyStreamHeadWide is XORKeyStreamHeadWide's two passes: there is no
// assembly here.
func xorKeyStreamHeadWide(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	xorKeyStreamHeadWideGeneric(s, block0, dst, src)
}
