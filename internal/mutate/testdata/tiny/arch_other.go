//go:build !arm64

package tiny

// Arch returns 64 on arm64 and 0 elsewhere.
func Arch() int { return 0 }
