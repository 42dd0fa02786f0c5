package main

import (
	"log"
	"math/big"
	"strconv"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The P-521 point formulas (the Jacobian doubling and additions of
// ScalarMult and ScalarBaseMult, the complete additions of p521.go) in
// assembly. The doubling and addDistinct, ScalarMult's, have their own line
// lists here (p521JacobianDouble, p521AddDistinct: the same values as the
// Go formulas, some additions replaced by shifts, the lines reordered), and
// so has ScalarBaseMult's addAffineDistinct (p521AddAffineDistinct); the
// others use P-256's (rcbAdd and rcbAddAffine, which follow _gen's point
// template line by line). Each line "dst = a op b" is one field operation
// on nine-word values in stack slots, the additions, subtractions and
// shifts written out, the multiplications and squarings calls to one copy
// of each: written out in every line, a formula would not fit the
// processor's cache of decoded instructions.
//
// Between lines the values are kept below bounds that the generator
// tracks, not fully reduced:
//
//   - the products are reduced lazily (p521ReduceLazy): u = (w mod 2^521)
//     + ((w >> 521) mod 2^521) + (w >> 1042), two carry chains side by
//     side, below 2^522 + (w's bound >> 1042), where the kernels' final
//     step (u ≥ p?, then u - p) costs two chains one after the other;
//   - the sums and shifts are not reduced at all;
//   - the differences add k·p on a borrow, k a power of two with k·p at
//     least y's bound, which lands in [0, max(x's bound, k·p));
//   - a sum or difference whose bound passes 2^524 is folded,
//     (t mod 2^521) + (t >> 521).
//
// The outputs are then fully reduced as they are stored (p521Canonical),
// so that every output equals the Go formulas' words: both are the one
// reduced representative of the same value.
//
// The lines are ordered so that independent products sit between the
// links of the doubling's and the additions' dependency chains (δ, α, X3,
// Y3 for the doubling): a P-521 multiplication is about 330 instructions,
// and each link waits on one.

// p521Formula writes name, the straight-line sequence of field operations
// lines ("dst = a op b", op one of *, + and -, or "dst = a << k" for k
// from 1 to 3) on the pointer parameters of sig (inputs read through them)
// and stack slots for every other name. The outputs x3, y3 and z3 are
// stored, fully reduced, after every line has run, so that they may alias
// the inputs. The frame (a slot of nine words
// a name) is too large for NOSPLIT: the function has the stack check.
func p521Formula(name, sig string, lines []string, doc ...string) {
	TEXT(name, 0, sig)
	Doc(doc...)
	Pragma("noescape")
	w := newP521Writer(name)
	for _, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(sig, "func("), " *[9]uint64)"), ", ") {
		if p != "x3" && p != "y3" && p != "z3" {
			w.params[p] = true
			w.bound[p] = p521P
		}
	}
	for _, l := range lines {
		w.line(l)
	}
	Comment("Store the outputs, fully reduced, all inputs read")
	for _, o := range []string{"x3", "y3", "z3"} {
		m, ok := w.slots[o]
		if !ok {
			log.Fatalf("%s: %s is never written", name, o)
		}
		r := p521Ring
		for j := range r {
			MOVQ(m.Offset(8*j), r[j])
		}
		if w.bound[o].Cmp(p521P) > 0 {
			Commentf("%s may be p or above: reduce it", o)
			p521Canonical(r)
		}
		Load(Param(o), RDI)
		for j := range r {
			MOVQ(r[j], word(RDI, j))
		}
	}
	RET()
}

// p521Writer writes the lines of a formula: each name is a pointer
// parameter (params, read through it) or a stack slot of nine words
// (slots, made at its first write), and bound holds each value's exclusive
// upper bound.
type p521Writer struct {
	name     string
	params   map[string]bool
	slots    map[string]Mem
	bound    map[string]*big.Int
	last     string // the name whose value the registers lastRegs hold
	lastRegs [9]Register
}

func newP521Writer(name string) *p521Writer {
	return &p521Writer{name: name, params: map[string]bool{}, slots: map[string]Mem{}, bound: map[string]*big.Int{}}
}

// words returns the words of the value n, loading a parameter's pointer
// into base.
func (w *p521Writer) words(n string, base Register) func(int) Mem {
	if m, ok := w.slots[n]; ok {
		return func(j int) Mem { return m.Offset(8 * j) }
	}
	if !w.params[n] {
		log.Fatalf("%s: %s read before it is written", w.name, n)
	}
	Load(Param(n), base)
	return p521Words(base)
}

// addr loads the address of the value n into reg, for the calls.
func (w *p521Writer) addr(n string, reg Register) {
	if m, ok := w.slots[n]; ok {
		LEAQ(m, reg)
		return
	}
	if !w.params[n] {
		log.Fatalf("%s: %s read before it is written", w.name, n)
	}
	Load(Param(n), reg)
}

// line writes one line, "dst = a op b", and stores its result in dst's
// slot. The result also stays in registers, where the next line reads it
// if it is the first operand of an addition or subtraction.
func (w *p521Writer) line(l string) {
	name, bound := w.name, w.bound
	f := strings.Fields(l)
	if len(f) != 5 || f[1] != "=" {
		log.Fatalf("%s: bad line %q", name, l)
	}
	x, op, y := f[2], f[3], f[4]
	if op == "+" && y == w.last && x != w.last {
		x, y = y, x
	}
	Comment(l)
	var r [9]Register
	switch op {
	case "*":
		bx, by := bound[x], bound[y]
		if bx.Cmp(p521InnerMax) > 0 || by.Cmp(p521InnerMax) > 0 {
			log.Fatalf("%s: %q: an operand may exceed p521MulInner's bound", name, l)
		}
		w.addr(x, RSI)
		if x == y {
			CALL(p521SquareInner)
		} else {
			w.addr(y, RDI)
			CALL(p521MulInner)
		}
		r = p521InnerResult
		bound[f[0]] = p521LazyProductBound(bx, by)
	case "+", "-", "<<":
		if x == w.last {
			r = w.lastRegs
		} else {
			r = p521Ring
			xw := w.words(x, RSI)
			for j := range r {
				MOVQ(xw(j), r[j])
			}
		}
		bx, by := bound[x], bound[y]
		if op == "<<" {
			k, err := strconv.Atoi(y)
			if err != nil || k < 1 || k > 3 {
				log.Fatalf("%s: bad shift in %q", name, l)
			}
			p521ShiftRegs(r, k)
			bound[f[0]] = new(big.Int).Add(new(big.Int).Lsh(new(big.Int).Sub(bx, big.NewInt(1)), uint(k)), big.NewInt(1))
		} else if op == "+" {
			if x == y {
				p521AddRegs(r, func(j int) Op { return r[j] })
			} else {
				yw := w.words(y, RDI)
				p521AddRegs(r, func(j int) Op { return yw(j) })
			}
			bound[f[0]] = new(big.Int).Sub(new(big.Int).Add(bx, by), big.NewInt(1))
		} else {
			k := 1
			for new(big.Int).Mul(big.NewInt(int64(k)), p521P).Cmp(by) < 0 {
				k *= 2
			}
			p521SubRegs(r, w.words(y, RDI), k)
			kp := new(big.Int).Mul(big.NewInt(int64(k)), p521P)
			if bx.Cmp(kp) > 0 {
				kp = bx
			}
			bound[f[0]] = kp
		}
		if bound[f[0]].Cmp(p521FoldAbove) > 0 {
			Comment("fold: the bound passed 2^524")
			p521Fold(r)
			bound[f[0]] = p521FoldBound(bound[f[0]])
		}
	default:
		log.Fatalf("%s: bad operator in %q", name, l)
	}
	if _, ok := w.slots[f[0]]; !ok {
		w.slots[f[0]] = AllocLocal(8 * 9)
	}
	for j := range r {
		MOVQ(r[j], w.slots[f[0]].Offset(8*j))
	}
	w.last, w.lastRegs = f[0], r
}

// p521MulInner and p521SquareInner are the multiplication and the
// squaring as functions for the formulas' CALL, with their own convention:
// the operands' addresses in RSI (and RDI), the result in the registers
// p521InnerResult.
// Written out in each line, the formulas' code outgrew the processor's
// decoded-instruction cache and ran slower: a P-521 multiplication is
// about 330 instructions, and a doubling has eight of them.
var (
	p521MulInner    = LabelRef("·p521MulInner(SB)")
	p521SquareInner = LabelRef("·p521SquareInner(SB)")
	p521InnerResult = [9]Register{RAX, RBX, RCX, R8, R9, R10, R11, R12, R13}
)

// p521Inner writes p521MulInner and p521SquareInner.
func p521Inner() {
	check := func(r [9]Register) {
		if r != p521InnerResult {
			log.Fatal("p521Inner: the result is not in p521InnerResult")
		}
	}
	TEXT("p521MulInner", NOSPLIT, "func()")
	Doc("p521MulInner sets RAX, RBX, RCX and R8 to R13 to the words of a value",
		"congruent to x·y mod p, reduced lazily (below 2^522 + (x·y >> 1042)),",
		"for x and y below 2^526 at the addresses in RSI and RDI, using every",
		"other register but BP. For the assembly's CALL only: it cannot be",
		"called from Go. Constant time.")
	check(p521MulWords(p521Words(RSI), p521Words(RDI), AllocLocal(8*9), p521ReduceLazy))
	RET()
	TEXT("p521SquareInner", NOSPLIT, "func()")
	Doc("p521SquareInner sets RAX, RBX, RCX and R8 to R13 to the words of a",
		"value congruent to x² mod p, reduced lazily (below 2^522 + (x² >> 1042)),",
		"for x below 2^526 at the address in RSI, using every other register",
		"but BP. For the assembly's CALL only: it cannot be called from Go.",
		"Constant time.")
	check(p521SquareDoubled(p521Words(RSI), AllocLocal(8*16)))
	RET()
}

// p521SquareDoubled writes the square of the words x(0) to x(8) (memory
// operands; a base register must be RSI or SP) for x below 2^526, and its
// lazy reduction (p521ReduceLazy), whose result registers it returns. w is
// scratch of 16 words. It doubles x first (d = 2x, nine words, which fit
// for such an x), so that each row i adds x[i]² at word 2i and the cross
// products x[i]·d[j], j > i, at word i+j (with 2·x[i+1] mod 2^64 for
// d[i+1], whose low bit is x[i]'s top bit; so no row reads d[0] or d[1],
// and only d[2] to d[8] are stored), in rows as the
// multiplication's (low halves on CF, high halves on OF): no pass afterwards to double the
// cross products and add the squares, as p521SquareWords has. Word k of
// the accumulator is in p521Ring[k mod 9]; words 2i and 2i+1 are final
// after row i and go to the stack below word 9.
func p521SquareDoubled(x func(int) Mem, w Mem) [9]Register {
	r := func(k int) Register { return p521Ring[k%9] }
	t := func(k int) Mem { return w.Offset(8 * k) }
	d := func(k int) Mem { return w.Offset(8 * (7 + k)) }
	Comment("d = 2x, words 2 to 8")
	for j := 1; j < 9; j++ {
		MOVQ(x(j), r(j))
	}
	for j := 8; j > 1; j-- {
		SHLQ(U8(1), r(j-1), r(j))
	}
	for j := 2; j < 9; j++ {
		MOVQ(r(j), d(j))
	}

	// e(i) sets RDI to 2·x[i] mod 2^64: d[i] without x[i-1]'s top bit, which
	// row i-1 takes in place of d[i] (that bit belongs to x[i-1]·2x[i-1],
	// not to the cross products). Its shift writes the flags: each row
	// calls it before its carry chains start.
	e := func(i int) Register {
		MOVQ(x(i), RDI)
		SHLQ(U8(1), RDI)
		return RDI
	}
	Comment("Row 0: x[0]² at word 0, x[0]·e[1], x[0]·d[2..8] at words 1 to 9, one chain on CF.")
	e1 := e(1)
	MOVQ(x(0), RDX)
	MULXQ(x(0), RAX, r(1))
	MOVQ(RAX, t(0))
	for j := 1; j < 9; j++ {
		if j == 1 {
			MULXQ(e1, RAX, r(j+1))
		} else {
			MULXQ(d(j), RAX, r(j+1))
		}
		if j == 1 {
			ADDQ(RAX, r(j))
		} else {
			ADCQ(RAX, r(j))
		}
	}
	ADCQ(Imm(0), r(9))
	MOVQ(r(1), t(1))
	for i := 1; i < 8; i++ {
		Comment("Row: x[i]² at word 2i, x[i]·e[i+1], x[i]·d[i+2..8] at words 2i+1 to i+9.")
		ei := e(i + 1)
		MOVQ(x(i), RDX)
		XORQ(RAX, RAX)
		MULXQ(x(i), RAX, R15)
		ADCXQ(RAX, r(2*i))
		ADOXQ(R15, r(2*i+1))
		for j := i + 1; j < 8; j++ {
			if j == i+1 {
				MULXQ(ei, RAX, R15)
			} else {
				MULXQ(d(j), RAX, R15)
			}
			ADCXQ(RAX, r(i+j))
			ADOXQ(R15, r(i+j+1))
		}
		if i == 7 {
			MULXQ(ei, RAX, r(i+9))
		} else {
			MULXQ(d(8), RAX, r(i+9))
		}
		ADCXQ(RAX, r(i+8))
		MOVQ(U32(0), RAX)
		ADOXQ(RAX, r(i+9))
		ADCXQ(RAX, r(i+9))
		for _, k := range []int{2 * i, 2*i + 1} {
			if k < 9 {
				MOVQ(r(k), t(k))
			}
		}
	}
	// x < 2^526, so x² < 2^1052: word 17 is zero (the MULX's high half) and
	// the addition into word 16 does not carry.
	Comment("Row 8: x[8]² at words 16 and 17.")
	MOVQ(x(8), RDX)
	MULXQ(x(8), RAX, r(17))
	ADDQ(RAX, r(16))
	return p521ReduceLazy(t)
}

// p521ShiftRegs sets u = x·2^k, 1 ≤ k ≤ 3, for x below 2^(576-k): each
// word takes the top k bits of the word below (SHLQ's double-register
// form), the words independent of each other.
func p521ShiftRegs(u [9]Register, k int) {
	for j := 8; j > 0; j-- {
		SHLQ(U8(k), u[j-1], u[j])
	}
	SHLQ(U8(k), u[0])
}

// p521AddRegs sets u = x + y, below the sum of their bounds (which stays
// far below 2^576). u holds x; y(j) is a register or a memory operand.
func p521AddRegs(u [9]Register, y func(int) Op) {
	ADDQ(y(0), u[0])
	for j := 1; j < 9; j++ {
		ADCQ(y(j), u[j])
	}
}

// p521Fold sets u = (u mod 2^521) + (u >> 521). It uses RDX.
func p521Fold(u [9]Register) {
	MOVQ(u[8], RDX)
	SHRQ(U8(9), RDX)
	ANDQ(U32(0x1ff), u[8])
	ADDQ(RDX, u[0])
	for j := 1; j < 9; j++ {
		ADCQ(Imm(0), u[j])
	}
}

// p521SubRegs sets u = x - y mod 2^576, plus k·p masked by the borrow (k a
// power of two up to 16), as p521SubGeneric does for k = 1: for k·p at
// least y's bound, in [0, max(x's bound, k·p)). u holds x; y(j) is a memory
// operand. It uses RDX, RDI and R15.
func p521SubRegs(u [9]Register, y func(int) Mem, k int) {
	if k < 1 || k > 16 || k&(k-1) != 0 {
		log.Fatalf("p521SubRegs: k = %d", k)
	}
	SUBQ(y(0), u[0])
	for j := 1; j < 9; j++ {
		SBBQ(y(j), u[j])
	}
	Commentf("plus %d·p = 2^%d - %d, masked by the borrow", k, 521+bitLen(k)-1, k)
	SBBQ(R15, R15)
	MOVQ(R15, RDX)
	ANDQ(U32(uint32(512*k-1)), RDX)
	low := R15
	if k > 1 {
		MOVQ(R15, RDI)
		ANDQ(I32(int32(-k)), RDI)
		low = RDI
	}
	ADDQ(low, u[0])
	for j := 1; j < 8; j++ {
		ADCQ(R15, u[j])
	}
	ADCQ(RDX, u[8])
}

// bitLen is the bit length of k > 0.
func bitLen(k int) int { return big.NewInt(int64(k)).BitLen() }

// p521P is p = 2^521 - 1; p521InnerMax bounds the operands of the formulas'
// multiplication: below it, w < 2^1052, so that w >> 521 fits the nine
// words that p521ReduceLazy shifts it into and its sum fits too. Sums and
// differences are folded when their bound passes p521FoldAbove, which keeps
// every value below p521InnerMax and the subtractions' k·p at most 16p.
var (
	p521P         = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 521), big.NewInt(1))
	p521InnerMax  = new(big.Int).Lsh(big.NewInt(1), 526)
	p521FoldAbove = new(big.Int).Lsh(big.NewInt(1), 524)
)

// p521FoldBound returns an exclusive bound of (v mod 2^521) + (v >> 521)
// for 0 ≤ v < b: with q = (b-1) >> 521, the fold of v = k·2^521 + r is at
// most 2^521 - 1 + k for k < q, and (b-1) mod 2^521 + q for k = q.
func p521FoldBound(b *big.Int) *big.Int {
	m := new(big.Int).Sub(b, big.NewInt(1))
	q := new(big.Int).Rsh(m, 521)
	if q.Sign() == 0 {
		return new(big.Int).Set(b)
	}
	r := new(big.Int).And(m, p521P)
	top := new(big.Int).Add(r, q)
	below := new(big.Int).Add(p521P, q)
	below.Sub(below, big.NewInt(1))
	if below.Cmp(top) > 0 {
		top = below
	}
	return top.Add(top, big.NewInt(1))
}

// p521LazyProductBound returns an exclusive bound of p521ReduceLazy's result
// for operands below bx and by: (w mod 2^521) and ((w >> 521) mod 2^521)
// are at most 2^521 - 1 each, and w >> 1042 at most ((bx-1)(by-1)) >> 1042.
func p521LazyProductBound(bx, by *big.Int) *big.Int {
	w := new(big.Int).Mul(new(big.Int).Sub(bx, big.NewInt(1)), new(big.Int).Sub(by, big.NewInt(1)))
	b := new(big.Int).Lsh(p521P, 1)
	b.Add(b, w.Rsh(w, 1042))
	return b.Add(b, big.NewInt(1))
}

// p521ReduceLazy writes the lazy reduction of the 18-word product w of two
// operands below p521InnerMax (words 0 to 8 at t(0) to t(8), 9 to 17 in
// p521Ring): u = (w mod 2^521) + ((w >> 521) mod 2^521) + (w >> 1042), on
// two chains at once, CF adding the first two and OF the last, and returns
// the result's registers (RAX, then p521Ring[0] to p521Ring[7]), as
// p521Reduce does. It uses RSI, RDI and R15.
func p521ReduceLazy(t func(int) Mem) [9]Register {
	r := func(k int) Register { return p521Ring[k%9] }
	Comment("h = w >> 521: h0 in RAX, h[j] in ring register j-1 for j ≥ 1",
		"(w < 2^1052: nothing is lost above).")
	MOVQ(t(8), RAX)
	SHRQ(U8(9), r(0), RAX)
	for j := 1; j < 9; j++ {
		SHRQ(U8(9), r(j), r(j-1))
	}
	Comment("c = h >> 521 = w >> 1042, h mod 2^521, w mod 2^521's top word")
	MOVQ(r(7), RDI)
	SHRQ(U8(9), RDI)
	ANDQ(U32(0x1ff), r(7))
	MOVQ(t(8), R15)
	ANDQ(U32(0x1ff), R15)
	Comment("u = (w mod 2^521) + (h mod 2^521) on CF, + c on OF")
	XORQ(RSI, RSI)
	ADCXQ(t(0), RAX)
	ADOXQ(RDI, RAX)
	for j := 1; j < 8; j++ {
		ADCXQ(t(j), r(j-1))
		ADOXQ(RSI, r(j-1))
	}
	ADCXQ(R15, r(7))
	ADOXQ(RSI, r(7))
	return [9]Register{RAX, r(0), r(1), r(2), r(3), r(4), r(5), r(6), r(7)}
}

// p521Canonical reduces u < 2^576 fully, in one carry chain: with
// q = u >> 521 and l = u mod 2^521, u ≡ l + q, and l + q is at most 2p, so
// that one subtraction of p, taken when l + q + 1 ≥ 2^521, reduces it. That
// test's carry into bit 521 comes from l's words 1 to 7 all ones (their
// AND plus the carry of l0 + q + 1) and from l8. Then z = (l + q + b) mod
// 2^521, which is l + q - p when b = 1. It uses RDX, RSI, RDI and R15.
func p521Canonical(u [9]Register) {
	MOVQ(u[8], RDX)
	SHRQ(U8(9), RDX)
	ANDQ(U32(0x1ff), u[8])
	MOVQ(u[1], RDI)
	for j := 2; j < 8; j++ {
		ANDQ(u[j], RDI)
	}
	LEAQ(Mem{Base: RDX, Disp: 1}, R15)
	MOVQ(u[0], RSI)
	ADDQ(R15, RSI)
	ADCQ(Imm(0), RDI)
	MOVQ(u[8], RSI)
	ADCQ(Imm(0), RSI)
	SHRQ(U8(9), RSI)
	ADDQ(RSI, RDX)
	ADDQ(RDX, u[0])
	for j := 1; j < 9; j++ {
		ADCQ(Imm(0), u[j])
	}
	ANDQ(U32(0x1ff), u[8])
}

// p521JacobianDouble is dbl-2001-b as jacobianDouble (and
// (*p521Jacobian).double) writes it, with the same values, but 2α, 4β, 8β
// and 8γ² by shifts instead of chains of additions, and the independent
// multiplications (β, (Y1 + Z1)², γ²) placed between the dependent ones
// (δ, α, X3, Y3) so that the processor overlaps them.
var p521JacobianDouble = []string{
	"delta = z1 * z1",
	"gamma = y1 * y1",
	"t = x1 - delta",
	"u = x1 + delta",
	"alpha = t * u",
	"beta = x1 * gamma",
	"t = alpha << 1",
	"alpha = alpha + t",
	"x3 = alpha * alpha",
	"t = y1 + z1",
	"t = t * t",
	"u = beta << 3",
	"x3 = x3 - u",
	"u = beta << 2",
	"u = u - x3",
	"y3 = alpha * u",
	"gg = gamma * gamma",
	"t = t - gamma",
	"z3 = t - delta",
	"gg = gg << 3",
	"y3 = y3 - gg",
}

// p521AddDistinct is add-1998-cmo-2 as addDistinct (and
// (*p521Jacobian).addDistinct) writes it, with the same values, but 2V by a
// shift, and the lines reordered so that each multiplication's operands
// were ready a line or more before it, for the processor to overlap them.
var p521AddDistinct = []string{
	"z1z1 = z1 * z1",
	"z2z2 = z2 * z2",
	"s1 = y1 * z2",
	"s2 = y2 * z1",
	"u2 = x2 * z1z1",
	"u1 = x1 * z2z2",
	"s2 = s2 * z1z1",
	"s1 = s1 * z2z2",
	"z3 = z1 * z2",
	"h = u2 - u1",
	"r = s2 - s1",
	"hh = h * h",
	"z3 = z3 * h",
	"hhh = hh * h",
	"v = u1 * hh",
	"x3 = r * r",
	"x3 = x3 - hhh",
	"t = v << 1",
	"x3 = x3 - t",
	"s1 = s1 * hhh",
	"v = v - x3",
	"y3 = r * v",
	"y3 = y3 - s1",
}

// p521AddAffineDistinct is madd-2004-hmv as maddDistinct (and
// (*p521Jacobian).addAffineDistinct) writes it, with the same values, but
// 2·X1·H² by a shift and the lines reordered as in p521AddDistinct.
var p521AddAffineDistinct = []string{
	"zz = z1 * z1",
	"zzz = zz * z1",
	"u2 = zz * x2",
	"s2 = zzz * y2",
	"h = u2 - x1",
	"hh = h * h",
	"r = s2 - y1",
	"z3 = z1 * h",
	"hhh = hh * h",
	"v = hh * x1",
	"x3 = r * r",
	"x3 = x3 - hhh",
	"t = v << 1",
	"x3 = x3 - t",
	"yy = hhh * y1",
	"v = v - x3",
	"y3 = v * r",
	"y3 = y3 - yy",
}

// p521Points writes the point formulas and the functions they call.
func p521Points() {
	p521Inner()
	p521Windows()
	p521Formula("p521AddDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2 *[9]uint64)", p521AddDistinct,
		"p521AddDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"Jacobian coordinates as (*p521Jacobian).addDistinct does in Go",
		"(add-1998-cmo-2, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p521Formula("p521AddAffineDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2 *[9]uint64)", p521AddAffineDistinct,
		"p521AddAffineDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2)",
		"in Jacobian coordinates as (*p521Jacobian).addAffineDistinct does in Go",
		"(madd-2004-hmv, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p521Formula("p521DoubleADX", "func(x3, y3, z3, x1, y1, z1 *[9]uint64)", p521JacobianDouble,
		"p521DoubleADX computes (x3, y3, z3) = 2·(x1, y1, z1) in Jacobian coordinates",
		"as (*p521Jacobian).double does in Go, with equal results, for coordinates",
		"below p. The outputs may alias the inputs. It requires BMI2 and ADX.",
		"Constant time.")
	p521Formula("p521PointAddADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2, b *[9]uint64)", rcbAdd,
		"p521PointAddADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"projective coordinates as (*P521Point).Add does in Go (Renes, Costello",
		"and Batina, Algorithm 4), with equal results, for coordinates below p;",
		"b is the curve's b. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p521Formula("p521PointAddAffineADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, b *[9]uint64)", rcbAddAffine,
		"p521PointAddAffineADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2) as",
		"(*P521Point).addAffine does in Go (Renes, Costello and Batina,",
		"Algorithm 5), with equal results, for coordinates below p; b is the",
		"curve's b. The outputs may alias the inputs. It requires BMI2 and ADX.",
		"Constant time.")
}
