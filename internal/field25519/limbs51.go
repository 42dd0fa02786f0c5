package field25519

// Limbs51 returns v reduced below 2^255 + 19 in five limbs of radix 2^51,
// least significant first, each below 2^51 + 1: the form of the vector
// code's elements (AVX-512 IFMA).
func (v *Element) Limbs51() [5]uint64 { return limbs51(&v.w) }

// SetLimbs51 sets v to the value of the five limbs of radix 2^51 l, least
// significant first, each below 2^51 + 2^15, and returns v.
func (v *Element) SetLimbs51(l *[5]uint64) *Element {
	v.w = words51(l[0], l[1], l[2], l[3], l[4])
	return v
}

// limbs51 returns u (below 2^256) reduced below 2^255 + 19 in five limbs of
// radix 2^51, each below 2^51 + 1.
func limbs51(u *[4]uint64) [5]uint64 {
	const m = 1<<51 - 1
	w0, w1, w2, w3 := fold(u[0], u[1], u[2], u[3], 0)
	// The two parts of a limb have no bit in common: + joins them.
	return [5]uint64{w0 & m, (w0>>51 + w1<<13) & m, (w1>>38 + w2<<26) & m, (w2>>25 + w3<<39) & m, w3 >> 12}
}

// words51 returns the value of five limbs of radix 2^51, each below
// 2^51 + 2^15, as four words: it is below 2^256.
func words51(l0, l1, l2, l3, l4 uint64) [4]uint64 {
	const m = 1<<51 - 1
	l1 += l0 >> 51
	l2 += l1 >> 51
	l3 += l2 >> 51
	l4 += l3 >> 51
	l0, l1, l2, l3 = l0&m, l1&m, l2&m, l3&m
	// Each word joins two carried limbs' bits, none in common: + joins them.
	return [4]uint64{l0 + l1<<51, l1>>13 + l2<<38, l2>>26 + l3<<25, l3>>39 + l4<<12}
}
