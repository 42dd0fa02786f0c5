package field25519

import "github.com/carry-crypto/carry/internal/impl"

// implBMI2 is the MULX kernels of fe_amd64.s, as internal/impl lists it.
// They use MULX only; ADX is asked for too, as by the module's other
// amd64 code, so that one check covers every CPU the assembly is tested on.
var implBMI2 = impl.Implementation{
	Package: "field25519", Name: "bmi2", Needs: []string{"BMI2", "ADX"},
	Choice: "mul", For: "Curve25519 field (Ed25519)", Kernel: "ADX/BMI2",
}
