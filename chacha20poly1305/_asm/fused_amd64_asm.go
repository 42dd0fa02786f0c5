// Command _asm generates chacha20poly1305's amd64 assembly: Seal and Open of
// RFC 8439, Section 2.8, for messages of at most three ChaCha20 blocks, in
// one function each, with no call between the cipher and the MAC.
//
// ChaCha20 runs on one horizontal set of four blocks in zmm registers (a
// row of the 4x4 state per register, a block per 128-bit lane, as the
// chacha20 package's four-block kernel): block 0, whose first 32 bytes are
// the Poly1305 key, and blocks 1..3 for the data, all in the latency of one.
// Between the column and the diagonal rounds, rows A, C and D are rotated
// by 3, 1 and 2 words (instead of B, C and D by 1, 2 and 3): B, the last
// row a half round computes and the first the next one reads, then needs
// no shuffle, and a half round's dependency chain is its twelve operations.
//
// Poly1305 runs on 64-bit words with MULX, as the poly1305 package's
// blocksMULX (see its generator for the bounds), over the additional data,
// its zero padding, the ciphertext (copied, zero-padded, to the stack) and
// the two lengths; the tag is computed and, for Open, compared in constant
// time before any plaintext is written.
//
// Every branch tests a public length or, in Open, whether the tag was right.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../fused_amd64.s -stubs ../fused_stubs_amd64.go -pkg chacha20poly1305

func main() {
	ConstraintExpr("!purego")
	laneCtr4 = GLOBL("lanectr4", RODATA|NOPTR)
	for i := range 4 {
		DATA(16*i, U32(i))
		DATA(16*i+4, U32(0))
		DATA(16*i+8, U32(0))
		DATA(16*i+12, U32(0))
	}
	sigma = GLOBL("sigma", RODATA|NOPTR)
	for i, c := range []uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574} {
		DATA(4*i, U32(c))
	}
	fused("sealFused", false)
	fused("openFused", true)
	Generate()
}

var (
	laneCtr4 Mem // 0, 1, 2, 3 in word 0 of each 128-bit lane
	sigma    Mem // "expand 32-byte k", ChaCha20's constant row (RFC 8439, Section 2.3)
)

// Poly1305's registers, fixed: MULX multiplies by DX.
var (
	h0, h1, h2 = R8, R9, R10
	r0, r1, s1 = R11, R12, R13 // r and 5/4 r1
	d0, d0h    = RAX, RBX
	d1, d1h    = R14, R15
	t          = RCX
	bp         = RSI // the blocks
	nb         = RDI // blocks left
)

// quarterRound emits ChaCha's quarter round (RFC 8439, Section 2.1) on
// the rows a, b, c, d of x, four columns at once in each lane.
func quarterRound(x [4]VecVirtual) {
	a, b, c, d := x[0], x[1], x[2], x[3]
	for _, s := range []struct {
		w, v, u VecVirtual
		n       uint8
	}{{a, b, d, 16}, {c, d, b, 12}, {a, b, d, 8}, {c, d, b, 7}} {
		VPADDD(s.v, s.w, s.w)
		VPXORD(s.w, s.u, s.u)
		VPROLD(U8(s.n), s.u, s.u)
	}
}

// polyBlock emits h = (h + m + 2^128) * r, partially reduced (h2 <= 4),
// for the block m = m0 + 2^64 m1; see poly1305's blocksMULX for the
// products and their bounds:
//
//	d0 = h0 r0 + h1 s1
//	d1 = h0 r1 + h1 r0 + h2 s1 + (d0 >> 64)
//	d2 = h2 r0 + (d1 >> 64)
//	h  = d0 + 2^64 d1 + 2^128 (d2 & 3) + 5 (d2 >> 2)
func polyBlock(m0, m1 Op) {
	ADDQ(m0, h0)
	ADCQ(m1, h1)
	ADCQ(Imm(1), h2)
	MOVQ(r0, RDX)
	MULXQ(h0, d0, d0h)
	MULXQ(h1, d1, d1h)
	MOVQ(s1, RDX)
	MULXQ(h1, t, RDX)
	ADDQ(t, d0)
	ADCQ(RDX, d0h)
	MOVQ(r1, RDX)
	MULXQ(h0, t, RDX)
	ADDQ(t, d1)
	ADCQ(RDX, d1h)
	MOVQ(h2, t)
	IMULQ(s1, t)
	ADDQ(t, d1)
	ADCQ(Imm(0), d1h)
	ADDQ(d0h, d1)
	ADCQ(Imm(0), d1h)
	IMULQ(r0, h2)
	ADDQ(d1h, h2)
	MOVQ(h2, t)
	ANDQ(I32(-4), t) // 4c, c = d2 >> 2
	MOVQ(h2, d1h)
	SHRQ(U8(2), d1h)
	ADDQ(d1h, t) // 5c
	ANDQ(Imm(3), h2)
	ADDQ(t, d0)
	ADCQ(Imm(0), d1)
	ADCQ(Imm(0), h2)
	MOVQ(d0, h0)
	MOVQ(d1, h1)
}

// polyLoop emits polyBlock over nb blocks at bp (nb > 0), advancing bp.
func polyLoop(label string) {
	Label(label)
	polyBlock(Mem{Base: bp}, Mem{Base: bp, Disp: 8})
	ADDQ(Imm(16), bp)
	DECQ(nb)
	JNZ(LabelRef(label))
}

func fused(name string, open bool) {
	sig := "func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)"
	if open {
		sig += " int"
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	if open {
		Doc(name+" decrypts src, at most 192 bytes, into dst if its tag over ad",
			"and src (RFC 8439, Section 2.8) equals tag, and returns 1; otherwise it",
			"returns 0 and writes nothing, under key and nonce.",
			"len(dst) >= len(src). It requires AVX-512F, AVX-512BW, AVX-512VL",
			"and BMI2.")
	} else {
		Doc(name+" encrypts src, at most 192 bytes, into dst and writes the tag",
			"over ad and the ciphertext (RFC 8439, Section 2.8) to tag, under key",
			"and nonce. len(dst) >= len(src). It requires AVX-512F, AVX-512BW,",
			"AVX-512VL and BMI2.")
	}
	buf := AllocLocal(192) // the ciphertext, zero-padded to whole blocks

	Comment("the input rows of blocks 0..3 in lanes 0..3: the constant, the key,")
	Comment("and the counter (0 to 3) and nonce, read where they are (not from a")
	Comment("State just written word by word, which the loads would wait for)")
	in := [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	x := [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	VBROADCASTI32X4(sigma, in[0])
	Load(Param("key"), RSI)
	VBROADCASTI32X4(Mem{Base: RSI}, in[1])
	VBROADCASTI32X4(Mem{Base: RSI, Disp: 16}, in[2])
	Load(Param("nonce"), RSI)
	MOVQ(U32(0xe), RAX)
	KMOVQ(RAX, K1)
	Comment("words 1..3 from the nonce (word 0, masked, is neither read nor set)")
	VMOVDQU32_Z(Mem{Base: RSI, Disp: -4}, K1, in[3].AsX())
	VSHUFI32X4(U8(0), in[3], in[3], in[3])
	VPADDD(laneCtr4, in[3], in[3])
	for i := range in {
		VMOVDQA64(in[i], x[i])
	}

	Comment("the data's masks: block l takes min(max(n - 64(l-1), 0), 64) bytes")
	n := Load(Param("src").Len(), RDX)
	ones, zero := RAX, RBX
	MOVQ(I32(-1), ones)
	XORQ(zero, zero)
	ks := []Register{K1, K2, K3}
	for l, k := range ks {
		MOVQ(n, RCX)
		SUBQ(U32(64*l), RCX)
		BZHIQ(RCX, ones, R8)
		CMPQ(RCX, Imm(0))
		CMOVQLE(zero, R8)
		KMOVQ(R8, k)
	}
	Comment("the data, zero beyond its end")
	src := Load(Param("src").Base(), RSI)
	data := make([]VecVirtual, 3)
	for l, k := range ks {
		data[l] = ZMM()
		VMOVDQU8_Z(Mem{Base: src, Disp: 64 * l}, k, data[l])
	}

	Comment("20 rounds")
	MOVQ(U32(10), RCX)
	Label(name + "_round")
	quarterRound(x)
	Comment("diagonals into columns: rotate rows A, C, D left by 3, 1, 2 words")
	VPSHUFD(U8(0x93), x[0], x[0])
	VPSHUFD(U8(0x39), x[2], x[2])
	VPSHUFD(U8(0x4e), x[3], x[3])
	quarterRound(x)
	VPSHUFD(U8(0x39), x[0], x[0])
	VPSHUFD(U8(0x93), x[2], x[2])
	VPSHUFD(U8(0x4e), x[3], x[3])
	DECQ(RCX)
	JNZ(LabelRef(name + "_round"))
	for i := range x {
		VPADDD(in[i], x[i], x[i])
	}

	Comment("the Poly1305 key: r (clamped) and s are rows A and B of block 0 (lane 0)")
	VMOVQ(x[0].AsX(), r0)
	VPEXTRQ(U8(1), x[0].AsX(), r1)
	MOVQ(U64(0x0ffffffc0fffffff), RAX)
	ANDQ(RAX, r0)
	MOVQ(U64(0x0ffffffc0ffffffc), RAX)
	ANDQ(RAX, r1)
	MOVQ(r1, s1)
	SHRQ(U8(2), s1)
	ADDQ(r1, s1)

	Comment("transpose: blocks 1, 2, 3 whole")
	s0, s1v, s2, s3 := ZMM(), ZMM(), ZMM(), ZMM()
	VSHUFI32X4(U8(0x44), x[1], x[0], s0)  // A.L0 A.L1 B.L0 B.L1
	VSHUFI32X4(U8(0xee), x[1], x[0], s1v) // A.L2 A.L3 B.L2 B.L3
	VSHUFI32X4(U8(0x44), x[3], x[2], s2)  // C.L0 C.L1 D.L0 D.L1
	VSHUFI32X4(U8(0xee), x[3], x[2], s3)  // C.L2 C.L3 D.L2 D.L3
	stream := []VecVirtual{ZMM(), ZMM(), ZMM()}
	VSHUFI32X4(U8(0xdd), s2, s0, stream[0])  // block 1
	VSHUFI32X4(U8(0x88), s3, s1v, stream[1]) // block 2
	VSHUFI32X4(U8(0xdd), s3, s1v, stream[2]) // block 3

	dst := RDX
	if !open {
		Comment("ciphertext: to dst, and zero-padded to the stack for the MAC")
		Load(Param("dst").Base(), dst)
		for l, k := range ks {
			VPXORD(data[l], stream[l], stream[l])
			VMOVDQU8(stream[l], k, Mem{Base: dst, Disp: 64 * l})
			VMOVDQU8_Z(stream[l], k, stream[l])
			VMOVDQU64(stream[l], buf.Offset(64*l))
		}
	} else {
		Comment("the ciphertext, zero-padded, to the stack for the MAC")
		for l := range ks {
			VMOVDQU64(data[l], buf.Offset(64*l))
		}
	}

	Comment("h = 0, then the additional data's whole blocks")
	XORQ(h0, h0)
	XORQ(h1, h1)
	XORQ(h2, h2)
	Load(Param("ad").Base(), bp)
	Load(Param("ad").Len(), nb)
	SHRQ(U8(4), nb)
	JZ(LabelRef(name + "_adtail"))
	polyLoop(name + "_ad")
	Label(name + "_adtail")
	Comment("its last partial block, zero-padded")
	Load(Param("ad").Len(), RCX)
	ANDQ(Imm(15), RCX)
	JZ(LabelRef(name + "_ct"))
	MOVQ(I32(-1), RAX)
	BZHIQ(RCX, RAX, RAX)
	KMOVQ(RAX, K4)
	last := XMM()
	VMOVDQU8_Z(Mem{Base: bp}, K4, last)
	VMOVQ(last, R14)
	VPEXTRQ(U8(1), last, R15)
	polyBlock(R14, R15)

	Label(name + "_ct")
	Comment("the ciphertext's blocks, zero-padded")
	LEAQ(buf, bp)
	Load(Param("src").Len(), nb)
	ADDQ(Imm(15), nb)
	SHRQ(U8(4), nb)
	JZ(LabelRef(name + "_lengths"))
	polyLoop(name + "_ctloop")
	Label(name + "_lengths")
	Load(Param("ad").Len(), R14)
	Load(Param("src").Len(), R15)
	polyBlock(R14, R15)

	Comment("the tag: h mod p (h - p if h + 5 reaches 2^130) + s mod 2^128")
	MOVQ(h0, RAX)
	ADDQ(Imm(5), RAX)
	MOVQ(h1, RBX)
	ADCQ(Imm(0), RBX)
	ADCQ(Imm(0), h2)
	SHRQ(U8(2), h2)
	CMOVQNE(RAX, h0)
	CMOVQNE(RBX, h1)
	VMOVQ(x[1].AsX(), RAX)
	VPEXTRQ(U8(1), x[1].AsX(), RBX)
	ADDQ(RAX, h0)
	ADCQ(RBX, h1)
	tag := Load(Param("tag"), RSI)
	if !open {
		MOVQ(h0, Mem{Base: tag})
		MOVQ(h1, Mem{Base: tag, Disp: 8})
		VZEROUPPER()
		RET()
		return
	}
	Comment("compare with the tag, in constant time; whether it matched is public")
	XORQ(Mem{Base: tag}, h0)
	XORQ(Mem{Base: tag, Disp: 8}, h1)
	ORQ(h1, h0)
	JNZ(LabelRef(name + "_fail"))
	Comment("the plaintext to dst")
	Load(Param("dst").Base(), dst)
	for l, k := range ks {
		VPXORD(data[l], stream[l], stream[l])
		VMOVDQU8(stream[l], k, Mem{Base: dst, Disp: 64 * l})
	}
	MOVQ(U32(1), RAX)
	Store(RAX, ReturnIndex(0))
	VZEROUPPER()
	RET()
	Label(name + "_fail")
	MOVQ(U32(0), RAX)
	Store(RAX, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
