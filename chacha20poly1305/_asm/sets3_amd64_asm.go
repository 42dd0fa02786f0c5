package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The three-set kernels (sealSets3 and openSets3, in sets_amd64.s beside
// the two-set ones) are Seal and Open for messages of 449 to 704 bytes
// (eight to eleven ChaCha20 blocks), as sealSets and openSets are for four
// to seven: ChaCha20 on THREE horizontal sets of four blocks in zmm
// registers (set 0: block 0, the Poly1305 key, and blocks 1..3; set 1:
// blocks 4..7; set 2: blocks 8..11) and Poly1305 on MULX over the
// additional data and the ciphertext, copied zero-padded to the stack.
//
// Open's schedule is the two-set kernels' with set 2 beside set 1: set 0
// runs its first D double rounds alone (sets3OpenStitch), then all three
// sets 10 - D, interleaved; then r, blocks 1..3, and sets 1 and 2's last D
// double rounds with four of the MAC's blocks beside each (two per half
// round: sets3OpenStitched); the MAC's other blocks follow. Seal's MAC can
// only take a block once its ciphertext is written, so its sets finish in
// turn (sets3SealRounds): set 0 runs its first D double rounds alone
// (sets3SealStitch), then sets 0 and 1 10 - D; then r and blocks 1..3's
// ciphertext, and sets 1 and 2 D double rounds with two of the MAC's blocks
// beside each; then blocks 4..7's ciphertext, and set 2 its last 10 - D
// double rounds alone with three of the MAC's blocks beside each
// (sets3SealBeside); then blocks 8..11's, and the MAC's other blocks.
//
// Blocks 1..7 are whole (n > 448): they are read and written without
// masks, which leaves K1..K4 for blocks 8..11. The data are not held in
// registers (three sets and their inputs take 18 of the 32): Seal XORs the
// keystream with src in memory, and Open copies the ciphertext to the stack
// before the rounds (its MAC reads it there) and XORs the plaintext from
// that copy after the tag is checked. Their frame (784 bytes) is too large
// for NOSPLIT below the ABI wrappers, so they have a stack check.
//
// Open, whose blocks are all on the stack before the rounds, stitches
// four blocks beside each of sets 1 and 2's last seven double rounds (28,
// the most that leaves one for the loop at 449 bytes with no additional
// data): the MAC's blocks after the rounds cost about 10 cycles each.
//
// setsNKernel emits these kernels and, with the same staggered Seal
// schedule for Open too, the four-set ones (sets4_amd64_asm.go)
// from a plan (setsPlan).
//
// Every branch tests a public length or, in Open, whether the tag was right.

// laneCtrs[k] holds 4k, 4k+1, 4k+2 and 4k+3 in word 0 of each 128-bit
// lane: set k's counters (laneCtrs[1] is laneCtr8).
var laneCtrs []Mem

// sets3Max is the longest message the three-set kernels take: eleven
// blocks, which with block 0 fill three sets of four; the shortest is
// setsMax+1.
const sets3Max = 11 * 64

// sets3OpenStitch is the number of sets 1 and 2's double rounds run after
// set 0's in Open, with 2 sets3OpenStitched of the MAC's blocks beside each
// (that many per half round). They are all ready, at least 29 past the
// first (449 bytes, no additional data: 29 blocks and the lengths), of
// which the loop after the rounds needs one (sets3OpenReady).
const (
	sets3OpenStitch   = 7
	sets3OpenStitched = 2
	sets3OpenReady    = (setsMax+1+15)/16 + 1 - 1 - 1
)

// sets3SealStitch is the number of set 0's double rounds run alone in Seal,
// and of sets 1 and 2's run together after r, with two of the MAC's blocks
// beside each; sets3SealBeside is the number of the MAC's blocks beside
// each of set 2's last 10 - sets3SealStitch double rounds, after its column
// and its diagonal round. The blocks must be ready: when set 0 is done,
// the additional data's partial block and blocks 1..3's ciphertext on the
// stack, 11 at least past the MAC's first (12 less the first if the
// additional data is empty), and when set 1 is, blocks 4..7's too, 27
// (setsStaggered checks it).
const sets3SealStitch = 5

var sets3SealBeside = [2]int{2, 1}

// sets3Kernel emits sealSets3 (open false) or openSets3. They skip the
// last set's blocks that hold no byte of the message (setsPlan's skip), as
// the four-set kernels, whose masked accesses would otherwise
// reach past the buffers (see skipEmpty).
func sets3Kernel(name string, open bool) {
	setsNKernel(name, open, setsPlan{sets: 3, stitch: sets3SealStitch,
		seal: [][2]int{{1, 1}, sets3SealBeside}, skip: true})
}

// setsPlan is the schedule of a kernel on sets horizontal sets of four
// blocks (setsNKernel): set 0 runs stitch double rounds alone, then stage
// k = 1, 2, ... runs sets k-1 and k together (set k-1's last rounds and set
// k's first), stitch double rounds when k is even and 10 - stitch when k is
// odd, and the last stage, k = sets, set sets-1's last rounds alone; seal
// and open (nil: Open runs sets3OpenRounds' schedule) are the MAC's blocks
// beside each of stage k = 2..sets's double rounds, after its column and
// after its diagonal round.
//
// With skip, the kernels branch past the blocks of the last set that hold
// no byte of the message (a public length) rather than load and store
// them under empty masks: a masked access whose masked-out bytes reach a
// page the process has not touched takes a microcode assist (hundreds of
// cycles), and these blocks reach up to 192 bytes past the data.
type setsPlan struct {
	sets, stitch int
	seal, open   [][2]int
	skip         bool
	openStitch   int // stitch for Open, if not 0
}

// whole is the number of whole blocks the plan's kernels may read and
// write without masks: those of every set but the last.
func (p setsPlan) whole() int { return 4*(p.sets-1) - 1 }

// max is the longest message the plan's kernels take; the shortest is
// 64 whole() + 1.
func (p setsPlan) max() int { return 64 * (4*p.sets - 1) }

// stageRounds is the number of double rounds of stage k (see setsPlan) in
// Seal or (open) Open.
func (p setsPlan) stageRounds(k int, open bool) int {
	d := p.stitch
	if open && p.openStitch != 0 {
		d = p.openStitch
	}
	if k%2 == 0 {
		return d
	}
	return 10 - d
}

// setsNKernel emits the Seal (open false) or Open kernel of plan p.
func setsNKernel(name string, open bool, p setsPlan) {
	S, W := p.sets, p.whole()
	kernelTextFlags(name, open, 0)
	if open {
		Doc(fmt.Sprintf("%s decrypts src, of %d to %d bytes, into dst if its tag over ad", name, 64*W+1, p.max()),
			"and src (RFC 8439, Section 2.8) equals tag, and returns 1; otherwise it",
			"returns 0 and writes nothing, under key and nonce. len(dst) >= len(src);",
			"dst may overlap src or tag anyhow (it decrypts a copy of src). It requires",
			"AVX-512F, AVX-512BW, AVX-512VL and BMI2.")
	} else {
		Doc(fmt.Sprintf("%s encrypts src, of %d to %d bytes, into dst and writes the tag", name, 64*W+1, p.max()),
			"over ad and the ciphertext (RFC 8439, Section 2.8) to tag, under key and",
			"nonce. len(dst) >= len(src), and dst and src are the same memory or do not",
			"overlap (it reads src after writing dst). It requires AVX-512F,",
			"AVX-512BW, AVX-512VL and BMI2.")
	}
	Comment("the MAC's blocks on the stack as in sealSets; r's multipliers in its first 16 bytes")
	buf := AllocLocal(48 + 16 + p.max() + 16)
	r1op, r05op = buf, buf.Offset(8)

	in0, x0v := inputRows()
	ins, xs := [][4]VecVirtual{in0}, [][4]VecVirtual{x0v}
	for range S - 1 {
		ins = append(ins, [4]VecVirtual{in0[0], in0[1], in0[2], ZMM()})
	}
	for k := 1; k < S; k++ {
		VMOVDQA64(in0[3], ins[k][3])
		VMOVDQU32(laneCtrs[k], K2, ins[k][3])
	}
	for range S - 1 {
		xs = append(xs, [4]VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()})
	}
	for i := range 4 {
		for k := 1; k < S; k++ {
			VMOVDQA64(ins[k][i], xs[k][i])
		}
	}

	adTail(name, buf, K1)

	Comment(fmt.Sprintf("the masks of blocks %d..%d (data blocks %d..%d; blocks 1..%d are whole: n > %d):", W+1, W+4, W, W+3, W, 64*W),
		"min(max(n - 64l, 0), 64) bytes, as maskedData")
	ks := []Register{K1, K2, K3, K4}
	n := Load(Param("src").Len(), RDX)
	MOVQ(I32(-1), RAX)
	XORQ(RBX, RBX)
	for j, k := range ks {
		l := W + j
		MOVQ(n, RCX)
		SUBQ(U32(64*l), RCX)
		BZHIQ(RCX, RAX, R8)
		CMPQ(RCX, Imm(64))
		CMOVQGE(RAX, R8)
		CMPQ(RCX, Imm(0))
		CMOVQLE(RBX, R8)
		KMOVQ(R8, k)
	}
	src := Load(Param("src").Base(), RSI)
	if open {
		Comment("the ciphertext, zero-padded, to the stack for the MAC, and the lengths")
		for l := range 4*S - 1 {
			if p.skip && l > W {
				skipEmpty(n, l, name+"_copied")
			}
			t := ZMM()
			if l < W {
				VMOVDQU64(Mem{Base: src, Disp: 64 * l}, t)
			} else {
				VMOVDQU8_Z(Mem{Base: src, Disp: 64 * l}, ks[l-W], t)
			}
			VMOVDQU64(t, buf.Offset(64+64*l))
		}
		if p.skip {
			Label(name + "_copied")
		}
		lengthsBlock(buf)
	}

	dst := RDX
	var stream []VecVirtual
	if open && p.open == nil {
		stream = sets3OpenRounds(name, buf, ins[0], ins[1], ins[2], xs[0], xs[1], xs[2])
	} else {
		stream = setsStaggered(name, buf, dst, open, p, ins, xs)
	}
	Comment("the MAC's other blocks (at least one: see sets3OpenReady)")
	polyLoop(name + "_rest")
	polyMulAdd(nil, nil)
	if tagDone(name, open, x0v[1]) {
		kernelEnd()
		return
	}
	Comment("the plaintext to dst: the stack's ciphertext ^ the keystream")
	Load(Param("dst").Base(), dst)
	for l := range stream {
		if p.skip && l > W {
			skipEmpty(srcLenArg(), l, name+"_written")
		}
		VPXORD(buf.Offset(64+64*l), stream[l], stream[l])
		if l < W {
			VMOVDQU64(stream[l], Mem{Base: dst, Disp: 64 * l})
		} else {
			VMOVDQU8(stream[l], ks[l-W], Mem{Base: dst, Disp: 64 * l})
		}
	}
	Label(name + "_written")
	openReturn(name)
	kernelEnd()
}

// sets3OpenRounds emits Open's rounds (see the top of this file) and the
// MAC's blocks beside them, and returns the keystream of blocks 1..11, a
// block per register.
func sets3OpenRounds(name string, buf Mem, in0, in1, in2, x0v, x1v, x2v [4]VecVirtual) []VecVirtual {
	D, c := sets3OpenStitch, sets3OpenStitched
	if 2*c*D > sets3OpenReady {
		panic("sets3: more stitched blocks than the MAC has ready")
	}
	Comment("set 0's first rounds, ahead of sets 1 and 2's, so that r is ready first")
	MOVQ(U32(uint32(D)), RCX)
	Label(name + "_set0")
	doubleRound([][4]VecVirtual{x0v})
	DECQ(RCX)
	JNZ(LabelRef(name + "_set0"))
	MOVQ(U32(uint32(10-D)), RCX)
	Comment("the three sets, interleaved")
	Label(name + "_all")
	doubleRound([][4]VecVirtual{x0v, x1v, x2v})
	DECQ(RCX)
	JNZ(LabelRef(name + "_all"))
	for i := range x0v {
		VPADDD(in0[i], x0v[i], x0v[i])
	}
	polyKey(x0v[0])
	Comment("transpose: blocks 1..3 of set 0, a block per register")
	stream := transpose(x0v, 1)
	macStart(name, buf)
	Comment(fmt.Sprintf("sets 1 and 2's last rounds, the MAC's next %d blocks beside them", 2*c*D))
	for range D {
		stitchedRound([][4]VecVirtual{x1v, x2v}, c, c)
	}
	SUBQ(Imm(uint64(2*c*D)), nb)
	for i := range x1v {
		VPADDD(in1[i], x1v[i], x1v[i])
		VPADDD(in2[i], x2v[i], x2v[i])
	}
	Comment("transpose: blocks 4..7 of set 1 and 8..11 of set 2")
	stream = append(stream, transpose(x1v, 0)...)
	return append(stream, transpose(x2v, 0)...)
}

// setsStaggered emits plan p's rounds (see setsPlan), the MAC's blocks
// beside them, and in Seal the ciphertext to dst and the stack and the
// lengths block, and returns the keystream (Open) or the ciphertext
// (Seal) of blocks 1.., a block per register.
func setsStaggered(name string, buf Mem, dst Register, open bool, p setsPlan, ins, xs [][4]VecVirtual) []VecVirtual {
	S, W, D := p.sets, p.whole(), p.stageRounds(0, open)
	beside := p.seal
	if open {
		beside = p.open
	}
	total := 0
	for k := 2; k <= S; k++ {
		total += p.stageRounds(k, open) * (beside[k-2][0] + beside[k-2][1])
		// Seal: when set k-2 is done, the additional data's partial block
		// and blocks 1..4(k-2)+3's ciphertext are on the stack, 16(k-2) +
		// 11 at least past the MAC's first (12 less the first if the
		// additional data is empty). Open: every block, of which the loop
		// after the rounds needs one: 64 W + 1 bytes and no additional
		// data have (64 W + 16)/16 and the lengths.
		if !open && total > 16*(k-2)+11 || open && total > (64*W+16)/16+1-1-1 {
			panic(fmt.Sprintf("%s: more stitched blocks than the MAC has ready", name))
		}
	}
	Comment("set 0's first rounds, ahead of set 1's, so that r is ready first")
	MOVQ(U32(uint32(D)), RCX)
	Label(name + "_set0")
	doubleRound(xs[:1])
	DECQ(RCX)
	JNZ(LabelRef(name + "_set0"))
	MOVQ(U32(uint32(10-D)), RCX)
	Comment("sets 0 and 1, interleaved")
	Label(name + "_01")
	doubleRound(xs[:2])
	DECQ(RCX)
	JNZ(LabelRef(name + "_01"))
	for i := range xs[0] {
		VPADDD(ins[0][i], xs[0][i], xs[0][i])
	}
	polyKey(xs[0][0])
	Comment("transpose: blocks 1..3 of set 0, a block per register")
	stream := transpose(xs[0], 1)
	if !open {
		Comment("blocks 1..3's ciphertext: to dst, and to the stack for the MAC")
		sealStore(dst, buf, stream, 0, W, "")
	}
	macStart(name, buf)
	for k := 2; k < S; k++ {
		c1, c2 := beside[k-2][0], beside[k-2][1]
		L := p.stageRounds(k, open)
		Comment(fmt.Sprintf("set %d's last rounds and set %d's first, the MAC's next %d blocks beside them", k-1, k, L*(c1+c2)))
		for range L {
			stitchedRound(xs[k-1:k+1], c1, c2)
		}
		for i := range xs[k-1] {
			VPADDD(ins[k-1][i], xs[k-1][i], xs[k-1][i])
		}
		if open {
			Comment(fmt.Sprintf("transpose: blocks %d..%d of set %d", 4*(k-1), 4*(k-1)+3, k-1))
			stream = append(stream, transpose(xs[k-1], 0)...)
		} else {
			Comment(fmt.Sprintf("transpose: blocks %d..%d of set %d; their ciphertext to dst and the stack", 4*(k-1), 4*(k-1)+3, k-1))
			stream = append(stream, transpose(xs[k-1], 0)...)
			sealStore(dst, buf, stream, 4*(k-1)-1, W, "")
		}
	}
	c1, c2 := beside[S-2][0], beside[S-2][1]
	L := p.stageRounds(S, open)
	Comment(fmt.Sprintf("set %d's last rounds, the MAC's next %d blocks beside them", S-1, L*(c1+c2)))
	for range L {
		stitchedRound(xs[S-1:], c1, c2)
	}
	SUBQ(Imm(uint64(total)), nb)
	for i := range xs[S-1] {
		VPADDD(ins[S-1][i], xs[S-1][i], xs[S-1][i])
	}
	first := 4 * (S - 1)
	Comment(fmt.Sprintf("transpose: blocks %d..%d of set %d", first, first+3, S-1))
	stream = append(stream, transpose(xs[S-1], 0)...)
	if !open {
		Comment(fmt.Sprintf("blocks %d..%d's ciphertext: to dst, and zero-padded to the stack, then the lengths", first, first+3))
		skip := ""
		if p.skip {
			skip = name + "_stored"
		}
		sealStore(dst, buf, stream, first-1, W, skip)
		lengthsBlock(buf)
	}
	return stream
}

// stitchedRound emits a double round on the sets xs with c1 of the MAC's
// blocks at bp (polyMulAdd) after the column round and c2 after the
// diagonal round, and advances bp past them.
func stitchedRound(xs [][4]VecVirtual, c1, c2 int) {
	quarterRounds(xs)
	for j := range c1 {
		polyMulAdd(Mem{Base: bp, Disp: 16 * j}, Mem{Base: bp, Disp: 16*j + 8})
	}
	diagonalize(xs)
	quarterRounds(xs)
	for j := range c2 {
		polyMulAdd(Mem{Base: bp, Disp: 16 * (c1 + j)}, Mem{Base: bp, Disp: 16*(c1+j) + 8})
	}
	undiagonalize(xs)
	ADDQ(Imm(uint64(16*(c1+c2))), bp)
}

// sealStore emits, for the blocks l = from.. of stream (keystream, a block
// per register), the ciphertext src[l] ^ stream[l] into stream[l], its
// store to dst (under mask K1..K4 for the last set's blocks, data blocks
// whole.. whole+3; those before are whole),
// and its zero-padded copy to the stack at buf+64+64l for the MAC. It
// reads src through RAX, which the MAC leaves free between blocks. With a
// skip label, it jumps there past the blocks after block whole that hold
// no byte of src (skipEmpty).
func sealStore(dst Register, buf Mem, stream []VecVirtual, from, whole int, skip string) {
	Load(Param("dst").Base(), dst)
	Load(Param("src").Base(), RAX)
	for l := from; l < len(stream); l++ {
		if skip != "" && l > whole {
			skipEmpty(srcLenArg(), l, skip)
		}
		if l < whole {
			VPXORD(Mem{Base: RAX, Disp: 64 * l}, stream[l], stream[l])
			VMOVDQU64(stream[l], Mem{Base: dst, Disp: 64 * l})
		} else {
			k := []Register{K1, K2, K3, K4}[l-whole]
			t := ZMM()
			VMOVDQU8_Z(Mem{Base: RAX, Disp: 64 * l}, k, t)
			VPXORD(t, stream[l], stream[l])
			VMOVDQU8(stream[l], k, Mem{Base: dst, Disp: 64 * l})
			VMOVDQU8_Z(stream[l], k, stream[l])
		}
		VMOVDQU64(stream[l], buf.Offset(64+64*l))
	}
	if skip != "" {
		Label(skip)
	}
}
