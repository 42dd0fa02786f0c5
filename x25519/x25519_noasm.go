//go:build !amd64 || purego

package x25519

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() { impl.Register(implADX, nil) }

func scalarMult(dst, k, u *[32]byte) { scalarMult64(dst, k, u) }

func feMul(v, a, b *fe64) { mul64(v, a, b) }

func feSquareN(v, a *fe64, n int) { squareN64(v, a, n) }
