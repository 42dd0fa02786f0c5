//go:build !amd64 || purego

package edwards25519

func scanBase(out *packedNiels, tbl *[8]packedNiels, abs uint64) { scanBaseGeneric(out, tbl, abs) }
