package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// sqrSizes are the limb counts that get a squaring kernel. Its cross
// products are written out in full, n(n-1)/2 steps, which is 4 to 16 KB of
// code at 16 to 32 limbs; the larger sizes square with montMulADX.
var sqrSizes = []int{16, 24, 32}

// Registers of the squaring beyond those of montMul: tp points at the
// 2n-word square on the stack, and rows counts the reduction's rows.
var (
	tp   = R11
	rows = R8
	cbit = R15 // the carry bit of the reduction, which belongs at t[i+n]
	w    = R14 // a word of t being summed
)

// montSqr writes montSqrADXn, which sets z = x²·R⁻¹ mod m as montSqrGeneric
// does: the square t = x² in full, 2n words on the stack, then its
// Montgomery reduction.
//
//	cross:    t = Σ x[i]·x[j]·W^(i+j), i < j       row i: n-1-i products
//	double:   t = 2t + Σ x[i]²·W^(2i)              CF: doubling, OF: squares
//	reduce:   t = t + q·m·W^i, q = t[i]·m0inv      row i clears t[i]
//	          z = t[n..2n-1] + cbit·R, less m if not below it
//
// That is n(n-1)/2 + n + n² MULX against the multiplication's 2n².
func montSqr(n int) {
	name := fmt.Sprintf("montSqrADX%d", n)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(z, x, m *[%d]uint64, m0inv uint64)", n))
	Doc(fmt.Sprintf("%s is [montSqrGeneric] for %d limbs (%d bits): it sets", name, n, 64*n),
		"z = x²·R⁻¹ mod m for x < m, with montSqrGeneric's results. It requires",
		"BMI2 and ADX. z must not overlap x or m.")
	Pragma("noescape")
	t := AllocLocal(16 * n)
	Load(Param("z"), zp)
	Load(Param("x"), xp)
	Load(Param("m"), mp)
	Load(Param("m0inv"), R10)
	LEAQ(t, tp)
	XORL(zero.As32(), zero.As32())

	Comment("Cross products, row 0: t[1..n] = x[0]·x[1..n-1], high halves on OF.")
	MOVQ(word(xp, 0), RDX)
	for j := 1; j < n; j++ {
		MULXQ(word(xp, j), lo, hi[j%2])
		if j > 1 {
			ADOXQ(hi[(j-1)%2], lo)
		}
		MOVQ(lo, word(tp, j))
	}
	ADOXQ(zero, hi[(n-1)%2])
	MOVQ(hi[(n-1)%2], word(tp, n))

	for i := 1; i < n-1; i++ {
		Comment(fmt.Sprintf("Row %d: t[%d..%d] += x[%d]·x[%d..%d]; t[%d] is new.", i, 2*i+1, i+n, i, i+1, n-1, i+n))
		// CF and OF are clear: row 0 used only OF, and every row ends
		// with its two carries taken into its top word, neither
		// carrying out.
		MOVQ(word(xp, i), RDX)
		for j := i + 1; j < n; j++ {
			MULXQ(word(xp, j), lo, hi[j%2])
			ADCXQ(word(tp, i+j), lo)
			if j > i+1 {
				ADOXQ(hi[(j-1)%2], lo)
			}
			MOVQ(lo, word(tp, i+j))
		}
		Comment("The row's sum is below W^(n-i), so its top word takes both carries.")
		ADOXQ(zero, hi[(n-1)%2])
		ADCXQ(zero, hi[(n-1)%2])
		MOVQ(hi[(n-1)%2], word(tp, i+n))
	}

	Comment("t = 2t + Σ x[i]²·W^(2i). t[0] and t[2n-1] are still to be written",
		"(0), and 2t + the squares = x² < W^2n: both chains end without a carry.",
		"CF and OF are clear, the last cross row having taken both carries.")
	MOVQ(zero, word(tp, 0))
	MOVQ(zero, word(tp, 2*n-1))
	for i := 0; i < n; i++ {
		MOVQ(word(xp, i), RDX)
		MULXQ(RDX, lo, hi[0])
		MOVQ(word(tp, 2*i), w)
		ADCXQ(w, w)
		ADOXQ(lo, w)
		MOVQ(w, word(tp, 2*i))
		MOVQ(word(tp, 2*i+1), w)
		ADCXQ(w, w)
		ADOXQ(hi[0], w)
		MOVQ(w, word(tp, 2*i+1))
	}

	Comment("Reduction, row i: t = t + q·m·W^i with q = t[i]·m0inv, which clears",
		"t[i]; tp advances a word a row. The carry out of t[i+n] is cbit, below",
		"2: t[i..i+n] + cbit·W^n + q·m < 2W^(n+1).")
	MOVQ(zero, cbit)
	MOVQ(word(tp, 0), q)
	MOVQ(U32(n), rows)
	loop := fmt.Sprintf("sqrADX%dRedc", n)
	Label(loop)
	MOVQ(q, RDX)
	IMULQ(R10, RDX)
	XORL(zero.As32(), zero.As32())
	MULXQ(word(mp, 0), lo, hi[0])
	ADCXQ(Mem{Base: tp}, lo)
	for j := 1; j < n; j++ {
		MULXQ(word(mp, j), lo, hi[j%2])
		ADCXQ(word(tp, j), lo)
		ADOXQ(hi[(j-1)%2], lo)
		MOVQ(lo, word(tp, j))
		if j == 1 {
			MOVQ(lo, q) // the next row's t[i+1], from a register
		}
	}
	MOVQ(word(tp, n), w)
	ADOXQ(hi[(n-1)%2], w)
	ADCXQ(cbit, w)
	MOVQ(w, word(tp, n))
	MOVQ(zero, cbit)
	ADOXQ(zero, cbit)
	ADCXQ(zero, cbit)
	ADDQ(Imm(8), tp)
	DECQ(rows)
	JNZ(LabelRef(loop))

	Comment("tp now points at t[n]: z = t[n..2n-1] + cbit·R, less m if not below it.")
	subIfGeqFrom(n, tp, cbit)
	RET()
}
