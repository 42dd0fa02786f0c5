//go:build (!amd64 && !arm64) || purego

package nistec

// addAffineDistinct sets p = p1 + p2: addAffineDistinctGeneric.
func (p *p256Jacobian) addAffineDistinct(p1 *p256Jacobian, p2 *p256Affine) *p256Jacobian {
	return p.addAffineDistinctGeneric(p1, p2)
}

// addDistinct sets p = p1 + p2: addDistinctGeneric.
func (p *p256Jacobian) addDistinct(p1, p2 *p256Jacobian) *p256Jacobian {
	return p.addDistinctGeneric(p1, p2)
}

// p256SelectBase sets a to entry n-1 of row: p256SelectBaseGeneric.
func p256SelectBase(a *p256Affine, row *[64]p256Affine, n uint32) {
	p256SelectBaseGeneric(a, row, n)
}
