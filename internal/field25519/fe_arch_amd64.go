//go:build amd64 && !purego

package field25519

import "github.com/carry-crypto/carry/internal/impl"

// useADX selects the assembly (implADX), where the CPU has BMI2 and ADX;
// useIFMA the vector ladder (implIFMA), where it has AVX-512 IFMA.
var useADX, useIFMA bool

func init() {
	impl.Register(implADX, &useADX)
	impl.Register(implIFMA, &useIFMA)
}

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
	if useIFMA {
		ladderVec(x2, z2, k, u)
		return
	}
	if !useADX {
		ladderGeneric(x2, z2, k, u)
		return
	}
	var xz [8]uint64
	ladderADX(&xz, k, u)
	*x2, *z2 = [4]uint64(xz[0:4]), [4]uint64(xz[4:8])
}

// ladderVec runs ladderIFMA on k and u (any value below 2^256), and sets
// x2 and z2 below 2^256.
func ladderVec(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) {
	var uu [4]uint64
	feMul(&uu, u, u)
	l, ll := limbs51(u), limbs51(&uu)
	// The state (x2, z2, x3, z3) = (1, 0, u, 1), and u times each.
	var st [40]uint64
	for i := range 5 {
		st[8*i+2], st[8*i+4], st[8*i+6], st[8*i+7] = l[i], l[i], ll[i], l[i]
	}
	st[0], st[3] = 1, 1
	ladderIFMA(&st, k)
	*x2 = words51(st[0], st[8], st[16], st[24], st[32])
	*z2 = words51(st[1], st[9], st[17], st[25], st[33])
}
