package edwards25519

import "github.com/carry-crypto/carry/internal/impl"

// implAVX2 is the AVX2 table scan of scan_amd64.s, as internal/impl lists
// it.
var implAVX2 = impl.Implementation{
	Package: "edwards25519", Name: "avx2", Needs: []string{"AVX2"},
	Choice: "scan", For: "fixed-base table scan", Kernel: "AVX2",
}
