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
// out). Per step, in scalar, with u the value of lane 1 read before the step
// touches it:
//
//	s' = s + lo(a[0]·b[i])
//	y  = s'·k0 mod D                    k0 = -m⁻¹ mod D
//	s  = ⌈s'/D⌉                         s' + lo(m[0]·y) ≡ 0 mod D, so this
//	                                    is its carry out, y not needed
//	s += hi(a[0]·b[i]) + hi(m[0]·y)     digit 0's high halves
//	   + u + lo(a[1]·b[i]) + lo(m[1]·y) lane 1, which becomes digit 0
//
// so that y's chain to the next y is scalar (a MULX, an IMUL and some
// additions), and the vector's is only to u, which the step after next
// needs. The vector keeps hi(a·b[i]) + hi(m·y) of the step in registers hh
// apart from t, added after the shift, so that t's own chain per step is
// two multiply-adds, a shift and an addition, not four multiply-adds and a
// shift. All lanes stay below 2^61, and s below 2^62.
//
// The steps run in a loop of two a turn (the whole kernel unrolled runs out
// of the decoded-instruction cache with no gain). At the end s goes into
// lane 0 and the lanes are normalized, in the vector: one round of carries,
// then the rare carries that ripple, by generate/propagate bit masks (see
// normalize). The result, below 2m < R, fits in d digits. Nothing depends on
// the values but the results.
//
// The x2 kernels run two independent multiplications, each with its own
// modulus, their instructions interleaved, so that one's dependency chain
// fills the other's stalls: the two CRT halves of an RSA signature.
//
// The x2 kernels, bounded by the throughput of ports 0 and 5 (which run
// the zmm multiply-adds, shifts and additions, and some scalar work) more
// than by latency, move values between vector and scalar registers through
// the stack and take hi(a[0]·b[i]) from the vector (see ammStep's hiVec and
// viaMem).

// ifmaSizes are the digit counts that get kernels: the CRT halves of
// RSA-2048, RSA-3072 and RSA-4096 (1024, 1536 and 2048 bits).
var ifmaSizes = []int{20, 30, 40}

// ifmaX1Sizes are the digit counts that get an x1 kernel and a table scan
// only: the RSA-3072 and RSA-4096 moduli, for verification.
var ifmaX1Sizes = []int{60, 80}

// padded returns d rounded up to a multiple of 8.
func padded(d int) int { return (d + 7) / 8 * 8 }

// ammInstance is the registers of one multiplication in a kernel.
type ammInstance struct {
	off        int           // word offset of this instance's operands
	acc        []VecPhysical // the total t
	a          []VecPhysical // a, if held in registers; else read from memory
	yv, bv     VecPhysical   // y and (with a in memory) b[i], broadcast
	hh         []VecPhysical // if not nil, the step's high products
	mr         []VecPhysical // if not nil, m in registers
	slot       Mem           // with viaMem, 32 bytes of the stack frame
	s, h, y, t GPPhysical
}

// vecLanes is the lanes of the vector registers the kernels use: 8, zmm
// (4, ymm, generates too, and runs slower).
const vecLanes = 8

// digitBits is the width of a radix-2^52 digit.
const digitBits = 52

// vec returns vector register i of the kernels' width.
func vec(i int) VecPhysical {
	if vecLanes == 8 {
		return zmm(i)
	}
	return []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
		Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}[i]
}

// ammIFMA generates the kernel for d digits and inst (1 or 2) instances.
func ammIFMA(d, inst int) {
	P := padded(d)
	r := (d + vecLanes - 1) / vecLanes // vector registers per value
	// Registers per instance: acc, yv, and as many of these as fit, in this
	// order of preference: hh (the step's high products apart from acc,
	// which shortens acc's chain of dependent multiply-adds), a (else each
	// step broadcasts b[i] into bv and reads a from memory). All 32 may be
	// taken: the shift of t brings zero into its top lane by a mask (K4),
	// not from a zero register, which the kernel makes after the loop.
	var splitH, aInRegs, mInRegs bool
	configs := [][3]bool{{true, true, false}, {true, false, false}, {false, true, false}, {false, false, false}}
	if inst == 2 {
		// m in registers too, so that y goes to the multiply-adds as a
		// broadcast from memory (see ammStep's viaMem).
		configs = append([][3]bool{{true, true, true}}, configs...)
	}
	for _, c := range configs {
		per := r // acc
		if c[0] {
			per += r // hh
		}
		if c[1] {
			per += r // a
		} else {
			per++ // bv
		}
		if c[2] {
			per += r // m
		} else {
			per++ // yv
		}
		if inst*per <= 32 {
			splitH, aInRegs, mInRegs = c[0], c[1], c[2]
			break
		}
	}
	name := fmt.Sprintf("ammIFMA%d", d)
	size := P
	if inst == 2 {
		name += "x2"
		size = 2 * P
	}
	attr := NOSPLIT
	if inst == 2 {
		attr = 0 // its frame is too large for NOSPLIT
	}
	TEXT(name, attr, fmt.Sprintf("func(z, a, b, m *[%d]uint64, k0 *[%d]uint64)", size, inst))
	if inst == 1 {
		Doc(fmt.Sprintf("%s sets z = a·b·R⁻¹ mod m, R = 2^(52·%d), almost reduced: for a,", name, d),
			fmt.Sprintf("b < 2m and m < R/16, z < 2m (see _asm/ifma_amd64_asm.go). Values are %d radix-2^52", d),
			fmt.Sprintf("digits padded with zeros to %d words; k0[0] = -m⁻¹ mod 2^52. z may alias", P),
			"a and b. It requires AVX-512F, AVX512IFMA and BMI2; its time depends",
			"on nothing but the sizes.")
	} else {
		Doc(fmt.Sprintf("%s is two independent %s: words [0, %d) of z, a, b and m", name, fmt.Sprintf("ammIFMA%d", d), P),
			fmt.Sprintf("with k0[0], and words [%d, %d) with k0[1], interleaved.", P, 2*P))
	}
	Pragma("noescape")

	ap, bp, mp, kp := RSI, R8, R9, R10
	count := R11
	mask := maskConst()
	Load(Param("a"), ap)
	Load(Param("b"), bp)
	Load(Param("m"), mp)
	Load(Param("k0"), kp)

	gps := [2][4]GPPhysical{{RAX, RBX, RCX, RDI}, {R12, R13, R14, R15}}
	zero := vec(31) // after the loop
	MOVL(U32(1<<(vecLanes-1)-1), count.As32())
	KMOVW(count.As32(), K4) // every lane but the top one
	ins := make([]*ammInstance, inst)
	nz := 0
	nextZ := func() VecPhysical {
		z := vec(nz)
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
		if aInRegs {
			for range r {
				in.a = append(in.a, nextZ())
			}
		} else {
			in.bv = nextZ()
		}
		if mInRegs {
			for range r {
				in.mr = append(in.mr, nextZ())
			}
		} else {
			in.yv = nextZ()
		}
		for range r {
			if splitH {
				in.hh = append(in.hh, nextZ())
			}
		}
		if inst == 2 {
			in.slot = AllocLocal(40)
		}
	}
	// pre: the x2 kernels' products of a[0] and a[1] by every digit of b,
	// made before the loop (see ammStep's pre).
	pre := inst == 2 && splitH
	var preMem Mem
	if pre {
		preMem = AllocLocal(inst * 2 * P * 8)
	}

	Comment("t = 0; load a and m if they stay in registers.")
	for _, in := range ins {
		for j := range r {
			if aInRegs {
				VMOVDQU64(Mem{Base: ap}.Offset(8*(in.off+vecLanes*j)), in.a[j])
			}
			if mInRegs {
				VMOVDQU64(Mem{Base: mp}.Offset(8*(in.off+vecLanes*j)), in.mr[j])
			}
			VPXORQ(in.acc[j], in.acc[j], in.acc[j])
		}
		XORQ(in.s, in.s)
	}
	if pre {
		Comment("Before the loop, in vectors: lo(a[0]·b[i]) and lo(a[1]·b[i]) + hi(a[0]·b[i])",
			"for every i, to the stack; k0 to the stack, and kp to the products.")
		for k, in := range ins {
			base := preMem.Offset(8 * k * 2 * P)
			for j := range r {
				b := Mem{Base: bp}.Offset(8 * (in.off + vecLanes*j))
				a0 := Mem{Base: ap}.Offset(8 * in.off)
				a1 := a0.Offset(8)
				VMOVDQU64(b, in.acc[j])
				VPXORQ(in.hh[j], in.hh[j], in.hh[j])
				VPMADD52LUQ_BCST(a0, in.acc[j], in.hh[j])
				VMOVDQU64(in.hh[j], base.Offset(64*j))
				VPXORQ(in.hh[j], in.hh[j], in.hh[j])
				VPMADD52LUQ_BCST(a1, in.acc[j], in.hh[j])
				VPMADD52HUQ_BCST(a0, in.acc[j], in.hh[j])
				VMOVDQU64(in.hh[j], base.Offset(8*P+64*j))
				VPXORQ(in.acc[j], in.acc[j], in.acc[j])
			}
			MOVQ(Mem{Base: kp}.Offset(8*k), in.t)
			MOVQ(in.t, in.slot.Offset(32))
		}
		LEAQ(preMem, kp)
	}

	// The steps run in a loop of ammUnroll steps a turn, b advancing: an
	// unrolled kernel runs out of the decoded-instruction cache.
	Comment(fmt.Sprintf("%d turns of %d steps.", d/ammUnroll, ammUnroll))
	MOVQ(U32(d/ammUnroll), count)
	loop := name + "_loop"
	Label(loop)
	for i := range ammUnroll {
		// Each instance's step as a list of pieces, interleaved between
		// instances; a piece that sets DX for MULX holds the MULX too.
		steps := make([][]func(), inst)
		for k, in := range ins {
			steps[k] = ammStep(in, k, i, r, ap, bp, mp, kp, mask, inst == 2, inst == 2, pre, P)
		}
		for p := 0; p < len(steps[0]); p++ {
			for k := range ins {
				steps[k][p]()
			}
		}
	}
	ADDQ(U8(8*ammUnroll), bp)
	if pre {
		ADDQ(U8(8*ammUnroll), kp)
	}
	DECQ(count)
	JNZ(LabelRef(loop))

	VPXORQ(zero, zero, zero)
	normalize(ins, r, mask, zero)

	Comment("Store t.")
	zp := ap
	Load(Param("z"), zp)
	for _, in := range ins {
		for j := range r {
			VMOVDQU64(in.acc[j], Mem{Base: zp}.Offset(8*(in.off+vecLanes*j)))
		}
		for w := r * vecLanes; w < P; w += 4 {
			VMOVDQU64(zero.AsY(), Mem{Base: zp}.Offset(8*(in.off+w)))
		}
	}
	VZEROUPPER()
	RET()
}

// normalize puts s in lane 0 of each instance's total and carries, so that
// every lane is a digit below D.
//
// One round (c = lane >> 52, lane &= D-1, lane += c from the lane below)
// leaves lanes of at most D - 1 + 2^8 - 1: a lane then carries at most 1,
// if it is D or more (generate, g) or if it is D - 1 and a carry comes in
// (propagate, p). With the lanes' bits in integers, a carry comes into the
// lanes c = ((g << 1) + p) ^ p: the addition runs a carry through each run
// of p bits that a g bit starts, and the exclusive or keeps the bits it
// changed. Each lane then becomes (lane + its bit of c) mod D, the add under
// a mask register. The masks hold carries, which depend on the values: the
// masked instructions take the same time whatever the masks hold.
func normalize(ins []*ammInstance, r int, mask Mem, zero VecPhysical) {
	Comment("Normalize: s into lane 0, one round of carries, then the carries",
		"that ripple, by the generate/propagate masks.")
	// The a registers, and those after them, are free now.
	free := 31 - 1
	tmp := func() VecPhysical {
		v := vec(free)
		free--
		return v
	}
	maskV, oneV := tmp(), tmp()
	VPBROADCASTQ(mask, maskV)
	MOVQ(U64(1), RDX)
	VPBROADCASTQ(RDX, oneV)
	KMOVW(EDX, K1)
	for _, in := range ins {
		t := tmp()
		VPBROADCASTQ(in.s, t)
		VPBLENDMQ(t, in.acc[0], K1, in.acc[0])
		carries := make([]VecPhysical, r)
		for j := range r {
			carries[j] = tmp()
			VPSRLQ(U8(digitBits), in.acc[j], carries[j])
			VPANDQ(maskV, in.acc[j], in.acc[j])
		}
		for j := range r {
			low := zero
			if j > 0 {
				low = carries[j-1]
			}
			VALIGNQ(U8(vecLanes-1), low, carries[j], t)
			VPADDQ(t, in.acc[j], in.acc[j])
		}
		free += r + 1
	}
	if r*vecLanes > 64 && len(ins) > 1 || r*vecLanes > 128 {
		panic("normalize: the lanes' bits do not fit")
	}
	for _, in := range ins {
		// The lanes' bits, lanes 0 to 63 in the low words (g, p), 64 to
		// 127 in the high ones (gh, ph: only for an x1 kernel, which
		// leaves R12 and R13 free).
		// They need no clearing: the shifts move what they held above
		// the lanes' bits, and nothing below takes from higher bits
		// (additions carry upward, the rest is bitwise, and the masks
		// read the low bits).
		g, p, x := in.h, in.y, in.t
		gh, ph := R12, R13
		wide := r*vecLanes > 64
		for j := r - 1; j >= 0; j-- {
			gw, pw := g, p
			if j*vecLanes >= 64 {
				gw, pw = gh, ph
			}
			SHLQ(U8(vecLanes), gw)
			SHLQ(U8(vecLanes), pw)
			VPCMPUQ(U8(6), maskV, in.acc[j], K2) // lane > D - 1
			VPCMPEQQ(maskV, in.acc[j], K3)       // lane = D - 1
			KMOVW(K2, x.As32())
			ORQ(x, gw)
			KMOVW(K3, x.As32())
			ORQ(x, pw)
		}
		Comment("c = ((g << 1) + p) ^ p")
		if wide {
			SHLQ(U8(1), g, gh) // gh = gh<<1 | g>>63
			SHLQ(U8(1), g)
			ADDQ(p, g)
			ADCQ(ph, gh)
			XORQ(p, g)
			XORQ(ph, gh)
		} else {
			LEAQ(Mem{Base: p, Index: g, Scale: 2}, g)
			XORQ(p, g)
		}
		for j := range r {
			cw := g
			if j*vecLanes >= 64 {
				cw = gh
			}
			KMOVW(cw.As32(), K2)
			SHRQ(U8(vecLanes), cw) // the next lanes' bits (dead after the last of a word)
			VPADDQ(oneV, in.acc[j], K2, in.acc[j])
			VPANDQ(maskV, in.acc[j], in.acc[j])
		}
	}
}

// ammUnroll is the steps per turn of the kernels' loop; it divides every
// digit count in ifmaSizes.
const ammUnroll = 2

// mask52 is the constant 2^52 - 1 in memory, made on first use.
var mask52 *Mem

// maskConst returns the address of the constant 2^52 - 1.
func maskConst() Mem {
	if mask52 == nil {
		m := GLOBL("ifmaMask52", RODATA|NOPTR)
		DATA(0, U64(1<<52-1))
		mask52 = &m
	}
	return *mask52
}

// zmm returns the i-th zmm register.
func zmm(i int) VecPhysical {
	return []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}[i]
}

// ammStep returns the pieces of step i of instance in (number k).
//
// With hiVec (and hh), hi(a[0]·b[i]) comes from lane 0 of hh by a VMOVQ
// rather than from a MULX: fewer instructions, for the x2 kernels, which
// are bounded by throughput, not by the chain of y.
//
// With viaMem, values go between vector and scalar registers through the
// stack (in.slot) rather than by VPEXTRQ, VMOVQ and VPBROADCASTQ, which
// take ports 0 and 5 from the multiply-adds; y reaches them as a broadcast
// from memory, for m in registers. The store-to-load forwarding adds
// latency, which the x2 kernels hide.
//
// With pre, lo(a[0]·b[i]) and lo(a[1]·b[i]) + hi(a[0]·b[i]) come from the
// stack, where the kernel put them for every i before its loop, kp
// pointing at them (P words each, instance k's at 2·P·k words); k0 is at
// in.slot + 32. That saves per step two IMULs, two ANDs and an addition.
func ammStep(in *ammInstance, k, i, r int, ap, bp, mp, kp GPPhysical, mask Mem, hiVec, viaMem, pre bool, P int) []func() {
	word := func(p GPPhysical, j int) Mem { return Mem{Base: p}.Offset(8 * (in.off + j)) }
	bi := word(bp, i)
	ys := in.slot.Offset(24) // y, with viaMem and m in registers
	k0 := Mem{Base: kp}.Offset(8 * k)
	if pre {
		k0 = in.slot.Offset(32)
	}
	la0 := Mem{Base: kp}.Offset(8 * (2*P*k + i))
	t1 := la0.Offset(8 * P)
	return []func(){
		func() {
			// t = lane 1 of the total, before this step adds to it.
			if viaMem {
				VMOVDQU(in.acc[0].AsX(), in.slot)
				MOVQ(in.slot.Offset(8), in.t)
				return
			}
			VPEXTRQ(U8(1), in.acc[0].AsX(), in.t)
		},
		func() {
			if pre {
				// s' = s + lo(a[0]·b[i])
				ADDQ(la0, in.s)
				return
			}
			if hiVec && in.hh != nil {
				// s' = s + lo(a[0]·b[i])
				MOVQ(bi, in.y)
				IMULQ(word(ap, 0), in.y)
				ANDQ(mask, in.y)
				ADDQ(in.y, in.s)
				return
			}
			// s' = s + lo(a[0]·b[i]); t += hi(a[0]·b[i])
			MOVQ(bi, RDX)
			MULXQ(word(ap, 0), RDX, in.h)
			MOVQ(RDX, in.y)
			ANDQ(mask, in.y)
			ADDQ(in.y, in.s)
			SHRQ(U8(52), in.h, RDX)
			ADDQ(RDX, in.t)
		},
		func() {
			// y = s'·k0 mod D. The low digit of s' + m[0]·y is 0, so
			// its carry out is ⌈s'/D⌉ = (s' + D - 1) >> 52 (with the
			// high half of m[0]·y still to add): t += it.
			MOVQ(in.s, in.y)
			IMULQ(k0, in.y)
			ANDQ(mask, in.y)
			if in.mr != nil {
				MOVQ(in.y, ys)
			} else {
				VPBROADCASTQ(in.y, in.yv)
			}
			ADDQ(mask, in.s)
			SHRQ(U8(52), in.s)
			ADDQ(in.s, in.t)
		},
		func() {
			// t += lo(a[1]·b[i]), which the vector adds to lane 1 now.
			if pre {
				ADDQ(t1, in.t) // and hi(a[0]·b[i])
				return
			}
			MOVQ(bi, RDX)
			IMULQ(word(ap, 1), RDX)
			ANDQ(mask, RDX)
			ADDQ(RDX, in.t)
		},
		func() {
			// Vector: t += lo(a·b[i]); hh = hi(a·b[i]) if there is an hh
			// (else it is added after the shift).
			if in.a == nil {
				VPBROADCASTQ(bi, in.bv)
			}
			lo, hi := in.acc, in.hh
			for j := range r {
				if hi != nil {
					VPXORQ(hi[j], hi[j], hi[j])
				}
				if in.a != nil {
					VPMADD52LUQ_BCST(bi, in.a[j], lo[j])
				} else {
					VPMADD52LUQ(word(ap, vecLanes*j), in.bv, lo[j])
				}
				if hi != nil {
					if in.a != nil {
						VPMADD52HUQ_BCST(bi, in.a[j], hi[j])
					} else {
						VPMADD52HUQ(word(ap, vecLanes*j), in.bv, hi[j])
					}
				}
			}
		},
		func() {
			if hiVec && in.hh != nil && !pre {
				// t += hi(a[0]·b[i]), lane 0 of hh now.
				if viaMem {
					VMOVQ(in.hh[0].AsX(), in.slot.Offset(16))
					MOVQ(in.slot.Offset(16), in.h)
				} else {
					VMOVQ(in.hh[0].AsX(), in.h)
				}
				ADDQ(in.h, in.t)
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
			// Vector: t += lo(m·y); hh += hi(m·y) if there is an hh.
			for j := range r {
				if in.mr != nil {
					VPMADD52LUQ_BCST(ys, in.mr[j], in.acc[j])
				} else {
					VPMADD52LUQ(word(mp, vecLanes*j), in.yv, in.acc[j])
				}
				if in.hh != nil {
					if in.mr != nil {
						VPMADD52HUQ_BCST(ys, in.mr[j], in.hh[j])
					} else {
						VPMADD52HUQ(word(mp, vecLanes*j), in.yv, in.hh[j])
					}
				}
			}
		},
		func() {
			// s = t + hi(m[0]·y): digit 0 of the shifted total.
			MOVQ(in.y, RDX)
			MULXQ(word(mp, 0), RDX, in.y)
			if hiVec {
				// One SHRD rather than two shifts and an addition: fewer
				// instructions for the x2 kernels' ports, a longer chain.
				SHRQ(U8(52), in.y, RDX)
				LEAQ(Mem{Base: in.t, Index: RDX, Scale: 1}, in.s)
				return
			}
			SHRQ(U8(52), RDX)
			SHLQ(U8(64-52), in.y)
			ADDQ(RDX, in.t)
			LEAQ(Mem{Base: in.t, Index: in.y, Scale: 1}, in.s)
		},
		func() {
			// t = t/D + hh, the division a shift down a lane, the high
			// halves of the products a digit up, which after the shift is
			// the same lane; without an hh, add them now.
			for j := range r {
				if j+1 < r {
					VALIGNQ(U8(1), in.acc[j], in.acc[j+1], in.acc[j])
				} else {
					VALIGNQ_Z(U8(1), in.acc[j], in.acc[j], K4, in.acc[j])
				}
			}
			if in.hh != nil {
				for j := range r {
					VPADDQ(in.hh[j], in.acc[j], in.acc[j])
				}
				return
			}
			for j := range r {
				if in.a != nil {
					VPMADD52HUQ_BCST(bi, in.a[j], in.acc[j])
				} else {
					VPMADD52HUQ(word(ap, vecLanes*j), in.bv, in.acc[j])
				}
			}
			for j := range r {
				if in.mr != nil {
					VPMADD52HUQ_BCST(ys, in.mr[j], in.acc[j])
				} else {
					VPMADD52HUQ(word(mp, vecLanes*j), in.yv, in.acc[j])
				}
			}
		},
	}
}

// selectIFMA generates the table scan for values of P words: z = entry k
// of a table of entries of P words, which has an even number of entries.
// Where the registers allow (P ≤ 40), two entries a turn, each compared by
// its own index vector and kept in its own accumulators, so that two
// chains of blends run side by side; the two are added at the end (the one
// that did not see entry k is zero). Otherwise one entry a turn.
func selectIFMA(P int) {
	name := fmt.Sprintf("selectIFMA%d", P)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(z *[%d]uint64, table []uint64, k uint64)", P))
	Doc(fmt.Sprintf("%s sets z to entry k of table, whose entries are %d words (len(table)", name, P),
		fmt.Sprintf("an even multiple of %d). It reads every word of every entry, keeping", P),
		"entry k's by a mask: neither its memory accesses nor its time depend on",
		"k. It requires AVX-512F.")
	Pragma("noescape")
	zp, tp, end, k := RDI, RSI, RDX, RBX
	Load(Param("z"), zp)
	Load(Param("table").Base(), tp)
	Load(Param("table").Len(), end)
	Load(Param("k"), k)
	r := P / 8
	sets := 2 // entries a turn
	if 4*r+4 > 32 {
		sets = 1
	}
	idx := []VecPhysical{Z0, Z1}[:sets]
	kv, step := Z2, Z3
	next := 4
	regs := func(n int) []VecPhysical {
		v := make([]VecPhysical, n)
		for i := range v {
			v[i] = zmm(next)
			next++
		}
		return v
	}
	acc := make([][]VecPhysical, sets)
	for e := range acc {
		acc[e] = regs(r)
	}
	v := regs(sets * r)
	VPBROADCASTQ(k, kv)
	MOVQ(U64(uint64(sets)), k)
	VPBROADCASTQ(k, step)
	Comment("idx[e] = e: the indices of the turn's entries")
	VPXORQ(idx[0], idx[0], idx[0])
	if sets == 2 {
		VPSRLQ(U8(1), step, idx[1])
	}
	for e := range acc {
		for j := range r {
			VPXORQ(acc[e][j], acc[e][j], acc[e][j])
		}
	}
	Comment("end = the table's end.")
	LEAQ(Mem{Base: tp, Index: end, Scale: 8}, end)
	loop := name + "_entries"
	Label(loop)
	Comment("K1, K2 = all ones where idx[e] = k; acc[e] = K ? entry : acc[e]")
	ks := []Register{K1, K2}
	for e := range sets {
		VPCMPEQQ(idx[e], kv, ks[e])
	}
	for j := range sets * r {
		VMOVDQU64(Mem{Base: tp}.Offset(64*j), v[j])
	}
	for j := range r {
		for e := range sets {
			VPBLENDMQ(v[e*r+j], acc[e][j], ks[e], acc[e][j])
		}
	}
	for e := range sets {
		VPADDQ(step, idx[e], idx[e])
	}
	ADDQ(U32(8*sets*P), tp)
	CMPQ(tp, end)
	JB(LabelRef(loop))
	for j := range r {
		if sets == 2 {
			VPADDQ(acc[1][j], acc[0][j], acc[0][j])
		}
		VMOVDQU64(acc[0][j], Mem{Base: zp}.Offset(64*j))
	}
	VZEROUPPER()
	RET()
}
