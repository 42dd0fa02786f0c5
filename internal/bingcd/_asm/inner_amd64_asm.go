// Command _asm generates bingcd's amd64 assembly: Inner, the binary GCD's
// inner loop (innerGeneric in bingcd.go) written out with CMOV.
//
// Each of the 31 steps is
//
//	if a is odd { if a < b { a, b, fg0, fg1 = b, a, fg1, fg0 }; a, fg0 = a - b, fg0 - fg1 }
//	a, fg1 = a/2, 2·fg1
//
// Both differences of each pair are computed and one kept by the borrow of
// a - b (CMOVQCS); the step's results are then kept when a is odd (CMOVQNE
// after TESTQ $1). The path from one a to the next is SUBQ, CMOVQCS,
// CMOVQNE, SHRQ. Nothing branches or indexes memory on a, b or the
// coefficients, and there is no loop. CMOV is in every amd64 CPU, so the
// kernel needs no feature check.
package main

import (
	"strconv"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

//go:generate go run . -out ../inner_amd64.s -stubs ../inner_amd64.go -pkg bingcd

// steps is bingcd.Steps.
const steps = 31

func main() {
	ConstraintExpr("!purego")
	TEXT("Inner", NOSPLIT, "func(xa, xb uint64) (fg0, fg1 uint64)")
	Doc("Inner runs the 31 binary GCD steps on the approximations xa and xb",
		"(xb odd) and returns their matrix, packed as fg0 = f0 + 2^32·g0 and",
		"fg1 = f1 + 2^32·g1 (mod 2^64): the new a is (f0·a + g0·b)/2^31 and the",
		"new b (f1·a + g1·b)/2^31, each coefficient in [-(2^31-1), 2^31]. It is",
		"innerGeneric written out with CMOV, the same words for any inputs.",
		"Constant time.")
	xa, xb, fg0, fg1 := GP64(), GP64(), GP64(), GP64()
	d, e, h, k, nb, nf := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("xa"), xa)
	Load(Param("xb"), xb)
	MOVQ(U32(1), fg0)
	MOVQ(U64(1<<32), fg1)
	for i := range steps {
		Comment("step " + strconv.Itoa(i+1) + ": the odd case's results, then kept if a is odd")
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
	Generate()
}
