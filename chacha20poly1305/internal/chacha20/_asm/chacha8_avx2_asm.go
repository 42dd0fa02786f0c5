package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// iota8 (0, 1, ..., 7: the counter offsets of the eight vertical lanes) and
// eights (8 in every word, to advance them) are the eight-block AVX2
// kernel's constants.
var iota8, eights Mem

func constants8AVX2() {
	var ids, e [8]uint32
	for i := range ids {
		ids[i], e[i] = uint32(i), 8
	}
	iota8 = words32("iota8", 32, ids[:]...)
	eights = words32("eights", 32, e[:]...)
}

// vertical8 is the eight-block vertical AVX2 state during the rounds: word
// w of the eight blocks (one block per 32-bit lane, block l in lane l) is
// in register y[w], or in the stack slot mem(w) where y[w] is nil.
//
// Sixteen words and the two temporaries of the rotations by 12 and 7 need
// eighteen registers, and AVX2 has sixteen (Y0..Y15, VEX encodings only).
// Words 0..7 and 12..15 stay in Y0..Y7 and Y12..Y15; of the c row (words
// 8..11), whose words each take part in one quarter round of a half round,
// two are in Y8 and Y9 and two on the stack, and Y10 and Y11 are the
// temporaries. A half round runs two quarter rounds with one pair of c
// words, swaps the pairs (two stores, two loads), and runs the other two:
//
//	column round:   (0,4,8,12)  (1,5,9,13)   swap 8,9 -> 10,11   (2,6,10,14) (3,7,11,15)
//	diagonal round: (0,5,10,15) (1,6,11,12)  swap 10,11 -> 8,9   (2,7,8,13)  (3,4,9,14)
//
// so a double round starts and ends with words 8 and 9 in registers, and
// costs four stores and four loads.
// (vstate in chacha20poly1305/_asm/chunks_avx2_asm.go, another module, is its twin.)
type vertical8 struct {
	y   [16]VecPhysical
	t   []VecPhysical // the rotations' temporaries, one per quarter round side by side
	mem func(w int) Mem
}

// newVertical8 returns the layout of a double round's start: words 10 and
// 11 in the stack slots mem(10) and mem(11), the others in registers.
func newVertical8(mem func(w int) Mem) *vertical8 {
	return &vertical8{
		y:   [16]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, nil, nil, Y12, Y13, Y14, Y15},
		t:   []VecPhysical{Y10, Y11},
		mem: mem,
	}
}

// swap stores words out[0] and out[1] to their stack slots and loads in[0]
// and in[1] into the registers they leave.
func (v *vertical8) swap(out, in [2]int) {
	Comment("swap c words: registers to the stack, and the others back")
	for i := range 2 {
		VMOVDQA(v.y[out[i]], v.mem(out[i]))
	}
	for i := range 2 {
		v.y[in[i]] = v.y[out[i]]
		v.y[out[i]] = nil
		VMOVDQA(v.mem(in[i]), v.y[in[i]])
	}
}

// A step is one of a quarter round's four: "w += v; u ^= w; u <<<= n",
// with w, v and u indices into its a, b, c, d.
type step struct {
	add, src, xor int
	n             uint8
}

// qrSteps are the steps of a quarter round (RFC 8439, Section 2.1):
//
//	a += b; d ^= a; d <<<= 16;   c += d; b ^= c; b <<<= 12;
//	a += b; d ^= a; d <<<= 8;    c += d; b ^= c; b <<<= 7
var qrSteps = []step{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}}

// steps emits steps ss of the quarter rounds on the words qs, side by side:
// within a step, the additions, then the XORs, then the rotations. The
// rotations by 16 and 8 are VPSHUFB byte shuffles; those by 12 and 7 a left
// shift into a temporary (v.t[i] for quarter round qs[i]), a right shift and
// an OR.
func (v *vertical8) steps(qs [][4]int, ss []step) {
	for _, s := range ss {
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
				VPSHUFB(rot16, d, d)
			case 8:
				VPSHUFB(rot8, d, d)
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

// halfRound emits a column or diagonal round: the quarter rounds p1 with
// the c words out in registers, then p2 after swapping out for in.
//
// The rounds run at about 2.2 vector instructions a cycle of the three a
// core like this one issues: each quarter round is a chain of dependent
// one-cycle instructions, and a half round has only four such chains.
func (v *vertical8) halfRound(p1, p2 [][4]int, out, in [2]int) {
	v.steps(p1, qrSteps)
	v.swap(out, in)
	v.steps(p2, qrSteps)
}

// doubleRound emits a column round and a diagonal round, with words 8 and
// 9 in registers before and after.
func (v *vertical8) doubleRound() {
	Comment("column round")
	v.halfRound([][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}}, [][4]int{{2, 6, 10, 14}, {3, 7, 11, 15}}, [2]int{8, 9}, [2]int{10, 11})
	Comment("diagonal round")
	v.halfRound([][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}}, [][4]int{{2, 7, 8, 13}, {3, 4, 9, 14}}, [2]int{10, 11}, [2]int{8, 9})
}

// transpose8x8 takes eight registers w[0..7], register i holding word i of
// blocks 0..7 (block l in 32-bit lane l), and returns, for l in 0..7, a
// register with words 0..7 of block l, computed in w and in the eight
// temporaries t (which must not overlap w). It is a 4x4 transpose of words
// within each 128-bit lane of w[0..3] and of w[4..7] (VPUNPCK*), which
// leaves block l and l+4 in the low and high lanes of one register, and a
// swap of 128-bit lanes between the two halves (VPERM2I128).
func transpose8x8(w, t [8]VecPhysical) [8]VecPhysical {
	var q [2][4]VecPhysical // q[h][k]: words 4h..4h+3 of blocks k and k+4
	for h := range 2 {
		a, b, c, d := w[4*h], w[4*h+1], w[4*h+2], w[4*h+3]
		t0, t1, t2, t3 := t[4*h], t[4*h+1], t[4*h+2], t[4*h+3]
		VPUNPCKLDQ(b, a, t0)   // a0 b0 a1 b1 (and blocks 4, 5 in the high lane)
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
		VPERM2I128(U8(0x20), q[1][k], q[0][k], out[k])   // low lanes: block k
		VPERM2I128(U8(0x31), q[1][k], q[0][k], out[k+4]) // high lanes: block k+4
	}
	return out
}

// chacha8AVX2 emits the eight-block vertical AVX2 kernel: the layout of
// chacha16AVX512 in ymm registers (register i holds word i of eight blocks,
// the counters counting up across the lanes), with two of the c row's words
// on the stack at any time (vertical8), and an 8x8 transpose of words to
// write 512 bytes. The first column round's quarter rounds on columns 1, 2
// and 3 do not read the counter: they are computed once a call
// (firstColumns), 3 of the 80 quarter rounds of a chunk.
func chacha8AVX2() {
	TEXT("chacha8AVX2", 0, "func(s *[16]uint32, dst, src []byte)")
	Pragma("noescape")
	Doc("chacha8AVX2 sets dst = src XOR keystream for the whole 512-byte",
		"chunks of src (8 blocks each), from the block counter of s, which it",
		"does not advance. len(dst) >= len(src). It requires AVX2.")
	sp := Load(Param("s"), RAX)
	dst := Load(Param("dst").Base(), RDI)
	src := Load(Param("src").Base(), RSI)
	n := Load(Param("src").Len(), RCX)
	SHRQ(U8(9), n)
	JZ(LabelRef("done_chacha8AVX2"))

	Comment("R8: 32-byte aligned stack slots: in(w), the input word w in",
		"every lane (the counters counting up), work(w) for words 8..15, and",
		"first(w), words of the first column round (columns 1..3)")
	frame := AllocLocal(32*(16+8+16) + 32)
	LEAQ(frame.Offset(31), R8)
	ANDQ(I8(-32), R8)
	in := func(w int) Mem { return Mem{Base: R8, Disp: 32 * w} }
	work := func(w int) Mem { return Mem{Base: R8, Disp: 32 * (16 + w - 8)} }
	first := func(w int) Mem { return Mem{Base: R8, Disp: 32 * (24 + w)} }
	for w := range 16 {
		VPBROADCASTD(Mem{Base: sp, Disp: 4 * w}, Y0)
		if w == 12 {
			VPADDD(iota8, Y0, Y0)
		}
		VMOVDQA(Y0, in(w))
	}
	firstColumns(in, first)

	Label("chunk_chacha8AVX2")
	v := firstColumn0(in, first, work)
	Comment("the first diagonal round")
	v.halfRound([][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}}, [][4]int{{2, 7, 8, 13}, {3, 4, 9, 14}}, [2]int{10, 11}, [2]int{8, 9})
	MOVQ(U32(9), RDX)
	Label("round_chacha8AVX2")
	v.doubleRound()
	DECQ(RDX)
	JNZ(LabelRef("round_chacha8AVX2"))

	Comment("words 0..7 plus the input: bytes 0..31 of each block")
	for _, w := range []int{8, 9, 12, 13, 14, 15} {
		VMOVDQA(v.y[w], work(w))
	}
	lo := [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	hi := [8]VecPhysical{Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
	for i, r := range lo {
		VPADDD(in(i), r, r)
	}
	xorStore8(dst, src, 0, transpose8x8(lo, hi))
	Comment("words 8..15 plus the input: bytes 32..63 of each block")
	for i, r := range lo {
		VMOVDQA(work(8+i), r)
		VPADDD(in(8+i), r, r)
	}
	xorStore8(dst, src, 32, transpose8x8(lo, hi))

	Comment("the next chunk's counters")
	VMOVDQA(in(12), Y0)
	VPADDD(eights, Y0, Y0)
	VMOVDQA(Y0, in(12))
	ADDQ(U32(512), src)
	ADDQ(U32(512), dst)
	DECQ(n)
	JNZ(LabelRef("chunk_chacha8AVX2"))

	Label("done_chacha8AVX2")
	VZEROUPPER()
	RET()
}

// firstColumns emits the first column round's quarter rounds on columns 1,
// 2 and 3, which do not read the block counter (word 12) and so are the
// same for every chunk of a call, from the input words in(w) to first(w).
func firstColumns(in, first func(w int) Mem) {
	Comment("the first column round on columns 1, 2 and 3, for every chunk")
	v := &vertical8{t: []VecPhysical{Y12, Y13, Y14}}
	regs := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11}
	cols := [][4]int{{1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	for i, w := range [12]int{1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15} {
		v.y[w] = regs[i]
		VMOVDQA(in(w), v.y[w])
	}
	v.steps(cols, qrSteps)
	for _, q := range cols {
		for _, w := range q {
			VMOVDQA(v.y[w], first(w))
		}
	}
}

// firstColumn0 emits, for a chunk, the first column round's quarter round
// on column 0 (from the input and the counters), and returns the state
// after the column round, as the diagonal round takes it: words 10 and 11
// in registers, 8 and 9 in work(8) and work(9).
func firstColumn0(in, first, work func(w int) Mem) *vertical8 {
	Comment("the first column round: column 0 here, columns 1, 2, 3 from first(w)")
	v := newVertical8(work)
	v.y[8], v.y[9], v.y[10], v.y[11] = Y11, nil, Y8, Y9
	v.t = []VecPhysical{Y10}
	for _, w := range []int{0, 4, 8, 12} {
		VMOVDQA(in(w), v.y[w])
	}
	for w := range 16 {
		if v.y[w] != nil && w%4 != 0 {
			VMOVDQA(first(w), v.y[w])
		}
	}
	VMOVDQA(first(9), Y10)
	VMOVDQA(Y10, work(9))
	v.steps([][4]int{{0, 4, 8, 12}}, qrSteps)
	VMOVDQA(v.y[8], work(8))
	v.y[8] = nil
	v.t = []VecPhysical{Y10, Y11}
	return v
}

// xorStore8 emits, for each block l, dst[64l+off:][:32] =
// src[64l+off:][:32] XOR ks[l].
func xorStore8(dst, src Register, off int, ks [8]VecPhysical) {
	for l, k := range ks {
		VPXOR(Mem{Base: src, Disp: 64*l + off}, k, k)
		VMOVDQU(k, Mem{Base: dst, Disp: 64*l + off})
	}
}
