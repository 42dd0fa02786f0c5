package field25519

// This file holds Invert (its divsteps are in divsteps.go), x^((p-5)/8) and
// the square root of a ratio built on it. The exponentiation uses the
// addition chain of ref10 and the Go standard library, on SquareN so the
// long runs of squarings keep their words in registers.

// pow2250 returns x^(2^250 - 1) in out and x^11 in x11.
// It costs 250 squarings and 10 multiplications; exponents are noted as
// "e" for x^e.
func pow2250(out, x11, x *Element) {
	var t, x2, x9, e5, e10, e20, e50, e100 Element

	x2.Square(x)          // 2
	t.SquareN(&x2, 2)     // 8
	x9.Mul(&t, x)         // 9
	x11.Mul(&x9, &x2)     // 11
	t.Square(x11)         // 22
	e5.Mul(&t, &x9)       // 31 = 2^5 - 1
	t.SquareN(&e5, 5)     // 2^10 - 2^5
	e10.Mul(&t, &e5)      // 2^10 - 1
	t.SquareN(&e10, 10)   // 2^20 - 2^10
	e20.Mul(&t, &e10)     // 2^20 - 1
	t.SquareN(&e20, 20)   // 2^40 - 2^20
	t.Mul(&t, &e20)       // 2^40 - 1
	t.SquareN(&t, 10)     // 2^50 - 2^10
	e50.Mul(&t, &e10)     // 2^50 - 1
	t.SquareN(&e50, 50)   // 2^100 - 2^50
	e100.Mul(&t, &e50)    // 2^100 - 1
	t.SquareN(&e100, 100) // 2^200 - 2^100
	t.Mul(&t, &e100)      // 2^200 - 1
	t.SquareN(&t, 50)     // 2^250 - 2^50
	out.Mul(&t, &e50)     // 2^250 - 1
}

// Invert sets v = 1/z mod p, and returns v. If z is 0 mod p, v is 0.
//
// It runs Bernstein and Yang's divsteps (divsteps.go) and one
// multiplication; v is below 2^255 + 2^12.
func (v *Element) Invert(z *Element) *Element {
	invert(&v.w, &z.w)
	return v
}

// Pow22523 sets v = x^((p-5)/8) = x^(2^252 - 3), and returns v.
//
// It costs 252 squarings and 11 multiplications.
func (v *Element) Pow22523(x *Element) *Element {
	var t, x11 Element
	pow2250(&t, &x11, x) // x^(2^250 - 1)
	t.SquareN(&t, 2)     // 2^252 - 4
	return v.Mul(&t, x)  // 2^252 - 3
}

// SqrtRatio sets r to the non-negative square root of u/v, or of i·u/v if
// u/v is not a square (i = sqrt(-1)), and returns r and wasSquare:
//
//	u/v square, v ≠ 0:  r = +sqrt(u/v),   wasSquare = 1
//	otherwise, v ≠ 0:   r = +sqrt(i·u/v), wasSquare = 0
//	u = 0:              r = 0,            wasSquare = 1
//	u ≠ 0, v = 0:       r = 0,            wasSquare = 0
//
// "Non-negative" means an even canonical encoding ([Element.IsNegative] is
// 0). This is SQRT_RATIO_M1 of RFC 9496, Section 4.2, and the square root of
// RFC 8032, Section 5.1.3.
// r may alias u or v.
func (r *Element) SqrtRatio(u, v *Element) (R *Element, wasSquare int) {
	var v2, uv3, uv7, w, check, t Element

	// r = (u·v^3)·(u·v^7)^((p-5)/8), a candidate for sqrt(u/v) up to a
	// factor of a fourth root of unity (RFC 8032, Section 5.1.3).
	v2.Square(v)
	uv3.Mul(&v2, v)
	uv3.Mul(&uv3, u) // u·v^3
	uv7.Square(&v2)
	uv7.Mul(&uv7, &uv3) // u·v^7
	w.Pow22523(&uv7)
	w.Mul(&w, &uv3)

	// check = v·r². The cases are told apart by comparing it with u, -u and
	// -u·i; -u is handled as check + u == 0.
	check.Square(&w)
	check.Mul(&check, v)

	correct := check.Equal(u)
	flipped := t.Add(&check, u).IsZero()
	t.Mul(u, sqrtM1)
	flippedI := t.Add(&check, &t).IsZero()

	// When v·r² = -u or -u·i, r·i is the root (of u/v or of i·u/v).
	t.Mul(&w, sqrtM1)
	w.Select(&t, &w, flipped|flippedI)

	r.Absolute(&w)
	return r, correct | flipped
}
