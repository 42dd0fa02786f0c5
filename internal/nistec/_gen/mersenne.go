package main

import "fmt"

// emitMersenne writes the multiplication (or squaring) modulo the Mersenne
// prime m = 2^521 - 1 on 9 words, with elements held as themselves (no
// Montgomery domain): the double-width product w = lo + hi·2^521, and
// 2^521 ≡ 1, so w ≡ lo + hi with lo, hi < m; then one conditional
// subtraction of m, done by adding one more and taking bit 521.
func emitMersenne(e *emitter, f *modulus, square bool) {
	const n = 9
	if square {
		e.p("// %s sets z = x² mod m for x < m, fully reduced. z may alias x.", f.kernel("Square"))
		e.p("// Constant time. The cross terms are computed once and doubled; then")
		e.p("// the product w = lo + hi·2^521 is reduced as lo + hi, since 2^521 ≡ 1.")
		e.p("func %s(z, x *[%d]uint64) {", f.kernel("Square"), n)
	} else {
		e.p("// %s sets z = x·y mod m for x, y < m, fully reduced. z may alias x and y.", f.kernel("Mul"))
		e.p("// Constant time. m = 2^521 - 1, so the elements are not in the Montgomery")
		e.p("// domain (R = 1): the 18-word product w = lo + hi·2^521 is reduced as")
		e.p("// lo + hi, since 2^521 ≡ 1 (mod m).")
		e.p("func %s(z, x, y *[%d]uint64) {", f.kernel("Mul"), n)
	}
	emitLoadX(e, n)
	emitProduct(e, n, square)
	e.p("// u = lo + hi, where lo = w mod 2^521 and hi = w >> 521: u ≤ 2m - 2.")
	e.p("var u0, u1, u2, u3, u4, u5, u6, u7, u8 uint64")
	for j := 0; j < n; j++ {
		hi := ""
		if j < 8 {
			hi = "w%d>>9 | w%d<<55"
			hi = sprintf(hi, 8+j, 9+j)
		} else {
			hi = "w16>>9 | w17<<55"
		}
		lo := sprintf("w%d", j)
		if j == 8 {
			lo = "w8&0x1ff"
		}
		in := "c"
		if j == 0 {
			in = "0"
		}
		e.p("u%d, c = bits.Add64(%s, %s, %s)", j, lo, hi, in)
	}
	e.p("// u ≥ m iff u + 1 ≥ 2^521: then u - m = u + 1 - 2^521.")
	e.p("ones := isZeroWord(^(u0 & u1 & u2 & u3 & u4 & u5 & u6 & u7))")
	e.p("b := (u8 + uint64(ones)) >> 9")
	for j := 0; j < n; j++ {
		in := "c"
		if j == 0 {
			in = "0"
		}
		e.p("z[%d], c = bits.Add64(u%d, %s, %s)", j, j, map[bool]string{true: "b", false: "0"}[j == 0], in)
	}
	e.p("z[8] &= 0x1ff")
	e.p("}")
	e.p("")
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
