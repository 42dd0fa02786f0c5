// Command _asm generates chacha20poly1305's amd64 assembly, one file for
// each value of -kernel (see kernel): fused_amd64.s, chunks_amd64.s,
// fused_avx2_amd64.s, chunks_avx2_amd64.s and sets_amd64.s.
//
// The short kernels are Seal and Open of RFC 8439, Section 2.8, for
// messages of at most three ChaCha20 blocks (sealFused and openFused), and
// of at most one block with at most 16 bytes of additional data (shortSeal
// and shortOpen, short_amd64_asm.go), in one function each, with no call
// between the cipher and the MAC.
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
// Poly1305 runs on 64-bit words with MULX (see polyMulAdd), over the
// additional data, its zero padding, the ciphertext (copied, zero-padded,
// to the stack) and the two lengths; the tag is computed and, for Open,
// compared in constant time before any plaintext is written.
//
// Every branch tests a public length or, in Open, whether the tag was right.
package main

import (
	"flag"

	"github.com/mmcloughlin/avo/attr"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../fused_amd64.s -stubs ../fused_stubs_amd64.go -pkg chacha20poly1305
//go:generate go run . -kernel chunks -out ../chunks_amd64.s -stubs ../chunks_stubs_amd64.go -pkg chacha20poly1305
//go:generate go run . -kernel avx2 -out ../fused_avx2_amd64.s -stubs ../fused_avx2_stubs_amd64.go -pkg chacha20poly1305
//go:generate go run . -kernel chunksavx2 -out ../chunks_avx2_amd64.s -stubs ../chunks_avx2_stubs_amd64.go -pkg chacha20poly1305
//go:generate go run . -kernel sets -out ../sets_amd64.s -stubs ../sets_stubs_amd64.go -pkg chacha20poly1305

// kernel selects the output: "short" (sealFused and openFused, this file,
// and shortSeal and shortOpen, short_amd64_asm.go), "chunks"
// (xorChunksMAC and the kernels after the chunks, chunks_amd64_asm.go),
// "avx2" (the AVX2 short kernels, short_avx2_asm.go), "chunksavx2"
// (chunks_avx2_asm.go) or "sets" (the two- to four-set AVX-512 kernels,
// sets_amd64_asm.go, sets3_amd64_asm.go and sets4_amd64_asm.go), each its
// own assembly file so that the kernels can change apart.
var kernel = flag.String("kernel", "short", "kernel to generate: short, chunks, avx2, chunksavx2 or sets")

func main() {
	flag.Parse()
	ConstraintExpr("!purego")
	if *kernel == "chunks" {
		chunksMAC()
		Generate()
		return
	}
	if *kernel == "avx2" {
		shortAVX2()
		Generate()
		return
	}
	if *kernel == "chunksavx2" {
		chunksAVX2()
		Generate()
		return
	}
	if *kernel == "sets" {
		setsKernels()
		Generate()
		return
	}
	laneCtr4 = laneTable("lanectr4", 0)
	sigma = GLOBL("sigma", RODATA|NOPTR)
	for i, c := range []uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574} {
		DATA(4*i, U32(c))
	}
	fused("sealFused", false)
	fused("openFused", true)
	short("shortSeal", false)
	short("shortOpen", true)
	Generate()
}

var (
	laneCtr4 Mem // 0, 1, 2, 3 in word 0 of each 128-bit lane
	sigma    Mem // "expand 32-byte k", ChaCha20's constant row (RFC 8439, Section 2.3)
)

// Poly1305's registers, fixed: MULX multiplies by DX. The accumulator is
// h = x0 + 2^64 x1 + 2^128 x2 (see polyMulAdd).
var (
	x0, x1, x2 = R8, R9, R10
	rr0, rs1   = R11, RCX // r0 and s1 = 5/4 r1, the multipliers used twice
	a0, a1     = RAX, RBX // column 0 of a product, two words
	b0, b1     = R12, R13 // column 1
	t0, t1     = R14, R15 // a partial product
	bp         = RSI      // the blocks
	nb         = RDI      // blocks left
)

// r1op and r05op hold r1 and 5 r0, the multipliers used once a block:
// registers where the kernel has them free (short), stack slots for the
// products' memory operands otherwise (fused, whose loops take bp and nb).
var r1op, r05op Op

func r1m() Op  { return r1op }
func r05m() Op { return r05op }

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

// polyMulAdd emits h = h * r + m + 2^128 for the block m = m0 + 2^64 m1,
// or h = h * r if m0 is nil (the last multiplication).
//
// The accumulator is h = x0 + 2^64 x1 + 2^128 x2, with x2 < 2^63 not
// reduced: the part at 2^130 and above is not folded into x0 after each
// product (which would put a shift, an addition and a carry through three
// words on the chain from one block to the next) but multiplied by r with
// the rest. The next block is added to the columns of the product, not to
// h before it, so that no addition stands between one product and the
// next. With s1 = 5/4 r1 (r1 is a multiple of 4, so x1 r1 2^128 = x1 (r1/4)
// 2^130 = x1 s1 mod p, and x2 r1 2^192 = x2 s1 2^64 mod p, with p = 2^130 -
// 5), and x2 r0 2^128 = (x2 & 3) r0 2^128 + (x2 >> 2) r0 2^130 = (x2 & 3) r0
// 2^128 + (x2 >> 2) 5 r0 mod p:
//
//	col0 = x0 r0 + x1 s1 + (x2 >> 2) (5 r0) + m0
//	col1 = x0 r1 + x1 r0 + x2 s1 + m1 + 2^64
//	d = col0 + 2^64 col1 + 2^128 (x2 & 3) r0
//	x0, x1, x2 = d mod 2^64, d>>64 mod 2^64, d >> 128
//
// x2 s1 is c 5r1 and (x2 & 3) s1 of a reduced top word (x2 = (x2 & 3) + 4c)
// in one product, so that x2, the last value of the previous block, is in
// three multiplications, one of which (x2 s1) starts at once.
//
// Bounds (r0, r1 < 2^60, s1 < 2^60.33, 5 r0 < 2^62.33, and x2 < 2^63 on
// entry): x0 r0, x0 r1, x1 r0 < 2^124, x1 s1 < 2^124.33, (x2 >> 2) 5 r0 <
// 2^123.33, x2 s1 < 2^123.33, so col0 < 2.875 * 2^124 < 2^125.6 and col1 <
// 2.625 * 2^124 < 2^125.4 fit two words each; d >> 128 < 2.625 * 2^60 + 1 +
// 3 * 2^60 < 2^62.5, so x2 < 2^63 again (polymodel_amd64_test.go checks a
// word-for-word model of this function against math/big at these extremes).
func polyMulAdd(m0, m1 Op) {
	MOVQ(x0, RDX)
	MULXQ(rr0, a0, a1)   // x0 r0
	MULXQ(r1m(), b0, b1) // x0 r1
	if m0 != nil {
		ADDQ(m0, a0)
		ADCQ(Imm(0), a1)
		ADDQ(m1, b0)
		ADCQ(Imm(1), b1)
	}
	MOVQ(x1, RDX)
	MULXQ(rs1, t0, t1) // x1 s1
	ADDQ(t0, a0)
	ADCQ(t1, a1)
	MULXQ(rr0, t0, t1) // x1 r0
	ADDQ(t0, b0)
	ADCQ(t1, b1)
	MOVQ(x2, RDX)
	MULXQ(rs1, t0, t1) // x2 s1
	ADDQ(t0, b0)
	ADCQ(t1, b1)
	SHRQ(U8(2), RDX)
	MULXQ(r05m(), t0, t1) // (x2 >> 2) 5r0
	ADDQ(t0, a0)
	ADCQ(t1, a1)
	ANDQ(Imm(3), x2)
	IMULQ(rr0, x2) // (x2 & 3) r0
	Comment("d1 = col1 + col0>>64; d2 = col1>>64 + (x2 & 3) r0 + carry")
	ADDQ(a1, b0)
	ADCQ(b1, x2)
	MOVQ(a0, x0)
	MOVQ(b0, x1)
}

// polyLoop emits polyMulAdd over nb blocks at bp (nb > 0), advancing bp.
func polyLoop(label string) {
	Label(label)
	polyMulAdd(Mem{Base: bp}, Mem{Base: bp, Disp: 8})
	ADDQ(Imm(16), bp)
	DECQ(nb)
	JNZ(LabelRef(label))
}

// inputRows emits the input rows of blocks 0..3 in lanes 0..3 and a copy
// of them to run the rounds on.
func inputRows() (in, x [4]VecVirtual) {
	Comment("the input rows of blocks 0..3 in lanes 0..3: the constant, the key,")
	Comment("and the counter (0 to 3) and nonce, read where they are (not from a")
	Comment("State just written word by word, which the loads would wait for)")
	in = [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	x = [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	VBROADCASTI32X4(sigma, in[0])
	Load(Param("key"), RSI)
	VBROADCASTI32X4(Mem{Base: RSI}, in[1])
	VBROADCASTI32X4(Mem{Base: RSI, Disp: 16}, in[2])
	Load(Param("nonce"), RSI)
	Comment("row D: nonce words 1 and 2 broadcast to every 64-bit pair, then word 0")
	Comment("merged into word 1 of each lane and the counters 0..3 into word 0")
	n0 := ZMM()
	VPBROADCASTD(Mem{Base: RSI}, n0)
	VPBROADCASTQ(Mem{Base: RSI, Disp: 4}, in[3])
	MOVQ(U32(0x2222), RAX)
	KMOVQ(RAX, K1)
	VMOVDQA32(n0, K1, in[3])
	MOVQ(U32(0x1111), RAX)
	KMOVQ(RAX, K2)
	VMOVDQU32(laneCtr4, K2, in[3])
	for i := range in {
		VMOVDQA64(in[i], x[i])
	}
	return in, x
}

// rounds emits ChaCha20's 20 rounds on x and the addition of the input
// rows in: x is then the keystream of blocks 0..3, a row per register.
func rounds(name string, in, x [4]VecVirtual) {
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
}

// polyKey emits r (clamped) into rr0, r1op, r05op and rs1 (see polyMulAdd) from
// row A of block 0, lane 0 of a.
func polyKey(a VecVirtual) {
	Comment("the Poly1305 key: r (clamped) and s are rows A and B of block 0 (lane 0)")
	VMOVQ(a.AsX(), rr0)
	VPEXTRQ(U8(1), a.AsX(), RBX)
	clampR()
}

// polyKeyMem emits r (clamped) into rr0, r1op, r05op and rs1 (see polyMulAdd)
// from the 16 bytes at key (s, the 16 bytes after them, is left in place).
func polyKeyMem(key Mem) {
	MOVQ(key, rr0)
	MOVQ(key.Offset(8), RBX)
	clampR()
}

// clampR emits r (clamped) into rr0, r1op, r05op and rs1 (see polyMulAdd)
// from the key's two low words, in rr0 and RBX; it clobbers RAX and RBX.
func clampR() {
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
}

// tagDone emits the tag from h (polyMulAdd's accumulator) and s (row B of
// block 0, lane 0 of b): for Seal, its store and the return (it reports
// true); for Open, the comparison with the tag, jumping to name_fail if it
// differs (it reports false, and the caller writes the plaintext).
func tagDone(name string, open bool, b VecVirtual) bool {
	reduceH()
	VMOVQ(b.AsX(), RAX)
	VPEXTRQ(U8(1), b.AsX(), RBX)
	ADDQ(RAX, x0)
	ADCQ(RBX, x1)
	storeOrCheckTag(name, open)
	if !open {
		VZEROUPPER()
		RET()
		return true
	}
	return false
}

// reduceH emits x0:x1 = h mod p, mod 2^128, from h (polyMulAdd's accumulator
// x0:x1:x2), in constant time; it clobbers x2, nb, b0, b1, RAX and RBX.
func reduceH() {
	Comment("x2 = 4c + (x2 & 3)")
	cc := nb
	MOVQ(x2, cc)
	SHRQ(U8(2), cc)
	ANDQ(Imm(3), x2)
	Comment("h = x + 5c, below 2^130 + 5 * 2^61 < 2p; the tag is h mod p (h - p if g = h + 5")
	Comment("reaches 2^130) + s mod 2^128. g = x + (5c + 5) is computed beside h, not after it.")
	LEAQ(Mem{Base: cc, Index: cc, Scale: 4}, RAX)
	LEAQ(Mem{Base: RAX, Disp: 5}, RBX)
	MOVQ(x0, b0)
	ADDQ(RBX, b0)
	MOVQ(x1, b1)
	ADCQ(Imm(0), b1)
	ADCQ(Imm(0), x2)
	ADDQ(RAX, x0)
	ADCQ(Imm(0), x1)
	SHRQ(U8(2), x2)
	CMOVQNE(b0, x0)
	CMOVQNE(b1, x1)
}

// storeOrCheckTag emits, for Seal, the store of the tag in x0:x1 to the tag
// argument; for Open, its comparison with the tag argument, jumping to
// name_fail if they differ (only whether they match is public).
func storeOrCheckTag(name string, open bool) {
	tag := Load(Param("tag"), RSI)
	if !open {
		MOVQ(x0, Mem{Base: tag})
		MOVQ(x1, Mem{Base: tag, Disp: 8})
		return
	}
	Comment("compare with the tag, in constant time; whether it matched is public")
	XORQ(Mem{Base: tag}, x0)
	XORQ(Mem{Base: tag, Disp: 8}, x1)
	ORQ(x1, x0)
	JNZ(LabelRef(name + "_fail"))
}

// stackBlocks emits nb = the number of the MAC's blocks in buf (the
// additional data's partial one, the ciphertext's and the lengths) and bp =
// the first, from the public lengths.
func stackBlocks(label string, buf Mem) {
	Load(Param("src").Len(), nb)
	ADDQ(Imm(15), nb)
	SHRQ(U8(4), nb)
	INCQ(nb)
	LEAQ(buf.Offset(64), bp)
	Load(Param("ad").Len(), RDX)
	TESTQ(U32(15), RDX)
	JZ(LabelRef(label))
	INCQ(nb)
	SUBQ(Imm(16), bp)
	Label(label)
}

// macADAndStack emits h (polyMulAdd's accumulator) = the Poly1305 sum, before
// its final reduction and s, over the additional data's whole blocks, read
// where they are, then the stack's blocks in buf (see stackBlocks). It needs
// r from polyKey or polyKeyMem; its labels start with name.
func macADAndStack(name string, buf Mem) {
	Comment("h = the first block + 2^128: the additional data's if it has a whole")
	Comment("block, else the stack's; then h = h r + m + 2^128 for each of the others")
	macFirstAD(name)
	Comment("the additional data's other whole blocks")
	polyLoop(name + "_ad")
	Label(name + "_adend")
	stackBlocks(name+"_s1", buf)
	JMP(LabelRef(name + "_stack"))
	macFirstStack(name, buf)
	JZ(LabelRef(name + "_last"))
	Label(name + "_stack")
	polyLoop(name + "_stackloop")
	Label(name + "_last")
	polyMulAdd(nil, nil)
}

// macFirstAD emits the MAC's start on the additional data: if it has a
// whole block, h = that block + 2^128 (x2 = 1), bp its next block and nb
// the number of its whole blocks left, and a jump to name_adend if none
// is; if not, a jump to name_noad (macFirstStack).
func macFirstAD(name string) {
	MOVQ(U32(1), x2)
	Load(Param("ad").Len(), nb)
	SHRQ(U8(4), nb)
	JZ(LabelRef(name + "_noad"))
	Load(Param("ad").Base(), bp)
	MOVQ(Mem{Base: bp}, x0)
	MOVQ(Mem{Base: bp, Disp: 8}, x1)
	ADDQ(Imm(16), bp)
	DECQ(nb)
	JZ(LabelRef(name + "_adend"))
}

// macFirstStack emits, at name_noad (the additional data has no whole
// block), the stack's blocks in buf (stackBlocks) and h = the first of
// them + 2^128, with bp and nb the next one and the number left; it
// leaves the flags of nb's decrement.
func macFirstStack(name string, buf Mem) {
	Label(name + "_noad")
	stackBlocks(name+"_s0", buf)
	MOVQ(Mem{Base: bp}, x0)
	MOVQ(Mem{Base: bp, Disp: 8}, x1)
	ADDQ(Imm(16), bp)
	DECQ(nb)
}

// kernelText starts the function name, a Seal kernel or (open set) an
// Open kernel, with the signature the Go side declares for both sizes.
func kernelText(name string, open bool) {
	kernelTextFlags(name, open, NOSPLIT)
}

// kernelTextFlags is kernelText with the TEXT flags given: 0 for the
// kernels whose frames are too large for NOSPLIT.
func kernelTextFlags(name string, open bool, flags attr.Attribute) {
	sig := "func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)"
	if open {
		sig += " int"
	}
	TEXT(name, flags, sig)
	Pragma("noescape")
}

func fused(name string, open bool) {
	kernelText(name, open)
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
	// The MAC's blocks after the additional data's whole ones: its last
	// partial block (zero-padded) at 48, if it has one, the ciphertext
	// (zero-padded) at 64, and the lengths block after it.
	buf := AllocLocal(48 + 16 + 192 + 16)
	rkey := AllocLocal(16)
	r1op, r05op = rkey, rkey.Offset(8)

	in, x := inputRows()

	Comment("the data's masks: block l takes min(max(n - 64(l-1), 0), 64) bytes")
	ks := []Register{K1, K2, K3}
	data := maskedData(name, ks, false, 0)

	adTail(name, buf, K4)

	rounds(name, in, x)
	polyKey(x[0])
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
		storeCiphertext(name+"_stored", dst, buf, data, stream, ks, 0, 0)
	} else {
		Comment("the ciphertext, zero-padded, to the stack for the MAC")
		for l := range ks {
			VMOVDQU64(data[l], buf.Offset(64+64*l))
		}
	}

	Comment("the lengths block, after the ciphertext's blocks")
	lengthsBlock(buf)

	macADAndStack(name, buf)

	if tagDone(name, open, x[1]) {
		kernelEnd()
		return
	}
	storePlaintext(name, dst, data, stream, ks, 0)
	openReturn(name)
	kernelEnd()
}

// adTail emits the copy of the additional data's last partial block,
// zero-padded, to buf+48, if it has one (k is the mask register it may
// use; it clobbers RAX, RBX, RCX, R8 and R9). Its load through a window
// ending at the data's end (adTailBack) goes to outOfLine.
func adTail(name string, buf Mem, k Register) {
	Comment("the additional data's last partial block, zero-padded, to the stack")
	Load(Param("ad").Len(), RCX)
	ANDQ(Imm(15), RCX)
	JZ(LabelRef(name + "_noadtail"))
	MOVQ(I32(-1), RAX)
	BZHIQ(RCX, RAX, RAX)
	KMOVQ(RAX, k)
	Load(Param("ad").Base(), RAX)
	Load(Param("ad").Len(), RBX)
	ANDQ(I32(-16), RBX)
	Comment("(if its 16 bytes reach a page past the additional data's end, see adTailBack)")
	LEAQ(Mem{Base: RAX, Index: RBX, Scale: 1, Disp: -1}, R8)
	ADDQ(RCX, R8)
	jumpPastPage(R8, RCX, name+"_adback")
	outOfLine = func() { adTailBack(name, buf, k) }
	last := XMM()
	VMOVDQU8_Z(Mem{Base: RAX, Index: RBX, Scale: 1}, k, last)
	VMOVDQU64(last, buf.Offset(48))
	Label(name + "_noadtail")
}

// jumpPastPage emits a jump to label when the 16 bytes from the start of a
// tail of r bytes (1 to 16), whose last byte is at the address in last,
// reach the next page: (last mod 4096) - r + 16 >= 4096, a test of public
// lengths and addresses. It clobbers last. Such a tail is loaded through
// the 16 bytes that end at its end instead (see skipEmpty on the cost of
// masked-out bytes past a page).
func jumpPastPage(last, r Register, label string) {
	ANDQ(U32(4095), last)
	SUBQ(r, last)
	ADDQ(Imm(16), last)
	TESTQ(U32(4096), last)
	JNZ(LabelRef(label))
}

// adTailBack emits, out of line (kernelEnd), adTail's copy of the
// additional data's r = len mod 16 last bytes when the 16 bytes from their
// start reach a page past its end (((ad + len-1) mod 4096) + 16 - r >=
// 4096): through the window of 16 bytes ending at its end,
// under the mask of its top r bytes, stored so that they land at buf+48,
// after 16 zero bytes there. adTail's registers hold ad (RAX), len - r
// (RBX) and r (RCX).
func adTailBack(name string, buf Mem, k Register) {
	Label(name + "_adback")
	MOVQ(U32(16), R8)
	SUBQ(RCX, R8)
	MOVQ(I32(-1), R9)
	SHLXQ(R8, R9, R9)
	KMOVQ(R9, k)
	ADDQ(RCX, RAX)
	last, zero := XMM(), XMM()
	VMOVDQU8_Z(Mem{Base: RAX, Index: RBX, Scale: 1, Disp: -16}, k, last)
	VPXORD(zero, zero, zero)
	VMOVDQU64(zero, buf.Offset(48))
	LEAQ(buf.Offset(32).Idx(RCX, 1), R8)
	VMOVDQU8(last, k, Mem{Base: R8})
	JMP(LabelRef(name + "_noadtail"))
}

// maskedData emits the masks ks[l] of the bytes of src that block l
// covers, BZHI of min(max(n - 64l, 0), 64) bits of all ones, from the
// public length n without branches, and the loads of src's blocks under
// them (zero beyond its end), which it returns. BZHI reads only the
// index's low byte: m <= 0 is always set apart, and with wide (src may be
// longer than 192 bytes, where the low byte wraps) m >= 64 too. It
// clobbers RAX, RBX, RCX, RDX, RSI and R8.
//
// The blocks l >= skip that hold no byte of src (n <= 64l: a public
// length) are not loaded but zeroed, their loads jumped past (to
// name_loaded): under an empty mask, a load whose bytes reach a page the
// process has not touched, or address 0 (a nil src), still takes a
// microcode assist, some hundred cycles (see skipEmpty).
func maskedData(name string, ks []Register, wide bool, skip int) []VecVirtual {
	n := Load(Param("src").Len(), RDX)
	ones, zero := RAX, RBX
	MOVQ(I32(-1), ones)
	XORQ(zero, zero)
	for l, k := range ks {
		MOVQ(n, RCX)
		SUBQ(U32(64*l), RCX)
		BZHIQ(RCX, ones, R8)
		if wide {
			CMPQ(RCX, Imm(64))
			CMOVQGE(ones, R8)
		}
		CMPQ(RCX, Imm(0))
		CMOVQLE(zero, R8)
		KMOVQ(R8, k)
	}
	Comment("the data, zero beyond its end")
	src := Load(Param("src").Base(), RSI)
	data := make([]VecVirtual, len(ks))
	for l := range ks {
		data[l] = ZMM()
		if l >= skip {
			VPXORD(data[l], data[l], data[l])
		}
	}
	for l, k := range ks {
		if l >= skip {
			skipEmpty(n, l, name+"_loaded")
		}
		VMOVDQU8_Z(Mem{Base: src, Disp: 64 * l}, k, data[l])
	}
	if skip < len(ks) {
		Label(name + "_loaded")
	}
	return data
}

// skipEmpty emits a jump to label if data block l (bytes 64l to 64l+63)
// holds no byte of the message, of n bytes: n <= 64l, a public length.
// The kernels jump past the loads and stores of such blocks rather than
// run them under empty masks: a masked access whose masked-out bytes reach
// a page the process has not touched, one it may not write (stores), or
// address 0 takes a microcode assist on every call, some hundred cycles.
func skipEmpty(n Op, l int, label string) {
	CMPQ(n, U32(64*l))
	JLE(LabelRef(label))
}

// storePlaintext emits Open's store of data[l] ^ stream[l] (ciphertext
// and keystream, a block per register) to dst under mask ks[l], for every
// block l but those l >= skip that hold no byte of src, jumped past to
// name_written (skipEmpty). skip is below len(ks).
func storePlaintext(name string, dst Register, data, stream []VecVirtual, ks []Register, skip int) {
	Comment("the plaintext to dst")
	Load(Param("dst").Base(), dst)
	n := srcLenArg()
	for l, k := range ks {
		if l >= skip {
			skipEmpty(n, l, name+"_written")
		}
		VPXORD(data[l], stream[l], stream[l])
		VMOVDQU8(stream[l], k, Mem{Base: dst, Disp: 64 * l})
	}
	Label(name + "_written")
}

// srcLenArg returns the argument slot of src's length, which skipEmpty
// compares in memory so that no register has to hold it.
func srcLenArg() Mem {
	c, _ := Param("src").Len().Resolve()
	return c.Addr
}

// openReturn emits Open's return of 1 (the tag was right), and at
// name_fail, its return of 0.
func openReturn(name string) {
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

// outOfLine holds the code a kernel emits after its last return (the
// additional data's load through a window ending at its end: adTailBack,
// shortADBack), nil if it has none; kernelEnd emits it.
var outOfLine func()

// kernelEnd emits, after the kernel's last return, its outOfLine code.
func kernelEnd() {
	if outOfLine != nil {
		outOfLine()
		outOfLine = nil
	}
}
