package edwards25519

import "github.com/carry-crypto/carry/internal/field25519"

// This file holds the addition and doubling formulas of Hisil, Wong, Carter
// and Dawson, "Twisted Edwards Curves Revisited", ASIACRYPT 2008
// (https://eprint.iacr.org/2008/522), for a = -1, in the arrangement of
// ref10: each returns a completed point, and the caller multiplies it out to
// the form it needs next.
//
// field25519's Add and Sub accept any element and their results go into
// multiplications and further sums as they are, so the formulas need no
// reductions between the operations.

// addCached sets v = p + q, and returns v.
func (v *completed) addCached(p *Point, q *cached) *completed {
	// add-2008-hwcd-3 (HWCD 2008, Section 3.1, with k = 2d), 8M:
	var A, B, C, D field25519.Element
	A.Sub(&p.y, &p.x)     // Y1−X1
	A.Mul(&A, &q.YminusX) // A = (Y1−X1)·(Y2−X2)
	B.Add(&p.y, &p.x)     // Y1+X1
	B.Mul(&B, &q.YplusX)  // B = (Y1+X1)·(Y2+X2)
	C.Mul(&p.t, &q.T2d)   // C = T1·2d·T2
	D.Mul(&p.z, &q.Z)     // Z1·Z2
	D.Add(&D, &D)         // D = 2·Z1·Z2
	v.X.Sub(&B, &A)       // E = B − A
	v.Y.Add(&B, &A)       // H = B + A
	v.Z.Add(&D, &C)       // G = D + C
	v.T.Sub(&D, &C)       // F = D − C
	// x3 = E/G and y3 = H/F: X3 = E·F, Y3 = G·H, Z3 = F·G, T3 = E·H.
	return v
}

// subCached sets v = p − q, and returns v.
func (v *completed) subCached(p *Point, q *cached) *completed {
	// addCached with −q = (Y2−X2, Y2+X2, Z2, −2d·T2): the first two swap and
	// C changes sign, so G and F swap.
	var A, B, C, D field25519.Element
	A.Sub(&p.y, &p.x)
	A.Mul(&A, &q.YplusX) // A = (Y1−X1)·(Y2+X2)
	B.Add(&p.y, &p.x)
	B.Mul(&B, &q.YminusX) // B = (Y1+X1)·(Y2−X2)
	C.Mul(&p.t, &q.T2d)   // C = T1·2d·T2, minus the C of p + (−q)
	D.Mul(&p.z, &q.Z)
	D.Add(&D, &D)   // D = 2·Z1·Z2
	v.X.Sub(&B, &A) // E = B − A
	v.Y.Add(&B, &A) // H = B + A
	v.Z.Sub(&D, &C) // G = D − C
	v.T.Add(&D, &C) // F = D + C
	return v
}

// addNiels sets v = p + q for an affine q, and returns v.
func (v *completed) addNiels(p *Point, q *niels) *completed {
	// madd-2008-hwcd-3: add-2008-hwcd-3 with Z2 = 1, 7M with the
	// conversion to extended coordinates:
	var A, B, C, D field25519.Element
	A.Sub(&p.y, &p.x)     // Y1−X1
	A.Mul(&A, &q.YminusX) // A = (Y1−X1)·(y2−x2)
	B.Add(&p.y, &p.x)     // Y1+X1
	B.Mul(&B, &q.YplusX)  // B = (Y1+X1)·(y2+x2)
	C.Mul(&p.t, &q.XY2d)  // C = T1·2d·x2·y2
	D.Add(&p.z, &p.z)     // D = 2·Z1
	v.X.Sub(&B, &A)       // E = B − A
	v.Y.Add(&B, &A)       // H = B + A
	v.Z.Add(&D, &C)       // G = D + C
	v.T.Sub(&D, &C)       // F = D − C
	return v
}

// double sets v = 2·p, and returns v.
func (v *completed) double(p *projective) *completed {
	// dbl-2008-hwcd (HWCD 2008, Section 3.3) with a = -1, 4S, and the
	// signs of H and F flipped, which leaves y3 = H/F unchanged:
	var A, B, C, E field25519.Element
	A.Square(&p.X)    // A = X1^2
	B.Square(&p.Y)    // B = Y1^2
	C.Square(&p.Z)    // Z1^2
	C.Add(&C, &C)     // C = 2·Z1^2
	E.Add(&p.X, &p.Y) // X1+Y1
	E.Square(&E)      // (X1+Y1)^2
	v.Y.Add(&B, &A)   // −H = B + A
	v.Z.Sub(&B, &A)   // G = B − A (= a·A + B)
	E.Sub(&E, &A)     //
	v.X.Sub(&E, &B)   // E = (X1+Y1)^2 − A − B = 2·X1·Y1
	C.Add(&C, &A)     //
	v.T.Sub(&C, &B)   // −F = C − G = C + A − B
	// x3 = E/G, y3 = (−H)/(−F).
	return v
}

// Add sets v = p + q, and returns v.
func (v *Point) Add(p, q *Point) *Point {
	var qc cached
	var r completed
	qc.fromPoint(q)
	return v.fromCompleted(r.addCached(p, &qc))
}

// Subtract sets v = p − q, and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	var qc cached
	var r completed
	qc.fromPoint(q)
	return v.fromCompleted(r.subCached(p, &qc))
}

// Double sets v = 2·p, and returns v.
func (v *Point) Double(p *Point) *Point {
	var pp projective
	var r completed
	pp.fromPoint(p)
	return v.fromCompleted(r.double(&pp))
}

// subNiels sets v = p − q for an affine q, and returns v.
func (v *completed) subNiels(p *Point, q *niels) *completed {
	// addNiels with −q = (y2−x2, y2+x2, −2d·x2·y2): the first two swap and
	// C changes sign, so G and F swap.
	var A, B, C, D field25519.Element
	A.Sub(&p.y, &p.x)
	A.Mul(&A, &q.YplusX) // A = (Y1−X1)·(y2+x2)
	B.Add(&p.y, &p.x)
	B.Mul(&B, &q.YminusX) // B = (Y1+X1)·(y2−x2)
	C.Mul(&p.t, &q.XY2d)  // C = T1·2d·x2·y2, minus the C of p + (−q)
	D.Add(&p.z, &p.z)     // D = 2·Z1
	v.X.Sub(&B, &A)       // E = B − A
	v.Y.Add(&B, &A)       // H = B + A
	v.Z.Sub(&D, &C)       // G = D − C
	v.T.Add(&D, &C)       // F = D + C
	return v
}

// The steps of the scalar multiplications keep their accumulator r in
// completed form between steps: each reads the point that r stands for and
// sets r to the completed form of the result. On amd64 with BMI2 and ADX
// they are the assembly of edwards_amd64.s (addNielsADX, ...), which
// computes the same words as these generic forms (edwards_arch_amd64.go
// chooses).

// addNielsGeneric sets r to the completed form of P + q, where P is the
// point r stands for.
func (r *completed) addNielsGeneric(q *niels) {
	var v Point
	r.addNiels(v.fromCompleted(r), q)
}

// subNielsGeneric sets r to the completed form of P − q.
func (r *completed) subNielsGeneric(q *niels) {
	var v Point
	r.subNiels(v.fromCompleted(r), q)
}

// addCachedGeneric sets r to the completed form of P + q.
func (r *completed) addCachedGeneric(q *cached) {
	var v Point
	r.addCached(v.fromCompleted(r), q)
}

// subCachedGeneric sets r to the completed form of P − q.
func (r *completed) subCachedGeneric(q *cached) {
	var v Point
	r.subCached(v.fromCompleted(r), q)
}

// doubleGeneric sets r to the completed form of 2·P.
func (r *completed) doubleGeneric() {
	var p projective
	r.double(p.fromCompleted(r))
}
