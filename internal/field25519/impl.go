package field25519

import "github.com/carry-crypto/carry/internal/impl"

// implADX is the assembly of fe_amd64.s, as internal/impl lists it: the
// multiplication and squarings (MULX, ADCX, ADOX) and the X25519 ladder
// built from them.
var implADX = impl.Implementation{
	Package: "field25519", Name: "adx", Needs: []string{"BMI2", "ADX"},
	Choice: "mul", For: "Curve25519 field and X25519 ladder", Kernel: "ADX/BMI2",
}

// implIFMA is the X25519 ladder of fe_amd64.s with AVX-512 IFMA: a step's
// coordinates, and x1 times each, side by side in the lanes of Z registers.
var implIFMA = impl.Implementation{
	Package: "field25519", Name: "ifma", Needs: []string{"AVX512F", "AVX512DQ", "AVX512IFMA"},
	Choice: "ladder", For: "X25519 ladder", Kernel: "AVX-512 IFMA", Else: "the mul kernel's",
}
