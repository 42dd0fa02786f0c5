// This file emits the additions of the fixed-base table's rows with
// AVX-512 IFMA (on vec51.go's arithmetic): two accumulators in extended
// coordinates (X:Y:Z:T), one in each half of a vector, each adding the
// table entry of its own row, so that a pair of mixed additions is two
// vector multiplications of eight products.
package main

import (
	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Lane masks, named by the lanes of each half they hold.
var (
	kLane0  = K1 // lane 0 of each half
	kLane01 = K2 // lanes 0 and 1 of each half
	kLane2  = K3 // lane 2 of each half
	kRowA   = K4 // the lanes of the entry of row A (the low half), or none
	kRowB   = K5 // the lanes of the entry of row B (the high half), or none
	kNeg    = K6 // the halves whose digit is negative
	kLane02 = K7 // lanes 0 and 2 of each half
)

// baseRowBytes is the size of a row of the table addBaseRowsIFMA reads: 16
// entries of five 32-byte limb rows.
const baseRowBytes = 16 * 5 * 32

// identity0, idxP and idxQ are constants of the additions: limb 0 of the
// entry (1, 1, 0, 2) in both halves (the identity, with limbs 1..4 zero),
// and the lane indices that make the second round's operands.
var identity0, idxP, idxQ Mem

func baseConstants() {
	identity0 = dataWords("baseIdentity0", 1, 1, 0, 2, 1, 1, 0, 2)
	idxP = dataWords("baseIdxP", 8+0, 2, 8+2, 8+0, 8+4, 6, 8+6, 8+4)
	idxQ = dataWords("baseIdxQ", 8+2, 0, 2, 0, 8+6, 4, 6, 4)
}

// baseRowsIFMAFunc emits addBaseRowsIFMA. The state S holds the points
// (X, Y, Z, T) of accumulator A in lanes 0..3 and of B in lanes 4..7. A
// step reads the entries Q = ±(y - x, y + x, 2d x y, 2) of rows 2i (for A)
// and 2i + 1 (for B), chosen by their digits, and adds them:
//
//	P = (Y - X, Y + X, T, Z)
//	R = P * Q = (a, b, c, d)
//	U = (b + a, b, d + c, d) = (H, ., G, .)
//	V = (b - a, a - b, d - c, c - d) = (E, -E, F, -F)
//	S = (E, G, F, E) * (F, H, G, H) = (E F, G H, F G, E H)
//
// the mixed addition of add.go (Hisil, Wong, Carter and Dawson's extended
// coordinates with a = -1) with its conversion to extended coordinates.
// Differences add 2p first, so no limb goes negative.
func baseRowsIFMAFunc() {
	c.Function("addBaseRowsIFMA")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(st *[40]uint64, tbl *[52][16][20]uint64, e *[52]int8)")
	c.Doc("addBaseRowsIFMA adds to the points of st the entries e[i]·Q_i of the rows",
		"of tbl: e[2i] to the point in lanes 0..3 and e[2i+1] to the point in",
		"lanes 4..7, for i = 0..25. st holds eight elements in radix 2^51,",
		"limb-major (word 8k+j is limb k of element j): (X, Y, Z, T) of each point,",
		"every limb below 2^51 + 2^15, as it leaves them. tbl[i][j-1] is j·Q_i as",
		"(y - x, y + x, 2d x y, 2), limb-major in four lanes, every limb below",
		"2^51 + 1; each e[i] is in [-16, 16]. It is constant time in e: every entry",
		"is read, each into K-masked lanes, the masks made by arithmetic. It",
		"requires AVX-512 F, DQ and IFMA.")
	c.Pragma("noescape")

	st := Mem{Base: RDI}
	c.Load(c.Param("st"), RDI)
	c.Load(c.Param("tbl"), RSI)
	c.Load(c.Param("e"), R8)
	loadState(st)
	laneMask(kLane0, 0b00010001)
	laneMask(kLane01, 0b00110011)
	laneMask(kLane2, 0b01000100)
	laneMask(kLane02, 0b01010101)
	c.Comment("i = 26 pairs of rows; SI at row 2i, R8 at e[2i]")
	c.MOVQ(U32(26), R9)

	c.Label("baseRowsLoop")
	c.Comment("|e| and the sign of each digit: R10, R11 for A; R12, R13 for B")
	absSign(Mem{Base: R8}, R10, R11)
	absSign(Mem{Base: R8, Disp: 1}, R12, R13)
	c.Comment("kNeg = the lanes of the halves whose digit is negative")
	c.MOVQ(R11, RAX)
	c.ANDL(U32(0x0f), EAX)
	c.MOVQ(R13, RBX)
	c.ANDL(U32(0xf0), EBX)
	c.ADDL(EBX, EAX)
	c.KMOVW(EAX, kNeg)
	scanRows()
	addStep()
	c.ADDQ(U32(2*baseRowBytes), RSI)
	c.ADDQ(Imm(2), R8)
	c.SUBQ(Imm(1), R9)
	c.JNZ(LabelRef("baseRowsLoop"))

	storeState(st)
	c.RET()
}

// absSign sets abs = |e| and sign = all ones if e < 0 (zero otherwise) for
// the signed byte e, without a branch.
func absSign(e Mem, abs, sign GPPhysical) {
	c.MOVBQSX(e, abs)
	c.MOVQ(abs, sign)
	c.SHRQ(Imm(63), sign)
	c.NEGQ(sign)
	c.XORQ(sign, abs)
	c.SUBQ(sign, abs)
}

// scanRows sets vD to the entries of rows A (at SI) and B (SI plus a row)
// chosen by R10 and R12, negated where kNeg is set: the identity's
// (1, 1, 0, 2) first, then each entry j = 1..16 broadcast into the half
// whose |e| is j, under a mask that is all of that half's lanes or none.
// The masks come from |e| XOR j, which is 0 exactly for the entry chosen.
func scanRows() {
	c.Comment("vD = (1, 1, 0, 2) in both halves")
	c.VMOVDQU64(identity0, vD[0])
	for k := 1; k < 5; k++ {
		c.VPXORQ(vD[k], vD[k], vD[k])
	}
	for j := 1; j <= 16; j++ {
		c.Comment("entry j: kRowA = 0x0f if |eA| = j, kRowB = 0xf0 if |eB| = j")
		rowMask(R10, j, 0x0f, kRowA)
		rowMask(R12, j, 0xf0, kRowB)
		for k := 0; k < 5; k++ {
			off := (j-1)*5*32 + 32*k
			c.VBROADCASTI64X4(Mem{Base: RSI, Disp: off}, vT0)
			c.VBROADCASTI64X4(Mem{Base: RSI, Disp: baseRowBytes + off}, vT1)
			c.VPBLENDMQ(vT0, vD[k], kRowA, vD[k])
			c.VPBLENDMQ(vT1, vD[k], kRowB, vD[k])
		}
	}
	c.Comment("-(x, y) exchanges y - x and y + x and negates 2d x y")
	permute(vB, vD, 0xe1)
	negate2p(vC, vB)
	blend(vB, vB, vC, kLane2)
	blend(vD, vD, vB, kNeg)
}

// rowMask sets k = bits if abs == j, else 0, by arithmetic: abs ^ j is in
// [0, 31], and subtracting 1 from it borrows only when it is 0.
func rowMask(abs GPPhysical, j int, bits uint32, k OpmaskPhysical) {
	c.MOVQ(abs, RAX)
	c.XORQ(U32(j), RAX)
	c.SUBQ(Imm(1), RAX)
	c.SHRQ(Imm(63), RAX)
	c.NEGQ(RAX)
	c.ANDL(U32(bits), EAX)
	c.KMOVW(EAX, k)
}

// addStep adds the entries in vD to the points in vS.
func addStep() {
	c.Comment("P = (Y, X, T, Z) + (2p - X, Y, 0, 0)")
	permute(vB, vS, 0xb1)
	negate2p(vC, vS)
	blend(vC, vS, vC, kLane0)
	for k := 0; k < 5; k++ {
		c.VPADDQ(vC[k], vB[k], kLane01, vB[k])
	}
	carry(vB, vB, vE)
	c.Comment("R = P * Q = (a, b, c, d)")
	vmul(vC, vB, vD)
	c.Comment("U = (b + a, ., d + c, .), V = (b, a, d, c) + 2p - R")
	permute(vB, vC, 0xb1)
	negate2p(vD, vC)
	for k := 0; k < 5; k++ {
		c.VPADDQ(vB[k], vC[k], kLane02, vC[k])
		c.VPADDQ(vB[k], vD[k], vD[k])
	}
	carry(vC, vC, vE)
	carry(vD, vD, vE)
	c.Comment("S = (E, G, F, E) * (F, H, G, H)")
	c.VMOVDQU64(idxP, vT2)
	for k := 0; k < 5; k++ {
		c.VMOVDQA64(vC[k], vB[k])
		c.VPERMT2Q(vD[k], vT2, vB[k])
	}
	c.VMOVDQU64(idxQ, vT2)
	for k := 0; k < 5; k++ {
		c.VPERMT2Q(vD[k], vT2, vC[k])
	}
	vmul(vS, vB, vC)
}
