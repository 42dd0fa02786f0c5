package x25519

import "github.com/carry-crypto/carry/internal/impl"

// implADX is the assembly of ladder_amd64.s, as internal/impl lists it:
// the ladder, and the multiplications of the inversion after it.
var implADX = impl.Implementation{
	Package: "x25519", Name: "adx", Needs: []string{"BMI2", "ADX"},
	Choice: "ladder", For: "Montgomery ladder", Kernel: "ADX/BMI2",
}
