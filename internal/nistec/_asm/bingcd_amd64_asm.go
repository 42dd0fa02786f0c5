package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// bingcd writes bingcdInner (bingcd_amd64.s), the 31 steps of the binary
// GCD's inner loop (bingcdInnerGeneric in bingcd.go), written out with
// CMOV. Each step is
//
//	if a is odd { if a < b { a, b, fg0, fg1 = b, a, fg1, fg0 }; a, fg0 = a - b, fg0 - fg1 }
//	a, fg1 = a/2, 2·fg1
//
// both differences of each pair computed and one kept by the borrow of
// a - b (CMOVQCS), then the step's results kept when a is odd (CMOVQNE
// after TESTQ $1). The path from a to the next a is SUBQ, CMOVQCS, CMOVQNE,
// SHRQ: four cycles a step, against about eight with the masks of the Go
// code. Nothing branches or indexes memory on a, b or the coefficients; the
// steps are written out, so there is no loop at all.
func bingcd() {
	TEXT("bingcdInner", NOSPLIT, "func(xa, xb uint64) (fg0, fg1 uint64)")
	Doc("bingcdInner is bingcdInnerGeneric with CMOV: it runs the 31 binary",
		"GCD steps on the approximations xa and xb and returns their matrix,",
		"packed as fg0 = f0 + 2^32·g0 and fg1 = f1 + 2^32·g1 (mod 2^64), the",
		"same words as bingcdInnerGeneric for any inputs. Constant time.")
	xa, xb := GP64(), GP64()
	Load(Param("xa"), xa)
	Load(Param("xb"), xb)
	fg0, fg1 := GP64(), GP64()
	MOVQ(U32(1), fg0)
	MOVQ(U64(1<<32), fg1)
	d, e, h, k, nb, nf := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	for i := range 31 {
		Comment("step " + itoa(i+1) + ": the odd case's results, then kept if a is odd")
		MOVQ(xb, e)
		SUBQ(xa, e) // e = b - a
		MOVQ(fg1, h)
		SUBQ(fg0, h) // h = fg1 - fg0
		MOVQ(fg0, k)
		SUBQ(fg1, k) // k = fg0 - fg1
		MOVQ(xb, nb)
		MOVQ(fg1, nf)
		MOVQ(xa, d)
		SUBQ(xb, d) // d = a - b; CF = a < b
		CMOVQCS(e, d)
		CMOVQCS(h, k)
		CMOVQCS(xa, nb)
		CMOVQCS(fg0, nf)
		TESTQ(U32(1), xa)
		CMOVQNE(d, xa)
		CMOVQNE(nb, xb)
		CMOVQNE(k, fg0)
		CMOVQNE(nf, fg1)
		SHRQ(U8(1), xa)
		SHLQ(U8(1), fg1)
	}
	Store(fg0, ReturnIndex(0))
	Store(fg1, ReturnIndex(1))
	RET()
}

// itoa formats a small nonnegative number.
func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func init() { generators["bingcd"] = bingcd }
