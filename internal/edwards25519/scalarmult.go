package edwards25519

// This file holds the constant-time multiplication of the basepoint by a
// Scalar, through the fixed-base table of basemult.go, and the
// multiplication by the cofactor.

// ScalarBaseMultScalar sets v = x·B, where B is the Ed25519 basepoint, and
// returns v. It runs in constant time.
func (v *Point) ScalarBaseMultScalar(x *Scalar) *Point {
	// x < l < 2^253, within ScalarBaseMult's range.
	var k [32]byte
	x.FillBytes(&k)
	return v.ScalarBaseMult(&k)
}

// MultByCofactor sets v = 8·p, and returns v. v may alias p.
func (v *Point) MultByCofactor(p *Point) *Point {
	var pp projective
	var r completed
	pp.fromPoint(p)
	pp.fromCompleted(r.double(&pp))
	pp.fromCompleted(r.double(&pp))
	return v.fromCompleted(r.double(&pp))
}
