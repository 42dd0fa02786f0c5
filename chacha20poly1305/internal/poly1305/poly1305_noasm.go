//go:build !amd64 || purego

package poly1305

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() {
	impl.Register(implMULX, nil)
	impl.Register(implIFMA, nil)
}

func blocks(m *MAC, p []byte, hibit uint64) { blocksGeneric(m, p, hibit) }

// prepare does nothing: there is no vector loop here.
func prepare(m *MAC) {}
