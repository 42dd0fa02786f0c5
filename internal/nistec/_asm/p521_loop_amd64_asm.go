package main

import (
	"log"
	"math/big"
	"strings"

	"github.com/mmcloughlin/avo/ir"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// p521Windows writes p521WindowsADX, the loop of ScalarMult's upper
// digits: for each digit, five doublings, the digit's multiple read from
// the affine table by a masked scan and negated by mask, a mixed addition,
// and the choice of the result by the masks of
// (*p521Jacobian).windowsGeneric, with CMOV. The accumulator stays in the
// frame between the steps, reduced lazily (below p521WindowBound) and fully
// reduced only once, at the end; the doubling and the addition are
// p521JacobianDouble and p521AddAffineDistinct written once each, the
// doubling in a loop of five. Only the loop counters branch.
func p521Windows() {
	TEXT("p521WindowsADX", 0, "func(acc *[27]uint64, aff *[16][18]uint64, digits *int32, n int, acc0 int) int")
	Doc("p521WindowsADX is (*p521Jacobian).windowsGeneric for the digits",
		"digits[0] to digits[n-1], n ≥ 1, each between -16 and 16: for i from n-1",
		"down to 0, it sets acc = 32·acc, then adds the multiple |digits[i]| of",
		"a point, entry |digits[i]|-1 of its affine multiples aff (x, y),",
		"negated for a negative digit, unless the digit is 0, taking that",
		"multiple itself while acc0 = 1 (acc is the identity); it returns acc0,",
		"1 while every digit was 0. acc is in Jacobian coordinates below p on",
		"entry and on return, with the same words as the Go code's, and aff's",
		"coordinates must be below p. It requires BMI2 and ADX. Constant time in",
		"the digits and acc0: only the loop counters branch.")
	Pragma("noescape")

	w := newP521Writer("p521WindowsADX")
	// The frame's first 64 bytes stay unused: where the slots start moves
	// the loop's time by up to 15% on AMD Zen 5, for reasons not found; at
	// 64 it was among the fastest starts measured.
	AllocLocal(64)
	acc := AllocLocal(8 * 27)
	t := AllocLocal(8 * 27)
	u := AllocLocal(8 * 27)
	for k, c := range []string{"x", "y", "z"} {
		w.slots["a"+c] = acc.Offset(72 * k)
		w.slots["t"+c] = t.Offset(72 * k)
		w.slots["u"+c] = u.Offset(72 * k)
	}
	idx, dbl, abs, neg, flag := AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)

	Comment("Copy acc into the frame.")
	Load(Param("acc"), RSI)
	for j := range 27 {
		MOVQ(word(RSI, j), RAX)
		MOVQ(RAX, acc.Offset(8*j))
	}
	Load(Param("n"), RAX)
	MOVQ(RAX, idx)
	Load(Param("acc0"), RAX)
	MOVQ(RAX, flag)

	Label("p521WindowsDigit")
	Comment("Five doublings in place: acc = 32·acc.")
	MOVQ(U32(5), dbl)
	Instruction(&ir.Instruction{Opcode: "PCALIGN", Operands: []Op{Imm(64)}})
	Label("p521WindowsDouble")
	w.setBound([]string{"ax", "ay", "az"}, p521WindowBound)
	w.last = ""
	for _, l := range p521JacobianDouble {
		w.line(p521Rename(l, map[string]string{"x1": "ax", "y1": "ay", "z1": "az", "x3": "ax", "y3": "ay", "z3": "az"}))
	}
	w.foldBelow([]string{"ax", "ay", "az"}, p521WindowBound)
	DECQ(dbl)
	JNZ(LabelRef("p521WindowsDouble"))

	Comment("The digit: abs = |d|, neg = -1 for d < 0, else 0.")
	DECQ(idx)
	MOVQ(idx, RCX)
	Load(Param("digits"), RSI)
	MOVLQSX(Mem{Base: RSI, Index: RCX, Scale: 4}, RAX)
	MOVQ(RAX, RDX)
	SARQ(U8(63), RDX)
	XORQ(RDX, RAX)
	SUBQ(RDX, RAX)
	MOVQ(RAX, abs)
	MOVQ(RDX, neg)

	Comment("t = aff[abs-1], zeros for abs = 0, by a masked scan of every entry.")
	Load(Param("aff"), RSI)
	p521ScanInto(RSI, RAX, t)

	Comment("t = -t for neg = -1: p - y is y XOR p, for y ≤ p.")
	MOVQ(neg, RDX)
	for j := range 8 {
		XORQ(RDX, w.slots["ty"].Offset(8*j))
	}
	ANDL(U32(0x1ff), EDX)
	XORQ(RDX, w.slots["ty"].Offset(64))

	Comment("Add: u = acc + t, the digit's point.")
	w.setBound([]string{"ax", "ay", "az"}, p521WindowBound)
	w.setBound([]string{"tx"}, p521P)
	w.setBound([]string{"ty"}, new(big.Int).Add(p521P, big.NewInt(1)))
	w.last = ""
	for _, l := range p521AddAffineDistinct {
		w.line(p521Rename(l, map[string]string{"x1": "ax", "y1": "ay", "z1": "az",
			"x2": "tx", "y2": "ty", "x3": "ux", "y3": "uy", "z3": "uz"}))
	}
	w.foldBelow([]string{"ux", "uy", "uz"}, p521WindowBound)

	Comment("t's Z = 1, for the choice of t as a Jacobian point.")
	MOVQ(U32(1), RBX)
	MOVQ(RBX, w.slots["tz"])
	MOVL(U32(0), EBX)
	for j := 1; j < 9; j++ {
		MOVQ(RBX, w.slots["tz"].Offset(8*j))
	}

	Comment("u = t if acc0 = 1 (acc is the identity); acc = u if abs ≠ 0.")
	MOVQ(flag, RAX)
	TESTQ(RAX, RAX)
	p521CMOVNE(u, t)
	MOVQ(abs, RCX)
	TESTQ(RCX, RCX)
	p521CMOVNE(acc, u)
	Comment("acc0 = 0 if abs ≠ 0 (MOVL keeps the flags).")
	MOVL(U32(0), EBX)
	CMOVQNE(RBX, RAX)
	MOVQ(RAX, flag)
	CMPQ(idx, Imm(0))
	JNE(LabelRef("p521WindowsDigit"))

	Comment("acc, fully reduced, back to the caller.")
	for k, c := range []string{"ax", "ay", "az"} {
		r := p521Ring
		for j := range r {
			MOVQ(w.slots[c].Offset(8*j), r[j])
		}
		p521Canonical(r)
		Load(Param("acc"), RAX)
		for j := range r {
			MOVQ(r[j], word(RAX, 9*k+j))
		}
	}
	MOVQ(flag, RAX)
	Store(RAX, ReturnIndex(0))
	RET()
}

// p521CMOVNE sets the 27 words at dst to those at src if the flags say
// "not equal", word by word through RBX, which it uses; MOV and CMOV leave
// the flags.
func p521CMOVNE(dst, src Mem) {
	for j := range 27 {
		MOVQ(dst.Offset(8*j), RBX)
		CMOVQNE(src.Offset(8*j), RBX)
		MOVQ(RBX, dst.Offset(8*j))
	}
}

// p521WindowBound bounds the accumulator of p521WindowsADX between its
// steps: every output of a step is folded below it.
var p521WindowBound = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 522), big.NewInt(1<<10))

// setBound declares that the values names hold are below b, as a loop's
// head assumes of its carried values.
func (w *p521Writer) setBound(names []string, b *big.Int) {
	for _, n := range names {
		w.bound[n] = b
	}
}

// foldBelow folds each of the values names whose bound passes b, in place,
// and stops the generator unless every bound is then at most b: the
// values a loop carries must stay below what its head assumes.
func (w *p521Writer) foldBelow(names []string, b *big.Int) {
	for _, n := range names {
		if w.bound[n].Cmp(b) > 0 {
			Commentf("fold: %s for the loop", n)
			r := p521Ring
			for j := range r {
				MOVQ(w.slots[n].Offset(8*j), r[j])
			}
			p521Fold(r)
			for j := range r {
				MOVQ(r[j], w.slots[n].Offset(8*j))
			}
			w.bound[n] = p521FoldBound(w.bound[n])
		}
		if w.bound[n].Cmp(b) > 0 {
			log.Fatalf("%s: %s may reach %v, above the loop's bound", w.name, n, w.bound[n])
		}
	}
	w.last = ""
}

// p521Rename returns the line l with each name in names replaced.
func p521Rename(l string, names map[string]string) string {
	f := strings.Fields(l)
	for i, n := range f {
		if r, ok := names[n]; ok {
			f[i] = r
		}
	}
	return strings.Join(f, " ")
}

// p521ScanInto writes out (18 words in the frame) = table[n-1] for the
// table of 16 affine entries (18 words) at tp, and zeros for n = 0,
// reading every entry, as selectWide does, on X0 to X13 (the formulas
// hold every general register). n is in a general register.
func p521ScanInto(tp, n Register, out Mem) {
	MOVQ(n, X0)
	PSHUFD(Imm(0), X0, X0)
	PCMPEQL(X1, X1)
	accs := 0
	scanEntries(tp, out, 18, X0, X1, func(role string) Op {
		switch role {
		case "ctr":
			accs = 0
			return X2
		case "mask":
			return X3
		case "word":
			return X4
		}
		accs++
		return []VecPhysical{X5, X6, X7, X8, X9, X10, X11, X12, X13}[accs-1]
	})
}
