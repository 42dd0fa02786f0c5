//go:build amd64 && !purego

package edwards25519

import (
	"sync"

	"github.com/carry-crypto/carry/internal/field25519"
)

// baseTableVec returns baseTable in the form addBaseRowsIFMA reads: entry
// j·Q of a row as (y - x, y + x, 2d·x·y, 2) in five limbs of radix 2^51,
// limb-major in four lanes, and a 52nd row, of zeros, that the last step's
// second accumulator reads with digit 0. It is built on first use.
var baseTableVec = sync.OnceValue(func() *[52][16][20]uint64 {
	t := new([52][16][20]uint64)
	two := new(field25519.Element).One()
	two.Add(two, two)
	for i := range baseTable {
		for j := range baseTable[i] {
			e := &baseTable[i][j]
			var yPlusX, yMinusX, xy2d field25519.Element
			yPlusX.SetWords((*[4]uint64)(e[0:]))
			yMinusX.SetWords((*[4]uint64)(e[4:]))
			xy2d.SetWords((*[4]uint64)(e[8:]))
			putLanes(&t[i][j], &yMinusX, &yPlusX, &xy2d, two)
		}
	}
	return t
})

// addBaseRowsVec is addBaseRows on baseTable with addBaseRowsIFMA: the
// point r stands for accumulates the even rows, the identity the odd ones,
// and r is set to the completed form of their sum.
func (r *completed) addBaseRowsVec(e *[51]int8) {
	var a Point
	a.fromCompleted(r)
	var b Point // the identity (0, 1, 1, 0)
	b.y.One()
	b.z.One()
	// The lanes of the vector, in order.
	coords := [8]*field25519.Element{&a.x, &a.y, &a.z, &a.t, &b.x, &b.y, &b.z, &b.t}
	var st [40]uint64
	putState(&st, coords[:])
	var e52 [52]int8
	*(*[51]int8)(e52[:]) = *e
	addBaseRowsIFMA(&st, baseTableVec(), &e52)
	getState(coords[:], &st)
	var q cached
	r.fromPoint(&a).addCachedStep(q.fromPoint(&b))
}

// putLanes sets t to the four elements in radix 2^51, limb-major: word
// 4k + l is limb k of element l (a table entry of the vector kernels).
func putLanes(t *[20]uint64, e0, e1, e2, e3 *field25519.Element) {
	for l, e := range [4]*field25519.Element{e0, e1, e2, e3} {
		limbs := e.Limbs51()
		for k := range 5 {
			t[4*k+l] = limbs[k]
		}
	}
}

// putState sets lane l of the vector state st (word 8k + l is limb k of
// lane l, radix 2^51) to coords[l], for the first len(coords) lanes.
func putState(st *[40]uint64, coords []*field25519.Element) {
	for l, c := range coords {
		limbs := c.Limbs51()
		for k := range 5 {
			st[8*k+l] = limbs[k]
		}
	}
}

// getState sets coords[l] to lane l of the vector state st.
func getState(coords []*field25519.Element, st *[40]uint64) {
	for l, c := range coords {
		c.SetLimbs51(&[5]uint64{st[l], st[8+l], st[16+l], st[24+l], st[32+l]})
	}
}
