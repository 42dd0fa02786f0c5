package nistec

import "math/bits"

// bingcdSteps is the number of binary GCD steps of an inner loop: the
// approximations of a and b keep the low 31 bits and the top 33 bits.
const bingcdSteps = 31

// nonzeroMask returns all ones if w != 0, and 0 otherwise. Constant time.
func nonzeroMask(w uint64) uint64 {
	return -((w | -w) >> 63)
}

// bingcdInnerGeneric runs the 31 binary GCD steps of an inner loop on the
// approximations xa and xb, and returns their matrix packed two
// coefficients a word, as in Pornin's implementation (eprint 2020/972,
// section 4): fg0 = f0 + 2^32·g0 and fg1 = f1 + 2^32·g1 (mod 2^64), where
// the new a is (f0·a + g0·b)/2^31 and the new b (f1·a + g1·b)/2^31. Each
// coefficient is in [-(2^31-1), 2^31], so that adding bingcdOffset to a
// packed word leaves each half in [0, 2^32): the coefficient plus 2^31 - 1.
// The steps only add, subtract and double, which act on both halves at once.
// Constant time: every choice is a mask.
func bingcdInnerGeneric(xa, xb uint64) (fg0, fg1 uint64) {
	fg0, fg1 = 1, 1<<32
	for range bingcdSteps {
		odd := -(xa & 1)
		_, lt := bits.Sub64(xa, xb, 0)
		swap := odd & -lt
		t := (xa ^ xb) & swap
		xa ^= t
		xb ^= t
		t = (fg0 ^ fg1) & swap
		fg0 ^= t
		fg1 ^= t
		xa -= xb & odd
		fg0 -= fg1 & odd
		xa >>= 1
		fg1 <<= 1
	}
	return fg0, fg1
}

// bingcdOffset, added to a packed word of bingcdInnerGeneric, makes each
// half the coefficient plus 2^31 - 1.
const bingcdOffset = 0x7fffffff_7fffffff
