package main

import (
	"fmt"
	"go/token"
	"go/types"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// This file generates the point formulas of add.go and forms.go as whole
// functions, each a completed point in and out, so that a step of a scalar
// multiplication is one call rather than a dozen. The field operations are
// the subroutines mul4 and square4 of fe4.go (a copy of field25519's
// generator file, so this package's assembly has its own copy of them),
// which take their operands' addresses in SI (and DI), return the product in
// R8..R11, below M = 2^255 + 2^12, and clobber AX, BX, CX, DX and R8..R15;
// the sums and differences are inlined. Every function computes the words
// its Go twin computes: the same products, and sums and differences whose
// single correction of a carry (or borrow) out of 2^256 is all field25519's
// Add and Sub do on the same inputs, as shown at each one.

// pointPackage mirrors the point types of edwards25519 as far as the stubs
// need them: named types of the right sizes, 4 words per coordinate.
var pointPackage = func() *types.Package {
	pkg := types.NewPackage("github.com/carry-crypto/carry/internal/edwards25519", "edwards25519")
	for _, t := range []struct {
		name  string
		words int64
	}{{"completed", 16}, {"niels", 12}, {"cached", 16}} {
		name := types.NewTypeName(token.NoPos, pkg, t.name, nil)
		w := types.NewField(token.NoPos, pkg, "w", types.NewArray(types.Typ[types.Uint64], t.words), false)
		types.NewNamed(name, types.NewStruct([]*types.Var{w}, nil), nil)
		pkg.Scope().Insert(name)
	}
	return pkg
}()

// r holds the result of mul4 and square4, and of the sums.
var r = R

// Offsets of the coordinates in the point types.
const (
	cX, cY, cZ, cT    = 0, 32, 64, 96 // completed ((X:Z),(Y:T))
	nYplusX, nYminusX = 0, 32         // niels and cached
	nXY2d, kZ, kT2d   = 64, 64, 96    // niels 2d·x·y; cached Z, 2d·T
)

// operand is an element: at off bytes from the pointer parameter param, or
// in the frame.
type operand struct {
	param string
	off   int
	frame Mem
}

func arg(param string, off int) operand { return operand{param: param, off: off} }
func local(m Mem) operand               { return operand{frame: m} }

// load sets reg to the address of o.
func (o operand) load(reg GPPhysical) {
	if o.param == "" {
		c.LEAQ(o.frame, reg)
		return
	}
	c.Load(c.Param(o.param), reg)
	if o.off != 0 {
		c.ADDQ(U8(o.off), reg)
	}
}

// mem returns o's address with reg holding o's base; it loads reg for a
// parameter.
func (o operand) mem(reg GPPhysical) Mem {
	if o.param == "" {
		return o.frame
	}
	c.Load(c.Param(o.param), reg)
	return Mem{Base: reg, Disp: o.off}
}

func store(dst operand, reg GPPhysical) {
	m := dst.mem(reg)
	for i := 0; i < 4; i++ {
		c.MOVQ(r[i], m.Offset(8*i))
	}
}

// mul sets dst = a * b through mul4.
func mul(dst, a, b operand) {
	a.load(RSI)
	b.load(RDI)
	c.CALL(MulSym)
	store(dst, RSI)
}

// square sets dst = a^2 through square4.
func square(dst, a operand) {
	a.load(RSI)
	c.CALL(SquareSym)
	store(dst, RSI)
}

// addSub sets dst = a + b (sub false) or a - b (sub true), with one
// correction of a carry out of 2^256 (worth 38) or of a borrow, carried
// through the words. One is enough where a < 2^256 and b < M: a carry leaves
// a + b - 2^256 < M, to which 38 adds no carry; a borrow leaves
// a - b + 2^256 > 2^256 - M, from which 38 takes no borrow. For such inputs
// field25519's Add and Sub, whose second correction is then zero, give the
// same words.
func addSub(dst, a, b operand, sub bool) {
	am := a.mem(RSI)
	for i := 0; i < 4; i++ {
		c.MOVQ(am.Offset(8*i), r[i])
	}
	bm := b.mem(RDI)
	if sub {
		c.SUBQ(bm, r[0])
		for i := 1; i < 4; i++ {
			c.SBBQ(bm.Offset(8*i), r[i])
		}
	} else {
		c.ADDQ(bm, r[0])
		for i := 1; i < 4; i++ {
			c.ADCQ(bm.Offset(8*i), r[i])
		}
	}
	c.SBBQ(RAX, RAX)
	c.ANDQ(U8(38), RAX)
	if sub {
		c.SUBQ(RAX, r[0])
		for i := 1; i < 4; i++ {
			c.SBBQ(U8(0), r[i])
		}
	} else {
		c.ADDQ(RAX, r[0])
		for i := 1; i < 4; i++ {
			c.ADCQ(U8(0), r[i])
		}
	}
	store(dst, RSI)
}

func add(dst, a, b operand) { addSub(dst, a, b, false) }
func sub(dst, a, b operand) { addSub(dst, a, b, true) }

// text starts a NOSPLIT, noescape function with a signature over the
// mirrored point types and a frame of n elements, and returns the frame's
// elements.
func text(name, signature string, n int, doc ...string) []operand {
	s, err := gotypes.ParseSignatureInPackage(pointPackage, signature)
	if err != nil {
		panic(err)
	}
	c.Function(name)
	c.Attributes(attr.NOSPLIT)
	c.Signature(s)
	c.Doc(doc...)
	c.Pragma("noescape")
	els := make([]operand, n)
	for i := range els {
		els[i] = local(c.AllocLocal(32))
	}
	return els
}

// extended sets (X, Y, Z, T) to the extended coordinates of the completed
// point at r: (X·T : Y·Z : Z·T : X·Y), as Point.fromCompleted.
func extended(X, Y, Z, T operand) {
	c.Comment("(X:Y:Z:T) = (rX·rT : rY·rZ : rZ·rT : rX·rY)")
	mul(X, arg("r", cX), arg("r", cT))
	mul(Y, arg("r", cY), arg("r", cZ))
	mul(Z, arg("r", cZ), arg("r", cT))
	mul(T, arg("r", cX), arg("r", cY))
}

// finish sets the completed point at r to (E:G), (H:F) from B and A (the
// products of the sums and differences) and D and C, as the end of
// addCached and addNiels: E = B − A, H = B + A, and G = D ± C, F = D ∓ C.
// A, B and C are products (below M); D is a sum (below 2^256).
func finish(A, B, C, D operand, neg bool) {
	c.Comment("E = B − A, H = B + A; G = D + C, F = D − C (the other way round to subtract)")
	sub(arg("r", cX), B, A)
	add(arg("r", cY), B, A)
	g, f := arg("r", cZ), arg("r", cT)
	if neg {
		g, f = f, g
	}
	add(g, D, C)
	sub(f, D, C)
}

// addNielsFunc emits r = ext(r) ± q for an affine q, as addNiels and
// subNiels after Point.fromCompleted.
func addNielsFunc(name string, neg bool) {
	t := text(name, "func(r *completed, q *niels)", 6,
		fmt.Sprintf("%s sets r to the completed form of P %s q, where P is the point r", name, sign(neg)),
		"stands for, computing the words that fromCompleted then "+twin(neg, "Niels")+" compute.",
		"It requires BMI2 and ADX.")
	yPlus, yMinus := arg("q", nYplusX), arg("q", nYminusX)
	if neg {
		yPlus, yMinus = yMinus, yPlus
	}
	addNiels(t, yPlus, yMinus, arg("q", nXY2d), neg)
	c.RET()
}

// addNiels emits r = ext(r) ± q for the affine q = (yPlus, yMinus, xy2d),
// as addNiels and subNiels after Point.fromCompleted (with yPlus and yMinus
// already swapped to subtract), in the frame elements t[0..5].
func addNiels(t []operand, yPlus, yMinus, xy2d operand, neg bool) {
	X, Y, Z, T, A, B := t[0], t[1], t[2], t[3], t[4], t[5]
	extended(X, Y, Z, T)
	c.Comment("A = (Y−X)·(y2−x2), B = (Y+X)·(y2+x2), C = T·2d·x2·y2 (into T), D = 2·Z (into Z)")
	sub(A, Y, X)
	mul(A, A, yMinus)
	add(B, Y, X)
	mul(B, B, yPlus)
	mul(T, T, xy2d)
	add(Z, Z, Z)
	finish(A, B, T, Z, neg)
}

// addCachedFunc emits r = ext(r) ± q, as addCached and subCached after
// Point.fromCompleted.
func addCachedFunc(name string, neg bool) {
	t := text(name, "func(r *completed, q *cached)", 6,
		fmt.Sprintf("%s sets r to the completed form of P %s q, where P is the point r", name, sign(neg)),
		"stands for, computing the words that fromCompleted then "+twin(neg, "Cached")+" compute.",
		"It requires BMI2 and ADX.")
	X, Y, Z, T, A, B := t[0], t[1], t[2], t[3], t[4], t[5]
	extended(X, Y, Z, T)
	yPlus, yMinus := arg("q", nYplusX), arg("q", nYminusX)
	if neg {
		yPlus, yMinus = yMinus, yPlus
	}
	c.Comment("A = (Y−X)·(Y2−X2), B = (Y+X)·(Y2+X2), C = T·2d·T2 (into T), D = 2·Z·Z2 (into Z)")
	sub(A, Y, X)
	mul(A, A, yMinus)
	add(B, Y, X)
	mul(B, B, yPlus)
	mul(T, T, arg("q", kT2d))
	mul(Z, Z, arg("q", kZ))
	add(Z, Z, Z)
	finish(A, B, T, Z, neg)
	c.RET()
}

// doubleFunc emits r = 2·P, as double after projective.fromCompleted.
func doubleFunc() {
	const name = "doubleADX"
	t := text(name, "func(r *completed)", 5,
		name+" sets r to the completed form of 2·P, where P is the point r stands",
		"for, computing the words that fromCompleted (projective) then double",
		"compute. It requires BMI2 and ADX.")
	X, Y, Z, A, B := t[0], t[1], t[2], t[3], t[4]
	c.Comment("(X:Y:Z) = (rX·rT : rY·rZ : rZ·rT)")
	mul(X, arg("r", cX), arg("r", cT))
	mul(Y, arg("r", cY), arg("r", cZ))
	mul(Z, arg("r", cZ), arg("r", cT))
	c.Comment("A = X^2, B = Y^2, C = 2·Z^2 (into Z), E = (X+Y)^2 (into X)")
	square(A, X)
	square(B, Y)
	square(Z, Z)
	add(Z, Z, Z)
	add(X, X, Y)
	square(X, X)
	c.Comment("rY = −H = B + A, rZ = G = B − A, rX = E − A − B, rT = −F = C + A − B")
	add(arg("r", cY), B, A)
	sub(arg("r", cZ), B, A)
	sub(X, X, A)
	sub(arg("r", cX), X, B)
	add(Z, Z, A)
	sub(arg("r", cT), Z, B)
	c.RET()
}

func sign(neg bool) string {
	if neg {
		return "−"
	}
	return "+"
}

func twin(neg bool, form string) string {
	if neg {
		return "sub" + form
	}
	return "add" + form
}

// pointFuncs emits the field subroutines and the point formulas.
func pointFuncs() {
	gen{Context: c}.Subroutines()
	addNielsFunc("addNielsADX", false)
	addNielsFunc("subNielsADX", true)
	addCachedFunc("addCachedADX", false)
	addCachedFunc("subCachedADX", true)
	doubleFunc()
	addBaseRows()
}
