// Command _asm generates edwards25519's amd64 assembly: the masked scan of
// one row of the fixed-base table with AVX2, into a niels point, and the
// point formulas on the MULX/ADCX/ADOX field arithmetic of
// internal/field25519 (point_amd64_asm.go).
//
// selectBaseAVX2 computes exactly what selectBaseGeneric (in basemult.go)
// computes. Its scan is scanBaseGeneric's: for each of the 12 words of an
// entry, the OR over the 8 entries j = 1..8 of the word ANDed with a mask
// that is all ones when abs == j and zero otherwise. An entry is 96 bytes, three 256-bit registers; each mask is
// made in a general register without branching, then broadcast. Every entry
// is read whatever abs is, at addresses that do not depend on it, and
// VPAND/VPOR take the same time for any data.
package main

import (
	"flag"
	"os"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../edwards_amd64.s -stubs ../edwards_amd64.go -pkg edwards25519

var c = build.NewContext()

func main() {
	fs := flag.NewFlagSet("scan_amd64_asm", flag.ExitOnError)
	flags := build.NewFlags(fs)
	fs.Parse(os.Args[1:])

	c.ConstraintExpr("!purego")
	selectBase()
	pointFuncs()
	os.Exit(build.Main(flags.Config(), c))
}

func selectBase() {
	c.Function("selectBaseAVX2")
	c.Attributes(attr.NOSPLIT)
	sig, err := gotypes.ParseSignatureInPackage(pointPackage, "func(v *niels, tbl *[8][12]uint64, abs, neg uint64)")
	if err != nil {
		panic(err)
	}
	c.Signature(sig)
	c.Doc("selectBaseAVX2 sets v to the niels point ±tbl[abs-1], or to the identity",
		"if abs is 0, negated if neg is all ones (and not if it is zero),",
		"computing the words that selectBaseGeneric computes. abs must be in",
		"[0, 8]. It requires AVX2.")
	c.Pragma("noescape")

	out := Mem{Base: c.Load(c.Param("v"), c.GP64())}
	tbl := Mem{Base: c.Load(c.Param("tbl"), c.GP64())}
	abs := c.Load(c.Param("abs"), c.GP64())

	c.Comment("The three 32-byte quarters of the entry, y+x, y−x and 2d·x·y, starting at zero.")
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

	c.Comment("The identity (1, 1, 0) for abs = 0: the low bit of y+x and of y−x")
	c.MOVQ(abs, m)
	c.SUBQ(U8(1), m)
	c.SHRQ(U8(63), m)
	c.VMOVQ(m, mx) // lane 0 only
	c.VPOR(mx.AsY(), acc[0], acc[0])
	c.VPOR(mx.AsY(), acc[1], acc[1])

	c.Comment("−(x, y) swaps y+x and y−x: by the mask neg")
	neg := c.Load(c.Param("neg"), c.GP64())
	c.VMOVQ(neg, mx)
	c.VPBROADCASTQ(mx, mask)
	c.VPXOR(acc[0], acc[1], t)
	c.VPAND(t, mask, t)
	c.VPXOR(t, acc[0], acc[0])
	c.VPXOR(t, acc[1], acc[1])

	c.Comment("Bit 255 of each element cleared, as SetWords does: lanes 0-2 all ones, lane 3 2^63 - 1")
	ones, half := c.YMM(), c.YMM()
	c.VPCMPEQQ(ones, ones, ones)
	c.VPSRLQ(U8(1), ones, half)
	c.VPBLENDD(U8(0xc0), half, ones, mask)
	for q, a := range acc {
		c.VPAND(mask, a, a)
		c.VMOVDQU(a, out.Offset(32*q))
	}
	c.VZEROUPPER()

	c.Comment("2d·x·y negated by the mask neg: w = 0 − w, plus 2p (−38) on a borrow, which")
	c.Comment("cannot borrow again as w < 2^255: the words of field25519's Negate")
	w := [4]GPVirtual{c.GP64(), c.GP64(), c.GP64(), c.GP64()}
	n := [4]GPVirtual{c.GP64(), c.GP64(), c.GP64(), c.GP64()}
	for i := range 4 {
		c.MOVQ(out.Offset(64+8*i), w[i])
		c.XORQ(n[i], n[i])
	}
	c.SUBQ(w[0], n[0])
	for i := 1; i < 4; i++ {
		c.SBBQ(w[i], n[i])
	}
	c.SBBQ(m, m)
	c.ANDQ(U8(38), m)
	c.SUBQ(m, n[0])
	for i := 1; i < 4; i++ {
		c.SBBQ(U8(0), n[i])
	}
	for i := range 4 {
		c.XORQ(w[i], n[i])
		c.ANDQ(neg, n[i])
		c.XORQ(n[i], w[i])
		c.MOVQ(w[i], out.Offset(64+8*i))
	}
	c.RET()
}
