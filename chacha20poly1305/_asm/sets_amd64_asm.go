package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The two-set kernels (-kernel sets, sets_amd64.s) are Seal and Open of
// RFC 8439, Section 2.8, for messages of 193 to 448 bytes (four to seven
// ChaCha20 blocks) on AVX-512 CPUs, as sealFused and openFused are for up
// to three blocks: ChaCha20 on TWO horizontal sets of four blocks in zmm
// registers (set 0: block 0, whose first 32 bytes are the Poly1305 key,
// and blocks 1..3; set 1: blocks 4..7), and Poly1305 on MULX (polyMulAdd)
// over the additional data and the ciphertext, copied zero-padded to the
// stack, in one function each.
//
// The MAC is one chain of products that cannot start before r, block 0's
// keystream, and takes about 10 cycles a block (18 blocks for 256 bytes
// with 13 of additional data, 30 for 448): after the rounds it would add
// all of that to their time. So the sets do not finish together. Set 0
// runs its first D double rounds alone, ahead of set 1 in program order
// (the scheduler runs the oldest ready µop first, so set 0's chain keeps
// its pace and set 1 fills the ports it leaves); then both sets run 10 - D
// double rounds, their steps interleaved; then set 1 its last D, with two
// of the MAC's blocks beside each, the MAC's scalar chain running on
// other ports than set 1's vector chain. D is sealStitch for Seal, whose
// stitched blocks must be ready when set 0 is (the additional data's and
// blocks 1..3's ciphertext: with more than 192 bytes of message they are
// 11 at least past the first), and openStitch for Open, whose blocks are
// all ready at once (13 at least past the first, one left for the loop).
// The MAC's other blocks (and in Seal blocks 4..7's ciphertext and the
// lengths) follow.
//
// Every branch tests a public length or, in Open, whether the tag was right.

// laneCtr8 holds 4, 5, 6 and 7 in word 0 of each 128-bit lane: set 1's
// counters.
var laneCtr8 Mem

// setsMin and setsMax are the shortest and longest messages the two-set
// kernels take: more than three blocks (the MAC's blocks stitched into set
// 1's rounds are all ready when set 0 is), at most seven, which with block 0
// fill two sets of four.
const (
	setsMin = 3*64 + 1
	setsMax = 7 * 64
)

// setsKernels emits sealSets and openSets, sealSets3 and openSets3
// (sets3_amd64_asm.go), sealSets4 and openSets4 (sets4_amd64_asm.go), and
// their constants.
func setsKernels() {
	laneCtr4 = laneTable("lanectr4", 0)
	laneCtr8 = laneTable("lanectr8", 4)
	sigma = GLOBL("sigma", RODATA|NOPTR)
	for i, c := range []uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574} {
		DATA(4*i, U32(c))
	}
	setsKernel("sealSets", false)
	setsKernel("openSets", true)
	laneCtrs = []Mem{{}, laneCtr8, laneTable("lanectr12", 8)}
	sets3Kernel("sealSets3", false)
	sets3Kernel("openSets3", true)
	laneCtrs = append(laneCtrs, laneTable("lanectr16", 12))
	setsNKernel("sealSets4", false, sets4Plan)
	setsNKernel("openSets4", true, sets4Plan)
}

// laneTable emits the read-only 64 bytes name, first, first+1, first+2 and
// first+3 in word 0 of the four 128-bit lanes (zeros elsewhere), and
// returns it.
func laneTable(name string, first uint32) Mem {
	var w [16]uint32
	for k := range 4 {
		w[4*k] = first + uint32(k)
	}
	return vectorWords(name, w)
}

// quarterRounds emits ChaCha's quarter round (as quarterRound) on every
// set of xs, interleaved step by step.
func quarterRounds(xs [][4]VecVirtual) {
	for _, s := range []struct {
		w, v, u int
		n       uint8
	}{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}} {
		for _, x := range xs {
			VPADDD(x[s.v], x[s.w], x[s.w])
		}
		for _, x := range xs {
			VPXORD(x[s.w], x[s.u], x[s.u])
		}
		for _, x := range xs {
			VPROLD(U8(s.n), x[s.u], x[s.u])
		}
	}
}

// transpose emits the four blocks of the keystream set x (a row per
// register, a block per lane) as four registers, block per register, of
// which it returns those of lanes from to 3.
func transpose(x [4]VecVirtual, from int) []VecVirtual {
	s0, s1, s2, s3 := ZMM(), ZMM(), ZMM(), ZMM()
	VSHUFI32X4(U8(0x44), x[1], x[0], s0) // A.L0 A.L1 B.L0 B.L1
	VSHUFI32X4(U8(0xee), x[1], x[0], s1) // A.L2 A.L3 B.L2 B.L3
	VSHUFI32X4(U8(0x44), x[3], x[2], s2) // C.L0 C.L1 D.L0 D.L1
	VSHUFI32X4(U8(0xee), x[3], x[2], s3) // C.L2 C.L3 D.L2 D.L3
	var blocks []VecVirtual
	for l := from; l < 4; l++ {
		b := ZMM()
		lo, hi := s0, s2
		if l >= 2 {
			lo, hi = s1, s3
		}
		imm := U8(0x88) // lanes 0 and 2 of each: rows A, B, C, D of lane l
		if l%2 == 1 {
			imm = U8(0xdd) // lanes 1 and 3
		}
		VSHUFI32X4(imm, hi, lo, b)
		blocks = append(blocks, b)
	}
	return blocks
}

// setsKernel emits sealSets (open false) or openSets.
func setsKernel(name string, open bool) {
	kernelText(name, open)
	if open {
		Doc(fmt.Sprintf("%s decrypts src, of %d to %d bytes, into dst if its tag over ad", name, setsMin, setsMax),
			"and src (RFC 8439, Section 2.8) equals tag, and returns 1; otherwise it",
			"returns 0 and writes nothing, under key and nonce. len(dst) >= len(src),",
			"and dst and src are the same memory or do not overlap. It requires",
			"AVX-512F, AVX-512BW, AVX-512VL and BMI2.")
	} else {
		Doc(fmt.Sprintf("%s encrypts src, of %d to %d bytes, into dst and writes the tag", name, setsMin, setsMax),
			"over ad and the ciphertext (RFC 8439, Section 2.8) to tag, under key and",
			"nonce. len(dst) >= len(src), and dst and src are the same memory or do",
			"not overlap. It requires AVX-512F, AVX-512BW, AVX-512VL and BMI2.")
	}
	// The MAC's blocks after the additional data's whole ones, as
	// sealFused's (see stackBlocks): its partial block (zero-padded) at
	// 48, the ciphertext (zero-padded) at 64, the lengths after it.
	buf := AllocLocal(48 + 16 + setsMax + 16)
	rkey := AllocLocal(16)
	r1op, r05op = rkey, rkey.Offset(8)

	in0, x0v := inputRows()
	Comment("set 1: blocks 4..7, the same rows but the counters")
	in1 := [4]VecVirtual{in0[0], in0[1], in0[2], ZMM()}
	Comment("(K2 still holds inputRows' mask of word 0 of each lane)")
	VMOVDQA64(in0[3], in1[3])
	VMOVDQU32(laneCtr8, K2, in1[3])
	x1v := [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	for i := range x1v {
		VMOVDQA64(in1[i], x1v[i])
	}

	adTail(name, buf, K1)

	Comment("the data's masks: block l takes m = min(max(n - 64(l-1), 0), 64) bytes")
	Comment("(BZHI reads only the index's low byte: m >= 64 and m <= 0 are set apart)")
	ks := []Register{K1, K2, K3, K4, K5, K6, K7}
	data := maskedData(name, ks, true, setsSkip)

	if open {
		Comment("the ciphertext, zero-padded, to the stack for the MAC, and the lengths")
		for l := range ks {
			VMOVDQU64(data[l], buf.Offset(64+64*l))
		}
		lengthsBlock(buf)
	}

	stitchDRs := sealStitch
	if open {
		stitchDRs = openStitch
	}
	if 2*sealStitch > 11 || 2*openStitch > 13 {
		panic("sets: more stitched blocks than the MAC has ready")
	}
	Comment("set 0's first rounds, ahead of set 1's, so that r is ready first")
	MOVQ(U32(uint32(stitchDRs)), RCX)
	Label(name + "_set0")
	doubleRound([][4]VecVirtual{x0v})
	DECQ(RCX)
	JNZ(LabelRef(name + "_set0"))
	Comment("both sets, interleaved")
	MOVQ(U32(uint32(10-stitchDRs)), RCX)
	Label(name + "_both")
	doubleRound([][4]VecVirtual{x0v, x1v})
	DECQ(RCX)
	JNZ(LabelRef(name + "_both"))
	for i := range x0v {
		VPADDD(in0[i], x0v[i], x0v[i])
	}
	polyKey(x0v[0])
	Comment("transpose: blocks 1..3 of set 0, a block per register")
	stream := transpose(x0v, 1)
	dst := RDX
	if !open {
		Comment("blocks 1..3's ciphertext: to dst, and zero-padded to the stack for the MAC")
		storeCiphertext(name+"_stored0", dst, buf, data, stream, ks, 0, setsSkip)
	}

	macStart(name, buf)
	Comment(fmt.Sprintf("set 1's last rounds, the MAC's next %d blocks beside them (ready, n > 192)", 2*stitchDRs))
	for range stitchDRs {
		x := [][4]VecVirtual{x1v}
		quarterRounds(x)
		polyMulAdd(Mem{Base: bp}, Mem{Base: bp, Disp: 8})
		diagonalize(x)
		quarterRounds(x)
		polyMulAdd(Mem{Base: bp, Disp: 16}, Mem{Base: bp, Disp: 24})
		undiagonalize(x)
		ADDQ(Imm(32), bp)
	}
	SUBQ(Imm(uint64(2*stitchDRs)), nb)
	for i := range x1v {
		VPADDD(in1[i], x1v[i], x1v[i])
	}
	Comment("transpose: blocks 4..7 of set 1")
	stream = append(stream, transpose(x1v, 0)...)
	if !open {
		Comment("blocks 4..7's ciphertext: to dst, and zero-padded to the stack, then the lengths")
		storeCiphertext(name+"_stored", dst, buf, data, stream, ks, 3, setsSkip)
		lengthsBlock(buf)
	}
	Comment("the MAC's other blocks (at least two: n > 192)")
	polyLoop(name + "_rest")
	polyMulAdd(nil, nil)

	if tagDone(name, open, x0v[1]) {
		kernelEnd()
		return
	}
	storePlaintext(name, dst, data, stream, ks, setsSkip)
	openReturn(name)
	kernelEnd()
}

// setsSkip is the first data block of the two-set kernels that may hold
// no byte of the message (n > 192 fills blocks 0..2 and part of 3); their
// loads and stores jump past those that hold none (see skipEmpty).
const setsSkip = 4

// sealStitch and openStitch are the number of set 1's double rounds run
// after set 0's, with two of the MAC's blocks beside each, in Seal and
// Open (see the top of this file for their bounds, 11 and 13 blocks).
const (
	sealStitch = 4
	openStitch = 6
)

// storeCiphertext emits, for the blocks l = from.. of stream (keystream,
// a block per register), the ciphertext data[l] ^ stream[l] into stream[l],
// its store to dst under mask ks[l], and its zero-padded copy to the stack
// at buf+64+64l for the MAC, but for the blocks l >= skip that hold no byte
// of src, jumped past to label (skipEmpty: the MAC does not read their
// stack blocks). With no test (skip >= len(stream)), avo drops the label.
func storeCiphertext(label string, dst Register, buf Mem, data, stream []VecVirtual, ks []Register, from, skip int) {
	Load(Param("dst").Base(), dst)
	n := srcLenArg()
	for l := from; l < len(stream); l++ {
		k := ks[l]
		if l >= skip {
			skipEmpty(n, l, label)
		}
		VPXORD(data[l], stream[l], stream[l])
		VMOVDQU8(stream[l], k, Mem{Base: dst, Disp: 64 * l})
		VMOVDQU8_Z(stream[l], k, stream[l])
		VMOVDQU64(stream[l], buf.Offset(64+64*l))
	}
	Label(label)
}

// lengthsBlock emits the store of the MAC's lengths block after the
// ciphertext's blocks at buf+64; it clobbers RAX and RBX.
func lengthsBlock(buf Mem) {
	Load(Param("src").Len(), RAX)
	ADDQ(Imm(15), RAX)
	ANDQ(I32(-16), RAX)
	Load(Param("ad").Len(), RBX)
	MOVQ(RBX, buf.Offset(64).Idx(RAX, 1))
	Load(Param("src").Len(), RBX)
	MOVQ(RBX, buf.Offset(72).Idx(RAX, 1))
}

// macStart emits the start of the MAC (as macADAndStack): h = the first
// block + 2^128, the additional data's if it has a whole block, else the
// stack's; h = h r + m + 2^128 for the additional data's other whole
// blocks; then bp and nb are the stack's next block and the number left
// (see stackBlocks).
func macStart(name string, buf Mem) {
	Comment("h = the first block + 2^128: the additional data's if it has a whole")
	Comment("block, else the stack's; then h = h r + m + 2^128 for the additional data's others")
	macFirstAD(name)
	polyLoop(name + "_ad")
	Label(name + "_adend")
	stackBlocks(name+"_s1", buf)
	JMP(LabelRef(name + "_stitch"))
	macFirstStack(name, buf)
	Label(name + "_stitch")
}

// diagonalize emits, in each set of xs, the rotation of rows A, C and D
// left by 3, 1 and 2 words, which turns the diagonals into columns.
func diagonalize(xs [][4]VecVirtual) {
	for _, x := range xs {
		VPSHUFD(U8(0x93), x[0], x[0])
		VPSHUFD(U8(0x39), x[2], x[2])
		VPSHUFD(U8(0x4e), x[3], x[3])
	}
}

// undiagonalize emits, in each set of xs, the rotation that undoes
// diagonalize.
func undiagonalize(xs [][4]VecVirtual) {
	for _, x := range xs {
		VPSHUFD(U8(0x39), x[0], x[0])
		VPSHUFD(U8(0x93), x[2], x[2])
		VPSHUFD(U8(0x4e), x[3], x[3])
	}
}

// doubleRound emits two of ChaCha20's rounds (a column and a diagonal
// round) on every set of xs, interleaved step by step.
func doubleRound(xs [][4]VecVirtual) {
	quarterRounds(xs)
	diagonalize(xs)
	quarterRounds(xs)
	undiagonalize(xs)
}
