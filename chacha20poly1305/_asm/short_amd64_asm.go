package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// short emits shortSeal or shortOpen: Seal or Open of at most 64 bytes, the
// size of TLS and QUIC's smallest records, as fused emits them for 192 but
// with one block of data, and with the MAC's blocks after the additional
// data's whole ones (its partial block, the ciphertext's and the lengths)
// taken from registers, not from a copy on the stack. The ciphertext's
// blocks for Seal are computed apart from the output, from each row of the
// keystream (lane 1 is block 1), so that the first is ready for the MAC
// about ten cycles after the rounds end, not after a transpose and a store.
func short(name string, open bool) {
	sig := "func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)"
	if open {
		sig += " int"
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
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
	rkey = AllocLocal(16)

	in, x := inputRows()

	Comment("the data, zero beyond its end (n <= 64 bytes)")
	Load(Param("src").Len(), RCX)
	MOVQ(I32(-1), RAX)
	BZHIQ(RCX, RAX, RAX)
	KMOVQ(RAX, K1)
	src := Load(Param("src").Base(), RSI)
	data := ZMM()
	VMOVDQU8_Z(Mem{Base: src}, K1, data)

	Comment("the additional data's last partial block, zero-padded (zero if none:")
	Comment("a masked load of no bytes reads nothing)")
	Load(Param("ad").Len(), RCX)
	ANDQ(Imm(15), RCX)
	MOVQ(I32(-1), RAX)
	BZHIQ(RCX, RAX, RAX)
	KMOVQ(RAX, K2)
	Load(Param("ad").Base(), RAX)
	Load(Param("ad").Len(), RBX)
	ANDQ(I32(-16), RBX)
	last := XMM()
	VMOVDQU8_Z(Mem{Base: RAX, Index: RBX, Scale: 1}, K2, last)

	// pt[j], for Seal: the data's block j in every lane; mask[j]: ones
	// over its bytes before n, in every lane.
	var pt, mask [4]VecVirtual
	if !open {
		Comment("for the MAC's ciphertext blocks: block j of the data, and the mask of")
		Comment("its bytes, in every lane")
		ones := ZMM()
		VPMOVM2B(K1, ones)
		for j := range 4 {
			pt[j], mask[j] = ZMM(), ZMM()
			VSHUFI32X4(U8(0x55*j), data, data, pt[j])
			VSHUFI32X4(U8(0x55*j), ones, ones, mask[j])
		}
	}

	rounds(name, in, x)
	polyKey(x[0])

	Comment("the MAC's ciphertext blocks j = 0..3: for Seal, lane 1 of row j XOR")
	Comment("the data's block j, masked; for Open, the data's block j")
	var ct [4]VecVirtual
	for j := range 4 {
		ct[j] = XMM()
		if open {
			if j == 0 {
				VMOVDQA64(data.AsX(), ct[j])
			} else {
				VEXTRACTI32X4(U8(j), data, ct[j])
			}
			continue
		}
		// mask & (row ^ pt): VPTERNLOGD's table, indexed by mask<<2 |
		// row<<1 | pt, is 1 at 0b101 and 0b110.
		VPTERNLOGD(U8(0x60), pt[j], x[j], mask[j])
		VEXTRACTI32X4(U8(1), mask[j], ct[j])
	}

	Comment("block 1 of the keystream: lane 1 of each row")
	s0, s2, stream := ZMM(), ZMM(), ZMM()
	VSHUFI32X4(U8(0x44), x[1], x[0], s0) // A.L0 A.L1 B.L0 B.L1
	VSHUFI32X4(U8(0x44), x[3], x[2], s2) // C.L0 C.L1 D.L0 D.L1
	VSHUFI32X4(U8(0xdd), s2, s0, stream) // A.L1 B.L1 C.L1 D.L1
	VPXORD(data, stream, stream)
	dst := RDX
	if !open {
		Comment("the ciphertext to dst")
		Load(Param("dst").Base(), dst)
		VMOVDQU8(stream, K1, Mem{Base: dst})
	}

	adLen, _ := Param("ad").Len().Resolve()
	srcLen, _ := Param("src").Len().Resolve()
	Comment("h = the first block + 2^128, then h = h r + m + 2^128 for each of the")
	Comment("others: the additional data's whole blocks, its partial one, the")
	Comment("ciphertext's and the lengths; every branch tests a public length")
	MOVQ(U32(1), x2)
	Load(Param("ad").Len(), nb)
	SHRQ(U8(4), nb)
	JZ(LabelRef(name + "_nowhole"))
	Load(Param("ad").Base(), bp)
	MOVQ(Mem{Base: bp}, x0)
	MOVQ(Mem{Base: bp, Disp: 8}, x1)
	ADDQ(Imm(16), bp)
	DECQ(nb)
	JZ(LabelRef(name + "_tail"))
	polyLoop(name + "_ad")
	JMP(LabelRef(name + "_tail"))

	Label(name + "_nowhole")
	TESTQ(U32(15), adLen.Addr)
	JZ(LabelRef(name + "_noad"))
	VMOVQ(last, x0)
	VPEXTRQ(U8(1), last, x1)
	JMP(LabelRef(name + "_ct0"))
	Label(name + "_noad")
	CMPQ(srcLen.Addr, Imm(0))
	JE(LabelRef(name + "_noct"))
	VMOVQ(ct[0], x0)
	VPEXTRQ(U8(1), ct[0], x1)
	JMP(LabelRef(name + "_ct1"))
	Label(name + "_noct")
	MOVQ(adLen.Addr, x0)
	MOVQ(srcLen.Addr, x1)
	JMP(LabelRef(name + "_last"))

	Label(name + "_tail")
	TESTQ(U32(15), adLen.Addr)
	JZ(LabelRef(name + "_ct0"))
	VMOVQ(last, t0)
	VPEXTRQ(U8(1), last, t1)
	polyMulAdd(t0, t1)
	for j := range 4 {
		Label(name + "_ct" + string(rune('0'+j)))
		CMPQ(srcLen.Addr, U8(16*j))
		JBE(LabelRef(name + "_lengths"))
		VMOVQ(ct[j], t0)
		VPEXTRQ(U8(1), ct[j], t1)
		polyMulAdd(t0, t1)
	}
	Label(name + "_lengths")
	polyMulAdd(adLen.Addr, srcLen.Addr)
	Label(name + "_last")
	polyMulAdd(nil, nil)

	if tagDone(name, open, x[1]) {
		return
	}
	Comment("the plaintext to dst")
	Load(Param("dst").Base(), dst)
	VMOVDQU8(stream, K1, Mem{Base: dst})
	openReturn(name)
}
