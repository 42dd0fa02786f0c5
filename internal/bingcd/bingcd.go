// Package bingcd is the inner loop of the constant-time binary GCD
// inversions of internal/nistec: Pornin's optimized binary GCD ("Optimized
// Binary GCD for Modular Inversion", eprint 2020/972, Algorithm 2 with
// k = 32).
//
// An inversion's outer loop holds a and b (b odd) and, each iteration,
// builds 64-bit approximations of them: the top 33 bits at the length of the
// larger (at least 64 bits), above the true low Steps bits. Inner runs Steps
// steps of the binary GCD on the approximations (if a is odd: swap a and b
// if a < b, then a -= b; then a /= 2) and returns the matrix that maps the
// iteration's a and b, scaled by 2^Steps, to the new ones, two coefficients
// a word; the outer loop adds Offset to each word to read the coefficients
// as unsigned halves, and applies the matrix to a, b and their Bézout
// coefficients.
//
// Inner is assembly on amd64 (CMOV, in every amd64 CPU) and innerGeneric
// elsewhere and with the purego tag; both give the same words for any
// inputs.
package bingcd

import "math/bits"

// Steps is the number of binary GCD steps that Inner runs: the
// approximations keep the low 31 bits of a and b, and their top 33 bits.
const Steps = 31

// Offset, added (mod 2^64) to a word that Inner returns, makes each of its
// halves the coefficient plus 2^31 - 1, in [0, 2^32).
const Offset = 0x7fffffff_7fffffff

// NonzeroMask returns all ones if w != 0, and 0 otherwise: the outer loops
// use it to find the top nonzero word of a or b. Constant time.
func NonzeroMask(w uint64) uint64 {
	return -((w | -w) >> 63)
}

// innerGeneric is Inner in Go. The steps only add, subtract and double,
// which act on both halves of a packed word at once. Constant time: every
// choice is a mask.
func innerGeneric(xa, xb uint64) (fg0, fg1 uint64) {
	fg0, fg1 = 1, 1<<32
	for range Steps {
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
