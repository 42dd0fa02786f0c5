//go:build !amd64 || purego

package chacha20

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() {
	impl.Register(implAVX512, nil)
	impl.Register(implAVX2, nil)
}

func xorKeyStream(s *State, dst, src []byte) { xorKeyStreamGeneric(s, dst, src) }

func xorKeyStreamHead(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	xorKeyStreamHeadGeneric(s, block0, dst, src)
}
