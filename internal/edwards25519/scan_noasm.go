//go:build !amd64 || purego

package edwards25519

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() { impl.Register(implAVX2, nil) }

func scanBase(out *packedNiels, tbl *[8]packedNiels, abs uint64) { scanBaseGeneric(out, tbl, abs) }
