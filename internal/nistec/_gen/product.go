package main

import (
	"fmt"
	"strings"
)

// emitProduct writes the double-width product of x and y (or x², if square)
// into the locals w0 to w(2n-1), with x in the locals x0 to x(n-1).
//
// The multiplication is row by row (w += x·y[i]·2^(64i)), one carry chain a
// row. The squaring computes each cross product x[i]·x[j], i < j, once, row
// by row, doubles their sum with one shift, and adds the squares x[i]² on
// the diagonal with one carry chain: n(n+1)/2 multiplications instead of n².
func emitProduct(e *emitter, n int, square bool) {
	var ws []string
	for k := 0; k < 2*n; k++ {
		ws = append(ws, fmt.Sprintf("w%d", k))
	}
	e.p("var %s uint64", strings.Join(ws, ", "))
	e.p("var hi, lo, c uint64")
	e.p("var carry uint64")
	if !square {
		for i := 0; i < n; i++ {
			e.p("// w += x·y[%d]·2^%d", i, 64*i)
			e.p("yi%d := y[%d]", i, i)
			for j := 0; j < n; j++ {
				e.p("hi, lo = bits.Mul64(x%d, yi%d)", j, i)
				if i > 0 {
					e.p("lo, c = bits.Add64(lo, w%d, 0)", i+j)
					e.p("hi, _ = bits.Add64(hi, 0, c)")
				}
				if j > 0 {
					e.p("lo, c = bits.Add64(lo, carry, 0)")
					e.p("hi, _ = bits.Add64(hi, 0, c)")
				}
				e.p("w%d = lo", i+j)
				e.p("carry = hi")
			}
			e.p("w%d = carry", i+n)
		}
		return
	}
	// Cross products: row i adds x[i]·x[j] for j > i at w[i+j].
	for i := 0; i < n-1; i++ {
		e.p("// w += x[%d]·x[%d..%d]·2^%d", i, i+1, n-1, 64*(2*i+1))
		for j := i + 1; j < n; j++ {
			e.p("hi, lo = bits.Mul64(x%d, x%d)", i, j)
			if i > 0 {
				e.p("lo, c = bits.Add64(lo, w%d, 0)", i+j)
				e.p("hi, _ = bits.Add64(hi, 0, c)")
			}
			if j > i+1 {
				e.p("lo, c = bits.Add64(lo, carry, 0)")
				e.p("hi, _ = bits.Add64(hi, 0, c)")
			}
			e.p("w%d = lo", i+j)
			e.p("carry = hi")
		}
		e.p("w%d = carry", i+n)
	}
	e.p("// Double the cross products.")
	e.p("w%d = w%d >> 63", 2*n-1, 2*n-2)
	for k := 2*n - 2; k >= 2; k-- {
		e.p("w%d = w%d<<1 | w%d>>63", k, k, k-1)
	}
	e.p("w1 <<= 1")
	e.p("// Add the squares on the diagonal.")
	for i := 0; i < n; i++ {
		e.p("hi, lo = bits.Mul64(x%d, x%d)", i, i)
		if i == 0 {
			e.p("w0 = lo")
			e.p("w1, c = bits.Add64(w1, hi, 0)")
		} else {
			e.p("w%d, c = bits.Add64(w%d, lo, c)", 2*i, 2*i)
			e.p("w%d, c = bits.Add64(w%d, hi, c)", 2*i+1, 2*i+1)
		}
	}
}

// emitRedc writes the Montgomery reduction z = w·R⁻¹ mod m of the
// double-width w0 to w(2n-1) (w < m·R): n rows, each adding q·m with
// q = w[i]·(-m⁻¹) mod 2^64, which clears w[i]; then one masked subtraction.
// The modulus's words are constants: zero words cost nothing, all-ones words
// no multiplication.
func emitRedc(e *emitter, f *modulus) {
	n := f.words
	inv := f.inv()
	e.p("// Montgomery reduction, one word per row.")
	e.p("var q, top uint64")
	for i := 0; i < n; i++ {
		if inv == 1 {
			e.p("q = w%d", i)
		} else {
			e.p("q = w%d * %#x", i, inv)
		}
		if f.word(0) == ones && inv == 1 {
			e.p("carry = q // w[%d] + q·(2^64 - 1) = q·2^64", i)
		} else {
			emitConstMul(e, f.word(0))
			e.p("_, c = bits.Add64(lo, w%d, 0)", i)
			e.p("carry, _ = bits.Add64(hi, 0, c)")
		}
		for j := 1; j < n; j++ {
			k := i + j
			switch w := f.word(j); w {
			case 0:
				e.p("w%d, carry = bits.Add64(w%d, carry, 0)", k, k)
			case ones:
				e.p("lo, c = bits.Sub64(0, q, 0)")
				e.p("hi, _ = bits.Sub64(q, 0, c)")
				e.p("lo, c = bits.Add64(lo, w%d, 0)", k)
				e.p("hi, _ = bits.Add64(hi, 0, c)")
				e.p("w%d, c = bits.Add64(lo, carry, 0)", k)
				e.p("carry, _ = bits.Add64(hi, 0, c)")
			default:
				emitConstMul(e, w)
				e.p("lo, c = bits.Add64(lo, w%d, 0)", k)
				e.p("hi, _ = bits.Add64(hi, 0, c)")
				e.p("w%d, c = bits.Add64(lo, carry, 0)", k)
				e.p("carry, _ = bits.Add64(hi, 0, c)")
			}
		}
		e.p("w%d, top = bits.Add64(w%d, carry, top)", i+n, i+n)
	}
	for j := 0; j < n; j++ {
		e.p("t%d := w%d", j, j+n)
	}
	if f.hasTop() {
		emitCondSub(e, f, "top")
	} else {
		e.p("_ = top")
		emitCondSub(e, f, "")
	}
}

// emitLoadX writes the locals x0 to x(n-1).
func emitLoadX(e *emitter, n int) {
	var l, r []string
	for j := 0; j < n; j++ {
		l = append(l, fmt.Sprintf("x%d", j))
		r = append(r, fmt.Sprintf("x[%d]", j))
	}
	e.p("%s := %s", strings.Join(l, ", "), strings.Join(r, ", "))
}

// emitSquare writes the Montgomery squaring: the symmetric product, then the
// reduction.
func emitSquare(e *emitter, f *modulus) {
	n := f.words
	e.p("// %s sets z = x²·R⁻¹ mod m for x < m, fully reduced. z may alias x.", f.kernel("Square"))
	e.p("// Constant time. The product's cross terms are computed once and doubled;")
	e.p("// then the Montgomery reduction takes one word a row.")
	e.p("func %s(z, x *[%d]uint64) {", f.kernel("Square"), n)
	emitLoadX(e, n)
	emitProduct(e, n, true)
	emitRedc(e, f)
	e.p("}")
	e.p("")
}

// emitMul writes the Montgomery multiplication: the product, then the
// reduction.
//
// The product and the reduction are separate passes (operand scanning,
// SOS). The fused form (emitMulFused: CIOS, a row of the product and a row of
// the reduction side by side) serves the 9-word scalar field of P-521 only,
// the one size where it is the faster.
func emitMul(e *emitter, f *modulus) {
	n := f.words
	e.p("// %s sets z = x·y·R⁻¹ mod m (Montgomery multiplication, R = 2^%d) for", f.kernel("Mul"), 64*n)
	e.p("// x, y < m, fully reduced. z may alias x and y. Constant time. The")
	e.p("// double-width product row by row, then the reduction one word a row,")
	e.p("// all written out by _gen with the modulus's words as constants.")
	e.p("func %s(z, x, y *[%d]uint64) {", f.kernel("Mul"), n)
	emitLoadX(e, n)
	emitProduct(e, n, false)
	emitRedc(e, f)
	e.p("}")
	e.p("")
}

// emitConstMul writes (hi, lo) = q·w for the constant word w, by a
// multiplication even where w has few signed binary digits, which shifts
// and additions do no faster.
func emitConstMul(e *emitter, w uint64) {
	e.p("hi, lo = bits.Mul64(q, %#x)", w)
}
