// Command _asm generates edwards25519's amd64 assembly: the masked scan of
// one row of the fixed-base table with AVX2, into a niels point, and the
// point formulas on the MULX/ADCX/ADOX field arithmetic of
// internal/field25519 (point_amd64_asm.go).
//
// selectBaseAVX2 computes exactly what selectBaseGeneric (in basemult.go)
// computes. Its scan is scanBaseGeneric's: for each of the 12 words of an
// entry, the sum over the 16 entries j = 1..16 of the word ANDed with a mask
// that is all ones when abs == j and zero otherwise. An entry is 96 bytes,
// three 256-bit registers; each mask is a vector comparison of abs with j,
// without branching. Every entry is read whatever abs is, at addresses that
// do not depend on it, and VPCMPEQQ, VPAND and VPADDQ take the same time
// for any data. addBaseRowsADX runs this selection and addNielsADX's addition
// for each row of the table in one loop.
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
	vecConstants()
	baseConstants()
	selectBase()
	pointFuncs()
	baseRowsIFMAFunc()
	doubleScalarIFMAFunc()
	os.Exit(build.Main(flags.Config(), c))
}

func selectBase() {
	c.Function("selectBaseAVX2")
	c.Attributes(attr.NOSPLIT)
	sig, err := gotypes.ParseSignatureInPackage(pointPackage, "func(v *niels, tbl *[16][12]uint64, abs, neg uint64)")
	if err != nil {
		panic(err)
	}
	c.Signature(sig)
	c.Doc("selectBaseAVX2 sets v to the niels point ±tbl[abs-1], or to the identity",
		"if abs is 0, negated if neg is all ones (and not if it is zero),",
		"computing the words that selectBaseGeneric computes. abs must be in",
		"[0, 16]. It requires AVX2.")
	c.Pragma("noescape")

	out := Mem{Base: c.Load(c.Param("v"), c.GP64())}
	tbl := Mem{Base: c.Load(c.Param("tbl"), c.GP64())}
	abs := c.Load(c.Param("abs"), c.GP64())

	acc := scan(tbl, abs)
	neg := c.Load(c.Param("neg"), c.GP64())
	selectTail(acc, abs, neg, out)
	c.RET()
}

// scan returns the entry abs of the row at tbl (abs in [1, 16]), or zero for
// abs = 0, as three 256-bit registers: y+x, y−x and 2d·x·y. The mask of
// entry j is the lanes of abs broadcast compared with j, counted up in a
// register from 1: every entry is read at an address that does not depend
// on abs, and VPCMPEQQ, VPAND and VPADDQ take the same time for any data.
// At most one mask is nonzero, so the masked entries are summed: a sum
// where an OR would do, so that a wrong join cannot go unseen.
func scan(tbl Mem, abs Register) [3]VecVirtual {
	c.Comment("The three 32-byte thirds of the entry, y+x, y−x and 2d·x·y, starting at zero;")
	c.Comment("one = (1, 1, 1, 1), j = one, a = abs in every lane")
	acc := [3]VecVirtual{c.YMM(), c.YMM(), c.YMM()}
	for _, a := range acc {
		c.VPXOR(a, a, a)
	}
	one, j, a, ax := c.YMM(), c.YMM(), c.YMM(), c.XMM()
	c.VPCMPEQQ(one, one, one)
	c.VPSRLQ(U8(63), one, one)
	c.VMOVDQA(one, j)
	c.VMOVQ(abs, ax) // VEX-encoded: a legacy SSE MOVQ here would pay the AVX-SSE transition
	c.VPBROADCASTQ(ax, a)
	mask, t := c.YMM(), c.YMM()
	for e := 1; e <= 16; e++ {
		if e > 1 {
			c.VPADDQ(one, j, j)
		}
		c.Commentf("acc += tbl[%d] & (a == j), j = %d", e-1, e)
		c.VPCMPEQQ(j, a, mask)
		for q, x := range acc {
			c.VPAND(tbl.Offset(96*(e-1)+32*q), mask, t)
			c.VPADDQ(t, x, x)
		}
	}
	return acc
}

// selectTail completes a selection from the scanned entry acc (zero if abs
// is 0) as selectBaseGeneric does: the identity for abs = 0, the negation
// by the mask neg, bit 255 of each element cleared; and stores the niels
// point at out.
func selectTail(acc [3]VecVirtual, abs, neg Register, out Mem) {
	m, mx, t, mask := c.GP64(), c.XMM(), c.YMM(), c.YMM()

	c.Comment("The identity (1, 1, 0) for abs = 0: the low bit of y+x and of y−x")
	c.MOVQ(abs, m)
	c.SUBQ(U8(1), m)
	c.SHRQ(U8(63), m)
	c.VMOVQ(m, mx) // lane 0 only; acc is zero where it is 1
	c.VPADDQ(mx.AsY(), acc[0], acc[0])
	c.VPADDQ(mx.AsY(), acc[1], acc[1])

	c.Comment("−(x, y) swaps y+x and y−x: by the mask neg")
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
}

// addBaseRows emits addBaseRowsADX: for each of 51 rows, the selection of
// selectBaseAVX2 into the frame and the mixed addition of addNielsADX, in
// one loop, so that a row costs no call from Go.
func addBaseRows() {
	const name = "addBaseRowsADX"
	t := text(name, "func(r *completed, rows *[51][16][12]uint64, e *[51]int8)", 10,
		name+" sets r to the completed form of P + Σ e[i]·rows[i], where P",
		"is the point r stands for and rows[i][j-1] is j times a point, as the",
		"loop of selectBase and addNielsStep over the rows computes it. Each",
		"e[i] must be in [-16, 16]. It requires AVX2, BMI2 and ADX.")
	q, i := t[6].frame, t[9].frame // q: 96 bytes, the niels point of the row; i: the row
	c.MOVQ(U32(0), i)
	c.Label("row")

	c.Comment("neg = all ones if e[i] < 0, abs = |e[i]|; the row at rows + 1536·i")
	e := c.Load(c.Param("e"), c.GP64())
	k := c.GP64()
	c.MOVQ(i, k)
	neg, abs := c.GP64(), c.GP64()
	c.MOVBQSX(Mem{Base: e, Index: k, Scale: 1}, neg)
	c.MOVQ(neg, abs)
	c.SHRQ(U8(63), neg) // the sign bit, negated to a mask: a wrong shift gives no mask
	c.NEGQ(neg)
	c.XORQ(neg, abs)
	c.SUBQ(neg, abs)
	row := c.Load(c.Param("rows"), c.GP64())
	c.IMUL3Q(U32(1536), k, k)
	c.ADDQ(k, row)
	acc := scan(Mem{Base: row}, abs)
	selectTail(acc, abs, neg, q)

	addNiels(t, local(q), local(q.Offset(32)), local(q.Offset(64)), false)

	c.INCQ(i)
	c.CMPQ(i, U8(51))
	c.JNE(LabelRef("row"))
	c.RET()
}
