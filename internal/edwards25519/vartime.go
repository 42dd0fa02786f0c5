package edwards25519

import (
	"sync"

	"github.com/carry-crypto/carry/internal/field25519"
)

// This file holds the variable-time double-scalar multiplication a·A + b·B
// of signature verification, by interleaved width-w non-adjacent forms
// (wNAF; Möller, "Algorithms for multi-exponentiation", SAC 2001; Hankerson,
// Menezes, Vanstone, "Guide to Elliptic Curve Cryptography", Algorithm 3.36
// and Section 3.3.3). Every function here may leak its scalars and points
// through timing and memory accesses: they must be public.

// Window widths. A's table of odd multiples is built for each call
// (2^(w−2) entries, as many additions), B's is built once (64 affine entries
// for w = 8), and a width w leaves on average one nonzero digit in w + 1:
// for A, w = 5 costs 8 + 253/6 ≈ 50 additions, against 4 + 51 for w = 4 and
// 16 + 36 for w = 6. For B, w = 8: a wider window gains little
// (BenchmarkVarTimeBaseWindow) for a table twice as large a bit.
const (
	wnafWidthA = 5
	wnafWidthB = 8
)

// nafVarTime sets naf to the width-w non-adjacent form of the integer x
// (four 64-bit words, least significant first, below 2^254): x =
// Σ naf[i]·2^i, every nonzero digit odd with |naf[i]| < 2^(w−1), and any w
// consecutive digits holding at most one nonzero. w must be in [2, 8].
//
// nafVarTime runs in variable time: it leaks x.
func nafVarTime(naf *[256]int8, x *[4]uint64, w uint) {
	*naf = [256]int8{}
	width := uint64(1) << w
	mask := width - 1

	// The digits are produced from the least significant end. carry is 1
	// when the digits so far overshoot the bits read so far by 2^pos, that
	// is when the last digit was negative: then bit pos counts one more.
	carry := uint64(0)
	for pos := uint(0); pos < 256; {
		idx, off := pos/64, pos%64
		buf := x[idx] >> off
		if off+w > 64 && idx < 3 {
			buf += x[idx+1] << (64 - off)
		}
		// Bit pos plus the carry: even means a zero digit, and the carry
		// (1 + 1 = 2) passes to the next bit.
		if buf&1 == carry {
			pos++
			continue
		}
		win := buf&mask + carry // odd, in [1, 2^w]
		if win < width/2 {
			naf[pos] = int8(win)
			carry = 0
		} else {
			// win − 2^w, and 2^w carried to bit pos + w.
			naf[pos] = int8(int64(win) - int64(width))
			carry = 1
		}
		pos += w
	}
}

// oddTable holds q, 3·q, 5·q, ..., 15·q in cached form: entry j for
// (2j + 1)·q, the multiples a width-5 NAF digit needs.
type oddTable [8]cached

// fill sets tbl to the odd multiples of q.
func (tbl *oddTable) fill(q *Point) {
	var q2, acc Point
	var c cached
	var r completed
	q2.Double(q)
	c.fromPoint(&q2)
	acc.Set(q)
	tbl[0].fromPoint(&acc)
	for j := 1; j < len(tbl); j++ {
		acc.fromCompleted(r.addCached(&acc, &c))
		tbl[j].fromPoint(&acc)
	}
}

// addDigitVarTime sets r to the completed form of P + e·q, where P is the
// point r stands for, e is a nonzero odd NAF digit and tbl holds the odd
// multiples of q.
func (r *completed) addDigitVarTime(tbl *oddTable, e int8) {
	if e > 0 {
		r.addCachedStep(&tbl[e/2])
	} else {
		r.subCachedStep(&tbl[(-e)/2])
	}
}

// baseOddTable returns B, 3·B, 5·B, ..., 127·B in affine niels form, entry
// j for (2j + 1)·B: the odd multiples a width-8 NAF digit needs. It is
// computed on first use.
func baseOddTable() *[64]niels {
	baseOddOnce.Do(initBaseOddTable)
	return &baseOddTbl
}

var (
	baseOddOnce sync.Once
	baseOddTbl  [64]niels
)

func initBaseOddTable() {
	baseOddMultiples(baseOddTbl[:])
}

// baseOddMultiples sets tbl[j] to (2j + 1)·B in niels form.
func baseOddMultiples(tbl []niels) {
	pts := make([]Point, len(tbl))
	var B2 Point
	var c cached
	var r completed
	B2.Double(&generator)
	c.fromPoint(&B2)
	pts[0].Set(&generator)
	for j := 1; j < len(pts); j++ {
		pts[j].fromCompleted(r.addCached(&pts[j-1], &c))
	}
	nielsBatchVarTime(tbl, pts)
}

// nielsBatchVarTime sets out[i] to the niels form of pts[i], with a single
// inversion (Montgomery's trick: the inverse of each Z from the inverse of
// their product). len(out) must be len(pts).
func nielsBatchVarTime(out []niels, pts []Point) {
	if len(pts) == 0 {
		return
	}
	// prod[i] = Z_0·Z_1·...·Z_i.
	prod := make([]field25519.Element, len(pts))
	prod[0].Set(&pts[0].z)
	for i := 1; i < len(pts); i++ {
		prod[i].Mul(&prod[i-1], &pts[i].z)
	}
	var inv, zInv, x, y field25519.Element
	inv.Invert(&prod[len(pts)-1]) // 1/(Z_0···Z_i), for i from the top down
	for i := len(pts) - 1; i >= 0; i-- {
		if i > 0 {
			zInv.Mul(&inv, &prod[i-1])
			inv.Mul(&inv, &pts[i].z)
		} else {
			zInv.Set(&inv)
		}
		x.Mul(&pts[i].x, &zInv)
		y.Mul(&pts[i].y, &zInv)
		out[i].YplusX.Add(&y, &x)
		out[i].YminusX.Sub(&y, &x)
		out[i].XY2d.Mul(&x, &y)
		out[i].XY2d.Mul(&out[i].XY2d, &d2)
	}
}

// VarTimeDoubleScalarBaseMult sets v = a·A + b·B, where B is the Ed25519
// basepoint, and returns v. v may alias A.
//
// It runs in variable time: a, A and b must be public, as they are in
// signature verification, where it computes S·B − k·A as a·A + b·B with
// a = k and A negated.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	return v.varTimeDoubleScalarBaseMult(a, A, b, baseOddTable()[:], wnafWidthB)
}

// varTimeDoubleScalarBaseMult is VarTimeDoubleScalarBaseMult with B's odd
// multiples tblB for a width-wB NAF (2^(wB−2) entries), so that benchmarks
// may compare widths.
func (v *Point) varTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar, tblB []niels, wB uint) *Point {
	var aw, bw [4]uint64
	a.words(&aw)
	b.words(&bw)
	var naf [2][256]int8 // a's NAF, then b's
	nafVarTime(&naf[0], &aw, wnafWidthA)
	nafVarTime(&naf[1], &bw, wB)

	var tblA oddTable
	tblA.fill(A)

	i := 255
	for i >= 0 && naf[0][i] == 0 && naf[1][i] == 0 {
		i--
	}

	// r is kept in completed form: each step doubles it and adds the
	// digits' multiples.
	var r completed
	r.identity()
	if i >= 0 {
		r.doubleScalarLoopVarTime(&naf, &tblA, tblB, i)
	}
	return v.fromCompleted(&r)
}

// doubleScalarLoopVarTimeGeneric is the loop of
// varTimeDoubleScalarBaseMult: for i = top down to 0, r = 2r +
// naf[0][i]·A + naf[1][i]·B, the multiples from tblA and tblB. Variable
// time.
func (r *completed) doubleScalarLoopVarTimeGeneric(naf *[2][256]int8, tblA *oddTable, tblB []niels, top int) {
	for i := top; i >= 0; i-- {
		r.doubleStep()
		if e := naf[0][i]; e != 0 {
			r.addDigitVarTime(tblA, e)
		}
		if e := naf[1][i]; e != 0 {
			if e > 0 {
				r.addNielsStep(&tblB[e/2])
			} else {
				r.subNielsStep(&tblB[(-e)/2])
			}
		}
	}
}
