// Command _asm generates edwards25519's amd64 assembly: the masked scan of
// one row of the fixed-base table with AVX2.
//
// scanBaseAVX2 computes exactly what scanBaseGeneric (in basemult.go)
// computes: for each of the 12 words of an entry, the OR over the 8 entries
// j = 1..8 of the word ANDed with a mask that is all ones when abs == j and
// zero otherwise. An entry is 96 bytes, three 256-bit registers; each mask is
// made in a general register without branching, then broadcast. Every entry
// is read whatever abs is, at addresses that do not depend on it, and
// VPAND/VPOR take the same time for any data.
package main

import (
	"flag"
	"os"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../scan_amd64.s -stubs ../scan_amd64.go -pkg edwards25519

var c = build.NewContext()

func main() {
	fs := flag.NewFlagSet("scan_amd64_asm", flag.ExitOnError)
	flags := build.NewFlags(fs)
	fs.Parse(os.Args[1:])

	c.ConstraintExpr("!purego")
	scanBase()
	os.Exit(build.Main(flags.Config(), c))
}

func scanBase() {
	c.Function("scanBaseAVX2")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(out *[12]uint64, tbl *[8][12]uint64, abs uint64)")
	c.Doc("scanBaseAVX2 sets out to the entry abs of tbl (tbl[abs-1]), or to zero",
		"if abs is 0, computing what scanBaseGeneric computes. abs must be in",
		"[0, 8]. It requires AVX2.")
	c.Pragma("noescape")

	out := Mem{Base: c.Load(c.Param("out"), c.GP64())}
	tbl := Mem{Base: c.Load(c.Param("tbl"), c.GP64())}
	abs := c.Load(c.Param("abs"), c.GP64())

	c.Comment("The three 32-byte quarters of the result, starting at zero.")
	acc := [3]VecVirtual{c.YMM(), c.YMM(), c.YMM()}
	for _, a := range acc {
		c.VPXOR(a, a, a)
	}
	m, mx, t := c.GP64(), c.XMM(), c.YMM()
	mask := c.YMM()
	for j := 1; j <= 8; j++ {
		c.Commentf("m = all ones if abs == %d: abs ^ %d is in [0, 15], and minus 1 wraps only if it is 0", j, j)
		c.MOVQ(abs, m)
		c.XORQ(U8(j), m)
		c.SUBQ(U8(1), m)
		c.SARQ(U8(63), m)
		c.VMOVQ(m, mx) // VEX-encoded: a legacy SSE MOVQ here would pay the AVX-SSE transition
		c.VPBROADCASTQ(mx, mask)
		c.Commentf("acc |= tbl[%d] & m", j-1)
		for q, a := range acc {
			c.VPAND(tbl.Offset(96*(j-1)+32*q), mask, t)
			c.VPOR(t, a, a)
		}
	}
	for q, a := range acc {
		c.VMOVDQU(a, out.Offset(32*q))
	}
	c.VZEROUPPER()
	c.RET()
}
