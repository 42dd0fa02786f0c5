//go:build !purego

package bigmod

import "github.com/carry-crypto/carry/internal/impl"

//go:generate sh -c "cd _asm && go run . -out ../mont_amd64.s -stubs ../mont_amd64.go -pkg bigmod"

// useADX selects the assembly kernels (implADX), where the CPU has BMI2
// and ADX.
var useADX bool

func init() { impl.Register(implADX, &useADX) }

// montMulADX sets z = x·y·R⁻¹ mod m with the assembly kernel for m's limb
// count, under [montMul]'s contract, and returns true; it returns false, and
// leaves z alone, if there is no kernel for that count. It requires useADX.
func montMulADX(z, x, y, m []uint64, m0inv uint64) bool {
	switch len(m) {
	case 16:
		montMulADX16((*[16]uint64)(z), (*[16]uint64)(x), (*[16]uint64)(y), (*[16]uint64)(m), m0inv)
	case 24:
		montMulADX24((*[24]uint64)(z), (*[24]uint64)(x), (*[24]uint64)(y), (*[24]uint64)(m), m0inv)
	case 32:
		montMulADX32((*[32]uint64)(z), (*[32]uint64)(x), (*[32]uint64)(y), (*[32]uint64)(m), m0inv)
	case 48:
		montMulADX48((*[48]uint64)(z), (*[48]uint64)(x), (*[48]uint64)(y), (*[48]uint64)(m), m0inv)
	case 64:
		montMulADX64((*[64]uint64)(z), (*[64]uint64)(x), (*[64]uint64)(y), (*[64]uint64)(m), m0inv)
	default:
		return false
	}
	return true
}

// montSqrADX sets z = x²·R⁻¹ mod m with the assembly for m's limb count,
// under [montSqr]'s contract, and returns true; it returns false, and leaves
// z alone, if there is no kernel for that count. It requires useADX.
//
// At 16 to 32 limbs it squares (montSqrADXn); at 48 and 64, which have no
// squaring kernel, it multiplies x by itself, still faster than the Go
// squarings there.
func montSqrADX(z, x, m []uint64, m0inv uint64) bool {
	switch len(m) {
	case 16:
		montSqrADX16((*[16]uint64)(z), (*[16]uint64)(x), (*[16]uint64)(m), m0inv)
	case 24:
		montSqrADX24((*[24]uint64)(z), (*[24]uint64)(x), (*[24]uint64)(m), m0inv)
	case 32:
		montSqrADX32((*[32]uint64)(z), (*[32]uint64)(x), (*[32]uint64)(m), m0inv)
	default:
		return montMulADX(z, x, x, m, m0inv)
	}
	return true
}
