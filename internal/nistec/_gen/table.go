package main

import (
	"fmt"
	"math/big"
)

// affineAdd returns (x1, y1) + (x2, y2) on y² = x³ - 3x + b modulo p, for
// points that are not the identity and whose sum is not the identity.
func affineAdd(p, x1, y1, x2, y2 *big.Int) (*big.Int, *big.Int) {
	var lambda, num, den big.Int
	if x1.Cmp(x2) == 0 {
		// λ = (3x² - 3) / 2y
		num.Mul(x1, x1)
		num.Sub(&num, big.NewInt(1))
		num.Mul(&num, big.NewInt(3))
		den.Lsh(y1, 1)
	} else {
		num.Sub(y2, y1)
		den.Sub(x2, x1)
	}
	den.Mod(&den, p)
	den.ModInverse(&den, p)
	lambda.Mul(&num, &den)
	lambda.Mod(&lambda, p)
	x3 := new(big.Int).Mul(&lambda, &lambda)
	x3.Sub(x3, x1)
	x3.Sub(x3, x2)
	x3.Mod(x3, p)
	y3 := new(big.Int).Sub(x1, x3)
	y3.Mul(y3, &lambda)
	y3.Sub(y3, y1)
	y3.Mod(y3, p)
	return x3, y3
}

// tableFile writes pxxxBaseTable: row i holds j·2^(wi)·G for j = 1 to
// 2^(w-1), w the curve's base window, in affine coordinates in the
// Montgomery domain.
func tableFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	d, w, m := c.baseDigits(), c.baseWindow(), c.baseEntries()
	e.p("// %sBaseTable holds, in row i, the multiples j·2^(%di)·G of the generator", c.name, w)
	e.p("// for j = 1 to %d: the points ScalarBaseMult adds, one per signed digit of", m)
	e.p("// the scalar. They are affine, in the Montgomery domain (%d KiB).", d*m*2*c.words*8/1024)
	e.p("var %sBaseTable = [%d][%d]%sAffine{", c.name, d, m, c.name)
	bx, by := new(big.Int).Set(c.gx), new(big.Int).Set(c.gy)
	for i := 0; i < d; i++ {
		e.p("{ // 2^%d·G", w*i)
		x, y := bx, by
		for j := 1; j <= m; j++ {
			e.p("{%s, %s},", elemLit(c, x), elemLit(c, y))
			if j < m {
				x, y = affineAdd(c.p, x, y, bx, by)
			}
		}
		e.p("},")
		for range w {
			bx, by = affineAdd(c.p, bx, by, bx, by)
		}
	}
	e.p("}")
	if v := c.verifyWindow(); v > 0 {
		m := 1 << (v - 2)
		e.p("")
		e.p("// %sVerifyWindow is the width of the NAF of u1 in", c.name)
		e.p("// VarTimeDoubleScalarBaseMult, whose digits index %sVerifyTable.", c.name)
		e.p("const %sVerifyWindow = %d", c.name, v)
		e.p("")
		e.p("// %sVerifyTable holds the odd multiples (2j+1)·G of the generator for", c.name)
		e.p("// j = 0 to %d, the digits 1 to %d of the NAF. They are affine, in the", m-1, 2*m-1)
		e.p("// Montgomery domain (%d KiB).", m*2*c.words*8/1024)
		e.p("var %sVerifyTable = [1 << (%sVerifyWindow - 2)]%sAffine{", c.name, c.name, c.name)
		x2, y2 := affineAdd(c.p, c.gx, c.gy, c.gx, c.gy)
		x, y := c.gx, c.gy
		for j := 0; j < m; j++ {
			e.p("{%s, %s}, // %d·G", elemLit(c, x), elemLit(c, y), 2*j+1)
			x, y = affineAdd(c.p, x, y, x2, y2)
		}
		e.p("}")
	}
	return e.Bytes()
}

func elemLit(c *curve, x *big.Int) string {
	return fmt.Sprintf("%sElement{%s}", c.name, wordsLit(c.field().rep(x), c.words))
}
