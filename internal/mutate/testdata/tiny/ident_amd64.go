//go:build !purego

package tiny

// Ident returns x.
func Ident(x uint64) uint64
