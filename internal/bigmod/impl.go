package bigmod

import "github.com/carry-crypto/carry/internal/impl"

// implADX and implIFMA are the assembly of mont_amd64.s, as internal/impl
// lists it: the Montgomery multiplication kernels, which need MULX (BMI2),
// ADCX and ADOX (ADX); and the AVX-512 IFMA exponentiation (ammIFMAd and
// selectIFMA) for the moduli that have kernels (see ifmaDigits), whose
// kernels use zmm registers (AVX-512F), VPMADD52LUQ/HUQ (AVX512IFMA) and
// MULX, and which asks for AVX512VL too, as OpenSSL and AWS-LC do (the
// ymm form of the kernels would need it).
var (
	implADX = impl.Implementation{
		Package: "bigmod", Name: "adx", Needs: []string{"BMI2", "ADX"},
		Choice: "mul", For: "Montgomery multiplication (RSA)", Kernel: "ADX/BMI2",
	}
	implIFMA = impl.Implementation{
		Package: "bigmod", Name: "ifma", Needs: []string{"AVX512F", "AVX512IFMA", "AVX512VL", "BMI2"},
		Choice: "exp", For: "exponentiation modulo 1024 to 4096 bits", Kernel: "AVX-512 IFMA",
		Else: "Montgomery multiplication",
	}
)
