// This file emits arithmetic modulo p = 2^255 - 19 on eight elements at
// once with AVX-512 IFMA, for the vector code of the generators of
// internal/field25519 (the X25519 ladder) and internal/edwards25519 (the
// fixed-base table additions). Each of the two generators is a module of
// its own, so each holds a copy of this file, which a test of edwards25519
// keeps identical to field25519's.
//
// An element here is five limbs in radix 2^51, each in a 64-bit lane of its
// own register: limb k of the eight elements of a vector sits in lanes 0..7
// of Z register k. VPMADD52LUQ and VPMADD52HUQ read the low 52 bits of each
// limb, so every limb a multiplication reads must be below 2^52; carry
// leaves the limbs of every value below Bc = 2^51 + 2^15.
package main

import (
	"slices"

	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// vec is a vector of eight elements: register k holds their limbs k.
type vec [5]VecPhysical

// zvec returns the vector in Z registers first .. first+4.
func zvec(first int) vec {
	var v vec
	for k := range v {
		v[k] = zregs[first+k]
	}
	return v
}

var zregs = []VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

// Registers: five vectors, the state of a loop in vS; mask51, into which a
// function loads 2^51 - 1 in every lane (mask51Data); three scratch.
var (
	vS     = zvec(0)
	vB     = zvec(5)
	vC     = zvec(10)
	vD     = zvec(15)
	vE     = zvec(20)
	mask51 = Z28
	vT0    = Z29
	vT1    = Z30
	vT2    = Z31
)

// times19Add sets dst += 19 * x. It clobbers vT0.
func times19Add(dst, x VecPhysical) {
	c.VPMULLQ_BCST(n19Data, x, vT0)
	c.VPADDQ(vT0, dst, dst)
}

// carry sets out to in with one carry from each limb into the next, in
// parallel: out_k = (in_k mod 2^51) + (in_(k-1) >> 51), and limb 0 takes
// 19 * (in_4 >> 51), as 2^255 = 19 (mod p). For limbs below 2^61 the limbs
// of out are below 2^51 + 19 * 2^10 < Bc. out may be in; tmp holds five
// scratch registers distinct from both.
func carry(out, in, tmp vec) {
	for k := 0; k < 5; k++ {
		c.VPSRLQ(Imm(51), in[k], tmp[k])
	}
	for k := 0; k < 5; k++ {
		c.VPANDQ(mask51, in[k], out[k])
	}
	for k := 1; k < 5; k++ {
		c.VPADDQ(tmp[k-1], out[k], out[k])
	}
	times19Add(out[0], tmp[4])
}

// vmul sets out = f * g, eight products, lane by lane. The limbs of f and g
// must be below 2^52; the limbs of out are below Bc. out may be f; if it is
// neither f nor g, it is one of the accumulators. It uses the registers of
// vS .. vE that are not f or g as accumulators, and vT0.
//
// The column sums of limb products go into L_k (the low 52 bits of the
// products f_i g_j with i + j = k) and H_k (the high bits of those with
// i + j = k - 1, worth twice limb k in radix 2^51): each is below 5 * 2^52,
// so c_k = L_k + 2 H_k is below 15 * 2^52, and the folded
// r_k = c_k + 19 c_(k+5) below 300 * 2^52 < 2^61, which carry takes.
func vmul(out, f, g vec) {
	// L0..L8 and H1..H9: eighteen registers outside f and g, L0..L4 those
	// of out if it is free, so that the carry's input and output are the
	// same registers.
	inFG := func(r VecPhysical) bool {
		for k := 0; k < 5; k++ {
			if r == f[k] || r == g[k] {
				return true
			}
		}
		return false
	}
	var free []VecPhysical
	if !inFG(out[0]) {
		free = append(free, out[:]...)
	}
	for _, r := range zregs[:28] {
		if !inFG(r) && !slices.Contains(free, r) {
			free = append(free, r)
		}
	}
	if len(free) < 18 {
		panic("vmul: not enough free registers")
	}
	L, H := free[0:9], free[8:18] // H[k] is H_k for k = 1..9; H[0] unused
	c.Comment("L_k, H_k = 0")
	for k := 0; k < 9; k++ {
		c.VPXORQ(L[k], L[k], L[k])
	}
	for k := 1; k < 10; k++ {
		c.VPXORQ(H[k], H[k], H[k])
	}
	c.Comment("L_(i+j) += lo(f_i g_j), H_(i+j+1) += hi(f_i g_j)")
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			c.VPMADD52LUQ(g[j], f[i], L[i+j])
			c.VPMADD52HUQ(g[j], f[i], H[i+j+1])
		}
	}
	c.Comment("c_k = L_k + 2 H_k in L_k (c_9 = 2 H_9 in H_9)")
	for k := 1; k < 9; k++ {
		c.VPADDQ(H[k], H[k], H[k])
		c.VPADDQ(H[k], L[k], L[k])
	}
	c.VPADDQ(H[9], H[9], H[9])
	c.Comment("r_k = c_k + 19 c_(k+5), as 2^255 = 19 (mod p)")
	cols := [10]VecPhysical{L[0], L[1], L[2], L[3], L[4], L[5], L[6], L[7], L[8], H[9]}
	for k := 0; k < 5; k++ {
		times19Add(cols[k], cols[k+5])
	}
	carry(out, vec(cols[0:5]), vec{H[1], H[2], H[3], H[4], H[5]})
}

// permute sets out = v with its lanes rearranged by VPERMQ's imm.
func permute(out, v vec, imm uint8) {
	for k := 0; k < 5; k++ {
		c.VPERMQ(Imm(uint64(imm)), v[k], out[k])
	}
}

// blend sets out = b in the lanes of m and a in the others.
func blend(out, a, b vec, m OpmaskPhysical) {
	for k := 0; k < 5; k++ {
		c.VPBLENDMQ(b[k], a[k], m, out[k])
	}
}

// negate2p sets out = 2p - v, limb by limb: 2p is (2^52 - 38, 2^52 - 2, ...)
// in radix 2^51, each limb above Bc, so limbs of v below Bc give limbs of
// out below 2^52. It clobbers vT0 and vT1.
func negate2p(out, v vec) {
	c.VPBROADCASTQ(twoP0, vT0)
	c.VPBROADCASTQ(twoP1, vT1)
	c.VPSUBQ(v[0], vT0, out[0])
	for k := 1; k < 5; k++ {
		c.VPSUBQ(v[k], vT1, out[k])
	}
}

// loadState loads the vector at st (five 64-byte rows) into vS, and 2^51 - 1
// into every lane of mask51.
func loadState(st Mem) {
	for k := 0; k < 5; k++ {
		c.VMOVDQU64(st.Offset(64*k), vS[k])
	}
	c.VPBROADCASTQ(mask51Data, mask51)
}

// storeState stores vS at st and clears the upper halves of Y0..Y15 for the
// caller's code.
func storeState(st Mem) {
	for k := 0; k < 5; k++ {
		c.VMOVDQU64(vS[k], st.Offset(64*k))
	}
	c.VZEROUPPER()
}

// laneMask sets the K register m to the constant lane mask bits.
func laneMask(m OpmaskPhysical, bits uint32) {
	c.MOVL(U32(bits), EAX)
	c.KMOVW(EAX, m)
}

// twoP0, twoP1, mask51Data and n19Data are constants that the code
// broadcasts to every lane: 2^52 - 38, 2^52 - 2, 2^51 - 1 and 19.
var twoP0, twoP1, mask51Data, n19Data Mem

// dataWords emits a read-only global of the words v.
func dataWords(name string, v ...uint64) Mem {
	m := c.StaticGlobal(name)
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for i, w := range v {
		c.AddDatum(8*i, U64(w))
	}
	return m
}

// vecConstants emits the constants of this file, before any function.
func vecConstants() {
	twoP0 = dataWords("vecTwoP0", 1<<52-38)
	twoP1 = dataWords("vecTwoP1", 1<<52-2)
	mask51Data = dataWords("vecMask51", 1<<51-1)
	n19Data = dataWords("vec19", 19)
}
