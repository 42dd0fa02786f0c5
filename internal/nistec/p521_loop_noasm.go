//go:build !amd64 || purego

package nistec

// windows adds the digits d to acc: windowsGeneric.
func (acc *p521Jacobian) windows(aff *[16]p521Affine, d []int32, acc0 int) int {
	return acc.windowsGeneric(aff, d, acc0)
}
