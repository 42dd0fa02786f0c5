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
	for i := range baseTable {
		for j := range baseTable[i] {
			e := &baseTable[i][j]
			var yPlusX, yMinusX, xy2d field25519.Element
			yPlusX.SetWords((*[4]uint64)(e[0:]))
			yMinusX.SetWords((*[4]uint64)(e[4:]))
			xy2d.SetWords((*[4]uint64)(e[8:]))
			lanes := [4][5]uint64{yMinusX.Limbs51(), yPlusX.Limbs51(), xy2d.Limbs51(), {2}}
			for k := range 5 {
				for l := range 4 {
					t[i][j][4*k+l] = lanes[l][k]
				}
			}
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
	for l, c := range coords {
		limbs := c.Limbs51()
		for k := range 5 {
			st[8*k+l] = limbs[k]
		}
	}
	var e52 [52]int8
	*(*[51]int8)(e52[:]) = *e
	addBaseRowsIFMA(&st, baseTableVec(), &e52)
	for l, c := range coords {
		c.SetLimbs51(&[5]uint64{st[l], st[8+l], st[16+l], st[24+l], st[32+l]})
	}
	var q cached
	r.fromPoint(&a).addCachedStep(q.fromPoint(&b))
}
