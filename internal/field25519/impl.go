package field25519

import "github.com/carry-crypto/carry/internal/impl"

// implADX is the assembly of fe_amd64.s, as internal/impl lists it: the
// multiplication and squarings (MULX, ADCX, ADOX) and the X25519 ladder
// built from them.
var implADX = impl.Implementation{
	Package: "field25519", Name: "adx", Needs: []string{"BMI2", "ADX"},
	Choice: "mul", For: "Curve25519 field and X25519 ladder", Kernel: "ADX/BMI2",
}
