//go:build amd64 && !purego

package field25519

import "github.com/carry-crypto/carry/internal/impl"

// useBMI2 selects the MULX kernels (implBMI2), where the CPU has BMI2 and
// ADX.
var useBMI2 bool

func init() { impl.Register(implBMI2, &useBMI2) }

func feMul(v, a, b *Element) {
	if useBMI2 {
		feMulBMI2(v, a, b)
	} else {
		feMulGeneric(v, a, b)
	}
}

func feSquare(v, a *Element) {
	if useBMI2 {
		feSquareBMI2(v, a)
	} else {
		feSquareGeneric(v, a)
	}
}

func feSquareN(v, a *Element, n int) {
	if useBMI2 {
		feSquareNBMI2(v, a, n)
	} else {
		feSquareNGeneric(v, a, n)
	}
}
