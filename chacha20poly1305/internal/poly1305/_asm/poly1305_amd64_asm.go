// Command _asm generates poly1305's amd64 assembly: the block loop of
// RFC 8439, Section 2.5, on 64-bit words with MULX (BMI2).
//
// The accumulator is h = h0 + 2^64 h1 + 2^128 h2, h2 small, and
// r = r0 + 2^64 r1 with r0, r1 < 2^60 and r1 a multiple of 4 (the clamp).
// The product folds what is at 2^128 and above with 2^130 = 5 (mod p):
// h1 r1 2^128 = h1 (r1/4) 2^130 = h1 (5 r1/4) and h2 r1 2^192 = h2 (5 r1/4)
// 2^64, so with s1 = 5 r1/4 = r1 + r1>>2 (exact, r1 being a multiple of 4)
//
//	d0 = h0 r0 + h1 s1
//	d1 = h0 r1 + h1 r0 + h2 s1 + (d0 >> 64)
//	d2 = h2 r0 + (d1 >> 64)
//
// What is at 2^130 and above, c = d2 >> 2, is worth 5c; blocksMULX
// carries it to the next block as a fourth term multiplied by 5r, and folds
// it in only at the end (see blocksMULX for the bounds).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../sum_amd64.s -stubs ../sum_stubs_amd64.go -pkg poly1305

func main() {
	ConstraintExpr("!purego")
	blocksMULX()
	constants()
	blocksIFMA(false)
	blocksIFMA(true)
	powersIFMA()
	powers24IFMA()
	Generate()
}

// Registers, fixed: MULX multiplies by DX. The accumulator is
// h = x0 + 2^64 x1 + 2^128 x2 + 5c (see blocksMULX).
var (
	p              = RDI // the message
	nblk           = RSI // blocks left
	rp             = RCX // r0, r1, s1, 5 r0, 5 r1
	x0, x1, x2, cc = R8, R9, R10, R11
	a0, a1         = RAX, RBX // column 0 of a product, two words
	b0, b1         = R12, R13 // column 1
	t0, t1         = R14, R15 // a partial product
)

// blocksMULX emits the MULX block loop. Within it the accumulator is
// h = x0 + 2^64 x1 + 2^128 x2 + 5c: the part of a product at 2^130 and
// above, c, is not folded into x0 (which would put a shift, an addition and
// a carry through three words on the chain from one block to the next) but
// multiplied by r with the rest of the next block, as 5c r = c (5 r0) +
// 2^64 c (5 r1). With y = x + block + hibit 2^128 (y2 <= 5):
//
//	col0 = y0 r0 + y1 s1 + c (5 r0)
//	col1 = y0 r1 + y1 r0 + c (5 r1) + y2 s1
//	d = col0 + 2^64 col1 + 2^128 y2 r0
//	x0, x1, x2, c = d mod 2^64, d>>64 mod 2^64, d>>128 & 3, d >> 130
//
// (y1 r1 2^128 = y1 s1 and y2 r1 2^192 = y2 s1 2^64 mod p, as above.)
// Bounds (r0, r1 < 2^60, s1 < 2^60.33, 5 r0, 5 r1 < 2^62.33, and c < 2^61
// on entry): y0 r0, y0 r1, y1 r0 < 2^124, y1 s1 < 2^124.33, c 5 r0 and
// c 5 r1 < 2^123.33, y2 s1 < 2^63, so col0 < 2^125.5 and col1 < 2^125.3
// fit two words each; d >> 128 < 2^61.3 + 5 * 2^60 + 1 < 2^63, so c < 2^61
// again and x2 <= 3. At the end 5c < 2^63.4 is added to x, which leaves
// x2 <= 4.
func blocksMULX() {
	TEXT("blocksMULX", NOSPLIT, "func(h *[3]uint64, r *[5]uint64, p []byte, hibit uint64)")
	Pragma("noescape")
	Doc("blocksMULX sets h = (h + block + hibit*2^128) * r mod 2^130 - 5,",
		"partially reduced (h2 <= 4), for each 16-byte block of p, whose length",
		"is a nonzero multiple of 16. h is three 64-bit words, h[2] <= 4 on",
		"entry; r is r0, r1, r1 + r1>>2, 5 r0 and 5 r1 of a clamped r. It",
		"requires BMI2.")
	hp := RDX
	Load(Param("h"), hp)
	Load(Param("r"), rp)
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), nblk)
	hib, err := Param("hibit").Resolve()
	if err != nil {
		panic(err)
	}
	SHRQ(U8(4), nblk)
	MOVQ(Mem{Base: hp}, x0)
	MOVQ(Mem{Base: hp, Disp: 8}, x1)
	MOVQ(Mem{Base: hp, Disp: 16}, x2)
	XORQ(cc, cc)
	r0, r1, s1 := Mem{Base: rp}, Mem{Base: rp, Disp: 8}, Mem{Base: rp, Disp: 16}
	r05, r15 := Mem{Base: rp, Disp: 24}, Mem{Base: rp, Disp: 32}

	Label("block")
	Comment("y = x + block + hibit*2^128")
	ADDQ(Mem{Base: p}, x0)
	ADCQ(Mem{Base: p, Disp: 8}, x1)
	ADCQ(hib.Addr, x2)
	MOVQ(x0, RDX)
	MULXQ(r0, a0, a1) // y0 r0
	MULXQ(r1, b0, b1) // y0 r1
	MOVQ(cc, RDX)
	MULXQ(r05, t0, t1) // c 5r0
	ADDQ(t0, a0)
	ADCQ(t1, a1)
	MULXQ(r15, t0, t1) // c 5r1
	ADDQ(t0, b0)
	ADCQ(t1, b1)
	MOVQ(x1, RDX)
	MULXQ(s1, t0, t1) // y1 s1
	ADDQ(t0, a0)
	ADCQ(t1, a1)
	MULXQ(r0, t0, t1) // y1 r0
	ADDQ(t0, b0)
	ADCQ(t1, b1)
	MOVQ(x2, t0)
	IMULQ(s1, t0) // y2 s1
	ADDQ(t0, b0)
	ADCQ(Imm(0), b1)
	IMULQ(r0, x2) // y2 r0
	Comment("x1 = col1 + col0>>64; d2 = col1>>64 + y2 r0 + carry; x2 = d2 & 3, c = d2 >> 2")
	ADDQ(a1, b0)
	ADCQ(b1, x2)
	MOVQ(a0, x0)
	MOVQ(b0, x1)
	MOVQ(x2, cc)
	SHRQ(U8(2), cc)
	ANDQ(Imm(3), x2)

	ADDQ(U32(16), p)
	DECQ(nblk)
	JNZ(LabelRef("block"))

	Comment("h = x + 5c")
	LEAQ(Mem{Base: cc, Index: cc, Scale: 4}, cc)
	ADDQ(cc, x0)
	ADCQ(Imm(0), x1)
	ADCQ(Imm(0), x2)
	Load(Param("h"), hp)
	MOVQ(x0, Mem{Base: hp})
	MOVQ(x1, Mem{Base: hp, Disp: 8})
	MOVQ(x2, Mem{Base: hp, Disp: 16})
	RET()
}

var mask44, mask42, bit128, one Mem

func constants() {
	mask44 = GLOBL("mask44", RODATA|NOPTR)
	DATA(0, U64(1<<44-1))
	mask42 = GLOBL("mask42", RODATA|NOPTR)
	DATA(0, U64(1<<42-1))
	bit128 = GLOBL("bit128", RODATA|NOPTR)
	DATA(0, U64(1<<40)) // 2^128 = 2^88 * 2^40, in the top limb
	one = GLOBL("one", RODATA|NOPTR)
	DATA(0, U64(1))
	k256 = GLOBL("k256", RODATA|NOPTR)
	DATA(0, U64(256))
	k1024 = GLOBL("k1024", RODATA|NOPTR)
	DATA(0, U64(1024))
	k5 = GLOBL("k5", RODATA|NOPTR)
	DATA(0, U64(5))
}

// k256, k1024 and k5 are 2^8, 2^10 and 5, broadcast as multipliers by
// ifmaCarryLoop.
var k256, k1024, k5 Mem

// blocksIFMA emits the vector block loop. Eight accumulators run side by
// side, one per 64-bit lane, each taking every eighth block: for a message
// of blocks m_1..m_n (n a multiple of 8),
//
//	h r^n + m_1 r^n + ... + m_n r = sum over lanes of (H_lane) r^(8-j)
//
// where lane j holds the Horner sum of blocks j+1, j+9, ... in powers of
// r^8. So each lane computes H = (H + m) r^8 for all but the last eight
// blocks, and (H + m) r^(8-j) for them; the lanes' columns are then added
// and returned unreduced, for the caller to carry.
//
// A chunk's product and carry are a chain of some 30 operations, longer
// than the vector ports need for them, so the groups of eight blocks are
// taken three at a time by three sets of accumulators, S0, S1 and S2, each
// in powers of r^24: for the groups before the last, after the first
// (their count mod 3) have been taken alone by S0 in powers of r^8, each
// set takes every third group, and in the last round S0, S1 and S2 multiply
// by r^24, r^16 and r^8, so that S0 + S1 + S2 is what one set in powers of
// r^8 holds before the last group (group j of the 3q has r^(8 (3q - j))),
// which is then taken as above. The multipliers are broadcast from memory.
//
// The limbs are those of the portable code (44, 44 and 42 bits) and the
// products those of its three columns (20 r1 and 20 r2 for what wraps past
// 2^130). VPMADD52LUQ and VPMADD52HUQ add the low and high 52 bits of each
// 52x52-bit product to a column's L and U, so a column is L + 2^52 U, and
// 2^52 = 2^44 * 2^8 = 2^42 * 2^10 places U in the carries.
//
// Bounds. The multipliers' limbs are below 2^44, 2^44 + 2^8 and 2^42
// (powersIFMA carries them so), so 20 m1 < 2^48.4 and 20 m2 < 2^46.4.
// Entering a multiplication H0 < 2^45, H1 < 2^45.01 and H2 < 2^42.6 (the
// normalised accumulator plus a block), within IFMA's 52 bits. The columns
// are below 2^92.3, 2^90.6 and 2^89.5, so each L < 3 * 2^52 and U < 2^40.3;
// the carries into columns 1 and 2 are below 2^48.4, and the one out of
// column 2, c2, below 2^47.6, so H0 + 5 c2 < 2^50, and carrying H0 into H1
// leaves H0 < 2^44 and H1 < 2^44 + 2^6. For the last group the accumulator
// is S0 + S1 + S2 plus a block: limbs below 2^46, 2^46 + 3 * 2^6 and
// 2^43.81, so the columns are below 2^93.5 < 2^94.4, and L < 3 * 2^52 and
// U < 2^42.4 again (TestPowersIFMA checks the multipliers' bounds).
func blocksIFMA(split bool) {
	if split {
		TEXT("blocksIFMASplit", NOSPLIT, "func(acc *[6]uint64, h *[24]uint64, pw *[56]uint64, head []byte, skip int, p []byte, tail *[128]byte)")
		Pragma("noescape")
		Doc("blocksIFMASplit is blocksIFMA on a message in three pieces: head,",
			"one or two groups of eight blocks, whose first skip blocks (0 <= skip",
			"< 8) have no 2^128 bit; then p, whose length is a multiple of 128",
			"(maybe 0), and tail, the last group. len(head) is 0, 128 or 256.")
	} else {
		TEXT("blocksIFMA", NOSPLIT, "func(acc *[6]uint64, h *[24]uint64, pw *[56]uint64, p []byte)")
		Pragma("noescape")
		Doc("blocksIFMA adds the 16-byte blocks of p, each with its 2^128 bit, to",
			"the eight lanes' accumulators h (limb i of lane k in word 8i + k, in",
			"limbs of 44, 44 and 42 bits, h0 and h1 below 2^45, h2 below 2^43)",
			"and multiplies by the powers of r, eight blocks at a time, and",
			"writes the columns of the result summed over the lanes",
			"to acc: L0, U0, L1, U1, L2, U2, worth (L0 + 2^52 U0) + 2^44",
			"(L1 + 2^52 U1) + 2^88 (L2 + 2^52 U2). len(p) is a positive multiple",
			"of 128. pw holds r^8 (r0, r1, r2, 20 r1, 20 r2) in words 0..4, r^16",
			"(r0, r1, r2) in words 5..7, in words 8 + 8i + k limb i of the",
			"power for lane k (see powers), and r^24 (r0, r1, r2) in words 48..50.",
			"It requires AVX-512F, AVX-512VL, AVX-512IFMA and BMI2.")
	}
	rk := AllocLocal(80) // r^16 and r^24: r0, r1, r2, 20 r1, 20 r2
	accp := Load(Param("acc"), GP64())
	hp := Load(Param("h"), GP64())
	pw := Load(Param("pw"), GP64())
	p := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	SHRQ(U8(7), n)

	Comment("r^16 and r^24 and their multiples by 20 (20 x = 4 (x + 4x)) on the stack")
	t := GP64()
	for k, src := range []int{40, 384} {
		for i := range 3 {
			MOVQ(Mem{Base: pw, Disp: src + 8*i}, t)
			MOVQ(t, rk.Offset(40*k+8*i))
			if i > 0 {
				LEAQ(Mem{Base: t, Index: t, Scale: 4}, t)
				SHLQ(U8(2), t)
				MOVQ(t, rk.Offset(40*k+24+8*(i-1)))
			}
		}
	}
	var R8, R16, R24 [5]Mem
	for i := range 5 {
		R8[i] = Mem{Base: pw, Disp: 8 * i}
		R16[i] = rk.Offset(8 * i)
		R24[i] = rk.Offset(40 + 8*i)
	}

	m44, m42 := ifmaMasks()
	hib := ZMM()
	VPBROADCASTQ(bit128, hib)

	Comment("the accumulators: S0 = h; S1 = S2 = 0")
	var S [3][3]VecVirtual
	for k := range S {
		for i := range S[k] {
			S[k][i] = ZMM()
			if k == 0 {
				VMOVDQU64(Mem{Base: hp, Disp: 64 * i}, S[k][i])
			} else {
				VPXORQ(m44, m44, S[k][i])
			}
		}
	}

	if split {
		Comment("the head's groups alone, in powers of r^8, with their own 2^128 bits")
		hd := Load(Param("head").Base(), GP64())
		Comment("hv: the first group's 2^128 bits, in the lanes whose block is not below skip.",
			"Lane 2j takes block j and lane 2j+1 block j+4 (see ifmaAddBlocks): with bit i",
			"of b = 0xff << skip set for the blocks i >= skip, the lanes' mask is b's bits",
			"0..3 spread over the even bits and its bits 4..7 over the odd ones.")
		hv := ZMM()
		b, m, even := GP64(), GP64(), GP64()
		MOVL(U32(0xff), b.As32())
		SHLXQ(Load(Param("skip"), GP64()), b, b)
		MOVL(U32(0x55), m.As32())
		PDEPQ(m, b, even)
		SHRQ(U8(4), b)
		SHLQ(U8(1), m)
		PDEPQ(m, b, b)
		ORQ(even, b)
		KMOVW(b.As32(), K1)
		VMOVDQU64_Z(hib, K1, hv)
		nh := Load(Param("head").Len(), GP64())
		SHRQ(U8(7), nh)
		JZ(LabelRef("nohead"))
		Label("head")
		L, U := ifmaBodyBcst(hd, 0, S[0], R8, m44, hv)
		ifmaCarryLoop(S[0], L, U, m44, m42)
		VMOVDQU64(hib, hv) // every block of a second group has its bit
		ADDQ(U32(128), hd)
		DECQ(nh)
		JNZ(LabelRef("head"))
		Label("nohead")
		Comment("n = the groups of p = 3q + rem: q = n / 3 (n 0xaaaaaaaaaaaaaaab >> 65)")
	} else {
		Comment("n = the groups before the last = 3q + rem: q = n / 3 (n 0xaaaaaaaaaaaaaaab >> 65)")
		DECQ(n)
	}
	q, rem := GP64(), GP64()
	MOVQ(U64(0xaaaaaaaaaaaaaaab), RDX)
	MULXQ(n, rem, q)
	SHRQ(U8(1), q)
	LEAQ(Mem{Base: q, Index: q, Scale: 2}, rem)
	NEGQ(rem)
	ADDQ(n, rem)
	JZ(LabelRef("triples"))
	Label("single")
	Comment("the first rem groups alone, in powers of r^8")
	L, U := ifmaBodyBcst(p, 0, S[0], R8, m44, hib)
	ifmaCarryLoop(S[0], L, U, m44, m42)
	ADDQ(U32(128), p)
	DECQ(rem)
	JNZ(LabelRef("single"))

	Label("triples")
	Comment("q triples: q - 1 in powers of r^24, the last in r^24, r^16 and r^8")
	TESTQ(q, q)
	JZ(LabelRef("merge"))
	DECQ(q)
	JZ(LabelRef("lasttriple"))
	Label("triple")
	triple := func(m [3][5]Mem) {
		for k := range S {
			L, U := ifmaBodyBcst(p, 128*k, S[k], m[k], m44, hib)
			ifmaCarryLoop(S[k], L, U, m44, m42)
		}
		ADDQ(U32(384), p)
	}
	triple([3][5]Mem{R24, R24, R24})
	DECQ(q)
	JNZ(LabelRef("triple"))
	Label("lasttriple")
	triple([3][5]Mem{R24, R16, R8})

	Label("merge")
	Comment("S0 += S1 + S2")
	for i := range 3 {
		VPADDQ(S[1][i], S[0][i], S[0][i])
		VPADDQ(S[2][i], S[0][i], S[0][i])
	}

	Label("last")
	if split {
		Load(Param("tail"), p)
	}
	Comment("the last eight blocks: lane k multiplies by its own power of r")
	var F [5]VecVirtual
	for i := range F {
		F[i] = ZMM()
		VMOVDQU64(Mem{Base: pw, Disp: 64 + 64*i}, F[i])
	}
	L, U = ifmaBody(p, S[0], F, m44, m42, hib)
	Comment("add the lanes of each column and store them")
	for i, v := range []VecVirtual{L[0], U[0], L[1], U[1], L[2], U[2]} {
		y, x := YMM(), XMM()
		VEXTRACTI64X4(U8(1), v, y)
		VPADDQ(y, v.AsY(), y)
		VEXTRACTI128(U8(1), y, x)
		VPADDQ(x, y.AsX(), x)
		x2 := XMM()
		VPSHUFD(U8(0x4e), x, x2)
		VPADDQ(x2, x, x)
		VMOVQ(x, Mem{Base: accp, Disp: 8 * i})
	}
	VZEROUPPER()
	RET()
}

// ifmaAddBlocks emits H += the eight blocks at p+off, in limbs of 44, 44
// and 42 bits with their 2^128 bits: lanes hold blocks 0, 4, 1, 5, 2, 6, 3,
// 7.
func ifmaAddBlocks(p Register, off int, H [3]VecVirtual, m44, hib VecVirtual) {
	a, b, t0, t1 := ZMM(), ZMM(), ZMM(), ZMM()
	VMOVDQU64(Mem{Base: p, Disp: off}, a)
	VMOVDQU64(Mem{Base: p, Disp: off + 64}, b)
	VPUNPCKLQDQ(b, a, t0) // low words
	VPUNPCKHQDQ(b, a, t1) // high words
	m := ZMM()
	VPANDQ(m44, t0, m)
	VPADDQ(m, H[0], H[0])
	VPSRLQ(U8(44), t0, t0)
	VPSLLQ(U8(20), t1, m)
	VPTERNLOGQ(U8(0xa8), m44, m, t0) // (t0 | m) & mask44
	VPADDQ(t0, H[1], H[1])
	VPSRLQ(U8(24), t1, t1)
	VPORQ(hib, t1, t1)
	VPADDQ(t1, H[2], H[2])
}

// ifmaBodyBcst emits H += the eight blocks at p+off and returns the columns
// of H * M as (L, U) pairs, M being r0, r1, r2, 20 r1 and 20 r2 in memory,
// broadcast to every lane; each column's products are multiply-added into
// one pair of accumulators (see ifmaProduct).
func ifmaBodyBcst(p Register, off int, H [3]VecVirtual, M [5]Mem, m44, hib VecVirtual) (L, U [3]VecVirtual) {
	ifmaAddBlocks(p, off, H, m44, hib)
	return ifmaColumns(H, M, m44,
		func(m Mem, h, acc VecVirtual) { VPMADD52LUQ_BCST(m, h, acc) },
		func(m Mem, h, acc VecVirtual) { VPMADD52HUQ_BCST(m, h, acc) })
}

// ifmaColumns emits the columns L + 2^52 U of H times the multipliers M
// (r0, r1, r2, 20 r1, 20 r2), each column's three products multiply-added
// into one pair of accumulators, zeroed from the register zero (any
// register: it is XORed with itself). lo and hi emit the multiply-add of
// the low and of the high 52 bits of a multiplier times a limb, with the
// multipliers in registers or broadcast from memory.
func ifmaColumns[T any](H [3]VecVirtual, M [5]T, zero VecVirtual, lo, hi func(m T, h, acc VecVirtual)) (L, U [3]VecVirtual) {
	r0, r1, r2, s1, s2 := M[0], M[1], M[2], M[3], M[4]
	cols := [3][3]T{{r0, s2, s1}, {r1, r0, s2}, {r2, r1, r0}}
	for c := range cols {
		L[c], U[c] = ZMM(), ZMM()
		VPXORQ(zero, zero, L[c])
		VPXORQ(zero, zero, U[c])
	}
	for j := range 3 {
		for c := range cols {
			lo(cols[c][j], H[j], L[c])
			hi(cols[c][j], H[j], U[c])
		}
	}
	return L, U
}

// ifmaBody emits H += the next eight blocks and returns the columns of
// H * M as (L, U) pairs, M being r0, r1, r2, 20 r1 and 20 r2 by lane.
func ifmaBody(p Register, H [3]VecVirtual, M [5]VecVirtual, m44, m42, hib VecVirtual) (L, U [3]VecVirtual) {
	ifmaAddBlocks(p, 0, H, m44, hib)
	L, U = ifmaProduct(H, M, m44)
	return L, U
}

// ifmaProduct emits the columns of H * M as (L, U) pairs, M being r0, r1,
// r2, 20 r1 and 20 r2 by lane:
//
//	d0 = h0 r0 + h1 20r2 + h2 20r1
//	d1 = h0 r1 + h1 r0 + h2 20r2
//	d2 = h0 r2 + h1 r1 + h2 r0
//
// any is any register holding a value: the accumulators are zeroed as
// any XOR any, so that the register allocator does not take them for
// values read before they are written (as x XOR x would be).
//
// Each product has its own accumulators, added at the end: a chain of one
// multiply-add and two additions instead of three multiply-adds, for the
// last group of blocksIFMA.
func ifmaProduct(H [3]VecVirtual, M [5]VecVirtual, any VecVirtual) (L, U [3]VecVirtual) {
	r0, r1, r2, s1, s2 := M[0], M[1], M[2], M[3], M[4]
	cols := [3][3]VecVirtual{{r0, s2, s1}, {r1, r0, s2}, {r2, r1, r0}}
	var pl, pu [3][3]VecVirtual
	for c := range cols {
		for j := range 3 {
			pl[c][j], pu[c][j] = ZMM(), ZMM()
			VPXORQ(any, any, pl[c][j])
			VPXORQ(any, any, pu[c][j])
		}
	}
	for j := range 3 {
		for c := range cols {
			VPMADD52LUQ(cols[c][j], H[j], pl[c][j])
			VPMADD52HUQ(cols[c][j], H[j], pu[c][j])
		}
	}
	for c := range cols {
		L[c], U[c] = ZMM(), ZMM()
		VPADDQ(pl[c][1], pl[c][0], L[c])
		VPADDQ(pl[c][2], L[c], L[c])
		VPADDQ(pu[c][1], pu[c][0], U[c])
		VPADDQ(pu[c][2], U[c], U[c])
	}
	return L, U
}

// ifmaProductChained is ifmaProduct with each column's three products
// multiply-added into one pair of accumulators: a longer chain, but half
// the instructions, for powersIFMA, whose instructions would otherwise
// fill the reorder buffer while they wait on their chain, in the way of
// the cipher's that follow them.
func ifmaProductChained(H [3]VecVirtual, M [5]VecVirtual, any VecVirtual) (L, U [3]VecVirtual) {
	return ifmaColumns(H, M, any,
		func(m, h, acc VecVirtual) { VPMADD52LUQ(m, h, acc) },
		func(m, h, acc VecVirtual) { VPMADD52HUQ(m, h, acc) })
}

// ifmaCarry emits H = the columns (L, U) carried into limbs of 44, 44 and
// 42 bits, what passes 2^130 folded back times 5, and H0 carried into H1.
func ifmaCarry(H, L, U [3]VecVirtual, m44, m42 VecVirtual) {
	Comment("carry the columns")
	c, t := ZMM(), ZMM()
	for i, sh := range []struct{ bits, up uint8 }{{44, 8}, {44, 8}, {42, 10}} {
		if i > 0 {
			VPADDQ(c, L[i], L[i])
		}
		mask := m44
		if i == 2 {
			mask = m42
		}
		VPSRLQ(U8(sh.bits), L[i], c)
		VPSLLQ(U8(sh.up), U[i], t)
		VPADDQ(t, c, c)
		VPANDQ(mask, L[i], H[i])
	}
	Comment("H0 += 5 c; H1 += H0 >> 44; H0 &= mask44")
	VPSLLQ(U8(2), c, t)
	VPADDQ(t, c, c)
	VPADDQ(c, H[0], H[0])
	VPSRLQ(U8(44), H[0], t)
	VPADDQ(t, H[1], H[1])
	VPANDQ(m44, H[0], H[0])
}

// ifmaCarryLoop emits what ifmaCarry does, for the block loop, with the
// shifts and additions U<<8 + c, U<<10 + c and H0 + 5c each as one
// multiply-add (VPMADD52LUQ by 2^8, 2^10 or 5 broadcast from memory): with
// three sets of accumulators the loop is bound by the vector ports, not by
// latency, and this spares five operations of twenty. The products are
// exact: U < 2^42 and c2 < 2^47.6 (see blocksIFMA), so U 2^10 and 5 c2 are
// below 2^52, and both factors of each are below 2^52, as IFMA needs.
func ifmaCarryLoop(H, L, U [3]VecVirtual, m44, m42 VecVirtual) {
	Comment("carry the columns")
	c, t := ZMM(), ZMM()
	for i, sh := range []struct {
		bits uint8
		up   Mem
	}{{44, k256}, {44, k256}, {42, k1024}} {
		if i > 0 {
			VPADDQ(c, L[i], L[i])
		}
		mask := m44
		if i == 2 {
			mask = m42
		}
		VPSRLQ(U8(sh.bits), L[i], c)
		VPMADD52LUQ_BCST(sh.up, U[i], c)
		VPANDQ(mask, L[i], H[i])
	}
	Comment("H0 += 5 c; H1 += H0 >> 44; H0 &= mask44")
	VPMADD52LUQ_BCST(k5, c, H[0])
	VPSRLQ(U8(44), H[0], t)
	VPADDQ(t, H[1], H[1])
	VPANDQ(m44, H[0], H[0])
}

// times20 returns the multiplier limbs of x: x0, x1, x2, 20 x1 and 20 x2
// (20 x = 16 x + 4 x).
func times20(x [3]VecVirtual) [5]VecVirtual {
	m := [5]VecVirtual{x[0], x[1], x[2], ZMM(), ZMM()}
	for i, src := range []VecVirtual{x[1], x[2]} {
		t := ZMM()
		VPSLLQ(U8(4), src, m[3+i])
		VPSLLQ(U8(2), src, t)
		VPADDQ(t, m[3+i], m[3+i])
	}
	return m
}

// powersIFMA emits the computation of blocksIFMA's multipliers from r but
// r^16 and r^24 (powers24IFMA's): r^2 on 64-bit words (squareMULX),
// broadcast to every lane, then two products of eight lanes: q = a b with,
// in lanes 0..7,
//
//	a = r^2, 1, r^2, r^2, r^2, r^2, r, r
//	b = r^2, 1, r,   r,   1,   1,   1, 1
//	q = r^4, 1, r^3, r^3, r^2, r^2, r, r
//
// then q times r^4 (q's lane 0, broadcast) in lanes 0, 1, 2, 4 and 6 and
// times 1 in the others: r^8, r^4, r^7, r^3, r^6, r^2, r^5, r, the power
// r^e, e = 8 - ifmaLane[k], that lane k needs, r^8 in lane 0. Each vector
// product is carried as in the block loop: limbs below 2^44, 2^44 + 2^8 and
// 2^42, within the loop's bounds for its multipliers (r^2's are below 2^44,
// 2^44 + 1 and 2^42).
//
// The AEAD computes these right after the cipher's block 0, and both
// their instructions and their latency count in every Seal and Open from
// 705 bytes: two vector products, with r^2 on words, are the fewest
// instructions for the latency. r^16 and r^24 are needed only by
// blocksIFMA's triples of groups, later, if at all (powers24IFMA).
func powersIFMA() {
	TEXT("powersIFMA", NOSPLIT, "func(pw *[56]uint64, r *[3]uint64)")
	Pragma("noescape")
	Doc("powersIFMA sets pw to blocksIFMA's multipliers for r, a clamped r in",
		"limbs of 44, 44 and 42 bits, except r^16 and r^24 (powers24IFMA). It",
		"requires AVX-512F, AVX-512IFMA and BMI2.")
	pw := Load(Param("pw"), GP64())
	rp := Load(Param("r"), GP64())
	m44, m42 := ifmaMasks()
	r := broadcastLimbs(rp)
	mul := func(a, b [3]VecVirtual) [3]VecVirtual { return ifmaMul(a, b, m44, m42) }

	// merge returns one (1, 0, 0) in every lane, with src[j] merged into
	// the lanes of masks[j].
	k := GP64()
	merge := func(src [][3]VecVirtual, masks []uint8) [3]VecVirtual {
		out := [3]VecVirtual{ZMM(), ZMM(), ZMM()}
		VPBROADCASTQ(one, out[0])
		VPXORQ(m44, m44, out[1])
		VPXORQ(m44, m44, out[2])
		for j, x := range src {
			MOVQ(U32(uint32(masks[j])), k)
			KMOVQ(k, K1)
			for i := range out {
				VMOVDQU64(x[i], K1, out[i])
			}
		}
		return out
	}

	Comment("r^2 on 64-bit words, broadcast to every lane")
	var rg limbs44
	for i := range rg {
		rg[i] = GP64()
		MOVQ(Mem{Base: rp, Disp: 8 * i}, rg[i])
	}
	r2g := squareMULX(rg)
	var r2 [3]VecVirtual
	for i := range r2 {
		r2[i] = ZMM()
		VPBROADCASTQ(r2g[i], r2[i])
	}
	Comment("q = a b = r^4, 1, r^3, r^3, r^2, r^2, r, r in lanes 0..7, from")
	Comment("a = r^2, 1, r^2, r^2, r^2, r^2, r, r and b = r^2, 1, r, r, 1, 1, 1, 1")
	q := mul(merge([][3]VecVirtual{r2, r}, []uint8{0x3d, 0xc0}), merge([][3]VecVirtual{r2, r}, []uint8{0x01, 0x0c}))
	Comment("lanes k = 0..7 need r^8, r^4, r^7, r^3, r^6, r^2, r^5, r^1: q times")
	Comment("r^4 (q's lane 0) in lanes 0, 1, 2, 4, 6 and 1 in lanes 3, 5, 7")
	MOVQ(U32(0x57), k)
	KMOVQ(k, K1)
	c := [3]VecVirtual{ZMM(), ZMM(), ZMM()}
	VPBROADCASTQ(one, c[0])
	VPBROADCASTQ(q[0].AsX(), K1, c[0])
	for i := 1; i < 3; i++ {
		VPBROADCASTQ_Z(q[i].AsX(), K1, c[i])
	}
	fin := mul(q, c)

	Comment("r^8 (lane 0) in words 0..4, the lanes' powers in words 8..47")
	mf := times20(fin)
	for i, x := range mf {
		VMOVQ(x.AsX(), Mem{Base: pw, Disp: 8 * i})
		VMOVDQU64(x, Mem{Base: pw, Disp: 64 + 64*i})
	}
	VZEROUPPER()
	RET()
}

// ifmaMasks emits the broadcast of the masks of a 44-bit and a 42-bit
// limb to every lane of two registers, which it returns.
func ifmaMasks() (m44, m42 VecVirtual) {
	m44, m42 = ZMM(), ZMM()
	VPBROADCASTQ(mask44, m44)
	VPBROADCASTQ(mask42, m42)
	return m44, m42
}

// broadcastLimbs emits the broadcast of the three limbs at p (44, 44 and
// 42 bits, a word each) to every lane of a register each.
func broadcastLimbs(p Register) [3]VecVirtual {
	var r [3]VecVirtual
	for i := range r {
		r[i] = ZMM()
		VPBROADCASTQ(Mem{Base: p, Disp: 8 * i}, r[i])
	}
	return r
}

// powers24IFMA emits the computation of the rest of blocksIFMA's
// multipliers, r^16 = (r^8)^2 and r^24 = r^16 r^8, from the r^8 that
// powersIFMA wrote, carried as it carries its products.
func powers24IFMA() {
	TEXT("powers24IFMA", NOSPLIT, "func(pw *[56]uint64)")
	Pragma("noescape")
	Doc("powers24IFMA sets words 5..7 and 48..50 of pw to r^16 and r^24",
		"(r0, r1, r2) for the r^8 in its words 0..2, as powersIFMA writes it.",
		"It requires AVX-512F and AVX-512IFMA.")
	pw := Load(Param("pw"), GP64())
	m44, m42 := ifmaMasks()
	r8 := broadcastLimbs(pw)
	Comment("r^16 (lane 0's limbs) in words 5..7, r^24 in words 48..50")
	r16 := ifmaMul(r8, r8, m44, m42)
	for i, x := range r16 {
		VMOVQ(x.AsX(), Mem{Base: pw, Disp: 40 + 8*i})
	}
	r24 := ifmaMul(r16, r8, m44, m42)
	for i, x := range r24 {
		VMOVQ(x.AsX(), Mem{Base: pw, Disp: 384 + 8*i})
	}
	VZEROUPPER()
	RET()
}

// ifmaMul emits the product a b, carried (ifmaCarry), of two values in
// limbs of 44, 44 and 42 bits, its products chained (ifmaProductChained).
func ifmaMul(a, b [3]VecVirtual, m44, m42 VecVirtual) [3]VecVirtual {
	L, U := ifmaProductChained(a, times20(b), m44)
	h := [3]VecVirtual{ZMM(), ZMM(), ZMM()}
	ifmaCarry(h, L, U, m44, m42)
	return h
}
