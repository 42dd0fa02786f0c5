//go:build !amd64 || purego

package nistec

// bingcdInner is bingcdInnerGeneric: the build has no assembly.
func bingcdInner(xa, xb uint64) (fg0, fg1 uint64) { return bingcdInnerGeneric(xa, xb) }
