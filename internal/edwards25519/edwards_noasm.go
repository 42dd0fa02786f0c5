//go:build !amd64 || purego

package edwards25519

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() {
	impl.Register(implAVX2, nil)
	impl.Register(implADX, nil)
	impl.Register(implIFMA, nil)
}

func selectBase(v *niels, tbl *[16]packedNiels, abs, neg uint64) {
	selectBaseGeneric(v, tbl, abs, neg)
}

func (r *completed) addBaseRows(rows *[51][16]packedNiels, e *[51]int8) {
	r.addBaseRowsGeneric(rows, e)
}

func (r *completed) addNielsStep(q *niels) { r.addNielsGeneric(q) }

func (r *completed) subNielsStep(q *niels) { r.subNielsGeneric(q) }

func (r *completed) addCachedStep(q *cached) { r.addCachedGeneric(q) }

func (r *completed) subCachedStep(q *cached) { r.subCachedGeneric(q) }

func (r *completed) doubleStep() { r.doubleGeneric() }

func (r *completed) doubleScalarLoopVarTime(naf *[2][256]int8, tblA *oddTable, tblB []niels, top int) {
	r.doubleScalarLoopVarTimeGeneric(naf, tblA, tblB, top)
}
