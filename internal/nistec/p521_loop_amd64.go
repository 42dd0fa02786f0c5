//go:build amd64 && !purego

package nistec

import "unsafe"

// windows adds the digits d to acc as windowsGeneric does, with the
// assembly (p521WindowsADX) when the CPU has BMI2 and ADX. Constant time;
// the branches are on the CPU and the number of digits, not on the values.
func (acc *p521Jacobian) windows(aff *[16]p521Affine, d []int32, acc0 int) int {
	if useADX && len(d) > 0 {
		return p521WindowsADX((*[27]uint64)(unsafe.Pointer(acc)), (*[16][18]uint64)(unsafe.Pointer(aff)), &d[0], len(d), acc0)
	}
	return acc.windowsGeneric(aff, d, acc0)
}
