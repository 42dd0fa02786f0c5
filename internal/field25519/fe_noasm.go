//go:build !amd64 || purego

package field25519

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() { impl.Register(implBMI2, nil) }

func feMul(v, a, b *Element) { feMulGeneric(v, a, b) }

func feSquare(v, a *Element) { feSquareGeneric(v, a) }

func feSquareN(v, a *Element, n int) { feSquareNGeneric(v, a, n) }
