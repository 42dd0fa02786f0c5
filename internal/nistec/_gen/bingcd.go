package main

import "math/big"

// bingcdIterations mirrors bingcdIterations of package nistec (bingcd.go).
func bingcdIterations(bitLen int) int {
	return (2*bitLen-1+31-1)/31 + 1
}

// emitBinaryInvert writes name(z, x), z = 1/x mod m (0 for 0) as the field
// holds them, by binaryInvert (Pornin's optimized binary GCD, bingcd.go) and
// one multiplication by the constant that removes its factor 2^(-33·iters)
// and, in the Montgomery domain, takes x·R to x⁻¹·R: 2^(33·iters)·R³.
func emitBinaryInvert(e *emitter, f *modulus, name string) {
	n := f.words
	iters := bingcdIterations(f.m.BitLen())
	factor := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(33*iters)), f.m)
	if !f.mersenne {
		r3 := new(big.Int).Lsh(big.NewInt(1), uint(3*64*n))
		factor.Mul(factor, r3)
		factor.Mod(factor, f.m)
	}
	e.p("// %s sets z = 1/x mod m (and 0 for 0), both as the field holds them.", name)
	e.p("// z may alias x. Constant time: binaryInvert (Pornin's binary GCD, %d", iters)
	e.p("// iterations of 31 steps), then one multiplication by %sFactor.", name)
	e.p("func %s(z, x *[%d]uint64) {", name, n)
	e.p("var v [%d]uint64", n)
	e.p("binaryInvert(v[:], x[:], %sModulus[:], %#x, %d)", f.pre, f.inv(), iters)
	e.p("%sMul(z, &v, &%sFactor)", f.pre, name)
	e.p("}")
	e.p("")
	if f.mersenne {
		e.p("// %sFactor is 2^(33·%d) mod m, which binaryInvert's result lacks.", name, iters)
	} else {
		e.p("// %sFactor is 2^(33·%d)·R³ mod m: binaryInvert's result lacks 2^(33·%d),", name, iters, iters)
		e.p("// the multiplication divides by R, and the inverse of x·R is x⁻¹·R⁻¹.")
	}
	e.p("var %sFactor = %s", name, wordsLit(factor, n))
	e.p("")
}
