package main

import (
	"strconv"

	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
)

// bingcdFunc writes bingcd_amd64.s (-bingcd): bingcdInner, the 31 steps of
// the binary GCD's inner loop (bingcdInnerGeneric in bingcd.go), written out
// with CMOV. Each step is
//
//	if a is odd { if a < b { a, b, fg0, fg1 = b, a, fg1, fg0 }; a, fg0 = a - b, fg0 - fg1 }
//	a, fg1 = a/2, 2·fg1
//
// Both differences of each pair are computed and one kept by the borrow of
// a - b (CMOVQCS); the step's results are then kept when a is odd (CMOVQNE
// after TESTQ $1). The path from one a to the next is SUBQ, CMOVQCS,
// CMOVQNE, SHRQ. Nothing branches or indexes memory on a, b or the
// coefficients, and there is no loop.
func bingcdFunc() {
	text("bingcdInner", attr.NOSPLIT, "func(xa, xb uint64) (fg0, fg1 uint64)")
	c.Doc("bingcdInner is bingcdInnerGeneric with CMOV: it runs the 31 binary GCD",
		"steps on the approximations xa and xb and returns their matrix packed",
		"as fg0 = f0 + 2^32·g0 and fg1 = f1 + 2^32·g1 (mod 2^64), the same",
		"words as bingcdInnerGeneric for any inputs. Constant time.")
	xa, xb, fg0, fg1 := c.GP64(), c.GP64(), c.GP64(), c.GP64()
	d, e, h, k, nb, nf := c.GP64(), c.GP64(), c.GP64(), c.GP64(), c.GP64(), c.GP64()
	c.Load(c.Param("xa"), xa)
	c.Load(c.Param("xb"), xb)
	c.MOVQ(U32(1), fg0)
	c.MOVQ(U64(1<<32), fg1)
	for i := range 31 {
		c.Comment("step " + strconv.Itoa(i+1) + ": the odd case's results, then kept if a is odd")
		c.MOVQ(xb, e)
		c.SUBQ(xa, e) // e = b - a
		c.MOVQ(fg1, h)
		c.SUBQ(fg0, h) // h = fg1 - fg0
		c.MOVQ(fg0, k)
		c.SUBQ(fg1, k) // k = fg0 - fg1
		c.MOVQ(xb, nb)
		c.MOVQ(fg1, nf)
		c.MOVQ(xa, d)
		c.SUBQ(xb, d) // d = a - b; CF = a < b
		c.CMOVQCS(e, d)
		c.CMOVQCS(h, k)
		c.CMOVQCS(xa, nb)
		c.CMOVQCS(fg0, nf)
		c.TESTQ(U32(1), xa)
		c.CMOVQNE(d, xa)
		c.CMOVQNE(nb, xb)
		c.CMOVQNE(k, fg0)
		c.CMOVQNE(nf, fg1)
		c.SHRQ(U8(1), xa)
		c.SHLQ(U8(1), fg1)
	}
	c.Context.Store(fg0, c.ReturnIndex(0))
	c.Context.Store(fg1, c.ReturnIndex(1))
	c.RET()
}
