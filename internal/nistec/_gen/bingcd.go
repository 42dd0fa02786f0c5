package main

import (
	"fmt"
	"math/big"
	"strings"
)

// bingcdIterations mirrors bingcdIterations of package nistec
// (bingcd_ref_test.go).
func bingcdIterations(bitLen int) int {
	return (2*bitLen-1+31-1)/31 + 1
}

// emitBinaryInvert writes name(z, x), z = 1/x mod m (0 for 0) as the field
// holds them, by Pornin's optimized binary GCD written out for m (see
// emitBinGCD) and one multiplication by the constant that removes its factor
// 2^(-33·iters) and, in the Montgomery domain, takes x·R to x⁻¹·R:
// 2^(33·iters)·R³.
func emitBinaryInvert(e *emitter, f *modulus, name string) {
	n := f.words
	iters := bingcdIterations(f.m.BitLen())
	factor := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(33*iters)), f.m)
	if !f.mersenne {
		r3 := new(big.Int).Lsh(big.NewInt(1), uint(3*64*n))
		factor.Mul(factor, r3)
		factor.Mod(factor, f.m)
	}
	gcd := f.pre + "BinGCD"
	e.p("// %s sets z = 1/x mod m (and 0 for 0), both as the field holds them.", name)
	e.p("// z may alias x. Constant time: %s (Pornin's binary GCD, %d", gcd, iters)
	e.p("// iterations of 31 steps), then one multiplication by %sFactor.", name)
	e.p("func %s(z, x *[%d]uint64) {", name, n)
	e.p("var v [%d]uint64", n)
	e.p("%s(&v, x)", gcd)
	e.p("%sMul(z, &v, &%sFactor)", f.pre, name)
	e.p("}")
	e.p("")
	if f.mersenne {
		e.p("// %sFactor is 2^(33·%d) mod m, which %s's result lacks.", name, iters, gcd)
	} else {
		e.p("// %sFactor is 2^(33·%d)·R³ mod m: %s's result lacks 2^(33·%d),", name, iters, gcd, iters)
		e.p("// the multiplication divides by R, and the inverse of x·R is x⁻¹·R⁻¹.")
	}
	e.p("var %sFactor = %s", name, wordsLit(factor, n))
	e.p("")
	emitBinGCD(e, f, gcd+"Generic", iters)
}

// emitBinGCD writes name(out, y), out = y⁻¹·2^(-33·iters) mod m: the
// computation of binaryInvert (bingcd_ref_test.go) on m's words, each value in
// variables, the loops over words written out, the two linear combinations
// of a and b fused into one pass, and those of u and v into another.
//
// With the coefficients packed by bingcd.Inner, each half is c + 2^31 - 1 for
// a coefficient c in [-(2^31-1), 2^31]; one more gives c' = c + 2^31 in
// [1, 2^32], nonnegative, so that every product is unsigned:
//
//	(f·a + g·b)/2^31 = (f'·a + g'·b)/2^31 - (a + b)
//	f·u + g·v ≡ f'·u + g'·v + 2^31·(2m - u - v)   (mod m)
//
// (the first division is exact because the second is; 2m - u - v > 0).
func emitBinGCD(e *emitter, f *modulus, name string, iters int) {
	n := f.words
	mw := limbs(f.m, n)
	m2 := limbs(new(big.Int).Lsh(f.m, 1), n+1)
	list := func(format string, k int) string {
		var s []string
		for i := range k {
			s = append(s, fmt.Sprintf(format, i))
		}
		return strings.Join(s, ", ")
	}
	e.p("// %s sets out = y⁻¹·2^(-33·%d) mod m, for y < m (0 gives 0): Pornin's", name, iters)
	e.p("// optimized binary GCD (eprint 2020/972, Algorithm 2 with k = 32), as")
	e.p("// binaryInvert (bingcd_ref_test.go) computes it, written out for m's %d words,", n)
	e.p("// its values in variables, the linear combinations of a and b fused into")
	e.p("// one pass, and those of u and v into another, with the nonnegative")
	e.p("// coefficients c' = c + 2^31:")
	e.p("//")
	e.p("//	(f·a + g·b)/2^31 = (f'·a + g'·b)/2^31 - (a + b)")
	e.p("//	f·u + g·v ≡ f'·u + g'·v + 2^31·(2m - u - v)   (mod m)")
	e.p("//")
	e.p("// out may alias y. Constant time: the %d iterations are public, and every", iters)
	e.p("// choice on the values is a mask.")
	e.p("func %s(out, y *[%d]uint64) {", name, n)
	e.p("%s := %s", list("a%d", n), list("y[%d]", n))
	var bs []string
	for _, w := range mw {
		bs = append(bs, fmt.Sprintf("uint64(%#x)", w))
	}
	e.p("%s := %s", list("b%d", n), strings.Join(bs, ", "))
	us := []string{"uint64(1)"}
	vs := []string{"uint64(0)"}
	for range n - 1 {
		us = append(us, "uint64(0)")
		vs = append(vs, "uint64(0)")
	}
	e.p("%s := %s", list("u%d", n), strings.Join(us, ", "))
	e.p("%s := %s", list("v%d", n), strings.Join(vs, ", "))
	e.p("for range %d {", iters)

	// The approximations.
	e.p("// The approximations: the top 64 bits of the pair's length (at least")
	e.p("// 64), with the low 31 bits replaced by the true low bits.")
	e.p("aHi, bHi, aLo, bLo := uint64(0), uint64(0), a0, b0")
	e.p("searching, found := ^uint64(0), uint64(0)")
	for i := n - 1; i >= 1; i-- {
		e.p("found = bingcd.NonzeroMask(a%d|b%d) & searching", i, i)
		e.p("aHi = aHi&^found | a%d&found", i)
		e.p("aLo = aLo&^found | a%d&found", i-1)
		e.p("bHi = bHi&^found | b%d&found", i)
		e.p("bLo = bLo&^found | b%d&found", i-1)
		if i > 1 {
			e.p("searching &^= found")
		}
	}
	e.p("s := uint(bits.LeadingZeros64(aHi | bHi))")
	e.p("const low = 1<<31 - 1")
	e.p("xa := (aHi<<s|aLo>>(64-s))&^low | a0&low")
	e.p("xb := (bHi<<s|bLo>>(64-s))&^low | b0&low")
	e.p("fg0, fg1 := bingcd.Inner(xa, xb)")
	e.p("fg0 += bingcd.Offset")
	e.p("fg1 += bingcd.Offset")
	e.p("f0, g0 := fg0&0xffffffff+1, fg0>>32+1")
	e.p("f1, g1 := fg1&0xffffffff+1, fg1>>32+1")

	// a, b = |(f'·a + g'·b)/2^31 - (a + b)|, on n+1 words.
	e.p("// s = a + b, on %d words.", n+1)
	e.p("var c uint64")
	for i := range n {
		e.p("s%d, c := bits.Add64(a%d, b%d, c)", i, i, i)
	}
	e.p("s%d := c", n)
	emitLinDiv := func(out, fc, gc, neg string) {
		e.p("// %s = |(%s·a + %s·b)/2^31 - s|; %s is all ones if it was negative.", out, fc, gc, neg)
		e.p("// The products' low words x = Σ (a_i·%s + b_i·%s) mod 2^64 on one", fc, gc)
		e.p("// carry chain, then their high words one word up on another: p.")
		e.p("{")
		for i := range n {
			e.p("ah%d, al%d := bits.Mul64(a%d, %s)", i, i, i, fc)
			e.p("bh%d, bl%d := bits.Mul64(b%d, %s)", i, i, i, gc)
		}
		e.p("x0, c := bits.Add64(al0, bl0, 0)")
		for i := 1; i < n; i++ {
			e.p("x%d, c := bits.Add64(al%d, bl%d, c)", i, i, i)
		}
		e.p("p0 := x0")
		e.p("var k uint64")
		for i := 1; i < n; i++ {
			e.p("p%d, k := bits.Add64(x%d, ah%d+bh%d, k)", i, i, i-1, i-1)
		}
		e.p("p%d := c + ah%d + bh%d + k", n, n-1, n-1)
		e.p("var bo uint64")
		for i := range n {
			e.p("q%d, bo := bits.Sub64(p%d>>31|p%d<<33, s%d, bo)", i, i, i+1, i)
		}
		e.p("q%d, _ := bits.Sub64(p%d>>31, s%d, bo)", n, n, n)
		e.p("%s = -(q%d >> 63)", neg, n)
		e.p("bo = 0")
		for i := range n {
			e.p("%s%d, bo = bits.Sub64(q%d^%s, %s, bo)", out, i, i, neg, neg)
		}
		e.p("}")
	}
	e.p("var %s uint64", list("na%d", n))
	e.p("var %s uint64", list("nb%d", n))
	e.p("var negA, negB uint64")
	emitLinDiv("na", "f0", "g0", "negA")
	emitLinDiv("nb", "f1", "g1", "negB")
	for i := range n {
		e.p("a%d, b%d = na%d, nb%d", i, i, i, i)
	}
	e.p("// A negated a or b negates its coefficients: c' becomes 2^32 - c'.")
	e.p("f0 = f0^negA + negA&(1<<32+1)")
	e.p("g0 = g0^negA + negA&(1<<32+1)")
	e.p("f1 = f1^negB + negB&(1<<32+1)")
	e.p("g1 = g1^negB + negB&(1<<32+1)")

	// u, v = (f'·u + g'·v + 2^31·d)·2^(-64) mod m.
	e.p("// d = 2m - u - v, in (0, 2m], on %d words; e = 2^31·d.", n+1)
	e.p("var bo uint64")
	for i := range n {
		e.p("d%d, bo := bits.Sub64(%#x, u%d, bo)", i, m2[i], i)
	}
	e.p("d%d, _ := bits.Sub64(%#x, 0, bo)", n, m2[n])
	e.p("bo = 0")
	for i := range n {
		e.p("d%d, bo = bits.Sub64(d%d, v%d, bo)", i, i, i)
	}
	e.p("d%d -= bo", n)
	e.p("e0 := d0 << 31")
	for i := 1; i <= n; i++ {
		e.p("e%d := d%d<<31 | d%d>>33", i, i, i-1)
	}
	emitLinMod := func(out, fc, gc string) {
		e.p("// %s = (%s·u + %s·v + e)·2^(-64) mod m: t < 3·2^32·m (the products'", out, fc, gc)
		e.p("// low words, their high words one word up, and e, on three carry")
		e.p("// chains), then one row of Montgomery's reduction, below 2m (q·m's low")
		e.p("// words, then its high words), and one subtraction.")
		e.p("{")
		for i := range n {
			e.p("uh%d, ul%d := bits.Mul64(u%d, %s)", i, i, i, fc)
			e.p("vh%d, vl%d := bits.Mul64(v%d, %s)", i, i, i, gc)
		}
		e.p("x0, c := bits.Add64(ul0, vl0, 0)")
		for i := 1; i < n; i++ {
			e.p("x%d, c := bits.Add64(ul%d, vl%d, c)", i, i, i)
		}
		e.p("var k uint64")
		for i := 1; i < n; i++ {
			e.p("y%d, k := bits.Add64(x%d, uh%d+vh%d, k)", i, i, i-1, i-1)
		}
		e.p("y%d := c + uh%d + vh%d + k", n, n-1, n-1)
		e.p("t0, k := bits.Add64(x0, e0, 0)")
		for i := 1; i < n; i++ {
			e.p("t%d, k := bits.Add64(y%d, e%d, k)", i, i, i)
		}
		e.p("t%d := y%d + e%d + k", n, n, n)
		e.p("q := t0 * %#x", f.inv())
		for i := range n {
			e.p("qh%d, ql%d := bits.Mul64(q, %#x)", i, i, mw[i])
		}
		e.p("_, k = bits.Add64(t0, ql0, 0)")
		for i := 1; i < n; i++ {
			e.p("r%d, k := bits.Add64(t%d, ql%d, k)", i, i, i)
		}
		e.p("r%d, r%d := bits.Add64(t%d, 0, k)", n, n+1, n)
		e.p("z1, k := bits.Add64(r1, qh0, 0)")
		for i := 2; i <= n; i++ {
			e.p("z%d, k := bits.Add64(r%d, qh%d, k)", i, i, i-1)
		}
		e.p("z%d := r%d + k", n+1, n+1)
		e.p("var bo uint64")
		for i := range n {
			e.p("w%d, bo := bits.Sub64(z%d, %#x, bo)", i, i+1, mw[i])
		}
		e.p("_, bo = bits.Sub64(z%d, 0, bo)", n+1)
		e.p("keep := -bo")
		for i := range n {
			e.p("%s%d = z%d&keep | w%d&^keep", out, i, i+1, i)
		}
		e.p("}")
	}
	e.p("var %s uint64", list("nu%d", n))
	e.p("var %s uint64", list("nv%d", n))
	emitLinMod("nu", "f0", "g0")
	emitLinMod("nv", "f1", "g1")
	for i := range n {
		e.p("u%d, v%d = nu%d, nv%d", i, i, i, i)
	}
	e.p("}")
	e.p("*out = [%d]uint64{%s}", n, list("v%d", n))
	e.p("}")
	e.p("")
}
