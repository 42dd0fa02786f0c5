//go:build amd64 && !purego

package field25519

import "golang.org/x/sys/cpu"

// useBMI2 selects the MULX kernels of fe_amd64.s. ADX is required with BMI2,
// as by the other amd64 code of this module, so that one check covers every
// CPU the assembly is tested on; the kernels themselves use MULX only. Tests
// flip it to run both paths.
var useBMI2 = cpu.X86.HasBMI2 && cpu.X86.HasADX

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
