package main

import (
	"strconv"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 chunk kernels (-kernel chunksavx2, chunks_avx2_amd64.s) are Seal
// and Open of long messages for CPUs without AVX-512, with the MAC stitched
// into the cipher's rounds: ChaCha20 on eight blocks at a time in the
// vertical layout of the chacha20 package's chacha8AVX2 (word i of eight
// blocks per ymm register, one block per 32-bit lane; two of the c row's
// words on the stack, swapped between the pairs of quarter rounds; an 8x8
// word transpose to write 512 bytes), and Poly1305 on 64-bit words with MULX
// (polyMulAdd) beside it, one block of the MAC after each pair of quarter
// rounds while any is pending.
//
// The vertical rounds keep about 2.2 of the three vector ports' slots a
// cycle busy (four chains of dependent one-cycle instructions a half
// round); the MAC's instructions, a chain of products and carries, fill
// the rest and the integer ports.
//
// The message is cut into chunks of eight blocks: chunk 0 holds block 0
// (the Poly1305 key) and the data's first seven blocks, its keystream
// written to the stack; then whole chunks of 512 bytes, XORed where they
// are; then the last partial chunk, copied through the stack (AVX2 has no
// masked loads or stores), on one or two horizontal sets of two blocks (as
// the short kernels' avx2QuarterRound) if it is at most 128 or 256 bytes
// long: their rounds' latency, about 300 cycles, is about that of the 32
// MAC blocks beside them, where the vertical blocks' take 600. Every
// branch tests a public length.
//
// The first column round's quarter rounds on columns 1, 2 and 3 do not
// read the counter: they are computed once a call, as chacha8AVX2 does,
// and each chunk's rounds start from them and its column 0.
//
// The MAC's blocks go after each pair of quarter rounds from the first
// diagonal round on (38 places, a chunk's 32 done by the eighth double
// round's end). Each block is polyMulAdd's step, whose bounds (x2 < 2^63 on
// entry and exit, for any 16-byte blocks and clamped r) hold whatever the
// order of the blocks and the work between them. The rounds take every
// block pending when they start: at most 33 (a chunk's, or the tail's 32
// and the lengths block) for the vertical rounds' 38 places, 32 for the
// horizontal sets' 40.
//
// Seal's MAC runs one chunk behind the cipher: during a chunk's rounds, it
// takes the ciphertext the previous chunk wrote (chunk 0's during the
// first whole chunk's); the last partial chunk's ciphertext and the
// lengths block follow its rounds. Open's MAC takes each chunk's own
// ciphertext during its rounds, read before its plaintext is written (dst
// may be src); chunk 0's follows the additional data's before any round
// runs beside it (the out-of-order core overlaps it with the next chunk's
// rounds). Open writes the plaintext whether or not the tag is
// right: the caller zeroes dst if it is not.

var (
	vSigma  Mem // ChaCha20's constant words
	vIota8  Mem // 0, 1, ..., 7: the counter offsets of the eight lanes
	vEights Mem // 8 in every word: the next chunk's counters
	vRot16  Mem // VPSHUFB mask rotating each 32-bit word left by 16
	vRot8   Mem // and by 8
	vPad    Mem // 16 bytes of 0xff then 16 of zeros: at 16 - k, the mask of k bytes
)

// chunksAVX2Constants emits the AVX2 chunk kernels' constants, under names
// of their own (the short kernels' are in another file of the package).
func chunksAVX2Constants() {
	vSigma = GLOBL("vsigma", RODATA|NOPTR)
	for i, c := range []uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574} {
		DATA(4*i, U32(c))
	}
	vIota8 = ymmWords("viota8", [8]uint32{0, 1, 2, 3, 4, 5, 6, 7})
	vEights = ymmWords("veights", [8]uint32{8, 8, 8, 8, 8, 8, 8, 8})
	vRot16 = rotTable("vrot16", 16)
	vRot8 = rotTable("vrot8", 8)
	vPad = padMaskTable("vpadmask")
}

// chunksAVX2 emits sealAVX2Chunks and openAVX2Chunks.
func chunksAVX2() {
	chunksAVX2Constants()
	chunksAVX2Kernel("sealAVX2Chunks", false)
	chunksAVX2Kernel("openAVX2Chunks", true)
}

// vstate is the eight-block vertical state during the rounds: word w of
// the eight blocks in register y[w], or in the stack slot mem(w) where
// y[w] is nil. Words 0..7 and 12..15 stay in Y0..Y7 and Y12..Y15; of the c
// row (words 8..11), two are in registers and two on the stack, swapped
// between a half round's two pairs of quarter rounds; Y10 and Y11 are the
// temporaries of the rotations by 12 and 7:
//
//	column round:   (0,4,8,12)  (1,5,9,13)   swap 8,9 -> 10,11   (2,6,10,14) (3,7,11,15)
//	diagonal round: (0,5,10,15) (1,6,11,12)  swap 10,11 -> 8,9   (2,7,8,13)  (3,4,9,14)
//
// A double round starts and ends with words 8 and 9 in registers.
// (vertical8 in internal/chacha20/_asm/chacha8_avx2_asm.go, another module, is its twin.)
type vstate struct {
	y   [16]VecPhysical
	t   []VecPhysical // the rotations' temporaries, one per quarter round side by side
	mem func(w int) Mem
}

func newVState(mem func(w int) Mem) *vstate {
	return &vstate{
		y:   [16]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, nil, nil, Y12, Y13, Y14, Y15},
		t:   []VecPhysical{Y10, Y11},
		mem: mem,
	}
}

// swap stores words out to their slots and loads in into the registers
// they leave.
func (v *vstate) swap(out, in [2]int) {
	for i := range 2 {
		VMOVDQA(v.y[out[i]], v.mem(out[i]))
	}
	for i := range 2 {
		v.y[in[i]] = v.y[out[i]]
		v.y[out[i]] = nil
		VMOVDQA(v.mem(in[i]), v.y[in[i]])
	}
}

// quarterPair emits two quarter rounds, qs, side by side: within each of
// the four steps ("a += b; d ^= a; d <<<= 16", and so on, RFC 8439,
// Section 2.1), the additions, the XORs, then the rotations (by 16 and 8
// byte shuffles; by 12 and 7 two shifts and an OR).
func (v *vstate) quarterPair(qs ...[4]int) {
	for _, s := range []struct {
		add, src, xor int
		n             uint8
	}{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}} {
		for _, q := range qs {
			VPADDD(v.y[q[s.src]], v.y[q[s.add]], v.y[q[s.add]])
		}
		for _, q := range qs {
			VPXOR(v.y[q[s.add]], v.y[q[s.xor]], v.y[q[s.xor]])
		}
		for i, q := range qs {
			d := v.y[q[s.xor]]
			switch s.n {
			case 16:
				VPSHUFB(vRot16, d, d)
			case 8:
				VPSHUFB(vRot8, d, d)
			default:
				VPSLLD(U8(s.n), d, v.t[i])
			}
		}
		if s.n == 12 || s.n == 7 {
			for _, q := range qs {
				VPSRLD(U8(32-s.n), v.y[q[s.xor]], v.y[q[s.xor]])
			}
			for i, q := range qs {
				VPOR(v.t[i], v.y[q[s.xor]], v.y[q[s.xor]])
			}
		}
	}
}

// doubleRound emits a column and a diagonal round, with mac() after each
// pair of quarter rounds.
func (v *vstate) doubleRound(mac func()) {
	Comment("column round")
	v.quarterPair([4]int{0, 4, 8, 12}, [4]int{1, 5, 9, 13})
	mac()
	v.swap([2]int{8, 9}, [2]int{10, 11})
	v.quarterPair([4]int{2, 6, 10, 14}, [4]int{3, 7, 11, 15})
	mac()
	Comment("diagonal round")
	v.quarterPair([4]int{0, 5, 10, 15}, [4]int{1, 6, 11, 12})
	mac()
	v.swap([2]int{10, 11}, [2]int{8, 9})
	v.quarterPair([4]int{2, 7, 8, 13}, [4]int{3, 4, 9, 14})
	mac()
}

// vTranspose takes eight registers w, register i holding word i of blocks
// 0..7, and returns for each block l a register with its words 0..7,
// computed in w and the temporaries t: a 4x4 transpose of words within each
// 128-bit lane of w[0..3] and of w[4..7], then a swap of 128-bit lanes.
func vTranspose(w, t [8]VecPhysical) [8]VecPhysical {
	var q [2][4]VecPhysical
	for h := range 2 {
		a, b, c, d := w[4*h], w[4*h+1], w[4*h+2], w[4*h+3]
		t0, t1, t2, t3 := t[0], t[1], t[2], t[3]
		VPUNPCKLDQ(b, a, t0)   // a0 b0 a1 b1
		VPUNPCKHDQ(b, a, t1)   // a2 b2 a3 b3
		VPUNPCKLDQ(d, c, t2)   // c0 d0 c1 d1
		VPUNPCKHDQ(d, c, t3)   // c2 d2 c3 d3
		VPUNPCKLQDQ(t2, t0, a) // a0 b0 c0 d0
		VPUNPCKHQDQ(t2, t0, b) // a1 b1 c1 d1
		VPUNPCKLQDQ(t3, t1, c) // a2 b2 c2 d2
		VPUNPCKHQDQ(t3, t1, d) // a3 b3 c3 d3
		q[h] = [4]VecPhysical{a, b, c, d}
	}
	var out [8]VecPhysical
	for k := range 4 {
		out[k], out[k+4] = t[2*k], t[2*k+1]
		VPERM2I128(U8(0x20), q[1][k], q[0][k], out[k])   // block k
		VPERM2I128(U8(0x31), q[1][k], q[0][k], out[k+4]) // block k+4
	}
	return out
}

// chunksAVX2Kernel emits sealAVX2Chunks or (open) openAVX2Chunks.
//
// Registers: polyMulAdd's (R8..R15, RAX, RBX, RCX, RDX), bp (RSI) the
// MAC's next pending block, and RDI the 32-byte aligned frame of the
// vertical state (in(w), the input words; work(w), words 8..15 on the
// stack) and of the stack buffers: ks0, chunk 0's keystream, and tb, the
// last partial chunk and the lengths block. Y0..Y15 are the rounds'. The
// end of the pending blocks, the round counter and the data's pointers are
// stack slots.
func chunksAVX2Kernel(name string, open bool) {
	kernelTextFlags(name, open, 0)
	if open {
		Doc(name+" decrypts src, more than 448 bytes, into dst and returns 1 if",
			"its tag over ad and src (RFC 8439, Section 2.8) equals tag, and 0",
			"otherwise, under key and nonce; dst is written either way. len(dst)",
			">= len(src). It requires AVX2 and BMI2.")
	} else {
		Doc(name+" encrypts src, more than 448 bytes, into dst and writes the",
			"tag over ad and the ciphertext (RFC 8439, Section 2.8) to tag, under",
			"key and nonce. len(dst) >= len(src). It requires AVX2 and BMI2.")
	}
	const (
		workOff  = 32 * 16
		firstOff = 32 * 24
		ks0Off   = firstOff + 32*16
		tbOff    = ks0Off + 512
		frameSz  = tbOff + 512 + 32
	)
	frame := AllocLocal(frameSz + 32)
	rkey, sKey, adBuf := AllocLocal(16), AllocLocal(16), AllocLocal(16)
	srcp, dstp, rem, ctr, end := AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8), AllocLocal(8)
	r1op, r05op = rkey, rkey.Offset(8)
	fp := RDI
	base := func() {
		LEAQ(frame.Offset(31), fp)
		ANDQ(I8(-32), fp)
	}
	in := func(w int) Mem { return Mem{Base: fp, Disp: 32 * w} }
	work := func(w int) Mem { return Mem{Base: fp, Disp: workOff + 32*(w-8)} }
	first := func(w int) Mem { return Mem{Base: fp, Disp: firstOff + 32*w} }
	ks0 := Mem{Base: fp, Disp: ks0Off}
	tb := Mem{Base: fp, Disp: tbOff}

	base()
	Comment("the input words, each in every lane, the counters 0..7")
	key := Load(Param("key"), RAX)
	nonce := Load(Param("nonce"), RBX)
	for w := range 16 {
		switch {
		case w < 4:
			VPBROADCASTD(vSigma.Offset(4*w), Y0)
		case w < 12:
			VPBROADCASTD(Mem{Base: key, Disp: 4 * (w - 4)}, Y0)
		case w == 12:
			VMOVDQU(vIota8, Y0)
		default:
			VPBROADCASTD(Mem{Base: nonce, Disp: 4 * (w - 13)}, Y0)
		}
		VMOVDQA(Y0, in(w))
	}

	Comment("the first column round on columns 1, 2 and 3, which do not read the counter,")
	Comment("for every chunk")
	{
		v := &vstate{t: []VecPhysical{Y12, Y13, Y14}}
		regs := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11}
		cols := [][4]int{{1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
		for i, w := range [12]int{1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15} {
			v.y[w] = regs[i]
			VMOVDQA(in(w), v.y[w])
		}
		v.quarterPair(cols...)
		for _, q := range cols {
			for _, w := range q {
				VMOVDQA(v.y[w], first(w))
			}
		}
	}

	// macStep emits one pending block of the MAC, if any. The pending
	// blocks, bp up to end, are whole 16-byte blocks: bp meets end
	// exactly, and the tests are for equality.
	n := 0
	macStep := func() {
		n++
		skip := name + "_m" + strconv.Itoa(n)
		CMPQ(bp, end)
		JE(LabelRef(skip))
		polyMulAdd(Mem{Base: bp}, Mem{Base: bp, Disp: 8})
		ADDQ(Imm(16), bp)
		Label(skip)
	}
	// drain emits the MAC of the pending blocks, bp up to end.
	drain := func(label string) {
		Label(label)
		CMPQ(bp, end)
		JE(LabelRef(label + "_done"))
		polyMulAdd(Mem{Base: bp}, Mem{Base: bp, Disp: 8})
		ADDQ(Imm(16), bp)
		JMP(LabelRef(label))
		Label(label + "_done")
	}
	// lo holds words 0..7 of the vertical state (see newVState); hi is
	// free after the rounds.
	lo := [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	hi := [8]VecPhysical{Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
	// rounds emits the twenty rounds of the chunk whose input words are
	// in(w), with the MAC beside them if mac, and leaves the keystream's
	// words 0..7 in Y0..Y7 and 8..15 in work(w).
	rounds := func(label string, mac bool) {
		step := func() {}
		if mac {
			step = macStep
		}
		Comment("the first column round: column 0 here, columns 1, 2, 3 from first(w)")
		v := newVState(work)
		v.y[8], v.y[9], v.y[10], v.y[11] = Y11, nil, Y8, Y9
		v.t = []VecPhysical{Y10}
		for w := range 16 {
			switch {
			case v.y[w] == nil:
			case w%4 == 0:
				VMOVDQA(in(w), v.y[w])
			default:
				VMOVDQA(first(w), v.y[w])
			}
		}
		VMOVDQA(first(9), Y10)
		VMOVDQA(Y10, work(9))
		v.quarterPair([4]int{0, 4, 8, 12})
		VMOVDQA(v.y[8], work(8))
		v.y[8] = nil
		v.t = []VecPhysical{Y10, Y11}
		Comment("the first diagonal round")
		v.quarterPair([4]int{0, 5, 10, 15}, [4]int{1, 6, 11, 12})
		step()
		v.swap([2]int{10, 11}, [2]int{8, 9})
		v.quarterPair([4]int{2, 7, 8, 13}, [4]int{3, 4, 9, 14})
		step()
		MOVQ(U32(9), ctr)
		Label(label)
		v.doubleRound(step)
		DECQ(ctr)
		JNZ(LabelRef(label))
		for _, w := range []int{8, 9, 12, 13, 14, 15} {
			VMOVDQA(v.y[w], work(w))
		}
		for i, r := range lo {
			VPADDD(in(i), r, r)
		}
	}
	// output emits, after rounds, the XOR of the chunk's keystream with
	// the 512 bytes at s into d (registers), or its store to d if s is nil.
	output := func(d, s Register) {
		half := func(off int) {
			for l, k := range vTranspose(lo, hi) {
				if s != nil {
					VPXOR(Mem{Base: s, Disp: 64*l + off}, k, k)
				}
				VMOVDQU(k, Mem{Base: d, Disp: 64*l + off})
			}
		}
		half(0)
		for i, r := range lo {
			VMOVDQA(work(8+i), r)
			VPADDD(in(8+i), r, r)
		}
		half(32)
	}
	nextCounters := func() {
		VMOVDQA(in(12), Y0)
		VPADDD(vEights, Y0, Y0)
		VMOVDQA(Y0, in(12))
	}

	// horizontal emits the tail's keystream on sets horizontal sets of two
	// blocks (a row of the 4x4 state per register, a block per 128-bit
	// lane, as the short kernels' avx2QuarterRound takes them), from the
	// counter in lane 0 of in(12), with a pending MAC block after each
	// half round and each shuffle of the rows, XORed into tb.
	horizontal := func(label string, sets int) {
		x := [][4]VecPhysical{{Y0, Y1, Y2, Y3}, {Y4, Y5, Y6, Y7}}[:sets]
		tmp := []VecPhysical{Y12, Y13}
		rowA, rowB, rowC := Y8, Y9, Y10
		dRow := func(k int) Mem { return work(8 + k) }
		Comment("row D of each set: the counters and the nonce, through the stack")
		nonce := Load(Param("nonce"), RBX)
		MOVL(in(12), EAX)
		MOVQ(Mem{Base: nonce}, RDX)
		MOVL(Mem{Base: nonce, Disp: 8}, R12L)
		for k := range sets {
			for l := range 2 {
				d := dRow(k).Offset(16 * l)
				MOVL(EAX, d)
				MOVQ(RDX, d.Offset(4))
				MOVL(R12L, d.Offset(12))
				INCL(EAX)
			}
		}
		key := Load(Param("key"), RBX)
		VBROADCASTI128(vSigma, rowA)
		VBROADCASTI128(Mem{Base: key}, rowB)
		VBROADCASTI128(Mem{Base: key, Disp: 16}, rowC)
		for k := range x {
			VMOVDQA(rowA, x[k][0])
			VMOVDQA(rowB, x[k][1])
			VMOVDQA(rowC, x[k][2])
			VMOVDQA(dRow(k), x[k][3])
		}
		MOVQ(U32(10), ctr)
		Label(label)
		avx2QuarterRound(x, tmp, vRot16, vRot8, Mem{})
		macStep()
		avx2Diagonalize(x)
		macStep()
		avx2QuarterRound(x, tmp, vRot16, vRot8, Mem{})
		macStep()
		avx2Undiagonalize(x)
		macStep()
		DECQ(ctr)
		JNZ(LabelRef(label))
		for k := range x {
			VPADDD(rowA, x[k][0], x[k][0])
			VPADDD(rowB, x[k][1], x[k][1])
			VPADDD(rowC, x[k][2], x[k][2])
			VPADDD(dRow(k), x[k][3], x[k][3])
			for l, imm := range []U8{0x20, 0x31} {
				b := tb.Offset(64 * (2*k + l))
				VPERM2I128(imm, x[k][1], x[k][0], Y12) // rows A and B of the block
				VPERM2I128(imm, x[k][3], x[k][2], Y13) // rows C and D
				VPXOR(b, Y12, Y12)
				VPXOR(b.Offset(32), Y13, Y13)
				VMOVDQU(Y12, b)
				VMOVDQU(Y13, b.Offset(32))
			}
		}
	}

	Comment("chunk 0: block 0 (the Poly1305 key) and the data's first seven blocks")
	rounds(name+"_r0", false)
	LEAQ(ks0, RDX)
	output(RDX, nil)
	nextCounters()
	Comment("the Poly1305 key: r (clamped) and s are block 0's first 32 bytes")
	polyKeyMem(ks0)
	VMOVDQU(ks0.Offset(16), X0)
	VMOVDQU(X0, sKey)
	// xor0 emits dst[:448] = src[:448] XOR chunk 0's data keystream.
	xor0 := func() {
		Load(Param("src").Base(), R12)
		Load(Param("dst").Base(), R13)
		for i := range 14 {
			VMOVDQU(Mem{Base: R12, Disp: 32 * i}, Y0)
			VPXOR(ks0.Offset(64+32*i), Y0, Y0)
			VMOVDQU(Y0, Mem{Base: R13, Disp: 32 * i})
		}
	}
	if !open {
		xor0()
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
	VMOVDQU(X12, adBuf)
	Load(Param("ad").Base(), R13)
	Load(Param("ad").Len(), RAX)
	ANDQ(I32(-16), RAX)
	ADDQ(RAX, R13)
	LEAQ(adBuf, R12)
	copyBytes(name+"_adtail", R12, R13, R14, R15, true)
	polyMulAdd(adBuf, adBuf.Offset(8))
	Label(name + "_adend")
	base()

	Load(Param("src").Base(), R12)
	Load(Param("dst").Base(), R13)
	if open {
		Comment("chunk 0's ciphertext to the MAC, then its plaintext")
		MOVQ(R12, bp)
		LEAQ(Mem{Base: R12, Disp: 448}, RAX)
		MOVQ(RAX, end)
		drain(name + "_c0")
		xor0()
	} else {
		Comment("chunk 0's ciphertext is the MAC's pending blocks")
		MOVQ(R13, bp)
		LEAQ(Mem{Base: R13, Disp: 448}, RAX)
		MOVQ(RAX, end)
	}
	ADDQ(U32(448), R12)
	ADDQ(U32(448), R13)
	MOVQ(R12, srcp)
	MOVQ(R13, dstp)
	Load(Param("src").Len(), RAX)
	SUBQ(U32(448), RAX)
	MOVQ(RAX, rem)

	Comment("whole chunks of 512 bytes, the MAC beside the rounds")
	Label(name + "_chunk")
	CMPQ(rem, U32(512))
	JB(LabelRef(name + "_tail"))
	if open {
		Comment("the chunk's ciphertext is the MAC's pending blocks: bp is srcp")
		Comment("already, where the previous ones, all taken, ended")
		ADDQ(U32(512), end)
	}
	rounds(name+"_r", true)
	MOVQ(srcp, R12)
	MOVQ(dstp, R13)
	output(R13, R12)
	if !open {
		Comment("the chunk's ciphertext is the next rounds' pending blocks: bp is")
		Comment("dstp already, where the previous ones, all taken, ended")
		ADDQ(U32(512), end)
	}
	nextCounters()
	ADDQ(U32(512), srcp)
	ADDQ(U32(512), dstp)
	SUBQ(U32(512), rem)
	JMP(LabelRef(name + "_chunk"))

	Comment("the last partial chunk (rem < 512 bytes, maybe none) through the stack")
	Label(name + "_tail")
	VPXOR(Y0, Y0, Y0)
	for off := 0; off < 512+32; off += 32 {
		VMOVDQA(Y0, tb.Offset(off))
	}
	MOVQ(srcp, R13)
	LEAQ(tb, R12)
	MOVQ(rem, R14)
	copyBytes(name+"_in", R12, R13, R14, R15, false)
	// lengths writes the lengths block after the tail's blocks, and sets
	// the MAC's pending blocks to the tail's and it.
	lengths := func() {
		MOVQ(rem, RAX)
		ADDQ(Imm(15), RAX)
		ANDQ(I32(-16), RAX)
		Load(Param("ad").Len(), RBX)
		MOVQ(RBX, tb.Idx(RAX, 1))
		Load(Param("src").Len(), RBX)
		MOVQ(RBX, tb.Offset(8).Idx(RAX, 1))
		LEAQ(tb, bp)
		LEAQ(tb.Offset(16).Idx(RAX, 1), RAX)
		MOVQ(RAX, end)
	}
	if open {
		Comment("Open: the tail's ciphertext and the lengths are the MAC's pending blocks")
		lengths()
	}
	CMPQ(rem, Imm(0))
	JE(LabelRef(name + "_norounds"))
	Comment("a tail of at most 128 or 256 bytes on one or two horizontal sets, whose rounds'")
	Comment("latency is about the MAC's beside them; a longer one on the eight vertical blocks")
	CMPQ(rem, U32(128))
	JA(LabelRef(name + "_two"))
	horizontal(name+"_t1", 1)
	JMP(LabelRef(name + "_tout"))
	Label(name + "_two")
	CMPQ(rem, U32(256))
	JA(LabelRef(name + "_t8"))
	horizontal(name+"_t2", 2)
	JMP(LabelRef(name + "_tout"))
	Label(name + "_t8")
	rounds(name+"_rt", true)
	LEAQ(tb, R12)
	output(R12, R12)
	Label(name + "_tout")
	if !open {
		zeroPartialBlock(rem, tb, vPad)
	}
	MOVQ(dstp, R12)
	LEAQ(tb, R13)
	MOVQ(rem, R14)
	copyBytes(name+"_out", R12, R13, R14, R15, false)
	Label(name + "_norounds")
	drain(name + "_pend")
	if !open {
		Comment("Seal: the tail's ciphertext and the lengths")
		lengths()
		drain(name + "_last")
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
