package field25519

import "math/bits"

// The multiplication by a small constant and the conditional swap, which
// only the tests use: MulSmall exercises the wide carry pass at its bounds
// against math/big, and Swap the aliasing rules.

// MulSmall sets v = a × c, and returns v. It is meant for small public
// constants such as 121666 (RFC 7748, Section 5), but c may be any uint32.
//
// a may be loose (limbs < 2^54); v is tight: l1 ≤ 2^51 and the other limbs
// < 2^51.
func (v *Element) MulSmall(a *Element, c uint32) *Element {
	feMulSmallGeneric(v, a, c)
	return v
}

// Swap swaps v and u if cond == 1 and leaves both unchanged if cond == 0.
// cond must be 0 or 1; it is applied as a mask, without branching.
func (v *Element) Swap(u *Element, cond int) {
	m := mask64(cond)
	t := m & (v.l0 ^ u.l0)
	v.l0 ^= t
	u.l0 ^= t
	t = m & (v.l1 ^ u.l1)
	v.l1 ^= t
	u.l1 ^= t
	t = m & (v.l2 ^ u.l2)
	v.l2 ^= t
	u.l2 ^= t
	t = m & (v.l3 ^ u.l3)
	v.l3 ^= t
	u.l3 ^= t
	t = m & (v.l4 ^ u.l4)
	v.l4 ^= t
	u.l4 ^= t
}

// feMulSmallGeneric sets v = a × c. a may alias v.
//
// Bounds: a loose (limbs < 2^54) gives v with l1 ≤ 2^51 and the other limbs
// < 2^51. Each product ai·c is below 2^86, so every carry in the chain is
// below 2^35 + 1, 19 times the top one is below 2^40, and the carry from l0
// into l1 is at most 1.
func feMulSmallGeneric(v, a *Element, c uint32) {
	x := uint64(c)
	h0, r0 := bits.Mul64(a.l0, x)
	h1, r1 := bits.Mul64(a.l1, x)
	h2, r2 := bits.Mul64(a.l2, x)
	h3, r3 := bits.Mul64(a.l3, x)
	h4, r4 := bits.Mul64(a.l4, x)
	feCarryWide(v, h0, r0, h1, r1, h2, r2, h3, r3, h4, r4)
}

// feCarryWide sets v to the element with 128-bit limbs (h0, r0)..(h4, r4),
// through carryWide.
func feCarryWide(v *Element, h0, r0, h1, r1, h2, r2, h3, r3, h4, r4 uint64) {
	v.l0, v.l1, v.l2, v.l3, v.l4 = carryWide(h0, r0, h1, r1, h2, r2, h3, r3, h4, r4)
}

// carryWide reduces five 128-bit columns (hk, rk) of weight 2^(51k) to five
// limbs, in one carry pass that goes once around the limbs:
//
//	r0 → r1 → r2 → r3 → r4 →(×19) l0 → l1
//
// Each column keeps its low 51 bits and passes the rest up; what leaves r4
// (weight 2^255) is multiplied by 19 and added back to l0, whose excess then
// moves into l1.
//
// To shorten the dependency chain, every column is first split, in parallel,
// into sk = rk >> 51 and mk = rk mod 2^51. Then, with c the carry into
// column k, rk + c = sk·2^51 + (mk + c), so the carry out is
// sk + (mk + c) >> 51 and the limb is (mk + c) mod 2^51: one addition, one
// shift and one addition per column on the chain, and no 128-bit addition.
//
// Bounds, with the column bounds of feMulGeneric (loose inputs):
//
//	c0 = s0                < 77·2^57 < 2^63.3
//	c1 = s1 + (m1 + c0)>>51 < 59·2^57 + 2^13
//	c2 = s2 + (m2 + c1)>>51 < 41·2^57 + 2^13
//	c3 = s3 + (m3 + c2)>>51 < 23·2^57 + 2^13
//	c4 = s4 + (m4 + c3)>>51 < 5·2^57 + 23·2^6 + 1 < 5·2^57 + 2^11
//	l0 = m0 + 19·c4         < 2^51 + 95·2^57 + 19·2^11 < 2^64
//	l0>>51                  < 1 + 95·2^6 + 1 = 6082
//	l1 = (m1 + c0) mod 2^51 + l0>>51 < 2^51 + 6081 < 2^51 + 2^13
//
// and l0, l2, l3, l4 < 2^51 at the end. Every mk + c is below
// 2^51 + 2^63.3 < 2^64 and every column is below 2^115, so every sk and
// carry fits in a word. The binding constraint is 19·c4 < 2^64 - 2^51, which
// holds while r4 < 2^110.7: limbs a little above 2^54 would break it.
func carryWide(h0, r0, h1, r1, h2, r2, h3, r3, h4, r4 uint64) (uint64, uint64, uint64, uint64, uint64) {
	s0, m0 := split51(h0, r0)
	s1, m1 := split51(h1, r1)
	s2, m2 := split51(h2, r2)
	s3, m3 := split51(h3, r3)
	s4, m4 := split51(h4, r4)
	l1, c1 := carryStep(s1, m1, s0)
	l2, c2 := carryStep(s2, m2, c1)
	l3, c3 := carryStep(s3, m3, c2)
	l4, c4 := carryStep(s4, m4, c3)
	l0, l1 := carryFold(m0, l1, c4)
	return l0, l1, l2, l3, l4
}
