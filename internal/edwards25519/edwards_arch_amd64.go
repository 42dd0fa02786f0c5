//go:build amd64 && !purego

package edwards25519

import "github.com/carry-crypto/carry/internal/impl"

// useAVX2 selects the AVX2 table scan (implAVX2), where the CPU has AVX2;
// useADX the assembly point formulas (implADX), where it has BMI2 and ADX;
// useIFMA the vector code of the fixed-base rows and of verification's
// double-scalar multiplication (implIFMA), where it has AVX-512 IFMA.
var useAVX2, useADX, useIFMA bool

func init() {
	impl.Register(implAVX2, &useAVX2)
	impl.Register(implADX, &useADX)
	impl.Register(implIFMA, &useIFMA)
}

func selectBase(v *niels, tbl *[16]packedNiels, abs, neg uint64) {
	if useAVX2 {
		selectBaseAVX2(v, tbl, abs, neg)
	} else {
		selectBaseGeneric(v, tbl, abs, neg)
	}
}

func (r *completed) addBaseRows(rows *[51][16]packedNiels, e *[51]int8) {
	if useIFMA && rows == &baseTable {
		r.addBaseRowsVec(e)
		return
	}
	if useADX && useAVX2 {
		addBaseRowsADX(r, rows, e)
	} else {
		r.addBaseRowsGeneric(rows, e)
	}
}

// doubleScalarLoopVarTime runs the loop of varTimeDoubleScalarBaseMult,
// with doubleScalarLoopVarTimeVec where the CPU has IFMA and tblB is
// baseOddTable's.
func (r *completed) doubleScalarLoopVarTime(naf *[2][256]int8, tblA *oddTable, tblB []niels, top int) {
	if useIFMA && len(tblB) == len(baseOddTable()) && &tblB[0] == &baseOddTable()[0] {
		r.doubleScalarLoopVarTimeVec(naf, tblA, top)
		return
	}
	r.doubleScalarLoopVarTimeGeneric(naf, tblA, tblB, top)
}

func (r *completed) addNielsStep(q *niels) {
	if useADX {
		addNielsADX(r, q)
	} else {
		r.addNielsGeneric(q)
	}
}

func (r *completed) subNielsStep(q *niels) {
	if useADX {
		subNielsADX(r, q)
	} else {
		r.subNielsGeneric(q)
	}
}

func (r *completed) addCachedStep(q *cached) {
	if useADX {
		addCachedADX(r, q)
	} else {
		r.addCachedGeneric(q)
	}
}

func (r *completed) subCachedStep(q *cached) {
	if useADX {
		subCachedADX(r, q)
	} else {
		r.subCachedGeneric(q)
	}
}

func (r *completed) doubleStep() {
	if useADX {
		doubleADX(r)
	} else {
		r.doubleGeneric()
	}
}
