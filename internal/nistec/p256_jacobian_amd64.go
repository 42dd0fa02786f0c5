//go:build amd64 && !purego

package nistec

import "unsafe"

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

// p256SelectBase sets a to entry n-1 of row, a row of p256BaseTable, for
// 1 ≤ n ≤ 64 (to zeros for 0), reading every entry, with the AVX-512 scan
// p256SelectBaseAVX512 where the CPU has AVX-512F and VL and the SSE2 one
// p256SelectBaseSSE2 otherwise (a p256Affine is 8 words, x and y).
// Constant time in n; the branch is on the CPU.
func p256SelectBase(a *p256Affine, row *[64]p256Affine, n uint32) {
	if useAVX512 {
		p256SelectBaseAVX512((*[8]uint64)(unsafe.Pointer(a)), (*[64][8]uint64)(unsafe.Pointer(row)), n)
		return
	}
	p256SelectBaseSSE2((*[8]uint64)(unsafe.Pointer(a)), (*[64][8]uint64)(unsafe.Pointer(row)), n)
}
