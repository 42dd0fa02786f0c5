package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// chunksMAC emits xorChunksMAC, the long-message kernel of Seal and Open:
// ChaCha20 on sixteen blocks at a time (the chacha20 package's vertical
// layout: register i holds word i of sixteen blocks, one per 32-bit lane),
// and beside it the Poly1305 vector loop of the poly1305 package (eight
// lanes of limbs of 44, 44 and 42 bits, H = (H + eight blocks) r^8 with
// AVX-512 IFMA) over 1024 bytes of the MAC's input per chunk, one group of
// eight blocks after each of the first seven double rounds and the last
// after the chunk's stores.
//
// Both loops are bound by the two vector ports, and each alone leaves some
// of their slots empty (ChaCha20's rotations run on one port only, the
// MAC's products and carries are chains); with the two in one instruction
// stream the CPU fills the slots of one with the other.
func chunksMAC() {
	var counts [16]uint32
	for i := range counts {
		counts[i] = uint32(i)
	}
	iota16 := vectorWords("chunk_iota16", counts)
	sixteen := GLOBL("chunk_sixteen", RODATA|NOPTR)
	DATA(0, U32(16))
	consts := GLOBL("chunk_poly", RODATA|NOPTR)
	for i, v := range []uint64{1<<44 - 1, 1<<42 - 1, 1 << 40, 256, 1024, 5} {
		DATA(8*i, U64(v))
	}
	pc := polyConsts{
		mask44: consts, mask42: consts.Offset(8), bit128: consts.Offset(16),
		k256: consts.Offset(24), k1024: consts.Offset(32), k5: consts.Offset(40),
	}

	TEXT("xorChunksMAC", NOSPLIT, lanesSignature)
	Pragma("noescape")
	Doc("xorChunksMAC sets dst = src XOR keystream for the whole 1024-byte",
		"chunks of src, from the block counter of s, which it does not",
		"advance; and, during chunk i, adds mac[1024i:1024i+1024] to the",
		"Poly1305 lanes h (limb j of lane k in word 8j + k) as the poly1305",
		"package's vector loop does, each group of eight blocks with its 2^128",
		"bits and multiplied by r^8, whose multipliers are r8 (r0, r1, r2,",
		"20 r1, 20 r2). The last 64 bytes of each piece of mac are read after",
		"the chunk's output is written, so that mac may be the ciphertext",
		"ending with the chunk's first block (dst = mac[960:] in Seal).",
		"len(dst) >= len(src), len(mac) >= len(src) &^ 1023. It requires",
		"AVX-512F, AVX-512IFMA and AVX-512VL.")
	s, dst, src, mp, n, hp, r8 := chunkArgs()
	SHRQ(U8(10), n)
	JZ(LabelRef("chunks_done"))

	R8, H := lanesIn(r8, hp)
	ctr := laneCounters(s, iota16)

	Label("chunks_loop")
	x := chunkRoundsMAC("chunks", s, ctr, mp, H, R8, pc)
	transpose16(x, func(l int, ks VecVirtual) {
		VPXORD(Mem{Base: src, Disp: 64 * l}, ks, ks)
		VMOVDQU64(ks, Mem{Base: dst, Disp: 64 * l})
	})
	Comment("MAC group 7, which may include the chunk's first block")
	polyGroup(mp, 896, H, R8, pc, nil)
	VPADDD_BCST(sixteen, ctr, ctr)
	ADDQ(U32(1024), src)
	ADDQ(U32(1024), dst)
	ADDQ(U32(1024), mp)
	DECQ(n)
	JNZ(LabelRef("chunks_loop"))

	for i := range H {
		VMOVDQU64(H[i], Mem{Base: hp, Disp: 64 * i})
	}
	Label("chunks_done")
	VZEROUPPER()
	RET()

	tailMAC(pc)
	chunkPartMAC(pc, iota16)
}

// chunkPartMAC emits xorChunkPartMAC: one chunk of xorChunksMAC for 1 to
// 1024 bytes of src, each block's load and store masked to the bytes it
// covers (none for the blocks past the data: a masked-off load or store
// touches no memory), with the MAC's eight groups beside it as there. The
// masks come from the public length without branches: block l takes
// min(max(n - 64l, 0), 64) bytes, BZHI keeping that many low bits of all
// ones (clamped to 64 first: BZHI reads only the index's low byte).
//
// After the head, the rest of a message of 513 to 1023 bytes otherwise
// takes one or two short kernels, each bound by the latency of its rounds'
// chain, and the MAC after them; here it is one pass bound by the vector
// ports, with a chunk of the MAC beside it.
func chunkPartMAC(pc polyConsts, iota16 Mem) {
	TEXT("xorChunkPartMAC", NOSPLIT, lanesSignature)
	Pragma("noescape")
	Doc("xorChunkPartMAC is xorChunksMAC for one chunk of 1 to 1024 bytes of",
		"src, its blocks' loads and stores masked: it sets dst = src XOR",
		"keystream from the block counter of s, which it does not advance,",
		"and adds mac[:1024] to the Poly1305 lanes h as xorChunksMAC does",
		"(the last 64 bytes read after dst is written). len(dst) >= len(src),",
		"len(mac) >= 1024. It requires AVX-512F, AVX-512BW, AVX-512IFMA,",
		"AVX-512VL and BMI2.")
	s, dst, src, mp, n, hp, r8 := chunkArgs()

	R8, H := lanesIn(r8, hp)
	ctr := laneCounters(s, iota16)
	x := chunkRoundsMAC("part", s, ctr, mp, H, R8, pc)
	ones, zero, k64 := GP64(), GP64(), GP64()
	MOVQ(I32(-1), ones)
	XORQ(zero, zero)
	MOVQ(U32(64), k64)
	transpose16(x, func(l int, ks VecVirtual) {
		r, mask := GP64(), GP64()
		MOVQ(n, r)
		SUBQ(U32(64*l), r)
		CMOVQLT(zero, r) // bytes of src from block l, or 0
		CMPQ(r, U8(64))
		CMOVQGT(k64, r) // at most a block's
		BZHIQ(r, ones, mask)
		KMOVQ(mask, K1)
		t := ZMM()
		VMOVDQU8_Z(Mem{Base: src, Disp: 64 * l}, K1, t)
		VPXORD(t, ks, ks)
		VMOVDQU8(ks, K1, Mem{Base: dst, Disp: 64 * l})
	})
	Comment("MAC group 7, which may include the chunk's first block")
	polyGroup(mp, 896, H, R8, pc, nil)
	for i := range H {
		VMOVDQU64(H[i], Mem{Base: hp, Disp: 64 * i})
	}
	VZEROUPPER()
	RET()
}

// lanesSignature is the Go signature of the kernels that run the cipher
// with groups of the MAC beside it on the poly1305 package's lanes
// (xorChunksMAC, xorChunkPartMAC, xorTailMAC).
const lanesSignature = "func(s *[16]uint32, dst, src, mac []byte, h *[24]uint64, r8 *[5]uint64)"

// chunkArgs emits the loads of xorChunksMAC's and xorChunkPartMAC's
// arguments (lanesSignature): s, the bases of dst, src and mac, the length
// of src, h and r8.
func chunkArgs() (s, dst, src, mac, n, h, r8 Register) {
	s = Load(Param("s"), GP64())
	dst = Load(Param("dst").Base(), GP64())
	src = Load(Param("src").Base(), GP64())
	mac = Load(Param("mac").Base(), GP64())
	n = Load(Param("src").Len(), GP64())
	h = Load(Param("h"), GP64())
	r8 = Load(Param("r8"), GP64())
	return s, dst, src, mac, n, h, r8
}

// laneCounters emits the block counters of the sixteen lanes, the counter
// of s plus iota16's 0..15, in a register, which it returns.
func laneCounters(s Register, iota16 Mem) VecVirtual {
	Comment("ctr: the block counters of the 16 lanes")
	ctr := ZMM()
	VPBROADCASTD(Mem{Base: s, Disp: 48}, ctr)
	VPADDD(iota16, ctr, ctr)
	return ctr
}

// chunkRoundsMAC emits the ChaCha20 rounds of one chunk of 16 blocks
// (vertical layout: word i of block l in lane l of x[i]) from the state
// at s with the block counters ctr, and beside them the MAC's first seven
// groups, the group after double round i from mp + 128i (mp is restored
// after): the double rounds 0..6 each with a MAC group, then 7..9, then
// the input state added. Its loops' labels start with prefix. It returns
// the keystream rows x, which transpose16 turns into blocks.
func chunkRoundsMAC(prefix string, s Register, ctr VecVirtual, mp Register, H [3]VecVirtual, R8 [5]Mem, pc polyConsts) []VecVirtual {
	x := make([]VecVirtual, 16)
	for i := range x {
		x[i] = ZMM()
		if i == 12 {
			VMOVDQU64(ctr, x[i])
		} else {
			VPBROADCASTD(Mem{Base: s, Disp: 4 * i}, x[i])
		}
	}
	Comment("double rounds 0..6, each with a MAC group")
	dr := GP64()
	MOVQ(U32(7), dr)
	Label(prefix + "_rounds")
	verticalRounds(x, [][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}})
	verticalRounds(x, [][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}})
	polyGroup(mp, 0, H, R8, pc, nil)
	ADDQ(U32(128), mp)
	DECQ(dr)
	JNZ(LabelRef(prefix + "_rounds"))
	SUBQ(U32(7*128), mp)
	Comment("double rounds 7..9")
	MOVQ(U32(3), dr)
	Label(prefix + "_rounds2")
	verticalRounds(x, [][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}})
	verticalRounds(x, [][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}})
	DECQ(dr)
	JNZ(LabelRef(prefix + "_rounds2"))
	Comment("add the input state")
	for i := range x {
		if i == 12 {
			VPADDD(ctr, x[i], x[i])
		} else {
			VPADDD_BCST(Mem{Base: s, Disp: 4 * i}, x[i], x[i])
		}
	}
	return x
}

// tailMAC emits xorTailMAC (one horizontal set of four blocks) and
// xorTail8MAC (two sets, with the MAC's first group from a head buffer of
// its own): the cipher of the last bytes (on the horizontal layout of the
// chacha20 package's four- and eight-block kernels) and beside it
// Poly1305's vector loop over groups of ciphertext already written. The
// cipher of one set is a chain of dependent instructions whose latency,
// not the vector ports, bounds it, and the MAC's groups are chains too:
// one after the other, the CPU waits for each in turn; with a MAC group
// after each of the first double rounds, it runs them side by side.
func tailMAC(pc polyConsts) {
	lanes := laneTable("tail_lanectr", 0)
	var fours [16]uint32 // 4 in word 0 of each lane
	for k := range 4 {
		fours[4*k] = 4
	}
	four := vectorWords("tail_four", fours)
	var heads [8]uint64 // the block in each 64-bit lane of a MAC group
	for k := range heads {
		heads[k] = uint64(k/2 + 4*(k%2))
	}
	headLanes := GLOBL("tail_headlanes", RODATA|NOPTR)
	for k, v := range heads {
		DATA(8*k, U64(v))
	}
	tailKernel(pc, "xorTailMAC", 1, false, lanes, four, headLanes)
	tailKernel(pc, "xorTail8MAC", 2, true, lanes, four, headLanes)
}

// vectorWords emits the read-only table name of the words w, one 64-byte
// vector, and returns it.
func vectorWords(name string, w [16]uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, v := range w {
		DATA(4*i, U32(v))
	}
	return m
}

// tailKernel emits one of tailMAC's kernels: sets horizontal sets of four
// blocks, and with withHead the MAC's first group from head, the blocks
// before skip without their 2^128 bits.
func tailKernel(pc polyConsts, name string, sets int, withHead bool, lanes, four, headLanes Mem) {
	maxLen := 256 * sets
	if withHead {
		TEXT(name, NOSPLIT, "func(s *[16]uint32, dst, src []byte, head *[128]byte, skip int, mac []byte, h *[24]uint64, r8 *[5]uint64)")
	} else {
		TEXT(name, NOSPLIT, lanesSignature)
	}
	Pragma("noescape")
	doc := []string{
		fmt.Sprintf("%s sets dst = src XOR keystream, for 1 to %d bytes of src", name, maxLen),
		"(the last blocks' loads and stores masked), from the block counter of",
		"s, which it does not advance; and adds to the Poly1305 lanes h, as",
		"xorChunksMAC does, one group of eight blocks after each of the first",
		"double rounds:",
	}
	if withHead {
		doc = append(doc, "head, whose first skip blocks (0 <= skip < 8) have no 2^128",
			"bit, then mac, at most 1024 bytes, a multiple of 128.")
	} else {
		doc = append(doc, "mac, at most 1152 bytes, a multiple of 128.")
	}
	doc = append(doc, "mac must not overlap dst. len(dst) >= len(src). It requires",
		"AVX-512F, AVX-512BW, AVX-512IFMA, AVX-512VL and BMI2.")
	Doc(doc...)
	s := Load(Param("s"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	mp := Load(Param("mac").Base(), GP64())
	groups := Load(Param("mac").Len(), GP64())
	hp := Load(Param("h"), GP64())
	r8 := Load(Param("r8"), GP64())
	SHRQ(U8(7), groups)

	R8, H := lanesIn(r8, hp)
	Comment("set k holds the rows of blocks 4k..4k+3, one block per lane")
	x := make([][4]VecVirtual, sets)
	for k := range x {
		for i := range x[k] {
			x[k][i] = ZMM()
			if k == 0 {
				VBROADCASTI32X4(Mem{Base: s, Disp: 16 * i}, x[k][i])
			} else {
				VMOVDQU64(x[0][i], x[k][i])
			}
		}
		if k == 0 {
			VPADDD(lanes, x[k][3], x[k][3])
		} else {
			VPADDD(four, x[k-1][3], x[k][3])
		}
	}

	Comment("double rounds, the first ones each with a MAC group, then the others")
	dr := GP64()
	MOVQ(U32(10), dr)
	if withHead {
		Comment("the first, with the head's group: hib has the 2^128 bits of the lanes whose block is not below skip")
		hib, sk := ZMM(), ZMM()
		VPBROADCASTQ(Load(Param("skip"), GP64()), sk)
		VMOVDQU64(headLanes, hib)
		VPCMPUQ(U8(5), sk, hib, K1) // not less than
		VPBROADCASTQ(pc.bit128, hib)
		VMOVDQU64_Z(hib, K1, hib)
		horizontalRounds(x)
		polyGroup(Load(Param("head"), GP64()), 0, H, R8, pc, hib)
		DECQ(dr)
	}
	TESTQ(groups, groups)
	JZ(LabelRef(name + "_rounds"))
	Label(name + "_rounds_mac")
	horizontalRounds(x)
	polyGroup(mp, 0, H, R8, pc, nil)
	ADDQ(U32(128), mp)
	DECQ(dr)
	DECQ(groups)
	JNZ(LabelRef(name + "_rounds_mac"))
	Label(name + "_rounds")
	horizontalRounds(x)
	DECQ(dr)
	JNZ(LabelRef(name + "_rounds"))

	Comment("add the input rows; block l's rows are lane l of set k's")
	in := ZMM()
	for i := range 4 {
		VBROADCASTI32X4(Mem{Base: s, Disp: 16 * i}, in)
		if i == 3 {
			VPADDD(lanes, in, in)
		}
		for k := range x {
			if i == 3 && k > 0 {
				VPADDD(four, in, in)
			}
			VPADDD(in, x[k][i], x[k][i])
		}
	}
	var blocks []VecVirtual
	for k := range x {
		t0, t1, t2, t3 := ZMM(), ZMM(), ZMM(), ZMM()
		VSHUFI32X4(U8(0x44), x[k][1], x[k][0], t0) // x0.L0 x0.L1 x1.L0 x1.L1
		VSHUFI32X4(U8(0xee), x[k][1], x[k][0], t1) // x0.L2 x0.L3 x1.L2 x1.L3
		VSHUFI32X4(U8(0x44), x[k][3], x[k][2], t2) // x2.L0 x2.L1 x3.L0 x3.L1
		VSHUFI32X4(U8(0xee), x[k][3], x[k][2], t3) // x2.L2 x2.L3 x3.L2 x3.L3
		b := [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
		VSHUFI32X4(U8(0x88), t2, t0, b[0])
		VSHUFI32X4(U8(0xdd), t2, t0, b[1])
		VSHUFI32X4(U8(0x88), t3, t1, b[2])
		VSHUFI32X4(U8(0xdd), t3, t1, b[3])
		blocks = append(blocks, b[:]...)
	}

	Comment("block l takes min(n - 64l, 64) bytes, masked")
	ones, mask := GP64(), GP64()
	MOVQ(I32(-1), ones)
	t := ZMM()
	for l, ks := range blocks {
		full := fmt.Sprintf("%s_full_%d", name, l)
		MOVQ(ones, mask)
		CMPQ(n, U32(64))
		JAE(LabelRef(full))
		BZHIQ(n, ones, mask) // the low n bits of ones, n < 64
		Label(full)
		KMOVQ(mask, K1)
		VMOVDQU8_Z(Mem{Base: src, Disp: 64 * l}, K1, t)
		VPXORD(t, ks, ks)
		VMOVDQU8(ks, K1, Mem{Base: dst, Disp: 64 * l})
		if l < len(blocks)-1 {
			SUBQ(U32(64), n)
			JLE(LabelRef(name + "_stored"))
		}
	}
	Label(name + "_stored")
	for i := range H {
		VMOVDQU64(H[i], Mem{Base: hp, Disp: 64 * i})
	}
	VZEROUPPER()
	RET()
}

// horizontalRounds emits a double round on the horizontal layout (row i
// of four blocks in x[k][i], a block per 128-bit lane) of each set k, the
// sets' steps interleaved: the column round, then the diagonal round
// between rotations of rows 1, 2 and 3 within each lane.
func horizontalRounds(x [][4]VecVirtual) {
	quarter := func() {
		for _, st := range []struct {
			add, src, xor int
			n             uint8
		}{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}} {
			for _, r := range x {
				VPADDD(r[st.src], r[st.add], r[st.add])
				VPXORD(r[st.add], r[st.xor], r[st.xor])
				VPROLD(U8(st.n), r[st.xor], r[st.xor])
			}
		}
	}
	quarter()
	for _, r := range x {
		VPSHUFD(U8(0x39), r[1], r[1])
		VPSHUFD(U8(0x4e), r[2], r[2])
		VPSHUFD(U8(0x93), r[3], r[3])
	}
	quarter()
	for _, r := range x {
		VPSHUFD(U8(0x93), r[1], r[1])
		VPSHUFD(U8(0x4e), r[2], r[2])
		VPSHUFD(U8(0x39), r[3], r[3])
	}
}

// verticalRounds emits the quarter rounds (RFC 8439, Section 2.1) on the
// word indices qs of x, interleaved step by step so that their dependency
// chains run side by side: within a step, each quarter round's addition,
// XOR and rotation in turn (the order the chacha20 package's kernels found
// fastest).
func verticalRounds(x []VecVirtual, qs [][4]int) {
	// Each step is "w += v; u ^= w; u <<<= n", with w, v, u indices into a
	// quarter round's a, b, c, d:
	//
	//	a += b; d ^= a; d <<<= 16; c += d; b ^= c; b <<<= 12;
	//	a += b; d ^= a; d <<<= 8;  c += d; b ^= c; b <<<= 7
	for _, st := range []struct {
		add, src, xor int
		n             uint8
	}{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}} {
		for _, q := range qs {
			VPADDD(x[q[st.src]], x[q[st.add]], x[q[st.add]])
			VPXORD(x[q[st.add]], x[q[st.xor]], x[q[st.xor]])
			VPROLD(U8(st.n), x[q[st.xor]], x[q[st.xor]])
		}
	}
}

// transpose16 emits the transposition of the sixteen vertical registers x
// (word i of block l in lane l of x[i]) into sixteen registers of one
// block each, passing block l's to out.
func transpose16(x []VecVirtual, out func(l int, ks VecVirtual)) {
	Comment("transpose: r[g][k] has words 4g..4g+3 of block 4L+k in lane L")
	var r [4][4]VecVirtual
	for g := range 4 {
		a, b, c, d := x[4*g], x[4*g+1], x[4*g+2], x[4*g+3]
		t0, t1, t2, t3 := ZMM(), ZMM(), ZMM(), ZMM()
		VPUNPCKLDQ(b, a, t0) // a0 b0 a1 b1
		VPUNPCKHDQ(b, a, t1) // a2 b2 a3 b3
		VPUNPCKLDQ(d, c, t2) // c0 d0 c1 d1
		VPUNPCKHDQ(d, c, t3) // c2 d2 c3 d3
		for k := range 4 {
			r[g][k] = ZMM()
		}
		VPUNPCKLQDQ(t2, t0, r[g][0]) // a0 b0 c0 d0
		VPUNPCKHQDQ(t2, t0, r[g][1]) // a1 b1 c1 d1
		VPUNPCKLQDQ(t3, t1, r[g][2]) // a2 b2 c2 d2
		VPUNPCKHQDQ(t3, t1, r[g][3]) // a3 b3 c3 d3
	}
	for k := range 4 {
		// A 4x4 transpose of 128-bit lanes with VSHUFI32X4 (imm, b, a,
		// d: lanes 0 and 1 of d from a, 2 and 3 from b, each chosen by
		// two bits of imm).
		q := [4]VecVirtual{r[0][k], r[1][k], r[2][k], r[3][k]}
		s0, s1, s2, s3 := ZMM(), ZMM(), ZMM(), ZMM()
		VSHUFI32X4(U8(0x44), q[1], q[0], s0) // q0.L0 q0.L1 q1.L0 q1.L1
		VSHUFI32X4(U8(0xee), q[1], q[0], s1) // q0.L2 q0.L3 q1.L2 q1.L3
		VSHUFI32X4(U8(0x44), q[3], q[2], s2) // q2.L0 q2.L1 q3.L0 q3.L1
		VSHUFI32X4(U8(0xee), q[3], q[2], s3) // q2.L2 q2.L3 q3.L2 q3.L3
		for l, imm := range []uint8{0x88, 0xdd} {
			b0, b2 := ZMM(), ZMM()
			VSHUFI32X4(U8(imm), s2, s0, b0) // lane l of q0..q3
			VSHUFI32X4(U8(imm), s3, s1, b2) // lane l+2 of q0..q3
			out(4*l+k, b0)
			out(4*(l+2)+k, b2)
		}
	}
}

// polyConsts are the vector loop's constants in memory, broadcast where
// they are used: the limb masks, the 2^128 bit in the top limb, and the
// carries' multipliers 2^8, 2^10 and 5.
type polyConsts struct {
	mask44, mask42, bit128, k256, k1024, k5 Mem
}

// polyGroup emits H = (H + the eight blocks at p+off, each with its 2^128
// bit) r^8, carried: the poly1305 package's ifmaAddBlocks, ifmaBodyBcst
// and ifmaCarryLoop, with the constants read from memory (the registers
// hold ChaCha20's state). See that package's blocksIFMA for the bounds:
// H enters with limbs below 2^45, 2^45 and 2^43 and leaves with limbs
// below 2^44, 2^44 + 2^6 and 2^42.
func polyGroup(p Register, off int, H [3]VecVirtual, R8 [5]Mem, c polyConsts, hib VecVirtual) {
	Comment("H += the blocks, in limbs; lanes hold blocks 0, 4, 1, 5, 2, 6, 3, 7")
	a, b := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: p, Disp: off}, a)
	VMOVDQU64(Mem{Base: p, Disp: off + 64}, b)
	lo, hi, m := ZMM(), ZMM(), ZMM()
	VPUNPCKLQDQ(b, a, lo) // low words
	VPUNPCKHQDQ(b, a, hi) // high words
	VPANDQ_BCST(c.mask44, lo, m)
	VPADDQ(m, H[0], H[0])
	VPSRLQ(U8(44), lo, lo)
	VPSLLQ(U8(20), hi, m)
	VPTERNLOGQ_BCST(U8(0xa8), c.mask44, m, lo) // (lo | m) & mask44
	VPADDQ(lo, H[1], H[1])
	VPSRLQ(U8(24), hi, hi)
	if hib == nil {
		VPORQ_BCST(c.bit128, hi, hi)
	} else {
		VPORQ(hib, hi, hi)
	}
	VPADDQ(hi, H[2], H[2])

	Comment("the columns of H r^8: d0 = h0 r0 + h1 20r2 + h2 20r1, d1 = h0 r1 + h1 r0 + h2 20r2, d2 = h0 r2 + h1 r1 + h2 r0")
	r0, r1, r2, s1, s2 := R8[0], R8[1], R8[2], R8[3], R8[4]
	cols := [3][3]Mem{{r0, s2, s1}, {r1, r0, s2}, {r2, r1, r0}}
	var L, U [3]VecVirtual
	for k := range cols {
		L[k], U[k] = ZMM(), ZMM()
		VPXORQ(H[0], H[0], L[k])
		VPXORQ(H[0], H[0], U[k])
	}
	for j := range 3 {
		for k := range cols {
			VPMADD52LUQ_BCST(cols[k][j], H[j], L[k])
			VPMADD52HUQ_BCST(cols[k][j], H[j], U[k])
		}
	}

	Comment("carry the columns: L + 2^52 U, 2^52 = 2^44 2^8 = 2^42 2^10")
	cy, t := ZMM(), ZMM()
	for i, sh := range []struct {
		bits uint8
		up   Mem
	}{{44, c.k256}, {44, c.k256}, {42, c.k1024}} {
		if i > 0 {
			VPADDQ(cy, L[i], L[i])
		}
		mask := c.mask44
		if i == 2 {
			mask = c.mask42
		}
		VPSRLQ(U8(sh.bits), L[i], cy)
		VPMADD52LUQ_BCST(sh.up, U[i], cy)
		VPANDQ_BCST(mask, L[i], H[i])
	}
	Comment("H0 += 5 c; H1 += H0 >> 44; H0 &= mask44")
	VPMADD52LUQ_BCST(c.k5, cy, H[0])
	VPSRLQ(U8(44), H[0], t)
	VPADDQ(t, H[1], H[1])
	VPANDQ_BCST(c.mask44, H[0], H[0])
}

// lanesIn returns the multipliers of r^8 at r8 (r0, r1, r2, 20 r1, 20 r2)
// as memory operands, and the Poly1305 lanes at hp (limb j of lane k in
// word 8j + k) loaded into three registers.
func lanesIn(r8, hp Register) (R8 [5]Mem, H [3]VecVirtual) {
	for i := range R8 {
		R8[i] = Mem{Base: r8, Disp: 8 * i}
	}
	for i := range H {
		H[i] = ZMM()
		VMOVDQU64(Mem{Base: hp, Disp: 64 * i}, H[i])
	}
	return R8, H
}
