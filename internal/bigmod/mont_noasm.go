//go:build !amd64 || purego

package bigmod

import "github.com/carry-crypto/carry/internal/impl"

// useADX is false where there is no assembly: mont.go's calls of the
// assembly kernels compile away.
const useADX = false

func init() { impl.Register(implADX, nil) }

func montMulADX(z, x, y, m []uint64, m0inv uint64) bool { return false }

func montSqrADX(z, x, m []uint64, m0inv uint64) bool { return false }
