package bigmod

//go:generate sh -c "cd _gen && go run . -out ../mont_sized.go"

// This file chooses the Montgomery kernel for a limb count: the unrolled
// kernels of mont_sized.go for the sizes RSA uses, the loops of
// mont_generic.go for any other. An assembly kernel for a size, when there
// is one, is chosen here too: a kernel has the shape of montMul below, works
// on slices whose length is the modulus's limb count, and is tested against
// montMulGeneric.

// montMul sets z = x·y·R⁻¹ mod m (see [montMulGeneric] for the contract).
// z must not overlap x, y or m; x and y may be the same slice.
func montMul(z, x, y, m []uint64, m0inv uint64) {
	if useADX && montMulADX(z, x, y, m, m0inv) {
		return
	}
	switch len(m) {
	case 8:
		montMul8((*[8]uint64)(z), (*[8]uint64)(x), (*[8]uint64)(y), (*[8]uint64)(m), m0inv)
	case 16:
		montMul16((*[16]uint64)(z), (*[16]uint64)(x), (*[16]uint64)(y), (*[16]uint64)(m), m0inv)
	case 24:
		montMul24((*[24]uint64)(z), (*[24]uint64)(x), (*[24]uint64)(y), (*[24]uint64)(m), m0inv)
	case 32:
		montMul32((*[32]uint64)(z), (*[32]uint64)(x), (*[32]uint64)(y), (*[32]uint64)(m), m0inv)
	case 48:
		montMul48((*[48]uint64)(z), (*[48]uint64)(x), (*[48]uint64)(y), (*[48]uint64)(m), m0inv)
	case 64:
		montMul64((*[64]uint64)(z), (*[64]uint64)(x), (*[64]uint64)(y), (*[64]uint64)(m), m0inv)
	default:
		montMulGeneric(z, x, y, m, m0inv)
	}
}

// montSqr sets z = x²·R⁻¹ mod m, for x < m; z must not overlap x or m.
//
// It squares rather than multiplies (see [montSqrGeneric]): n(n+1)/2 + n²
// products against 2n². With useADX, the assembly (see montSqrADX) serves
// the sizes it has.
func montSqr(z, x, m []uint64, m0inv uint64) {
	if useADX && montSqrADX(z, x, m, m0inv) {
		return
	}
	switch len(m) {
	case 8:
		montSqr8((*[8]uint64)(z), (*[8]uint64)(x), (*[8]uint64)(m), m0inv)
	case 16:
		montSqr16((*[16]uint64)(z), (*[16]uint64)(x), (*[16]uint64)(m), m0inv)
	case 24:
		montSqr24((*[24]uint64)(z), (*[24]uint64)(x), (*[24]uint64)(m), m0inv)
	case 32:
		montSqr32((*[32]uint64)(z), (*[32]uint64)(x), (*[32]uint64)(m), m0inv)
	case 48:
		montSqr48((*[48]uint64)(z), (*[48]uint64)(x), (*[48]uint64)(m), m0inv)
	case 64:
		montSqr64((*[64]uint64)(z), (*[64]uint64)(x), (*[64]uint64)(m), m0inv)
	default:
		montSqrGeneric(z, x, m, m0inv)
	}
}

// montRedc sets z = t·R⁻¹ mod m for a 2n-word t < m·R, overwriting t (see
// [montRedcGeneric]). z must not overlap t or m.
func montRedc(z, t, m []uint64, m0inv uint64) {
	switch len(m) {
	case 8:
		montRedc8((*[8]uint64)(z), (*[16]uint64)(t), (*[8]uint64)(m), m0inv)
	case 16:
		montRedc16((*[16]uint64)(z), (*[32]uint64)(t), (*[16]uint64)(m), m0inv)
	case 24:
		montRedc24((*[24]uint64)(z), (*[48]uint64)(t), (*[24]uint64)(m), m0inv)
	case 32:
		montRedc32((*[32]uint64)(z), (*[64]uint64)(t), (*[32]uint64)(m), m0inv)
	case 48:
		montRedc48((*[48]uint64)(z), (*[96]uint64)(t), (*[48]uint64)(m), m0inv)
	case 64:
		montRedc64((*[64]uint64)(z), (*[128]uint64)(t), (*[64]uint64)(m), m0inv)
	default:
		montRedcGeneric(z, t, m, m0inv)
	}
}
