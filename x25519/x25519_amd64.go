//go:build !purego

package x25519

import "github.com/carry-crypto/carry/internal/impl"

// useADX selects the assembly (implADX), where the CPU has BMI2 and ADX.
var useADX bool

func init() { impl.Register(implADX, &useADX) }

func scalarMult(dst, k, u *[32]byte) {
	if !useADX {
		scalarMult64(dst, k, u)
		return
	}
	scalarMultADX(dst, k, u)
}

// scalarMultADX is scalarMult on the assembly ladder.
func scalarMultADX(dst, k, u *[32]byte) {
	var x1 fe64
	load64(&x1, u)
	var xz [8]uint64
	ladderADX(&xz, k, (*[4]uint64)(&x1))
	x2, z2 := (*fe64)(xz[0:4]), (*fe64)(xz[4:8])
	invert64(z2, z2)
	feMul(x2, x2, z2)
	store64(dst, x2)
}

// feMul sets v = a * b, as mul64.
func feMul(v, a, b *fe64) {
	if useADX {
		mulADX((*[4]uint64)(v), (*[4]uint64)(a), (*[4]uint64)(b))
	} else {
		mul64(v, a, b)
	}
}

// feSquareN sets v = a^(2^n), as squareN64.
func feSquareN(v, a *fe64, n int) {
	if useADX {
		squareNADX((*[4]uint64)(v), (*[4]uint64)(a), n)
	} else {
		squareN64(v, a, n)
	}
}
