//go:build amd64 && !purego

package nistec

// addAffineDistinct sets p = p1 + p2 as addAffineDistinctGeneric does, with
// the assembly (p256AddAffineDistinctADX) when the CPU has BMI2 and ADX.
// Constant time; the branch is on the CPU, not on the values.
func (p *p256Jacobian) addAffineDistinct(p1 *p256Jacobian, p2 *p256Affine) *p256Jacobian {
	if useADX {
		p256AddAffineDistinctADX(&p.x.l, &p.y.l, &p.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l)
		return p
	}
	return p.addAffineDistinctGeneric(p1, p2)
}

// addDistinct sets p = p1 + p2 as addDistinctGeneric does, with the
// assembly (p256AddDistinctADX) when the CPU has BMI2 and ADX. Constant
// time; the branch is on the CPU, not on the values.
func (p *p256Jacobian) addDistinct(p1, p2 *p256Jacobian) *p256Jacobian {
	if useADX {
		p256AddDistinctADX(&p.x.l, &p.y.l, &p.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l)
		return p
	}
	return p.addDistinctGeneric(p1, p2)
}
