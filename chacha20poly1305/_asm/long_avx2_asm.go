package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// longAVX2 emits sealAVX2Long or openAVX2Long: Seal or Open of a message of
// at least 192 bytes on AVX2 and MULX, with the MAC stitched into the
// cipher's rounds. ChaCha20 runs on two horizontal sets (four blocks, as
// sealAVX2): first block 0 and the data's first three blocks, then chunks
// of 256 bytes, then the last partial chunk through the stack (as the
// short kernels copy it); in every chunk's round loop, after each half
// round, one block of the MAC's pending blocks, if any is left (every
// branch tests a public count). Twenty steps take a chunk's sixteen.
//
// In Seal the MAC runs one chunk behind the cipher, over the ciphertext
// the previous chunk wrote to dst; in Open, over the chunk's own
// ciphertext, read before the chunk's plaintext is written (dst may be
// src). The first chunk's ciphertext, which the MAC could not take during
// the rounds that computed r, is Seal's first pending chunk; Open computes
// its MAC at once, before writing its plaintext. Open writes the plaintext
// whether or not the tag is right: the caller zeroes dst if it is not.
//
// The MAC's registers are polyMulAdd's; the round and chunk counters, and
// the data's pointers, are on the stack. h starts at 0 (the first
// multiplication by r is of 0).
func longAVX2(name string, open bool) {
	sig := "func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)"
	if open {
		sig += " int"
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	if open {
		Doc(name+" decrypts src, at least 192 bytes, into dst and returns 1 if its",
			"tag over ad and src (RFC 8439, Section 2.8) equals tag, and 0 otherwise,",
			"under key and nonce; dst is written either way. len(dst) >= len(src). It",
			"requires AVX2 and BMI2.")
	} else {
		Doc(name+" encrypts src, at least 192 bytes, into dst and writes the tag",
			"over ad and the ciphertext (RFC 8439, Section 2.8) to tag, under key and",
			"nonce. len(dst) >= len(src). It requires AVX2 and BMI2.")
	}
	// The last chunk and the MAC's blocks on the stack, as sealAVX2's:
	// the additional data's partial block at 48, the data at 64, then
	// the lengths.
	buf := AllocLocal(48 + 16 + 256 + 16)
	rkey := AllocLocal(16)
	sKey := AllocLocal(16)
	r1op, r05op = rkey, rkey.Offset(8)
	srcp, dstp, rem, ctr := AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)

	Comment("the input rows, in registers: B, C in Y8, Y9, D of the two sets in Y10, Y11")
	x := [][4]VecPhysical{{Y0, Y1, Y2, Y3}, {Y4, Y5, Y6, Y7}}
	inB, inC := Y8, Y9
	inD := []VecPhysical{Y10, Y11}
	tmp := []VecPhysical{Y12, Y13}
	VMOVDQU(rot16y, Y14)
	VMOVDQU(rot8y, Y15)
	key := Load(Param("key"), RSI)
	VBROADCASTI128(Mem{Base: key}, inB)
	VBROADCASTI128(Mem{Base: key, Disp: 16}, inC)
	nonce := Load(Param("nonce"), RDX)
	MOVL(Mem{Base: nonce}, EAX)
	SHLQ(U8(32), RAX)
	VMOVQ(RAX, inD[0].AsX())
	VPINSRQ(U8(1), Mem{Base: nonce, Disp: 4}, inD[0].AsX(), inD[0].AsX())
	VINSERTI128(U8(1), inD[0].AsX(), inD[0], inD[0])
	VPADDD(laneCtr2y, inD[0], inD[0])
	VPADDD(twoY, inD[0], inD[1])

	loadRows := func(x [][4]VecPhysical) {
		for k := range x {
			VMOVDQU(sigma2, x[k][0])
			VMOVDQA(inB, x[k][1])
			VMOVDQA(inC, x[k][2])
			VMOVDQA(inD[k], x[k][3])
		}
	}
	addRows := func(x [][4]VecPhysical) {
		for k := range x {
			VPADDD(sigma2, x[k][0], x[k][0])
			VPADDD(inB, x[k][1], x[k][1])
			VPADDD(inC, x[k][2], x[k][2])
			VPADDD(inD[k], x[k][3], x[k][3])
		}
	}
	// macStep emits one pending MAC block (nb of them at bp), if any.
	macStep := func(label string) {
		TESTQ(nb, nb)
		JZ(LabelRef(label))
		polyMulAdd(Mem{Base: bp}, Mem{Base: bp, Disp: 8})
		ADDQ(Imm(16), bp)
		DECQ(nb)
		Label(label)
	}
	rounds := func(label string, mac bool, x [][4]VecPhysical) {
		MOVQ(U32(10), ctr)
		Label(label)
		avx2QuarterRound(x, tmp[:len(x)], Y14, Y15, Mem{})
		if mac {
			macStep(label + "_m0")
		}
		for k := range x {
			VPSHUFD(U8(0x93), x[k][0], x[k][0])
			VPSHUFD(U8(0x39), x[k][2], x[k][2])
			VPSHUFD(U8(0x4e), x[k][3], x[k][3])
		}
		avx2QuarterRound(x, tmp[:len(x)], Y14, Y15, Mem{})
		if mac {
			macStep(label + "_m1")
		}
		for k := range x {
			VPSHUFD(U8(0x39), x[k][0], x[k][0])
			VPSHUFD(U8(0x93), x[k][2], x[k][2])
			VPSHUFD(U8(0x4e), x[k][3], x[k][3])
		}
		DECQ(ctr)
		JNZ(LabelRef(label))
		addRows(x)
	}
	// xorBlocks sets out = in XOR the keystream of the blocks of the sets
	// x from first (block 2k in set k's low lanes, 2k+1 in its high ones).
	xorBlocks := func(first int, in, out Register, x [][4]VecPhysical) {
		for b := first; b < 2*len(x); b++ {
			l := b - first
			v := x[b/2]
			imm := U8(0x20)
			if b%2 == 1 {
				imm = U8(0x31)
			}
			VPERM2I128(imm, v[1], v[0], Y12) // rows A and B of the block
			VPERM2I128(imm, v[3], v[2], Y13) // rows C and D
			VPXOR(Mem{Base: in, Disp: 64 * l}, Y12, Y12)
			VPXOR(Mem{Base: in, Disp: 64*l + 32}, Y13, Y13)
			VMOVDQU(Y12, Mem{Base: out, Disp: 64 * l})
			VMOVDQU(Y13, Mem{Base: out, Disp: 64*l + 32})
		}
	}
	advance := func() {
		VPADDD(fourY, inD[0], inD[0])
		VPADDD(fourY, inD[1], inD[1])
	}

	Comment("the first chunk: block 0 (the Poly1305 key) and the data's first three")
	loadRows(x)
	rounds(name+"_first", false, x)
	Comment("the Poly1305 key: r (clamped) and s are rows A and B of block 0 (low lanes)")
	VMOVQ(x[0][0].AsX(), rr0)
	VPEXTRQ(U8(1), x[0][0].AsX(), RBX)
	MOVQ(U64(0x0ffffffc0fffffff), RAX)
	ANDQ(RAX, rr0)
	MOVQ(U64(0x0ffffffc0ffffffc), RAX)
	ANDQ(RAX, RBX)
	MOVQ(RBX, r1m())
	LEAQ(Mem{Base: rr0, Index: rr0, Scale: 4}, RAX)
	MOVQ(RAX, r05m())
	MOVQ(RBX, rs1)
	SHRQ(U8(2), rs1)
	ADDQ(RBX, rs1)
	VMOVDQU(x[0][1].AsX(), sKey)
	if !open {
		Load(Param("src").Base(), RSI)
		Load(Param("dst").Base(), RDI)
		xorBlocks(1, RSI, RDI, x)
	}

	Comment("the MAC of the additional data: whole blocks where they are, the partial")
	Comment("one zero-padded on the stack")
	XORQ(x0, x0)
	XORQ(x1, x1)
	XORQ(x2, x2)
	Load(Param("ad").Len(), nb)
	SHRQ(U8(4), nb)
	JZ(LabelRef(name + "_adpart"))
	Load(Param("ad").Base(), bp)
	polyLoop(name + "_ad")
	Label(name + "_adpart")
	Load(Param("ad").Len(), R14)
	ANDQ(Imm(15), R14)
	JZ(LabelRef(name + "_adend"))
	VPXOR(X12, X12, X12)
	VMOVDQU(X12, buf.Offset(48))
	Load(Param("ad").Base(), R13)
	Load(Param("ad").Len(), RAX)
	ANDQ(I32(-16), RAX)
	ADDQ(RAX, R13)
	LEAQ(buf.Offset(48), R12)
	copyBytes(name+"_adtail", R12, R13, R14, R15, true)
	polyMulAdd(buf.Offset(48), buf.Offset(56))
	Label(name + "_adend")

	if open {
		Comment("the first chunk's ciphertext to the MAC, then its plaintext to dst")
		Load(Param("src").Base(), bp)
		MOVQ(U32(12), nb)
		polyLoop(name + "_c0")
		Load(Param("src").Base(), R12)
		Load(Param("dst").Base(), R13)
		xorBlocks(1, R12, R13, x)
	} else {
		Comment("the first chunk's ciphertext is the MAC's pending blocks")
		Load(Param("src").Base(), R12)
		Load(Param("dst").Base(), R13)
		MOVQ(R13, bp)
		MOVQ(U32(12), nb)
	}
	ADDQ(U32(192), R12)
	ADDQ(U32(192), R13)
	MOVQ(R12, srcp)
	MOVQ(R13, dstp)
	Load(Param("src").Len(), RAX)
	SUBQ(U32(192), RAX)
	MOVQ(RAX, rem)
	advance()

	Comment("whole chunks of 256 bytes, the MAC beside the rounds")
	Label(name + "_chunk")
	CMPQ(rem, U32(256))
	JB(LabelRef(name + "_tail"))
	if open {
		MOVQ(srcp, bp)
		MOVQ(U32(16), nb)
	}
	loadRows(x)
	rounds(name+"_r", true, x)
	MOVQ(srcp, R12)
	MOVQ(dstp, R13)
	xorBlocks(0, R12, R13, x)
	if !open {
		MOVQ(R13, bp)
		MOVQ(U32(16), nb)
	}
	ADDQ(U32(256), srcp)
	ADDQ(U32(256), dstp)
	SUBQ(U32(256), rem)
	advance()
	JMP(LabelRef(name + "_chunk"))

	Comment("the last partial chunk (rem < 256 bytes, maybe none) through the stack")
	Label(name + "_tail")
	VPXOR(Y12, Y12, Y12)
	for off := 64; off < 64+256; off += 32 {
		VMOVDQU(Y12, buf.Offset(off))
	}
	VMOVDQU(X12, buf.Offset(64+256))
	MOVQ(srcp, R13)
	LEAQ(buf.Offset(64), R12)
	MOVQ(rem, R14)
	copyBytes(name+"_in", R12, R13, R14, R15, false)
	// lengths writes the lengths block after the tail's blocks, and sets
	// the MAC's pending blocks to them.
	lengths := func() {
		MOVQ(rem, RAX)
		ADDQ(Imm(15), RAX)
		ANDQ(I32(-16), RAX)
		Load(Param("ad").Len(), RBX)
		MOVQ(RBX, buf.Offset(64).Idx(RAX, 1))
		Load(Param("src").Len(), RBX)
		MOVQ(RBX, buf.Offset(72).Idx(RAX, 1))
		LEAQ(buf.Offset(64), bp)
		MOVQ(RAX, nb)
		SHRQ(U8(4), nb)
		INCQ(nb)
	}
	if open {
		Comment("Open: the tail's ciphertext and the lengths are the MAC's pending blocks")
		lengths()
	}
	CMPQ(rem, Imm(0))
	JE(LabelRef(name + "_norounds"))
	Comment("a tail of at most 128 bytes on one set: half the vector work beside the MAC")
	CMPQ(rem, U32(128))
	JA(LabelRef(name + "_tail2"))
	loadRows(x[:1])
	rounds(name+"_rt1", true, x[:1])
	LEAQ(buf.Offset(64), R12)
	xorBlocks(0, R12, R12, x[:1])
	JMP(LabelRef(name + "_xored"))
	Label(name + "_tail2")
	loadRows(x)
	rounds(name+"_rt", true, x)
	LEAQ(buf.Offset(64), R12)
	xorBlocks(0, R12, R12, x)
	Label(name + "_xored")
	if !open {
		Comment("zero the ciphertext's partial block beyond its end, for the MAC")
		MOVQ(rem, RAX)
		ANDQ(Imm(15), RAX)
		JZ(LabelRef(name + "_padded"))
		MOVQ(U32(16), RBX)
		SUBQ(RAX, RBX)
		LEAQ(padMask, RDX)
		VMOVDQU(Mem{Base: RDX, Index: RBX, Scale: 1}, X12)
		MOVQ(rem, RAX)
		ANDQ(I32(-16), RAX)
		VPAND(buf.Offset(64).Idx(RAX, 1), X12, X12)
		VMOVDQU(X12, buf.Offset(64).Idx(RAX, 1))
		Label(name + "_padded")
	}
	MOVQ(dstp, R12)
	LEAQ(buf.Offset(64), R13)
	MOVQ(rem, R14)
	copyBytes(name+"_out", R12, R13, R14, R15, false)
	Label(name + "_norounds")
	Comment("what the rounds left of the MAC's pending blocks")
	TESTQ(nb, nb)
	JZ(LabelRef(name + "_pended"))
	polyLoop(name + "_pend")
	Label(name + "_pended")
	if !open {
		Comment("Seal: the tail's ciphertext and the lengths")
		lengths()
		polyLoop(name + "_last")
	}
	polyMulAdd(nil, nil)
	tagAVX2(name, open, sKey)
	if !open {
		VZEROUPPER()
		RET()
		return
	}
	openReturn(name)
}
