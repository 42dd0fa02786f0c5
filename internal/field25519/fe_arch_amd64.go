//go:build amd64 && !purego

package field25519

import "github.com/carry-crypto/carry/internal/impl"

// useADX selects the assembly (implADX), where the CPU has BMI2 and ADX.
var useADX bool

func init() { impl.Register(implADX, &useADX) }

func feMul(v, a, b *[4]uint64) {
	if useADX {
		mulADX(v, a, b)
	} else {
		mulGeneric(v, a, b)
	}
}

func feSquareN(v, a *[4]uint64, n int) {
	if useADX {
		squareNADX(v, a, n)
	} else {
		squareNGeneric(v, a, n)
	}
}

func ladder(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) {
	if !useADX {
		ladderGeneric(x2, z2, k, u)
		return
	}
	var xz [8]uint64
	ladderADX(&xz, k, u)
	*x2, *z2 = [4]uint64(xz[0:4]), [4]uint64(xz[4:8])
}
