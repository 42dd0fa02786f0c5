package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// headSetsAVX512 emits the kernel name: an AEAD message's start of 961 to
// 960 + 256*sets bytes in one pass, block 0 and the first fifteen blocks of
// data on the sixteen-block vertical kernel (as chacha16HeadAVX512), and
// the 4*sets blocks after them as sets horizontal sets of four, their
// rounds woven into the vertical ones.
//
// The horizontal sets alone would be a second pass after the first, bound
// by the latency of their rounds' chain (chacha4AVX512 on 64 bytes: about
// 300 cycles); woven in, their instructions fill the vector ports beside
// the vertical kernel's, which are bound by the ports, not by latency: the
// set costs its instructions' share of the ports, about a third of the
// vertical kernel's.
//
// The horizontal blocks are finished and stored first, so that their
// registers are free for the vertical transposes.
func headSetsAVX512(name string, sets int) {
	maxLen := 960 + 256*sets
	TEXT(name, NOSPLIT, "func(s *[16]uint32, block0 *[64]byte, dst, src []byte)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s sets block0 to the keystream block at the block", name),
		"counter of s and dst[:len(src)] = src XOR the keystream of the blocks",
		fmt.Sprintf("after it, for 960 < len(src) <= %d: fifteen blocks vertical, the", maxLen),
		fmt.Sprintf("rest in %d horizontal set(s) of four, the last blocks' loads and", sets),
		"stores masked. It does not advance the counter. len(dst) >= len(src).",
		"It requires AVX-512F, AVX-512BW and BMI2.")
	s := Load(Param("s"), GP64())
	b0 := Load(Param("block0"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())

	var l16 [16]uint32 // 16, 17, 18, 19 in word 0 of each 128-bit lane
	for l := range 4 {
		l16[4*l] = uint32(16 + l)
	}
	lane16 := words32("lanectr16_"+name, 64, l16[:]...)

	Comment("ctr: the block counters of the 16 vertical lanes")
	ctr := laneCounters(s)

	Comment("the horizontal sets: rows of blocks 16 + 4k + 0..3 in lanes 0..3")
	h := make([]VecVirtual, 4*sets)
	hctr := make([]VecVirtual, sets)
	var qs [][4]int
	for k := range sets {
		for i := range 4 {
			h[4*k+i] = ZMM()
			VBROADCASTI32X4(Mem{Base: s, Disp: 16 * i}, h[4*k+i])
		}
		hctr[k] = ZMM()
		if k == 0 {
			VPADDD(lane16, h[3], hctr[0])
		} else {
			inc := ZMM()
			VBROADCASTI32X4(four, inc)
			VPADDD(inc, hctr[k-1], hctr[k])
		}
		VMOVDQU64(hctr[k], h[4*k+3])
		qs = append(qs, [4]int{4 * k, 4*k + 1, 4*k + 2, 4*k + 3})
	}

	round := func(diagonal bool) {
		quarterRounds(h, qs)
		// Diagonals into columns after the column round (rotate rows
		// 1, 2, 3 left by 1, 2, 3 words), and back after the diagonal
		// round.
		imm := [3]uint8{0x39, 0x4e, 0x93}
		if diagonal {
			imm = [3]uint8{0x93, 0x4e, 0x39}
		}
		for _, q := range qs {
			for j := range 3 {
				VPSHUFD(U8(imm[j]), h[q[1+j]], h[q[1+j]])
			}
		}
	}
	after := func() {
		Comment("the horizontal blocks: add the input rows, transpose, store")
		var blocks []VecVirtual
		for k := range sets {
			for i := range 3 {
				t := ZMM()
				VBROADCASTI32X4(Mem{Base: s, Disp: 16 * i}, t)
				VPADDD(t, h[4*k+i], h[4*k+i])
			}
			VPADDD(hctr[k], h[4*k+3], h[4*k+3])
			b := transpose4Lanes([4]VecVirtual{h[4*k], h[4*k+1], h[4*k+2], h[4*k+3]})
			blocks = append(blocks, b[:]...)
		}
		Comment(fmt.Sprintf("n = len(src) - 960, 1 to %d bytes: block l takes min(n - 64l, 64), masked", 256*sets))
		SUBQ(U32(960), n)
		ones, mask := GP64(), GP64()
		MOVQ(I32(-1), ones)
		t := ZMM()
		done := "hdone_" + name
		for l, ks := range blocks {
			full := fmt.Sprintf("hfull_%s_%d", name, l)
			MOVQ(ones, mask)
			CMPQ(n, U32(64))
			JAE(LabelRef(full))
			BZHIQ(n, ones, mask) // the low n bits, n < 64
			Label(full)
			KMOVQ(mask, K1)
			VMOVDQU8_Z(Mem{Base: src, Disp: 960 + 64*l}, K1, t)
			VPXORD(t, ks, ks)
			VMOVDQU8(ks, K1, Mem{Base: dst, Disp: 960 + 64*l})
			if l < len(blocks)-1 {
				SUBQ(U32(64), n)
				JLE(LabelRef(done))
			}
		}
		Label(done)
	}
	chunk16With(s, ctr, round, after, headOut(b0, dst, src))
	VZEROUPPER()
	RET()
}
