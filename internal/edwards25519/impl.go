package edwards25519

import "github.com/carry-crypto/carry/internal/impl"

// implAVX2 is the AVX2 table scan of edwards_amd64.s, as internal/impl
// lists it.
var implAVX2 = impl.Implementation{
	Package: "edwards25519", Name: "avx2", Needs: []string{"AVX2"},
	Choice: "scan", For: "fixed-base table scan", Kernel: "AVX2",
}

// implADX is the point formulas of edwards_amd64.s, on internal/field25519's
// MULX/ADCX/ADOX multiplication, as internal/impl lists it.
var implADX = impl.Implementation{
	Package: "edwards25519", Name: "adx", Needs: []string{"BMI2", "ADX"},
	Choice: "point", For: "point addition and doubling", Kernel: "ADX/BMI2",
}

// implIFMA is the vector code of edwards_amd64.s with AVX-512 IFMA: the
// fixed-base additions, two accumulators side by side in the lanes of Z
// registers, and the loop of verification's double-scalar multiplication.
var implIFMA = impl.Implementation{
	Package: "edwards25519", Name: "ifma", Needs: []string{"AVX512F", "AVX512DQ", "AVX512IFMA"},
	Choice: "base", For: "fixed-base table additions, verification", Kernel: "AVX-512 IFMA", Else: "the scan and point kernels'",
}
