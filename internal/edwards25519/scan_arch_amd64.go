//go:build amd64 && !purego

package edwards25519

import "github.com/carry-crypto/carry/internal/impl"

// useAVX2 selects the AVX2 table scan (implAVX2), where the CPU has AVX2.
var useAVX2 bool

func init() { impl.Register(implAVX2, &useAVX2) }

func scanBase(out *packedNiels, tbl *[8]packedNiels, abs uint64) {
	if useAVX2 {
		scanBaseAVX2(out, tbl, abs)
	} else {
		scanBaseGeneric(out, tbl, abs)
	}
}
