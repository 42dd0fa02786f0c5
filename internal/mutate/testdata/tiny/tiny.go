// Package tiny is the package the tests of the mutate command run it on.
package tiny

import "math/bits"

// Add128 returns (ahi, alo) + (bhi, blo) mod 2^128.
func Add128(ahi, alo, bhi, blo uint64) (hi, lo uint64) {
	lo, c := bits.Add64(alo, blo, 0)
	hi, _ = bits.Add64(ahi, bhi, c)
	return hi, lo
}

// Sub returns a - b.
func Sub(a, b uint64) uint64 { return a - b }

// Select returns a if cond is 1 and b if it is 0.
func Select(a, b uint64, cond int) uint64 {
	mask := -uint64(cond & 1)
	return a&mask | b&^mask
}

// Fold returns the XOR of x[i] << 1 over the first four words.
func Fold(x *[4]uint64) uint64 {
	var s uint64
	for i := 0; i < 4; i++ {
		s ^= x[i] << 1
	}
	return s
}

// Second returns x[1].
func Second(x *[4]uint64) uint64 { return x[1] }

// Clamp returns n, at most 3. Its tests never pass more than 3.
func Clamp(n int) int {
	if n > 3 {
		n = 3
	}
	return n
}

// Last returns x[3].
func Last(x *[4]uint64) uint64 { return x[3] }

// Steps returns how many times 2 goes into n >= 0, by subtraction.
func Steps(n int) int {
	k := 0
	for n >= 2 {
		n -= 2
		k++
	}
	return k
}

// Bump returns n + 1 where Arch is 64 (arm64) and n elsewhere: a statement
// only the arm64 build reaches, in a file every build compiles.
func Bump(n int) int {
	if Arch() == 64 {
		n++
	}
	return n
}
