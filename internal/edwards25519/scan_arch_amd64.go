//go:build amd64 && !purego

package edwards25519

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 table scan of scan_amd64.s. Tests flip it to run
// both paths.
var useAVX2 = cpu.X86.HasAVX2

func scanBase(out *packedNiels, tbl *[8]packedNiels, abs uint64) {
	if useAVX2 {
		scanBaseAVX2(out, tbl, abs)
	} else {
		scanBaseGeneric(out, tbl, abs)
	}
}
