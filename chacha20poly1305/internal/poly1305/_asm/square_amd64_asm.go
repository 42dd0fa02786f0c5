package main

// The square of a value in the vector loop's limbs (44, 44 and 42 bits) on
// 64-bit words with MULX: powersIFMA's first product, r^2, whose result
// the vector products need in every lane, is shorter this way than as a
// vector product (see powersIFMA).

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// limbs44 is a value in limbs of 44, 44 and 42 bits, a register each.
type limbs44 [3]GPVirtual

// mulx emits the 128-bit product of x and y (x moved to DX), as lo and hi.
func mulx(x Register, y Op) (lo, hi GPVirtual) {
	lo, hi = GP64(), GP64()
	MOVQ(x, RDX)
	MULXQ(y, lo, hi)
	return lo, hi
}

// squareMULX emits a^2 mod 2^130 - 5 in limbs of 44, 44 and 42 bits, for a
// with a0 < 2^44, a1 <= 2^44 and a2 < 2^42 (r, and the result itself).
// With 2^132 = 20 (mod p) the columns, two words each, are
//
//	d0 = a0 a0 + (2 a1)(20 a2)
//	d1 = a0 (2 a1) + a2 (20 a2)
//	d2 = a0 (2 a2) + a1 a1
//
// They are carried all three at once,
//
//	h0 = d0 mod 2^44 + 5 (d2 >> 42)
//	h1 = d1 mod 2^44 + (d0 >> 44)
//	h2 = d2 mod 2^42 + (d1 >> 44)
//
// then h0 into h1, h1 into h2, h2's top times 5 into h0, and h0 into h1.
//
// Bounds. With 2 a1 <= 2^45 and 20 a2 < 2^46.33 the columns are below
// 2^88 + 2^91.33, 2^89 + 2^88.33 and 2^87 + 2^88, so each one's carry fits
// a word (SHRQ of its two words): d0 >> 44 < 2^47.5, d1 >> 44 < 2^45.8 and
// d2 >> 42 < 2^46.6. Then h0 < 2^44 + 5 * 2^46.6 < 2^49, h1 < 2^44 + 2^47.5
// < 2^47.7 and h2 < 2^42 + 2^45.8 < 2^46; h0's carry (below 2^5) leaves h1
// below 2^47.7, whose carry (below 2^3.7) leaves h2 < 2^46 and h1 < 2^44;
// 5 (h2 >> 42) < 80, so h0 < 2^44 + 80 and h2 < 2^42; and h0's last carry
// (1 at most) leaves h0 < 2^44 and h1 <= 2^44. So the limbs are fully
// carried (the value below 2^130: a^2 mod p, or that plus p if a^2 mod p is
// below 5) unless h1 ends at 2^44, which needs its low 44 bits all ones
// when h0's last carry comes: a chance of about 2^-80.
func squareMULX(a limbs44) limbs44 {
	a1x2, a2x20 := GP64(), GP64()
	LEAQ(Mem{Base: a[1], Index: a[1], Scale: 1}, a1x2)
	LEAQ(Mem{Base: a[2], Index: a[2], Scale: 4}, a2x20)
	SHLQ(U8(2), a2x20)
	add := func(dlo, dhi, lo, hi Register) {
		ADDQ(lo, dlo)
		ADCQ(hi, dhi)
	}
	d0l, d0h := mulx(a[0], a[0])
	d1l, d1h := mulx(a[0], a1x2)
	lo, hi := mulx(a1x2, a2x20)
	add(d0l, d0h, lo, hi)
	lo, hi = mulx(a[2], a2x20)
	add(d1l, d1h, lo, hi)
	a2x2 := GP64()
	LEAQ(Mem{Base: a[2], Index: a[2], Scale: 1}, a2x2)
	d2l, d2h := mulx(a[0], a2x2)
	lo, hi = mulx(a[1], a[1])
	add(d2l, d2h, lo, hi)

	Comment("carry the three columns at once")
	var h limbs44
	cols := [3][2]GPVirtual{{d0l, d0h}, {d1l, d1h}, {d2l, d2h}}
	for i, d := range cols {
		h[i] = GP64()
		MOVQ(d[0], h[i])
		bits, mask := uint8(44), mask44
		if i == 2 {
			bits, mask = 42, mask42
		}
		ANDQ(mask, h[i])
		SHRQ(U8(bits), d[1], d[0]) // d >> bits, in d's low word
	}
	LEAQ(Mem{Base: d2l, Index: d2l, Scale: 4}, d2l) // 5 (d2 >> 42)
	ADDQ(d2l, h[0])
	ADDQ(d0l, h[1])
	ADDQ(d1l, h[2])
	Comment("h1 += h0 >> 44; h2 += h1 >> 44; h0 += 5 (h2 >> 42); h1 += h0 >> 44")
	t := GP64()
	for _, s := range []struct {
		from, to int
		bits     uint8
	}{{0, 1, 44}, {1, 2, 44}, {2, 0, 42}, {0, 1, 44}} {
		MOVQ(h[s.from], t)
		SHRQ(U8(s.bits), t)
		mask := mask44
		if s.from == 2 {
			LEAQ(Mem{Base: t, Index: t, Scale: 4}, t)
			mask = mask42
		}
		ADDQ(t, h[s.to])
		ANDQ(mask, h[s.from])
	}
	return h
}
