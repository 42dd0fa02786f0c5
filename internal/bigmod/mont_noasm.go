//go:build !amd64 || purego

package bigmod

// useADX is false where there is no assembly: mont.go's calls of the
// assembly kernels compile away.
const useADX = false

func montMulADX(z, x, y, m []uint64, m0inv uint64) bool { return false }

func montSqrADX(z, x, m []uint64, m0inv uint64) bool { return false }
