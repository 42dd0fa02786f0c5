//go:build !amd64 || purego

package field25519

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() {
	impl.Register(implADX, nil)
	impl.Register(implIFMA, nil)
}

func feMul(v, a, b *[4]uint64) { mulGeneric(v, a, b) }

func feSquareN(v, a *[4]uint64, n int) { squareNGeneric(v, a, n) }

func ladder(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) { ladderGeneric(x2, z2, k, u) }

func divstepsBatch(dd int64, f, g uint64) (int64, int64, int64, int64, int64) {
	return divstepsBatchGeneric(dd, f, g)
}
