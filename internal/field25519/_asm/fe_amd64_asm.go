// Command _asm generates field25519's amd64 assembly: multiplication and
// squaring of five-limb elements of GF(2^255 - 19) with MULX (BMI2).
//
// The kernels compute exactly what feMulGeneric, feSquareGeneric and
// feSquareNGeneric (in fe_generic.go) compute, in the same order: five
// 128-bit columns, with the products that overflow 2^255 folded back
// multiplied by 19, then the single carry pass of carryWide, or, for the
// squarings of a run but the last, the two parallel passes of squareLimbsLazy,
// whose latency is shorter. The bounds derived there hold unchanged: loose
// inputs (limbs < 2^54) give l1 < 2^51 + 2^13 and the other limbs < 2^51.
//
// MULX takes one factor in DX, writes the 128-bit product to any two
// registers and leaves the flags alone, so the column sums need no moves
// through AX and DX as MULQ does. Each column is a sum of independent
// products, a 128-bit ADD/ADC pair for each: there is no long carry chain for
// ADCX/ADOX to split, so they are not used.
package main

import (
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"os"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../fe_amd64.s -stubs ../fe_amd64.go -pkg field25519

// c is the build context. A context of our own, rather than avo's global
// one, lets the functions take signatures over an Element type declared here
// (see elementPackage), with no package loading.
var c = build.NewContext()

func main() {
	fs := flag.NewFlagSet("fe_amd64_asm", flag.ExitOnError)
	flags := build.NewFlags(fs)
	fs.Parse(os.Args[1:])

	c.ConstraintExpr("!purego")
	feMul()
	feSquare()
	feSquareN()
	os.Exit(build.Main(flags.Config(), c))
}

// elementPackage mirrors the declaration of field25519.Element, five uint64
// limbs l0..l4 at offsets 0, 8, ..., 32, so that the stubs can be typed
// without loading the package (which lives in another module).
var elementPackage = func() *types.Package {
	pkg := types.NewPackage("github.com/carry-crypto/carry/internal/field25519", "field25519")
	var fields []*types.Var
	for i := range 5 {
		fields = append(fields, types.NewField(token.NoPos, pkg, fmt.Sprintf("l%d", i), types.Typ[types.Uint64], false))
	}
	name := types.NewTypeName(token.NoPos, pkg, "Element", nil)
	types.NewNamed(name, types.NewStruct(fields, nil), nil)
	pkg.Scope().Insert(name)
	return pkg
}()

// text starts a NOSPLIT, noescape function with a signature over Element.
func text(name, signature string, doc ...string) {
	s, err := gotypes.ParseSignatureInPackage(elementPackage, signature)
	if err != nil {
		panic(err)
	}
	c.Function(name)
	c.Attributes(attr.NOSPLIT)
	c.Signature(s)
	c.Doc(doc...)
	c.Pragma("noescape")
}

// limb returns the address of limb i of the element at m.
func limb(m Mem, i int) Mem { return m.Offset(8 * i) }

// product is one term of a column: set DX to one factor, then multiply by
// src.
type product struct {
	comment string
	setDX   func()
	src     Op
}

// column emits the 128-bit sum (hi, lo) of the products.
func column(name string, ps []product) (lo, hi GPVirtual) {
	lo, hi = c.GP64(), c.GP64()
	for n, p := range ps {
		if n == 0 {
			c.Commentf("%s = %s", name, p.comment)
			p.setDX()
			c.MULXQ(p.src, lo, hi)
			continue
		}
		c.Commentf("%s += %s", name, p.comment)
		p.setDX()
		tlo, thi := c.GP64(), c.GP64()
		c.MULXQ(p.src, tlo, thi)
		c.ADDQ(tlo, lo)
		c.ADCQ(thi, hi)
	}
	return lo, hi
}

// carry is the carry pass of carryWide, fed one column at a time as the
// columns are completed:
//
//	sk = rk >> 51, mk = rk mod 2^51
//	c0 = s0
//	t = mk + c(k-1), lk = t mod 2^51, ck = sk + t >> 51    (k = 1..4)
//	l0 = m0 + 19·c4, l1 += l0 >> 51, l0 = l0 mod 2^51
type carry struct {
	mask GPVirtual    // 2^51 - 1
	m0   GPVirtual    // r0 mod 2^51, until c4 is known
	l    [5]GPVirtual // the output limbs
	c    GPVirtual    // carry into the next column
}

// newMask returns a register holding 2^51 - 1.
func newMask() GPVirtual {
	mask := c.GP64()
	c.MOVQ(U64(1<<51-1), mask)
	return mask
}

// add folds in column k, (lo, hi), and releases both registers to the pass.
func (ch *carry) add(k int, lo, hi GPVirtual) {
	c.Commentf("s%d = r%d >> 51, m%d = r%d mod 2^51", k, k, k, k)
	c.SHLQ(Imm(64-51), lo, hi)
	c.ANDQ(ch.mask, lo)
	if k == 0 {
		ch.m0, ch.c = lo, hi
		return
	}
	c.Commentf("t = m%d + c%d, l%d = t mod 2^51, c%d = s%d + t >> 51", k, k-1, k, k, k)
	c.ADDQ(ch.c, lo)
	next := c.GP64()
	c.MOVQ(lo, next)
	c.SHRQ(Imm(51), next)
	c.ADDQ(hi, next)
	c.ANDQ(ch.mask, lo)
	ch.l[k], ch.c = lo, next
}

// finish folds c4 (weight 2^255 = 19) into l0 and l0's excess into l1.
func (ch *carry) finish() [5]GPVirtual {
	c.Comment("l0 = m0 + 19×c4, l1 += l0 >> 51, l0 = l0 mod 2^51")
	t := c.GP64()
	c.LEAQ(Mem{Base: ch.c, Index: ch.c, Scale: 8}, t)
	c.LEAQ(Mem{Base: ch.c, Index: t, Scale: 2}, t)
	c.ADDQ(t, ch.m0)
	c.MOVQ(ch.m0, t)
	c.SHRQ(Imm(51), t)
	c.ADDQ(t, ch.l[1])
	c.ANDQ(ch.mask, ch.m0)
	ch.l[0] = ch.m0
	return ch.l
}

func store(out Mem, l [5]GPVirtual) {
	c.Comment("Store the limbs")
	for i := range 5 {
		c.MOVQ(l[i], limb(out, i))
	}
}

func feMul() {
	text("feMulBMI2", "func(out, a, b *Element)",
		"feMulBMI2 sets out = a × b, computing what feMulGeneric computes.",
		"It requires BMI2 (MULX).")

	a := Mem{Base: c.Load(c.Param("a"), c.GP64())}
	b := Mem{Base: c.Load(c.Param("b"), c.GP64())}

	// Column k holds ai×bj for i + j = k, and 19ai×bj for i + j = k + 5.
	// The products are taken by rows, so that one value of DX (ai, or
	// 19ai) serves several columns: 13 loads of DX instead of 25. Holding
	// all ten column words at once would take more registers than there
	// are, so columns 0 to 2 are summed first and passed to the carry
	// chain, then columns 3 and 4. The sums, and so the result, are those
	// of feMulGeneric, whose order of additions does not matter.
	ch := &carry{mask: newMask()}
	for _, cols := range [][]int{{0, 1, 2}, {3, 4}} {
		var lo, hi [5]GPVirtual
		for i := range 5 {
			// Plain products ai×bj (i + j = k), then folded ones 19ai×bj
			// (i + j = k + 5), for the columns k of this pass.
			for _, folded := range []bool{false, true} {
				var ks []int
				for _, k := range cols {
					if j := k - i; !folded && j >= 0 || folded && j+5 <= 4 {
						ks = append(ks, k)
					}
				}
				if len(ks) == 0 {
					continue
				}
				if folded {
					c.Commentf("DX = 19×a%d", i)
					c.IMUL3Q(Imm(19), limb(a, i), RDX)
				} else {
					c.Commentf("DX = a%d", i)
					c.MOVQ(limb(a, i), RDX)
				}
				for _, k := range ks {
					j := (k - i + 5) % 5
					name := fmt.Sprintf("a%d×b%d", i, j)
					if folded {
						name = "19×" + name
					}
					if lo[k] == nil {
						c.Commentf("r%d = %s", k, name)
						lo[k], hi[k] = c.GP64(), c.GP64()
						c.MULXQ(limb(b, j), lo[k], hi[k])
						continue
					}
					c.Commentf("r%d += %s", k, name)
					tlo, thi := c.GP64(), c.GP64()
					c.MULXQ(limb(b, j), tlo, thi)
					c.ADDQ(tlo, lo[k])
					c.ADCQ(thi, hi[k])
				}
			}
		}
		for _, k := range cols {
			ch.add(k, lo[k], hi[k])
		}
	}
	l := ch.finish()
	store(Mem{Base: c.Load(c.Param("out"), c.GP64())}, l)
	c.RET()
}

// lazyCarry is the carry of squareLimbsLazy, fed one column at a time as the
// columns are completed:
//
//	sk = rk >> 51, mk = rk mod 2^51
//	t0 = m0 + 19·s4, tk = mk + s(k-1)    (k = 1..4)
//	ck = tk >> 51, then l0 = t0 mod 2^51 + 19·c4, lk = tk mod 2^51 + c(k-1)
type lazyCarry struct {
	mask GPVirtual    // 2^51 - 1
	m0   GPVirtual    // r0 mod 2^51, until s4 is known
	t    [5]GPVirtual // the words t1..t4, then t0
	s    GPVirtual    // s(k-1), to be added to column k
}

// add folds in column k, (lo, hi), and releases both registers to the pass.
func (ch *lazyCarry) add(k int, lo, hi GPVirtual) {
	c.Commentf("s%d = r%d >> 51, m%d = r%d mod 2^51", k, k, k, k)
	c.SHLQ(Imm(64-51), lo, hi)
	c.ANDQ(ch.mask, lo)
	if k == 0 {
		ch.m0, ch.s = lo, hi
		return
	}
	c.Commentf("t%d = m%d + s%d", k, k, k-1)
	c.ADDQ(ch.s, lo)
	ch.t[k], ch.s = lo, hi
}

// finish forms t0 and makes the second, parallel pass of carryLimbs.
func (ch *lazyCarry) finish() [5]GPVirtual {
	c.Comment("t0 = m0 + 19×s4")
	t := c.GP64()
	c.LEAQ(Mem{Base: ch.s, Index: ch.s, Scale: 8}, t)
	c.LEAQ(Mem{Base: ch.s, Index: t, Scale: 2}, t)
	c.ADDQ(t, ch.m0)
	ch.t[0] = ch.m0

	c.Comment("ck = tk >> 51, tk = tk mod 2^51")
	var carries [5]GPVirtual
	for k := range 5 {
		carries[k] = c.GP64()
		c.MOVQ(ch.t[k], carries[k])
		c.SHRQ(Imm(51), carries[k])
		c.ANDQ(ch.mask, ch.t[k])
	}
	c.Comment("l0 = t0 + 19×c4, lk = tk + c(k-1)")
	c4 := carries[4]
	c.LEAQ(Mem{Base: c4, Index: c4, Scale: 8}, t)
	c.LEAQ(Mem{Base: c4, Index: t, Scale: 2}, t)
	c.ADDQ(t, ch.t[0])
	for k := 1; k < 5; k++ {
		c.ADDQ(carries[k-1], ch.t[k])
	}
	return ch.t
}

// squareKernel emits the squaring of the element with limbs x (registers,
// which it does not modify) and returns the limbs of the result. mask holds
// 2^51 - 1. With lazy, the columns are reduced as by squareLimbsLazy, and
// otherwise as by carryWide.
func squareKernel(x [5]GPVirtual, mask GPVirtual, lazy bool) [5]GPVirtual {
	times := func(k int64, i int) func() {
		return func() { c.IMUL3Q(Imm(uint64(k)), x[i], RDX) }
	}
	twice := func(i int) func() {
		return func() { c.LEAQ(Mem{Base: x[i], Index: x[i], Scale: 1}, RDX) }
	}
	plain := func(i int) func() {
		return func() { c.MOVQ(x[i], RDX) }
	}
	reg := func(r GPVirtual) func() {
		return func() { c.MOVQ(r, RDX) }
	}
	c.Comment("l2×38, used twice")
	l2x38 := c.GP64()
	c.IMUL3Q(Imm(38), x[2], l2x38)
	// The columns of squareLimbs in fe_generic.go.
	columns := [5][]product{
		{
			{"l0×l0", plain(0), x[0]},
			{"38×l1×l4", times(38, 1), x[4]},
			{"38×l2×l3", reg(l2x38), x[3]},
		},
		{
			{"2×l0×l1", twice(0), x[1]},
			{"38×l2×l4", reg(l2x38), x[4]},
			{"19×l3×l3", times(19, 3), x[3]},
		},
		{
			{"2×l0×l2", twice(0), x[2]},
			{"l1×l1", plain(1), x[1]},
			{"38×l3×l4", times(38, 3), x[4]},
		},
		{
			{"2×l0×l3", twice(0), x[3]},
			{"2×l1×l2", twice(1), x[2]},
			{"19×l4×l4", times(19, 4), x[4]},
		},
		{
			{"2×l0×l4", twice(0), x[4]},
			{"2×l1×l3", twice(1), x[3]},
			{"l2×l2", plain(2), x[2]},
		},
	}
	if lazy {
		ch := &lazyCarry{mask: mask}
		for k, ps := range columns {
			lo, hi := column(fmt.Sprintf("r%d", k), ps)
			ch.add(k, lo, hi)
		}
		return ch.finish()
	}
	ch := &carry{mask: mask}
	for k, ps := range columns {
		lo, hi := column(fmt.Sprintf("r%d", k), ps)
		ch.add(k, lo, hi)
	}
	return ch.finish()
}

func loadLimbs(a Mem) [5]GPVirtual {
	c.Comment("Load the limbs")
	var x [5]GPVirtual
	for i := range 5 {
		x[i] = c.GP64()
		c.MOVQ(limb(a, i), x[i])
	}
	return x
}

func feSquare() {
	text("feSquareBMI2", "func(out, a *Element)",
		"feSquareBMI2 sets out = a × a, computing what feSquareGeneric computes.",
		"It requires BMI2 (MULX).")
	x := loadLimbs(Mem{Base: c.Load(c.Param("a"), c.GP64())})
	l := squareKernel(x, newMask(), false)
	store(Mem{Base: c.Load(c.Param("out"), c.GP64())}, l)
	c.RET()
}

func feSquareN() {
	text("feSquareNBMI2", "func(out, a *Element, n int)",
		"feSquareNBMI2 sets out = a^(2^n) for n ≥ 1, computing what",
		"feSquareNGeneric computes, with the limbs in registers throughout.",
		"It requires BMI2 (MULX).")
	n := c.Load(c.Param("n"), c.GP64())
	x := loadLimbs(Mem{Base: c.Load(c.Param("a"), c.GP64())})

	mask := newMask()

	c.Comment("The first n - 1 squarings, reduced as by squareLimbsLazy")
	c.DECQ(n)
	c.JZ(LabelRef("last"))
	c.Label("loop")
	l := squareKernel(x, mask, true)
	for i := range 5 {
		c.MOVQ(l[i], x[i])
	}
	c.DECQ(n)
	c.JNZ(LabelRef("loop"))

	c.Label("last")
	c.Comment("The last squaring, reduced as by carryWide")
	l = squareKernel(x, mask, false)
	store(Mem{Base: c.Load(c.Param("out"), c.GP64())}, l)
	c.RET()
}
