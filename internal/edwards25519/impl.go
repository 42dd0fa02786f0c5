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
