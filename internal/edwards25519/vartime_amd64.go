//go:build amd64 && !purego

package edwards25519

import (
	"sync"

	"github.com/carry-crypto/carry/internal/field25519"
)

// baseOddTableVec returns baseOddTable in the form
// doubleScalarMultVarTimeIFMA reads: entry j, (2j+1)·B, as
// (y - x, y + x, 2d·x·y, 2) in five limbs of radix 2^51, limb-major in four
// lanes. It is built on first use.
var baseOddTableVec = sync.OnceValue(func() *[64][20]uint64 {
	t := new([64][20]uint64)
	two := new(field25519.Element).One()
	two.Add(two, two)
	for j, e := range baseOddTable() {
		putLanes(&t[j], &e.YminusX, &e.YplusX, &e.XY2d, two)
	}
	return t
})

// doubleScalarLoopVarTimeVec is doubleScalarLoopVarTimeGeneric with tblB
// baseOddTable's, on doubleScalarMultVarTimeIFMA: r's point in extended
// coordinates and A's table in the vector form, the loop in assembly.
// Variable time.
func (r *completed) doubleScalarLoopVarTimeVec(naf *[2][256]int8, tblA *oddTable, top int) {
	var p Point
	p.fromCompleted(r)
	coords := [4]*field25519.Element{&p.x, &p.y, &p.z, &p.t}
	var st [40]uint64
	putState(&st, coords[:])
	var ta [8][20]uint64
	for j := range tblA {
		e := &tblA[j]
		var z2 field25519.Element
		z2.Add(&e.Z, &e.Z)
		putLanes(&ta[j], &e.YminusX, &e.YplusX, &e.T2d, &z2)
	}
	doubleScalarMultVarTimeIFMA(&st, naf, &ta, baseOddTableVec(), top)
	getState(coords[:], &st)
	r.fromPoint(&p)
}
