package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// This file generates the AVX-512 IFMA kernels: almost-Montgomery
// multiplication in radix 2^52 (ammIFMAd, ammIFMAdx2) and the masked table
// scan of the exponentiation (selectIFMA).
//
// A value of d digits, D = 2^52, is Σ a[j]·D^j with a[j] < D, stored in P
// words, P = d rounded up to a multiple of 8 (a zmm register's 8 lanes), the
// words from d to P zero. With R = D^d, the kernel computes
//
//	z = (a·b + Q·m)/R,  Q < R chosen digit by digit,
//
// which is a·b·R⁻¹ mod m but only "almost" reduced: z < a·b/R + m. For a
// modulus of 64k bits and d = ⌈64k/52⌉ digits R ≥ 16m (1024 bits: 20
// digits, 1040 bits), so a, b < 2m give z < 4m²/R + m < 2m: values below 2m
// stay below 2m, and no subtraction is needed between multiplications.
//
// Step i (Gueron and Krasnov, "Accelerating big integer arithmetic using
// Intel IFMA extensions", ARITH 2016; the operand-scanning form of
// OpenSSL's rsaz-2k-avx512) adds a·b[i] and y·m, y = t[0]·k0 mod D, and
// shifts the total t down a digit. The lanes of t hold digits that are not
// normalized: VPMADD52LUQ adds the low 52 bits of lane products, VPMADD52HUQ
// the high 52 bits, which belong a digit up and so are added after the
// shift. A lane gains four terms below D per step and is shifted down once
// per step, so after d ≤ 40 steps it is below 160·D < 2^60: no lane
// overflows.
//
// The quotient digit y needs t[0] exactly and soon: a scalar register s
// holds digit 0 of t, and lane 0 of the vector is never read (it is shifted
// out). Per step, in scalar:
//
//	s  = s + a[0]·b[i]             (a 104-bit sum, in h:s)
//	y  = s·k0 mod D                k0 = -m⁻¹ mod D
//	s  = (s + m[0]·y) >> 52        the low digit is now 0: the carry out,
//	                               with the high halves of both products
//	s += t[1] + lo(a[1]·b[i]) + lo(m[1]·y)
//
// t[1] read from the vector before the step touches it; the high halves of
// a[0]·b[i] and m[0]·y, which the vector also adds into its (dead) lane 0,
// reach s through the 104-bit sum. The loop over steps is unrolled; nothing
// depends on the values but the results.
//
// At the end the lanes are stored, digit 0 replaced by s, and a carry chain
// (add, mask, shift) normalizes the digits; the result, below 2m < R, fits
// in d digits.
//
// The x2 kernels run two independent multiplications, each with its own
// modulus, their instructions interleaved, so that one's dependency chain
// (the quotient digit: a multiplication, a broadcast and two vector
// multiply-adds per step) fills the other's stalls: the two CRT halves of
// an RSA signature.

// ifmaSizes are the digit counts that get kernels: the CRT halves of
// RSA-2048, RSA-3072 and RSA-4096 (1024, 1536 and 2048 bits).
var ifmaSizes = []int{20, 30, 40}

// padded returns d rounded up to a multiple of 8.
func padded(d int) int { return (d + 7) / 8 * 8 }

// ammInstance is the registers of one multiplication in a kernel.
type ammInstance struct {
	off        int // word offset of this instance's operands
	a, acc     []VecPhysical
	yv         VecPhysical
	s, h, y, t GPPhysical
}

// ammIFMA generates the kernel for d digits and inst (1 or 2) instances.
func ammIFMA(d, inst int) {
	P := padded(d)
	r := P / 8
	name := fmt.Sprintf("ammIFMA%d", d)
	size := P
	if inst == 2 {
		name += "x2"
		size = 2 * P
	}
	TEXT(name, NOSPLIT, fmt.Sprintf("func(z, a, b, m *[%d]uint64, k0 *[%d]uint64)", size, inst))
	if inst == 1 {
		Doc(fmt.Sprintf("%s sets z = a·b·R⁻¹ mod m, R = 2^(52·%d), almost reduced: for a,", name, d),
			fmt.Sprintf("b < 2m and m < R/16, z < 2m (see ammGeneric). Values are %d radix-2^52", d),
			fmt.Sprintf("digits padded with zeros to %d words; k0[0] = -m⁻¹ mod 2^52. z may alias", P),
			"a and b. It requires AVX512IFMA and AVX512VL; its time depends on",
			"nothing but the sizes.")
	} else {
		Doc(fmt.Sprintf("%s is two independent %s: words [0, %d) of z, a, b and m", name, fmt.Sprintf("ammIFMA%d", d), P),
			fmt.Sprintf("with k0[0], and words [%d, %d) with k0[1], interleaved.", P, 2*P))
	}
	Pragma("noescape")

	ap, bp, mp, kp := RSI, R8, R9, R10
	mask := R11
	Load(Param("a"), ap)
	Load(Param("b"), bp)
	Load(Param("m"), mp)
	Load(Param("k0"), kp)
	Comment("mask = 2^52 - 1")
	MOVQ(U64(1<<52-1), mask)

	gps := [2][4]GPPhysical{{RAX, RBX, RCX, RDI}, {R12, R13, R14, R15}}
	zero := Z31
	VPXORQ(zero, zero, zero)
	ins := make([]*ammInstance, inst)
	nz := 0
	nextZ := func() VecPhysical {
		z := zmm(nz)
		nz++
		return z
	}
	for k := range ins {
		in := &ammInstance{off: k * P}
		g := gps[k]
		in.s, in.h, in.y, in.t = g[0], g[1], g[2], g[3]
		ins[k] = in
	}
	// The accumulators first, so that lane 1 of each is in X0-X15, which
	// VPEXTRQ reaches without AVX512DQ.
	for _, in := range ins {
		for range r {
			in.acc = append(in.acc, nextZ())
		}
	}
	for _, in := range ins {
		for range r {
			in.a = append(in.a, nextZ())
		}
		in.yv = nextZ()
	}

	Comment("Load a; t = 0.")
	for _, in := range ins {
		for j := range r {
			VMOVDQU64(Mem{Base: ap}.Offset(8*(in.off+8*j)), in.a[j])
			VPXORQ(in.acc[j], in.acc[j], in.acc[j])
		}
		XORQ(in.s, in.s)
	}

	for i := range d {
		// Each instance's step as a list of pieces, interleaved between
		// instances; a piece that sets DX for MULX holds the MULX too.
		steps := make([][]func(), inst)
		for k, in := range ins {
			steps[k] = ammStep(in, k, i, r, ap, bp, mp, kp, mask, zero)
		}
		Comment(fmt.Sprintf("Step %d.", i))
		for p := 0; p < len(steps[0]); p++ {
			for k := range ins {
				steps[k][p]()
			}
		}
	}

	Comment("Store t, digit 0 from s, and normalize the digits by a carry chain.")
	zp := ap
	Load(Param("z"), zp)
	for _, in := range ins {
		for j := range r {
			VMOVDQU64(in.acc[j], Mem{Base: zp}.Offset(8*(in.off+8*j)))
		}
		MOVQ(in.s, Mem{Base: zp}.Offset(8*in.off))
	}
	VZEROUPPER()
	for k, in := range ins {
		c, v := gps[k][0], gps[k][1]
		// c = s's carry: start from digit 0 as stored.
		XORQ(c, c)
		for j := range d {
			w := Mem{Base: zp}.Offset(8 * (in.off + j))
			MOVQ(w, v)
			ADDQ(c, v)
			MOVQ(v, c)
			ANDQ(mask, v)
			SHRQ(U8(52), c)
			MOVQ(v, w)
		}
	}
	RET()
}

// zmm returns the i-th zmm register.
func zmm(i int) VecPhysical {
	return []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}[i]
}

// xmmOf returns the xmm register that is the low quarter of the zmm z.
func xmmOf(z VecPhysical) VecPhysical {
	for i := range 32 {
		if zmm(i) == z {
			return []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15,
				X16, X17, X18, X19, X20, X21, X22, X23, X24, X25, X26, X27, X28, X29, X30, X31}[i]
		}
	}
	panic("not a zmm register")
}

// ammStep returns the pieces of step i of instance in (number k).
func ammStep(in *ammInstance, k, i, r int, ap, bp, mp, kp, mask GPPhysical, zero VecPhysical) []func() {
	word := func(p GPPhysical, j int) Mem { return Mem{Base: p}.Offset(8 * (in.off + j)) }
	bi := word(bp, i)
	return []func(){
		func() {
			// t = lane 1 of the total, before this step adds to it.
			VPEXTRQ(U8(1), xmmOf(in.acc[0]), in.t)
		},
		func() {
			// h:s = s + a[0]·b[i]
			MOVQ(bi, RDX)
			MULXQ(word(ap, 0), in.y, in.h)
			ADDQ(in.y, in.s)
			ADCQ(U8(0), in.h)
		},
		func() {
			// y = s·k0 mod D
			MOVQ(in.s, in.y)
			IMULQ(Mem{Base: kp}.Offset(8*k), in.y)
			ANDQ(mask, in.y)
			VPBROADCASTQ(in.y, in.yv)
		},
		func() {
			// t += lo(a[1]·b[i]), which the vector adds to lane 1 now.
			MOVQ(bi, RDX)
			IMULQ(word(ap, 1), RDX)
			ANDQ(mask, RDX)
			ADDQ(RDX, in.t)
		},
		func() {
			// Vector: t += lo(a·b[i])
			for j := range r {
				VPMADD52LUQ_BCST(bi, in.a[j], in.acc[j])
			}
		},
		func() {
			// t += lo(m[1]·y)
			MOVQ(in.y, RDX)
			IMULQ(word(mp, 1), RDX)
			ANDQ(mask, RDX)
			ADDQ(RDX, in.t)
		},
		func() {
			// Vector: t += lo(m·y)
			for j := range r {
				VPMADD52LUQ(word(mp, 8*j), in.yv, in.acc[j])
			}
		},
		func() {
			// h:s += m[0]·y; s = h:s >> 52, the carry out of digit 0 with
			// the high halves of both products; s += t: digit 0 of the
			// shifted total.
			MOVQ(in.y, RDX)
			MULXQ(word(mp, 0), RDX, in.y)
			ADDQ(RDX, in.s)
			ADCQ(in.y, in.h)
			SHRQ(U8(52), in.h, in.s)
			ADDQ(in.t, in.s)
		},
		func() {
			// Shift the total down a digit.
			for j := range r {
				next := zero
				if j+1 < r {
					next = in.acc[j+1]
				}
				VALIGNQ(U8(1), in.acc[j], next, in.acc[j])
			}
		},
		func() {
			// Vector: t += hi(a·b[i]) + hi(m·y), one digit up, which after
			// the shift is the same lane.
			for j := range r {
				VPMADD52HUQ_BCST(bi, in.a[j], in.acc[j])
			}
			for j := range r {
				VPMADD52HUQ(word(mp, 8*j), in.yv, in.acc[j])
			}
		},
	}
}

// selectIFMA generates the table scan: z = entry k of a table of n entries
// of w words, w a multiple of 8.
func selectIFMA() {
	TEXT("selectIFMA", NOSPLIT, "func(z []uint64, table []uint64, k uint64)")
	Doc("selectIFMA sets z to entry k of table, whose entries are len(z) words,",
		"len(z) a multiple of 8 and at most 80. It reads every word of every",
		"entry, keeping entry k's by a mask: neither its memory accesses nor its",
		"time depend on k. It requires AVX-512F.")
	Pragma("noescape")
	zp, n, tp, tn, k := RDI, RCX, RSI, RDX, RBX
	Load(Param("z").Base(), zp)
	Load(Param("z").Len(), n)
	Load(Param("table").Base(), tp)
	Load(Param("table").Len(), tn)
	Load(Param("k"), k)
	idx, kv, one, v, acc := Z0, Z1, Z2, Z4, Z5
	cnt, end, off := RAX, R8, R9
	VPBROADCASTQ(k, kv)
	MOVQ(U64(1), cnt)
	VPBROADCASTQ(cnt, one)
	// Over blocks of 8 words of z: off = 0, 8·8, ... < 8n.
	SHLQ(U8(3), n)
	SHLQ(U8(3), tn)
	XORQ(off, off)
	Label("select_block")
	CMPQ(off, n)
	JAE(LabelRef("select_done"))
	VPXORQ(acc, acc, acc)
	VPXORQ(idx, idx, idx)
	MOVQ(off, end)
	Label("select_entry")
	CMPQ(end, tn)
	JAE(LabelRef("select_store"))
	Comment("K1 = all ones if idx = k, else 0; acc = K1 ? entry : acc")
	VPCMPEQQ(idx, kv, K1)
	VMOVDQU64(Mem{Base: tp, Index: end, Scale: 1}, v)
	VPBLENDMQ(v, acc, K1, acc)
	VPADDQ(one, idx, idx)
	ADDQ(n, end)
	JMP(LabelRef("select_entry"))
	Label("select_store")
	VMOVDQU64(acc, Mem{Base: zp, Index: off, Scale: 1})
	ADDQ(U8(64), off)
	JMP(LabelRef("select_block"))
	Label("select_done")
	VZEROUPPER()
	RET()
}
