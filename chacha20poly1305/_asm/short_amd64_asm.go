package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// short emits shortSeal or shortOpen: Seal or Open of at most 64 bytes with
// at most 16 bytes of additional data, the size of TLS and QUIC's smallest
// records and of their headers, as fused emits them for 192 but with one
// block of data and one of additional data: bp and nb, with no loop over
// the additional data, hold r1 and 5 r0, so that the products take no
// memory operand but the blocks. Seal's first ciphertext block is computed
// for the MAC apart from the output, from row A of the keystream (lane 1 is
// block 1), so that it is ready a few cycles after r, not after a
// transpose and a store; the MAC reads the other blocks from the stack.
//
// The rounds stay on zmm, four blocks wide, though only blocks 0 and 1 are
// needed: they are one dependent chain of about the same µops at either
// width, and what delays the next call is how many µops wait in the
// scheduler, not on which ports they run.
func short(name string, open bool) {
	kernelText(name, open)
	if open {
		Doc(name+" is openFused for src of at most 64 bytes: it decrypts src",
			"into dst if its tag over ad and src (RFC 8439, Section 2.8) equals tag,",
			"and returns 1; otherwise it returns 0 and writes nothing, under key and",
			"nonce. len(dst) >= len(src). It requires AVX-512F, AVX-512BW, AVX-512VL",
			"and BMI2.")
	} else {
		Doc(name+" is sealFused for src of at most 64 bytes: it encrypts src",
			"into dst and writes the tag over ad and the ciphertext (RFC 8439,",
			"Section 2.8) to tag, under key and nonce. len(dst) >= len(src). It",
			"requires AVX-512F, AVX-512BW, AVX-512VL and BMI2.")
	}
	r1op, r05op = bp, nb
	// The ciphertext, zero-padded, for the MAC at buf, after 32 bytes for
	// the additional data's copy (shortADBack).
	frame := AllocLocal(96)
	buf := frame.Offset(32)

	in, x := inputRows()

	Comment("the data, zero beyond its end (n <= 64 bytes)")
	Load(Param("src").Len(), RCX)
	MOVQ(I32(-1), RAX)
	BZHIQ(RCX, RAX, RAX)
	KMOVQ(RAX, K1)
	src := Load(Param("src").Base(), RSI)
	data := ZMM()
	Comment("(none if n = 0: src may be nil, see skipEmpty)")
	VPXORD(data, data, data)
	skipEmpty(RCX, 0, name+"_loaded")
	VMOVDQU8_Z(Mem{Base: src}, K1, data)
	Label(name + "_loaded")

	Comment("the additional data (at most 16 bytes), zero-padded")
	Load(Param("ad").Len(), RCX)
	MOVQ(I32(-1), RAX)
	BZHIQ(RCX, RAX, RAX)
	KMOVQ(RAX, K2)
	Load(Param("ad").Base(), RAX)
	adv := XMM()
	Comment("(none if it is empty: ad may be nil, and adv is then not read)")
	skipEmpty(RCX, 0, name+"_adloaded")
	Comment("(if its 16 bytes reach a page past its end, see shortADBack)")
	LEAQ(Mem{Base: RAX, Index: RCX, Scale: 1, Disp: -1}, R8)
	jumpPastPage(R8, RCX, name+"_adback")
	outOfLine = func() { shortADBack(name, frame, adv) }
	VMOVDQU8_Z(Mem{Base: RAX}, K2, adv)
	Label(name + "_adloaded")

	var pt, mask VecVirtual
	if open {
		Comment("the ciphertext, zero-padded, to the stack for the MAC")
		VMOVDQU64(data, buf)
	} else {
		Comment("for the MAC's first ciphertext block: block 0 of the data, and the")
		Comment("mask of its bytes, in every lane")
		pt, mask = ZMM(), ZMM()
		VPMOVM2B(K1, mask)
		VSHUFI32X4(U8(0), data, data, pt)
		VSHUFI32X4(U8(0), mask, mask, mask)
	}

	rounds(name, in, x)
	polyKey(x[0])

	// ct0 is Seal's first ciphertext block, computed from row A alone,
	// lane 1, for the MAC, which may need it a few cycles after r; the
	// others are read from the stack, after a transpose and a store, with
	// no register or vector operation to wait in the scheduler.
	ct0 := XMM()
	if !open {
		Comment("the MAC's first ciphertext block: lane 1 of row A XOR the data's")
		Comment("block 0, masked: mask & (row ^ pt), VPTERNLOGD's table, indexed by")
		Comment("mask<<2 | row<<1 | pt, is 1 at 0b101 and 0b110")
		VPTERNLOGD(U8(0x60), pt, x[0], mask)
		VEXTRACTI32X4(U8(1), mask, ct0)
	}

	Comment("block 1 of the keystream: lane 1 of each row")
	s0, s2, stream := ZMM(), ZMM(), ZMM()
	VSHUFI32X4(U8(0x44), x[1], x[0], s0) // A.L0 A.L1 B.L0 B.L1
	VSHUFI32X4(U8(0x44), x[3], x[2], s2) // C.L0 C.L1 D.L0 D.L1
	VSHUFI32X4(U8(0xdd), s2, s0, stream) // A.L1 B.L1 C.L1 D.L1
	VPXORD(data, stream, stream)
	dst := RDX
	if !open {
		Comment("the ciphertext to dst, and zero-padded to the stack for the MAC")
		Load(Param("dst").Base(), dst)
		skipEmpty(srcLenArg(), 0, name+"_stored")
		VMOVDQU8(stream, K1, Mem{Base: dst})
		Label(name + "_stored")
		ctz := ZMM()
		VMOVDQU8_Z(stream, K1, ctz)
		VMOVDQU64(ctz, buf)
	}

	adLen, _ := Param("ad").Len().Resolve()
	srcLen := srcLenArg()
	Comment("h = the first block + 2^128, then h = h r + m + 2^128 for each of the")
	Comment("others: the additional data's block, the ciphertext's and the lengths;")
	Comment("every branch tests a public length")
	MOVQ(U32(1), x2)
	CMPQ(adLen.Addr, Imm(0))
	JE(LabelRef(name + "_noad"))
	VMOVQ(adv, x0)
	VPEXTRQ(U8(1), adv, x1)
	JMP(LabelRef(name + "_ct0"))
	Label(name + "_noad")
	CMPQ(srcLen, Imm(0))
	JE(LabelRef(name + "_noct"))
	if open {
		MOVQ(buf, x0)
		MOVQ(buf.Offset(8), x1)
	} else {
		VMOVQ(ct0, x0)
		VPEXTRQ(U8(1), ct0, x1)
	}
	JMP(LabelRef(name + "_ct1"))
	Label(name + "_noct")
	MOVQ(adLen.Addr, x0)
	MOVQ(srcLen, x1)
	JMP(LabelRef(name + "_last"))

	for j := range 4 {
		Label(name + "_ct" + string(rune('0'+j)))
		CMPQ(srcLen, U8(16*j))
		JBE(LabelRef(name + "_lengths"))
		if j == 0 && !open {
			VMOVQ(ct0, t0)
			VPEXTRQ(U8(1), ct0, t1)
			polyMulAdd(t0, t1)
			continue
		}
		polyMulAdd(buf.Offset(16*j), buf.Offset(16*j+8))
	}
	Label(name + "_lengths")
	polyMulAdd(adLen.Addr, srcLen)
	Label(name + "_last")
	polyMulAdd(nil, nil)

	if tagDone(name, open, x[1]) {
		kernelEnd()
		return
	}
	Comment("the plaintext to dst")
	Load(Param("dst").Base(), dst)
	skipEmpty(srcLen, 0, name+"_written")
	VMOVDQU8(stream, K1, Mem{Base: dst})
	Label(name + "_written")
	openReturn(name)
	kernelEnd()
}

// shortADBack emits, out of line (kernelEnd), the load of the
// additional data's len <= 16 bytes (ad in RAX, len in RCX) into adv when
// the 16 bytes from its start reach a page past its end (((ad + len-1) mod
// 4096) + 16 - len >= 4096): through the window of 16 bytes
// ending at its end, under the mask of its top len bytes (in K2), stored
// at frame+len so that they land at frame+16, after 16 zero bytes there,
// and read back from there.
func shortADBack(name string, frame Mem, adv VecVirtual) {
	Label(name + "_adback")
	MOVQ(U32(16), R8)
	SUBQ(RCX, R8)
	MOVQ(I32(-1), R9)
	SHLXQ(R8, R9, R9)
	KMOVQ(R9, K2)
	last, zero := XMM(), XMM()
	VMOVDQU8_Z(Mem{Base: RAX, Index: RCX, Scale: 1, Disp: -16}, K2, last)
	VPXORD(zero, zero, zero)
	VMOVDQU64(zero, frame.Offset(16))
	LEAQ(frame.Idx(RCX, 1), R8)
	VMOVDQU8(last, K2, Mem{Base: R8})
	VMOVDQU64(frame.Offset(16), adv)
	JMP(LabelRef(name + "_adloaded"))
}
