// This file emits the X25519 ladder with AVX-512 IFMA (on vec51.go's
// arithmetic): the coordinates of a ladder step's two points, and the same
// times the u-coordinate x1, side by side in the eight lanes of a vector,
// so that a step's nine multiplications (and the seven that keep the
// multiples of x1) are two vector multiplications of eight products.
package main

import (
	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Lane masks, in K registers for the whole function, named by the lanes
// of each half they hold (the first of the name is lane 0 or 4).
var (
	kSwap  = K1 // the secret swap of the step: all lanes or none
	kOdd   = K2 // lanes 1 and 3 of each half
	kLane1 = K4 // lane 1 only
	kFirst = K5 // lane 0 of each half
)

// a24Data is 121665, which the code broadcasts to every lane. idxF1, idxG1
// and idxG2 are lane indices of permutations, and idxF1Swap and idxG1Swap
// those of the first two after a swap.
var a24Data, idxF1, idxF1Swap, idxG1, idxG1Swap, idxG2 Mem

func ladderConstants() {
	a24Data = dataWords("ladderA24", 121665)
	idxF1 = dataWords("ladderIdxF1", 0, 1, 3, 2, 4, 5, 7, 6)
	idxF1Swap = dataWords("ladderIdxF1Swap", 2, 3, 1, 0, 6, 7, 5, 4)
	idxG1 = dataWords("ladderIdxG1", 0, 1, 0, 1, 0, 1, 0, 1)
	idxG1Swap = dataWords("ladderIdxG1Swap", 2, 3, 2, 3, 2, 3, 2, 3)
	idxG2 = dataWords("ladderIdxG2", 0, 1, 8+2, 8+7, 0, 1, 8+2, 8+7)
}

// ladderIFMAFunc emits the Montgomery ladder of RFC 7748, Section 5, with
// the state S = (x2, z2, x3, z3, x1 x2, x1 z2, x1 x3, x1 z3) in the lanes
// of Z0..Z4. A step with the swap bit of RFC 7748 runs on S with (x2, z2)
// and (x3, z3) exchanged in both halves where the bit is set:
//
//	T = (A, B, C, D, x1 A, x1 B, x1 C, x1 D)
//	    with A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3
//	M = (A, B, D, C, x1 A, x1 B, x1 D, x1 C) * (A, B, A, B, A, B, A, B)
//	  = (AA, BB, DA, CB, x1 AA, x1 BB, x1 DA, x1 CB)
//	V = (., E, DA + CB, DA - CB, ., x1 E, x1 (DA + CB), x1 (DA - CB))
//	    with E = AA - BB
//	W = (BB, F, ., ., ...) with F = AA + 121665 E
//	S = (AA, V1..V3, x1 AA, V5..V7) * (BB, F, V2, V7, BB, F, V2, V7)
//
// which is (AA BB, E F, (DA + CB)^2, x1 (DA - CB)^2) and x1 times each:
// keeping the multiples of x1 puts the multiplication by x1 into the
// step's second round. Differences add 2p first, so no limb goes negative.
// The swap is not applied to S: T is computed from S as it is, and the
// lane indices of the permutations that make M's operands from T are
// chosen by mask, which exchanges the pairs (A, B) and (C, D) of T.
func ladderIFMAFunc() {
	const name = "ladderIFMA"
	text(name, attr.NOSPLIT, "func(st *[40]uint64, k *[32]byte)")
	c.Doc(name+" runs the Montgomery ladder of RFC 7748, Section 5, on the clamped",
		"scalar k. st holds eight elements in radix 2^51, limb-major (word 8i+j is",
		"limb i of element j), every limb below 2^51 + 2^15: the state (x2, z2, x3,",
		"z3, x1 x2, x1 z2, x1 x3, x1 z3) with x1 the u-coordinate. It leaves the",
		"result in st, with R0 = (x2, z2) in elements 0 and 1, limbs below",
		"2^51 + 2^15. It is constant time in k: the bits of k become a K mask of",
		"all lanes or none for a blend, and the loop runs over the public bit",
		"index. It requires AVX-512 F, DQ and IFMA.")
	c.Pragma("noescape")

	st := Mem{Base: RDI}
	c.Load(c.Param("st"), RDI)
	c.Load(c.Param("k"), RSI)
	loadState(st)
	laneMask(kOdd, 0b10101010)
	laneMask(kLane1, 0b00000010)
	laneMask(kFirst, 0b00010001)

	c.Comment("s = 0 in BX; i = 254 in DX")
	c.XORQ(RBX, RBX)
	c.MOVQ(U32(254), RDX)
	c.Label(name + "Loop")
	c.Comment("b = bit i of k, public index, secret bit; swap = s ^ b; s = b")
	c.MOVQ(RDX, RCX)
	c.SHRQ(Imm(3), RCX)
	c.MOVBQZX(Mem{Base: RSI, Index: RCX, Scale: 1}, RAX)
	c.MOVQ(RDX, RCX)
	c.ANDQ(Imm(7), RCX)
	c.SHRQ(CL, RAX)
	c.ANDQ(Imm(1), RAX)
	c.XORQ(RAX, RBX)
	c.XCHGQ(RAX, RBX)
	c.Comment("kSwap = all lanes if swap, else none")
	c.NEGQ(RAX)
	c.KMOVW(EAX, kSwap)
	ladderStep()
	c.SUBQ(Imm(1), RDX)
	c.JGE(LabelRef(name + "Loop"))

	c.Comment("R0 to lanes 0 and 1: the swap by s")
	c.MOVQ(RBX, RAX)
	c.NEGQ(RAX)
	c.KMOVW(EAX, kSwap)
	swapHalves(vS)
	storeState(st)
	c.RET()
}

// swapHalves exchanges lanes 0, 1 with lanes 2, 3 and lanes 4, 5 with
// lanes 6, 7 of v where kSwap is set. It clobbers vB.
func swapHalves(v vec) {
	for k := 0; k < 5; k++ {
		c.VPERMQ(Imm(0x4e), v[k], vB[k])
		c.VPBLENDMQ(vB[k], v[k], kSwap, v[k])
	}
}

// ladderStep emits one step of ladderIFMAFunc on vS, whose swap kSwap
// makes: T is computed from the state as it is, and the permutations that
// make the first round's operands from it read (x3, z3) for (x2, z2) and
// the reverse where kSwap is set.
func ladderStep() {
	c.Comment("T = (z2, x2, z3, x3, ...) + (x2, 2p - z2, x3, 2p - z3, ...)")
	permute(vB, vS, 0xb1)
	negate2p(vC, vS)
	blend(vC, vS, vC, kOdd)
	for k := 0; k < 5; k++ {
		c.VPADDQ(vB[k], vC[k], vC[k])
	}
	carry(vC, vC, vD)
	c.Comment("M = (A, B, D, C, ...) * (A, B, A, B, ...), with the step's swap of",
		"(x2, z2) and (x3, z3) in the permutations' lane indices")
	c.VMOVDQU64(idxF1, vT1)
	c.VPBLENDMQ(idxF1Swap, vT1, kSwap, vT1)
	c.VMOVDQU64(idxG1, vT2)
	c.VPBLENDMQ(idxG1Swap, vT2, kSwap, vT2)
	for k := 0; k < 5; k++ {
		c.VPERMQ(vC[k], vT1, vS[k])
		c.VPERMQ(vC[k], vT2, vB[k])
	}
	vmul(vS, vS, vB)

	c.Comment("Msw = (BB, AA, CB, DA, ...), negM = 2p - M")
	permute(vB, vS, 0xb1)
	negate2p(vC, vS)

	c.Comment("W = Msw + 121665 * (Msw + negM) in lane 1: F = AA + 121665 (AA - BB)")
	for k := 0; k < 5; k++ {
		c.VMOVDQA64(vB[k], vD[k])
		c.VPXORQ(vE[k], vE[k], vE[k])
	}
	for k := 0; k < 5; k++ {
		c.VPMADD52LUQ_BCST(a24Data, vB[k], kLane1, vD[k])
		c.VPMADD52HUQ_BCST(a24Data, vB[k], kLane1, vE[k])
		c.VPMADD52LUQ_BCST(a24Data, vC[k], kLane1, vD[k])
		c.VPMADD52HUQ_BCST(a24Data, vC[k], kLane1, vE[k])
	}
	c.Comment("the high halves are worth twice the next limb; the top one 2 * 19")
	for k := 0; k < 5; k++ {
		c.VPADDQ(vE[k], vE[k], vE[k])
	}
	for k := 1; k < 5; k++ {
		c.VPADDQ(vE[k-1], vD[k], vD[k])
	}
	times19Add(vD[0], vE[4])
	carry(vD, vD, vE)

	c.Comment("V = Msw + (AA, 2p - BB, DA, 2p - CB, ...) = (., E, DA + CB, DA - CB, ...):",
		"lanes 0 and 4 are not read")
	blend(vC, vS, vC, kOdd)
	for k := 0; k < 5; k++ {
		c.VPADDQ(vB[k], vC[k], vC[k])
	}
	carry(vC, vC, vE)

	c.Comment("S = (AA, V1..V3, x1 AA, V5..V7) * (BB, F, V2, V7, BB, F, V2, V7)")
	blend(vS, vC, vS, kFirst)
	c.VMOVDQU64(idxG2, vT2)
	for k := 0; k < 5; k++ {
		c.VPERMT2Q(vC[k], vT2, vD[k])
	}
	vmul(vS, vS, vD)
}
