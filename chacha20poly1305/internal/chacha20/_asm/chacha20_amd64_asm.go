// Command _asm generates chacha20's amd64 assembly: the ChaCha20 keystream
// XOR of RFC 8439, Section 2.4, on AVX-512 (sixteen blocks at a time, and
// eight for what is left) and on AVX2 (eight blocks at a time).
//
// Two layouts of the state are used.
//
// Vertical (16 blocks in zmm, 8 in ymm): register i holds word i of every
// block, one block per 32-bit lane, the block counters counting up across
// the lanes. A quarter round is then the RFC's twelve operations on whole
// registers, and the four quarter rounds of a column or diagonal round are
// independent, so they are interleaved. Afterwards the registers are
// transposed so that each holds one block's 64 bytes.
//
// Horizontal (4 blocks in zmm, 2 in ymm): register A, B, C or D holds one
// row of the 4x4 state matrix of each block, one block per 128-bit lane. A
// column round is one quarter round on the four rows; the diagonal round is
// the same after rotating rows B, C and D left by 1, 2 and 3 words within
// each lane (VPSHUFD), and rotating them back after it.
//
// The functions read the state but do not write it: the caller advances the
// counter. Every operation is on public lengths or on secret data without
// data-dependent branches or memory indices.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

//go:generate go run . -out ../chacha20_amd64.s -stubs ../chacha20_stubs_amd64.go -pkg chacha20

func main() {
	ConstraintExpr("!purego")
	constants()
	chacha16AVX512()
	chacha16HeadAVX512()
	chachaHorizontalAVX512("chacha8AVX512", 2)
	headSetsAVX512("chacha24HeadAVX512", 2)
	constants8AVX2()
	chacha8AVX2()
	Generate()
}

var (
	rot16, rot8 Mem // VPSHUFB masks rotating each 32-bit word left by 16 and 8
	iota16      Mem // 0, 1, ..., 15: the counter offsets of the vertical lanes
	sixteen     Mem // 16, to advance the vertical counters
	laneCtr4    Mem // 0, 1, 2, 3 in word 0 of each 128-bit lane
	four        Mem // 4 in word 0 of a 128-bit lane
)

func constants() {
	var ids, lanes [16]uint32
	for i := range ids {
		ids[i] = uint32(i)
	}
	for l := range 4 {
		lanes[4*l] = uint32(l)
	}
	iota16 = words32("iota16", 64, ids[:]...)
	sixteen = words32("sixteen", 4, 16)
	laneCtr4 = words32("lanectr4", 64, lanes[:]...)
	// Byte i of a rotated word w comes from byte (i - w - n/8) mod 4 of
	// w, for a rotation left by n bits.
	var r16, r8 [32]byte
	for i := range r16 {
		w := i &^ 3 // the byte's word
		r16[i] = byte((i-w+2)%4 + w)
		r8[i] = byte((i-w+3)%4 + w)
	}
	rot16 = bytes8("rot16", 32, r16[:]...)
	rot8 = bytes8("rot8", 32, r8[:]...)
	four = words32("four", 16, 4, 0, 0, 0)
}

// words32 emits the read-only table name of 32-bit words and returns it.
// size is what the instructions that read it load, in bytes: the words
// must fill it, as a shorter table would be read past its end.
func words32(name string, size int, words ...uint32) Mem {
	if 4*len(words) != size {
		panic(fmt.Sprintf("table %s: %d words for a %d-byte load", name, len(words), size))
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i, w := range words {
		DATA(4*i, U32(w))
	}
	return m
}

// bytes8 is words32 for a table of bytes.
func bytes8(name string, size int, bytes ...byte) Mem {
	if len(bytes) != size {
		panic(fmt.Sprintf("table %s: %d bytes for a %d-byte load", name, len(bytes), size))
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i, b := range bytes {
		DATA(i, U8(b))
	}
	return m
}

// quarterRounds emits the quarter rounds (RFC 8439, Section 2.1) on the
// word indices qs of x, interleaved step by step so that their dependency
// chains run side by side: within a step, each quarter round's addition,
// XOR and rotation in turn: the CPU picks an execution port for each
// instruction as it enters the scheduler, and the rotations have only one.
func quarterRounds(x []VecVirtual, qs [][4]int) {
	// Each step is "w += v; u ^= w; u <<<= n", with w, v, u indices into a
	// quarter round's a, b, c, d:
	//
	//	a += b; d ^= a; d <<<= 16; c += d; b ^= c; b <<<= 12;
	//	a += b; d ^= a; d <<<= 8;  c += d; b ^= c; b <<<= 7
	type step struct {
		add, src, xor int
		n             uint8
	}
	for _, s := range []step{{0, 1, 3, 16}, {2, 3, 1, 12}, {0, 1, 3, 8}, {2, 3, 1, 7}} {
		for _, q := range qs {
			VPADDD(x[q[s.src]], x[q[s.add]], x[q[s.add]])
			VPXORD(x[q[s.add]], x[q[s.xor]], x[q[s.xor]])
			VPROLD(U8(s.n), x[q[s.xor]], x[q[s.xor]])
		}
	}
}

// transpose4Lanes returns, for four registers r[0..3] whose 128-bit lane L
// holds quarter g of block L (r[g]), the four registers holding blocks 0..3
// whole: a 4x4 transpose of 128-bit lanes with VSHUFI32X4.
func transpose4Lanes(r [4]VecVirtual) [4]VecVirtual {
	s0, s1, s2, s3 := ZMM(), ZMM(), ZMM(), ZMM()
	// VSHUFI32X4 imm, b, a, d: lanes 0 and 1 of d from a, 2 and 3 from b,
	// each chosen by two bits of imm.
	VSHUFI32X4(U8(0x44), r[1], r[0], s0) // r0.L0 r0.L1 r1.L0 r1.L1
	VSHUFI32X4(U8(0xee), r[1], r[0], s1) // r0.L2 r0.L3 r1.L2 r1.L3
	VSHUFI32X4(U8(0x44), r[3], r[2], s2) // r2.L0 r2.L1 r3.L0 r3.L1
	VSHUFI32X4(U8(0xee), r[3], r[2], s3) // r2.L2 r2.L3 r3.L2 r3.L3
	var out [4]VecVirtual
	for i := range out {
		out[i] = ZMM()
	}
	VSHUFI32X4(U8(0x88), s2, s0, out[0]) // r0.L0 r1.L0 r2.L0 r3.L0
	VSHUFI32X4(U8(0xdd), s2, s0, out[1]) // r0.L1 r1.L1 r2.L1 r3.L1
	VSHUFI32X4(U8(0x88), s3, s1, out[2]) // r0.L2 ...
	VSHUFI32X4(U8(0xdd), s3, s1, out[3]) // r0.L3 ...
	return out
}

// xorStore emits dst[off:off+64] = src[off:off+64] XOR ks.
func xorStore(dst, src Register, off int, ks VecVirtual) {
	VPXORD(Mem{Base: src, Disp: off}, ks, ks)
	VMOVDQU64(ks, Mem{Base: dst, Disp: off})
}

// laneCounters emits the block counters of the sixteen vertical lanes,
// the counter of s plus 0..15, in a register, which it returns.
func laneCounters(s Register) VecVirtual {
	ctr := ZMM()
	VPBROADCASTD(Mem{Base: s, Disp: 48}, ctr)
	VPADDD(iota16, ctr, ctr)
	return ctr
}

// headOut returns the output of a chunk16 kernel for an AEAD's first
// chunk: block 0's keystream (the one-time key) to b0, and block l >= 1's
// XORed with src[64(l-1):] into dst.
func headOut(b0, dst, src Register) func(l int, ks VecVirtual) {
	return func(l int, ks VecVirtual) {
		if l == 0 {
			VMOVDQU64(ks, Mem{Base: b0})
			return
		}
		xorStore(dst, src, 64*(l-1), ks)
	}
}

func chacha16AVX512() {
	TEXT("chacha16AVX512", NOSPLIT, "func(s *[16]uint32, dst, src []byte)")
	Pragma("noescape")
	Doc("chacha16AVX512 sets dst = src XOR keystream for the whole 1024-byte",
		"chunks of src (16 blocks each), from the block counter of s, which it",
		"does not advance. len(dst) >= len(src). It requires AVX-512F.")
	s := Load(Param("s"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(10), n)
	JZ(LabelRef("done16"))

	Comment("ctr: the block counters of the 16 lanes")
	ctr := laneCounters(s)

	Label("chunk16")
	chunk16(s, ctr, func(l int, ks VecVirtual) { xorStore(dst, src, 64*l, ks) })
	VPADDD_BCST(sixteen, ctr, ctr)
	ADDQ(U32(1024), src)
	ADDQ(U32(1024), dst)
	DECQ(n)
	JNZ(LabelRef("chunk16"))

	Label("done16")
	VZEROUPPER()
	RET()
}

// chacha16HeadAVX512 emits the sixteen-block kernel's first chunk for an
// AEAD: block 0, whose keystream is the one-time key, to a buffer of its
// own, and blocks 1..15 XORed with the data.
func chacha16HeadAVX512() {
	TEXT("chacha16HeadAVX512", NOSPLIT, "func(s *[16]uint32, block0 *[64]byte, dst, src []byte)")
	Pragma("noescape")
	Doc("chacha16HeadAVX512 sets block0 to the keystream block at the block",
		"counter of s and dst[:960] = src[:960] XOR the next 15 blocks, which",
		"it does not advance. len(dst), len(src) >= 960. It requires AVX-512F.")
	s := Load(Param("s"), GP64())
	b0 := Load(Param("block0"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	ctr := laneCounters(s)
	chunk16(s, ctr, headOut(b0, dst, src))
	VZEROUPPER()
	RET()
}

// chunk16 emits one chunk of the sixteen-block vertical kernel: the rounds
// on the state of s with the lanes' counters ctr, and the keystream of
// block l (0..15) passed to out.
func chunk16(s Register, ctr VecVirtual, out func(l int, ks VecVirtual)) {
	chunk16With(s, ctr, nil, nil, out)
}

// chunk16With is chunk16 with other work woven in: round, if not nil, is
// called after the column round's and after the diagonal round's
// instructions (diagonal false, then true) of every double round, and
// after, if not nil, after the rounds, before the vertical blocks'
// additions and transposes.
func chunk16With(s Register, ctr VecVirtual, round func(diagonal bool), after func(), out func(l int, ks VecVirtual)) {
	x := make([]VecVirtual, 16)
	for i := range x {
		x[i] = ZMM()
		if i == 12 {
			VMOVDQU64(ctr, x[i])
		} else {
			VPBROADCASTD(Mem{Base: s, Disp: 4 * i}, x[i])
		}
	}
	dr := GP64()
	MOVQ(U32(10), dr)
	Label("round16")
	Comment("column round, then diagonal round")
	quarterRounds(x, [][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}})
	if round != nil {
		round(false)
	}
	quarterRounds(x, [][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}})
	if round != nil {
		round(true)
	}
	DECQ(dr)
	JNZ(LabelRef("round16"))
	if after != nil {
		after()
	}

	Comment("add the input state")
	for i := range x {
		if i == 12 {
			VPADDD(ctr, x[i], x[i])
		} else {
			VPADDD_BCST(Mem{Base: s, Disp: 4 * i}, x[i], x[i])
		}
	}

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
		blocks := transpose4Lanes([4]VecVirtual{r[0][k], r[1][k], r[2][k], r[3][k]})
		for l, ks := range blocks {
			out(4*l+k, ks)
		}
	}
}

// chachaHorizontalAVX512 emits the kernel name, which processes 4*sets
// blocks at a time as sets interleaved horizontal sets of four: one set has
// the shortest latency (for short inputs); two keep both vector ports busy.
func chachaHorizontalAVX512(name string, sets int) {
	blocksPer := 4 * sets
	bytesPer := 64 * blocksPer
	TEXT(name, NOSPLIT, "func(s *[16]uint32, dst, src []byte)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s sets dst = src XOR keystream for all of src, %d blocks", name, blocksPer),
		fmt.Sprintf("at a time (%d horizontal set(s) of four), from the block counter", sets),
		"of s, which it does not advance. The last blocks may be partial:",
		"their loads and stores are masked. len(dst) >= len(src). It requires",
		"AVX-512F, AVX-512BW and BMI2.")
	s := Load(Param("s"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())

	Comment("the input rows of blocks 0..3 in lanes 0..3")
	in := [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	for i := range in {
		VBROADCASTI32X4(Mem{Base: s, Disp: 16 * i}, in[i])
	}
	VPADDD(laneCtr4, in[3], in[3])
	inc := ZMM()
	VBROADCASTI32X4(four, inc)

	Label("chunk_" + name)
	x := make([]VecVirtual, 4*sets)
	var qs [][4]int
	for k := range sets {
		for i := range 4 {
			x[4*k+i] = ZMM()
			VMOVDQU64(in[i], x[4*k+i])
		}
		qs = append(qs, [4]int{4 * k, 4*k + 1, 4*k + 2, 4*k + 3})
	}
	Comment("the counters of set k: 4k blocks on")
	ctrs := make([]VecVirtual, sets)
	ctrs[0] = in[3]
	for k := 1; k < sets; k++ {
		ctrs[k] = ZMM()
		VPADDD(inc, ctrs[k-1], ctrs[k])
		VMOVDQU64(ctrs[k], x[4*k+3])
	}
	round := GP64()
	MOVQ(U32(10), round)
	Label("round_" + name)
	quarterRounds(x, qs)
	Comment("diagonals into columns: rotate rows 1, 2, 3 left by 1, 2, 3 words")
	for _, q := range qs {
		VPSHUFD(U8(0x39), x[q[1]], x[q[1]])
		VPSHUFD(U8(0x4e), x[q[2]], x[q[2]])
		VPSHUFD(U8(0x93), x[q[3]], x[q[3]])
	}
	quarterRounds(x, qs)
	for _, q := range qs {
		VPSHUFD(U8(0x93), x[q[1]], x[q[1]])
		VPSHUFD(U8(0x4e), x[q[2]], x[q[2]])
		VPSHUFD(U8(0x39), x[q[3]], x[q[3]])
	}
	DECQ(round)
	JNZ(LabelRef("round_" + name))

	var blocks []VecVirtual
	for k := range sets {
		for i := range 3 {
			VPADDD(in[i], x[4*k+i], x[4*k+i])
		}
		VPADDD(ctrs[k], x[4*k+3], x[4*k+3])
		b := transpose4Lanes([4]VecVirtual{x[4*k], x[4*k+1], x[4*k+2], x[4*k+3]})
		blocks = append(blocks, b[:]...)
	}
	VPADDD(inc, ctrs[sets-1], in[3]) // the next chunk's counters

	CMPQ(n, U32(bytesPer))
	JB(LabelRef("tail_" + name))
	for l, ks := range blocks {
		xorStore(dst, src, 64*l, ks)
	}
	ADDQ(U32(bytesPer), src)
	ADDQ(U32(bytesPer), dst)
	SUBQ(U32(bytesPer), n)
	JNZ(LabelRef("chunk_" + name))

	Label("tail_" + name)
	Comment(fmt.Sprintf("0 to %d bytes left: block l takes min(n - 64l, 64) bytes, masked", bytesPer-1),
		"(none after whole chunks: the masks are then empty)")
	ones, mask := GP64(), GP64()
	MOVQ(I32(-1), ones)
	t := ZMM()
	for l, ks := range blocks {
		// BZHI keeps the low n bits of ones (n < 64 here).
		full := fmt.Sprintf("full_%s_%d", name, l)
		MOVQ(ones, mask)
		CMPQ(n, U32(64))
		JAE(LabelRef(full))
		BZHIQ(n, ones, mask)
		Label(full)
		KMOVQ(mask, K1)
		VMOVDQU8_Z(Mem{Base: src, Disp: 64 * l}, K1, t)
		VPXORD(t, ks, ks)
		VMOVDQU8(ks, K1, Mem{Base: dst, Disp: 64 * l})
		SUBQ(U32(64), n)
		JLE(LabelRef("done_" + name))
	}

	Label("done_" + name)
	VZEROUPPER()
	RET()
}
