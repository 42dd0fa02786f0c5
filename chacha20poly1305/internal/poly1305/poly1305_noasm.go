//go:build !amd64 || purego

package poly1305

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() {
	impl.Register(implMULX, nil)
	impl.Register(implIFMA, nil)
}

// blocks adds the blocks of p to m's accumulator with blocksGeneric, on
// 64-bit words converted from and back to the MAC's limbs.
func blocks(m *MAC, p []byte, hibit uint64) {
	w := to64(&m.h)
	blocksGeneric(&w, &m.r64, p, hibit)
	from64(&m.h, &w)
}

// prepare does nothing: there is no vector loop here.
func prepare(m *MAC) {}
