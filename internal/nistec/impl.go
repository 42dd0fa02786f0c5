package nistec

import "github.com/carry-crypto/carry/internal/impl"

// implADX and implAVX512 are the assembly of this package, as
// internal/impl lists it: the MULX, ADCX and ADOX kernels of
// p256_field_amd64.s, p384_field_amd64.s, p521_field_amd64.s and
// bingcd_amd64.s, and the AVX-512 scans of P-256's tables
// (p256SelectBaseAVX512, and p256SelectAVX512, which uses AVX-512VL too)
// in place of the SSE2 ones.
var (
	implADX = impl.Implementation{
		Package: "nistec", Name: "adx", Needs: []string{"BMI2", "ADX"},
		Choice: "field", For: "P-256, P-384 and P-521 fields, inversion", Kernel: "ADX/BMI2",
	}
	implAVX512 = impl.Implementation{
		Package: "nistec", Name: "avx512", Needs: []string{"AVX512F", "AVX512VL"},
		Choice: "scan", For: "P-256 table scans", Kernel: "AVX-512", Else: "SSE2",
	}
)
