//go:build !amd64 || purego

package tiny

// Ident returns x.
func Ident(x uint64) uint64 { return x }
