package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 short kernels (-kernel avx2, fused_avx2_amd64.s) are Seal and
// Open of short messages for CPUs without AVX-512: ChaCha20 on AVX2 and
// Poly1305 on MULX in one function each, as sealFused and openFused are
// for AVX-512 CPUs, with every instruction VEX-encoded (Y0..Y15 only).
//
// ChaCha20 runs on horizontal sets of two blocks (a row of the 4x4 state
// per ymm register, a block per 128-bit lane, as the chacha20 package's
// AVX2 kernels): set 0 holds block 0, whose first 32 bytes are the Poly1305
// key, and block 1; set 1, if the kernel has it, blocks 2 and 3. The sets'
// rounds are interleaved step by step, so that the second costs no
// latency. Rotations by 16 and 8 are byte shuffles, those by 12 and 7 two
// shifts and an OR. Between the column and the diagonal rounds, rows A, C
// and D are rotated by 3, 1 and 2 words, not B, C and D by 1, 2 and 3 (as
// the AVX-512 kernels do): B, the last row a half round computes and the
// first the next one reads, then needs no shuffle.
//
// Nothing of the MAC can run beside the rounds: every product needs r,
// which is block 0's keystream, ready only when every block's is (the sets
// run side by side). What does run beside them is the data's copy: AVX2
// has no masked loads or stores, so the message is copied, in pieces of
// 32, 16, 8, 4, 2 and 1 bytes chosen by its public length, into a stack
// buffer before the rounds (off their dependency chain), and the
// output is copied out the same way. In Open the plaintext is computed into
// the stack beside the MAC, and copied out only if the tag is right.
//
// The MAC (polyMulAdd, from the AVX-512 kernels) runs over the additional
// data's whole blocks where they are, then over the stack: the additional
// data's partial block, zero-padded, the ciphertext, zero-padded, and the
// lengths, as sealFused's.

var (
	sigma2    Mem // ChaCha20's constant row in both 128-bit lanes
	rot16y    Mem // VPSHUFB mask rotating each 32-bit word left by 16
	rot8y     Mem // and by 8
	laneCtr2y Mem // 0 and 1 in word 0 of the two 128-bit lanes
	twoY      Mem // 2 in word 0 of both lanes: set 1's counters from set 0's
	padMask   Mem // 16 bytes of 0xff then 16 of zeros: at 16 - k, the mask of k bytes
)

// avx2Constants emits the AVX2 kernels' constants.
func avx2Constants() {
	sigma2 = ymmWords("sigma2", [8]uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574,
		0x61707865, 0x3320646e, 0x79622d32, 0x6b206574})
	rot16y = rotTable("rot16", 16)
	rot8y = rotTable("rot8", 8)
	laneCtr2y = ymmWords("lanectr2", [8]uint32{0, 0, 0, 0, 1})
	twoY = ymmWords("two", [8]uint32{2, 0, 0, 0, 2})
	padMask = padMaskTable("padmask")
}

// ymmWords emits the read-only table name of the words w, one 32-byte
// vector, and returns it.
func ymmWords(name string, w [8]uint32) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, v := range w {
		DATA(4*i, U32(v))
	}
	return m
}

// avx2Diagonalize emits, in each set of x, the rotation of rows A, C and D
// left by 3, 1 and 2 words, which turns the diagonals into columns.
func avx2Diagonalize(x [][4]VecPhysical) {
	for k := range x {
		VPSHUFD(U8(0x93), x[k][0], x[k][0])
		VPSHUFD(U8(0x39), x[k][2], x[k][2])
		VPSHUFD(U8(0x4e), x[k][3], x[k][3])
	}
}

// avx2Undiagonalize emits, in each set of x, the rotation of rows A, C and D
// left by 1, 3 and 2 words, which undoes avx2Diagonalize.
func avx2Undiagonalize(x [][4]VecPhysical) {
	for k := range x {
		VPSHUFD(U8(0x39), x[k][0], x[k][0])
		VPSHUFD(U8(0x93), x[k][2], x[k][2])
		VPSHUFD(U8(0x4e), x[k][3], x[k][3])
	}
}

// zeroPartialBlock emits, for the MAC, the zeroing of data's bytes from the
// public length n (a register or stack slot) to the end of the 16-byte block
// holding it, with mask (see padMaskTable). Where n is a multiple of 16, it
// zeroes the 16 bytes at n: they must be in data's buffer, and the caller
// writes the lengths block there after. It clobbers RAX, RBX, RDX and X12.
func zeroPartialBlock(n Op, data, mask Mem) {
	Comment("zero the ciphertext's partial block beyond its end, for the MAC")
	MOVQ(n, RAX)
	ANDQ(Imm(15), RAX)
	MOVQ(U32(16), RBX)
	SUBQ(RAX, RBX)
	LEAQ(mask, RDX)
	VMOVDQU(Mem{Base: RDX, Index: RBX, Scale: 1}, X12)
	MOVQ(n, RAX)
	ANDQ(I32(-16), RAX)
	VPAND(data.Idx(RAX, 1), X12, X12)
	VMOVDQU(X12, data.Idx(RAX, 1))
}

// rotTable emits the read-only 32 bytes name, the VPSHUFB mask that rotates
// each 32-bit word left by bits (a multiple of 8), and returns it: byte i of
// a word rotated left by n bits comes from byte (i - n/8) mod 4 of the word.
func rotTable(name string, bits int) Mem {
	var t [32]byte
	for i := range t {
		w := i &^ 3
		t[i] = byte((i-w+4-bits/8)%4 + w)
	}
	return ymmBytes(name, t)
}

// padMaskTable emits the read-only 32 bytes name, 16 bytes of 0xff then 16
// of zeros (at 16 - k, the mask of k bytes), and returns it.
func padMaskTable(name string) Mem {
	var mask [32]byte
	for i := range 16 {
		mask[i] = 0xff
	}
	return ymmBytes(name, mask)
}

// ymmBytes emits the read-only table name of the bytes b, one 32-byte
// vector, and returns it.
func ymmBytes(name string, b [32]byte) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, v := range b {
		DATA(i, U8(v))
	}
	return m
}

// shortAVX2 emits the AVX2 kernels: sealAVX2 and openAVX2 for up to three
// blocks of data (two sets), sealAVX2x1 and openAVX2x1 for up to one (one
// set).
func shortAVX2() {
	avx2Constants()
	for _, sets := range []int{2, 1, 3, 4} {
		fusedAVX2(avx2Names[sets][0], false, sets)
		fusedAVX2(avx2Names[sets][1], true, sets)
	}
}

// copyBytes emits the copy of n bytes (a public length, in a register,
// which it clobbers) from s to d (registers, advanced), in pieces of 32
// bytes while at least 32 remain, then of 16, 8, 4, 2 and 1 as the bits of
// what remains say; tmp and Y12 are clobbered. No byte outside the n is
// read or written. If short, only the pieces of 8 bytes and fewer are
// emitted: it copies n mod 16 bytes.
func copyBytes(label string, d, s, n, tmp Register, short bool) {
	if !short {
		copyWide(label, d, s, n)
	}
	copyBytesTail(label, d, s, n, tmp)
}

// copyWide emits copyBytes's pieces of 32 and 16 bytes.
func copyWide(label string, d, s, n Register) {
	Label(label + "_32")
	CMPQ(n, Imm(32))
	JB(LabelRef(label + "_16"))
	VMOVDQU(Mem{Base: s}, Y12)
	VMOVDQU(Y12, Mem{Base: d})
	ADDQ(Imm(32), s)
	ADDQ(Imm(32), d)
	SUBQ(Imm(32), n)
	JMP(LabelRef(label + "_32"))
	Label(label + "_16")
	TESTQ(U32(16), n)
	JZ(LabelRef(label + "_8"))
	VMOVDQU(Mem{Base: s}, X12)
	VMOVDQU(X12, Mem{Base: d})
	ADDQ(Imm(16), s)
	ADDQ(Imm(16), d)
}

// copyBytesTail is copyBytes's tail.
func copyBytesTail(label string, d, s, n, tmp Register) {
	for _, p := range []struct {
		size int
		mov  func(mr, mr1 Op)
	}{{8, MOVQ}, {4, MOVL}, {2, MOVW}, {1, MOVB}} {
		Label(fmt.Sprintf("%s_%d", label, p.size))
		next := fmt.Sprintf("%s_%d", label, p.size/2)
		if p.size == 1 {
			next = label + "_done"
		}
		TESTQ(U32(p.size), n)
		JZ(LabelRef(next))
		var t Register
		switch p.size {
		case 8:
			t = tmp
		case 4:
			t = tmp.(GPPhysical).As32()
		case 2:
			t = tmp.(GPPhysical).As16()
		default:
			t = tmp.(GPPhysical).As8()
		}
		p.mov(Mem{Base: s}, t)
		p.mov(t, Mem{Base: d})
		ADDQ(Imm(uint64(p.size)), s)
		ADDQ(Imm(uint64(p.size)), d)
	}
	Label(label + "_done")
}

// avx2QuarterRound emits ChaCha's quarter round (RFC 8439, Section 2.1) on
// the rows of every set, four columns of two blocks at once per set,
// interleaved step by step; r16 and r8 are the byte shuffles. tmp[k] is
// set k's temporary for the rotations by 12 and 7; with four sets there is
// none, and set 3's row C, which those steps do not read after B ^= C, is
// spilled to spill and its register used for all four.
func avx2QuarterRound(x [][4]VecPhysical, tmp []VecPhysical, r16, r8 Op, spill Mem) {
	for _, st := range []struct {
		add, src, xor int
		n             uint8
	}{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}} {
		for k := range x {
			VPADDD(x[k][st.src], x[k][st.add], x[k][st.add])
		}
		for k := range x {
			VPXOR(x[k][st.add], x[k][st.xor], x[k][st.xor])
		}
		last := x[len(x)-1][2]
		spilled := (st.n == 12 || st.n == 7) && len(tmp) < len(x)
		if spilled {
			VMOVDQU(last, spill)
		}
		for k := range x {
			v := x[k][st.xor]
			switch st.n {
			case 16:
				VPSHUFB(r16, v, v)
			case 8:
				VPSHUFB(r8, v, v)
			default:
				t := last
				if !spilled {
					t = tmp[k]
				}
				VPSLLD(U8(st.n), v, t)
				VPSRLD(U8(32-st.n), v, v)
				VPOR(t, v, v)
			}
		}
		if spilled {
			VMOVDQU(spill, last)
		}
	}
}

// avx2Names are the AVX2 kernels' names by number of sets.
var avx2Names = [...][2]string{1: {"sealAVX2x1", "openAVX2x1"}, 2: {"sealAVX2", "openAVX2"}, 3: {"sealAVX2x3", "openAVX2x3"}, 4: {"sealAVX2x4", "openAVX2x4"}}

// fusedAVX2 emits an AVX2 Seal (open false) or Open kernel on sets sets
// of two blocks: block 0 and up to 2*sets - 1 blocks of data.
func fusedAVX2(name string, open bool, sets int) {
	max := 64 * (2*sets - 1)
	sig := "func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)"
	if open {
		sig += " int"
	}
	// Three and four sets' frames (608 and 800 bytes) would take most or
	// all of the stack's guard, which NOSPLIT functions share: those
	// kernels check the stack.
	flags := NOSPLIT
	if sets > 2 {
		flags = 0
	}
	TEXT(name, flags, sig)
	Pragma("noescape")
	if open {
		Doc(fmt.Sprintf("%s decrypts src, at most %d bytes, into dst if its tag over ad", name, max),
			"and src (RFC 8439, Section 2.8) equals tag, and returns 1; otherwise it",
			"returns 0 and writes nothing, under key and nonce. len(dst) >= len(src).",
			"It requires AVX2 and BMI2.")
	} else {
		Doc(fmt.Sprintf("%s encrypts src, at most %d bytes, into dst and writes the tag", name, max),
			"over ad and the ciphertext (RFC 8439, Section 2.8) to tag, under key and",
			"nonce. len(dst) >= len(src). It requires AVX2 and BMI2.")
	}
	// The MAC's blocks after the additional data's whole ones, as
	// sealFused's (see stackBlocks): its partial block (zero-padded) at
	// 48, the data (in Seal then the ciphertext) at 64, its partial block
	// zero-padded (Open's before the rounds, Seal's after the XOR), the
	// lengths after it. Bytes past that are whatever the stack held:
	// xorData XORs them, nothing else reads them.
	buf := AllocLocal(48 + 16 + max + 16)
	rkey := AllocLocal(16)
	key0 := AllocLocal(32) // block 0's first 32 bytes: r and s
	r1op, r05op = rkey, rkey.Offset(8)

	Comment("copy the data and the additional data's partial block to the stack")
	Comment("(AVX2 has no masked loads), each zero-padded to a whole block for the")
	Comment("MAC; the rounds' dependency chain does not wait for any of it")
	VPXOR(X12, X12, X12)
	VMOVDQU(X12, buf.Offset(48))
	Load(Param("src").Base(), RSI)
	LEAQ(buf.Offset(64), RDI)
	Load(Param("src").Len(), RCX)
	copyBytes(name+"_in", RDI, RSI, RCX, RAX, false)
	if open {
		zeroPartialBlock(srcLenArg(), buf.Offset(64), padMask)
	}
	Load(Param("ad").Base(), RSI)
	Load(Param("ad").Len(), RCX)
	MOVQ(RCX, RAX)
	ANDQ(I32(-16), RAX)
	ADDQ(RAX, RSI)
	LEAQ(buf.Offset(48), RDI)
	copyBytes(name+"_adtail", RDI, RSI, RCX, RAX, true)

	Comment("the input rows: A the constant, B and C the key (both lanes), D the")
	Comment("counter and nonce, counters 2k and 2k+1 in set k's lanes")
	allY := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
	x := make([][4]VecPhysical, sets)
	for k := range x {
		x[k] = [4]VecPhysical{allY[4*k], allY[4*k+1], allY[4*k+2], allY[4*k+3]}
	}
	var inB, inC, r16, r8 Op
	inD := make([]Op, sets)
	var tmp []VecPhysical
	var spill Mem
	key := Load(Param("key"), RSI)
	nonce := Load(Param("nonce"), RDX)
	d0 := Y10
	if sets > 2 {
		d0 = x[0][3]
	}
	MOVL(Mem{Base: nonce}, EAX)
	SHLQ(U8(32), RAX)
	VMOVQ(RAX, d0.AsX())
	VPINSRQ(U8(1), Mem{Base: nonce, Disp: 4}, d0.AsX(), d0.AsX())
	VINSERTI128(U8(1), d0.AsX(), d0, d0)
	VPADDD(laneCtr2y, d0, d0)
	if sets <= 2 {
		// Everything in registers: B, C and D in Y8..Y11, the
		// rotations' temporaries and shuffles in Y12..Y15.
		inB, inC, inD[0] = Y8, Y9, Y10
		r16, r8 = Y14, Y15
		tmp = []VecPhysical{Y12, Y13}[:sets]
		VMOVDQU(rot16y, Y14)
		VMOVDQU(rot8y, Y15)
		VBROADCASTI128(Mem{Base: key}, Y8)
		VBROADCASTI128(Mem{Base: key, Disp: 16}, Y9)
		if sets == 2 {
			inD[1] = Y11
			VPADDD(twoY, Y10, Y11)
		}
		for k := range x {
			VMOVDQU(sigma2, x[k][0])
			VMOVDQA(inB, x[k][1])
			VMOVDQA(inC, x[k][2])
			VMOVDQA(inD[k], x[k][3])
		}
	} else {
		// The sets take twelve or sixteen registers: the input rows are
		// on the stack, the shuffles in memory, and four sets have no
		// temporary (see avx2QuarterRound).
		rows := AllocLocal(32 * (2 + sets))
		inB, inC = rows, rows.Offset(32)
		r16, r8 = rot16y, rot8y
		if sets == 3 {
			tmp = []VecPhysical{Y12, Y13, Y14}
		} else {
			spill = AllocLocal(32)
		}
		VBROADCASTI128(Mem{Base: key}, x[0][1])
		VBROADCASTI128(Mem{Base: key, Disp: 16}, x[0][2])
		VMOVDQU(x[0][1], inB)
		VMOVDQU(x[0][2], inC)
		for k := range x {
			inD[k] = rows.Offset(64 + 32*k)
			if k > 0 {
				VMOVDQA(x[0][1], x[k][1])
				VMOVDQA(x[0][2], x[k][2])
				VPADDD(twoY, x[k-1][3], x[k][3])
			}
			VMOVDQU(x[k][3], inD[k])
			VMOVDQU(sigma2, x[k][0])
		}
	}

	Comment("20 rounds")
	MOVQ(U32(10), RAX)
	Label(name + "_round")
	avx2QuarterRound(x, tmp, r16, r8, spill)
	Comment("diagonals into columns: rotate rows A, C, D left by 3, 1, 2 words")
	avx2Diagonalize(x)
	avx2QuarterRound(x, tmp, r16, r8, spill)
	avx2Undiagonalize(x)
	DECQ(RAX)
	JNZ(LabelRef(name + "_round"))
	Comment("add the input rows; block 0's first 32 bytes (r and s) to the stack")
	for k := range x {
		VPADDD(sigma2, x[k][0], x[k][0])
		VPADDD(inB, x[k][1], x[k][1])
		VPADDD(inC, x[k][2], x[k][2])
		VPADDD(inD[k], x[k][3], x[k][3])
	}
	VMOVDQU(x[0][0].AsX(), key0)
	VMOVDQU(x[0][1].AsX(), key0.Offset(16))

	// xorData XORs the keystream of the data's blocks (block 1 in set 0's
	// high lanes, then block 2k in set k's low lanes and 2k+1 in its high
	// ones) into the stack's data, all of the kernel's blocks whatever
	// the data's length (dispatch gives a kernel at most one block the
	// data does not reach; the buffer holds them all). A set's high lanes
	// are gathered into its own registers A and C, its low lanes into set
	// 0's A and B, free once block 1 is done.
	xorData := func() {
		for b := 1; b < 2*sets; b++ {
			l := b - 1
			v := x[b/2]
			imm, t0, t1 := U8(0x31), v[0], v[2]
			if b%2 == 0 {
				imm, t0, t1 = U8(0x20), x[0][0], x[0][1]
			}
			VPERM2I128(imm, v[1], v[0], t0) // rows A and B of the block
			VPERM2I128(imm, v[3], v[2], t1) // rows C and D
			VPXOR(buf.Offset(64+64*l), t0, t0)
			VPXOR(buf.Offset(96+64*l), t1, t1)
			VMOVDQU(t0, buf.Offset(64+64*l))
			VMOVDQU(t1, buf.Offset(96+64*l))
		}
	}

	n := RCX
	if !open {
		Comment("the ciphertext, in place of the data on the stack, for the MAC and dst")
		xorData()
		zeroPartialBlock(srcLenArg(), buf.Offset(64), padMask)
	}

	Comment("the lengths block, after the data's blocks")
	Load(Param("src").Len(), n)
	MOVQ(n, RAX)
	ADDQ(Imm(15), RAX)
	ANDQ(I32(-16), RAX)
	Load(Param("ad").Len(), RBX)
	MOVQ(RBX, buf.Offset(64).Idx(RAX, 1))
	MOVQ(n, buf.Offset(72).Idx(RAX, 1))

	Comment("the Poly1305 key: r (clamped); s is at key0+16")
	polyKeyMem(key0)

	macADAndStack(name, buf)

	tagAVX2(name, open, key0.Offset(16))
	if open {
		Comment("the tag is right: the plaintext, in place of the ciphertext on the stack")
		xorData()
	}
	Comment("the output to dst")
	Load(Param("dst").Base(), RDI)
	LEAQ(buf.Offset(64), RSI)
	Load(Param("src").Len(), RCX)
	copyBytes(name+"_out", RDI, RSI, RCX, RAX, false)
	if !open {
		VZEROUPPER()
		RET()
		return
	}
	openReturn(name)
}

// tagAVX2 emits the tag from h (polyMulAdd's accumulator) and s (at sKey),
// as tagDone does: for Seal, its store; for Open, the comparison with the
// tag, jumping to name_fail if it differs.
func tagAVX2(name string, open bool, sKey Mem) {
	reduceH()
	ADDQ(sKey, x0)
	ADCQ(sKey.Offset(8), x1)
	storeOrCheckTag(name, open)
}
