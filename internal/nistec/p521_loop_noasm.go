//go:build !amd64 || purego

package nistec

// windows adds the digits d to acc: windowsGeneric.
func (acc *p521Jacobian) windows(table *p521Table, d []int32, acc0 int) int {
	return acc.windowsGeneric(table, d, acc0)
}
