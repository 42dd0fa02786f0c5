// This file emits the double-scalar multiplication of verification with
// AVX-512 IFMA (on vec51.go's arithmetic): the point (X, Y, Z, T) in lanes
// 0..3 of Z0..Z4 (lanes 4..7 compute alongside, unread), a doubling as two
// vector multiplications, an addition of a table entry as base_ifma.go's
// addStep.
package main

import (
	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Lane masks of the doubling, in K registers that addBaseRowsIFMA's row
// masks use there.
var (
	kLane1 = K4 // lane 1 of each half
	kLane3 = K5 // lane 3 of each half
)

// dblStep doubles the point in vS: dbl-2008-hwcd (Hisil, Wong, Carter and
// Dawson's extended coordinates, a = -1) as
//
//	R = (X, Y, Z, X + Y)^2 = (A, B, Z^2, S)
//	H = -A - B, G = B - A, E = S + H, F = G - 2 Z^2
//	S = (E, G, F, E) * (F, H, G, H) = (X3, Y3, Z3, T3)
//
// with multiples of p added so that no limb goes negative: H = 4p - A - B,
// G = 2p + B - A, F = G + 4p - 2 Z^2. The limbs of R are below Bc, so these
// stay below 2^54, and are carried before the second multiplication.
func dblStep() {
	c.Comment("R = (X, Y, Z, X + Y)^2")
	permute(vB, vS, 0x24) // (X, Y, Z, X)
	permute(vC, vS, 0x64) // (X, Y, Z, Y)
	for k := 0; k < 5; k++ {
		c.VPADDQ(vC[k], vB[k], kLane3, vB[k])
	}
	carry(vB, vB, vE)
	vmul(vC, vB, vB)
	c.Comment("E, F, G, H lane-wise; vB = (E, G, F, E), vD = (F, H, G, H)")
	a, b, z2, s := vS[0], vS[1], vS[2], vS[3]
	h, g, e, f := vE[0], vE[1], vE[2], vE[3]
	twoP := vS[4]
	for k := 0; k < 5; k++ {
		if k == 0 {
			c.VPBROADCASTQ(twoP0, twoP)
		} else if k == 1 {
			c.VPBROADCASTQ(twoP1, twoP)
		}
		c.VPERMQ(Imm(0x00), vC[k], a)
		c.VPERMQ(Imm(0x55), vC[k], b)
		c.VPERMQ(Imm(0xaa), vC[k], z2)
		c.VPERMQ(Imm(0xff), vC[k], s)
		c.VPADDQ(twoP, twoP, h) // 4p
		c.VPSUBQ(a, h, h)       // 4p - A
		c.VPSUBQ(b, h, h)       // H = 4p - A - B
		c.VPADDQ(twoP, b, g)    // 2p + B
		c.VPSUBQ(a, g, g)       // G = 2p + B - A
		c.VPADDQ(s, h, e)       // E = S + H
		c.VPADDQ(twoP, twoP, f) // 4p
		c.VPADDQ(g, f, f)       // G + 4p
		c.VPSUBQ(z2, f, f)      // G + 4p - Z^2
		c.VPSUBQ(z2, f, f)      // F = G + 4p - 2 Z^2
		c.VPBLENDMQ(g, e, kLane1, vB[k])
		c.VPBLENDMQ(f, vB[k], kLane2, vB[k])
		c.VPBLENDMQ(f, h, kLane0, vD[k])
		c.VPBLENDMQ(g, vD[k], kLane2, vD[k])
	}
	carry(vB, vB, vE)
	carry(vD, vD, vE)
	vmul(vS, vB, vD)
}

// addEntry adds to vS the entry of tbl (20 words, limb-major in four lanes)
// for the NAF digit in AX, nonzero: entry |e|/2, negated if e < 0. The
// digit is public: the code branches on its sign and indexes by it.
func addEntry(tbl GPPhysical, name string) {
	c.MOVQ(RAX, RBX)
	c.SHRQ(Imm(63), RBX)
	c.NEGQ(RBX)
	c.XORQ(RBX, RAX)
	c.SUBQ(RBX, RAX)
	c.SHRQ(Imm(1), RAX)
	c.IMUL3Q(Imm(160), RAX, RAX)
	c.ADDQ(tbl, RAX)
	for k := 0; k < 5; k++ {
		c.VBROADCASTI64X4(Mem{Base: RAX, Disp: 32 * k}, vD[k])
	}
	c.TESTQ(RBX, RBX)
	c.JZ(LabelRef(name + "Pos"))
	c.Comment("-(x, y) exchanges y - x and y + x and negates 2d x y")
	permute(vB, vD, 0xe1)
	negate2p(vC, vB)
	blend(vD, vB, vC, kLane2)
	c.Label(name + "Pos")
	addStep()
}

// doubleScalarIFMAFunc emits doubleScalarMultVarTimeIFMA.
func doubleScalarIFMAFunc() {
	c.Function("doubleScalarMultVarTimeIFMA")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(st *[40]uint64, naf *[2][256]int8, tblA *[8][20]uint64, tblB *[64][20]uint64, top int)")
	c.Doc("doubleScalarMultVarTimeIFMA runs the loop of varTimeDoubleScalarBaseMult",
		"on the point of st: for i = top down to 0, it doubles it and adds",
		"naf[0][i]·A and naf[1][i]·B from the tables of odd multiples, tblA[j]",
		"and tblB[j] being (2j+1)·A and (2j+1)·B as (Y - X, Y + X, 2d T, 2Z) in",
		"radix 2^51, limb-major in four lanes (limbs below 2^51 + 1). st holds",
		"(X, Y, Z, T) in lanes 0..3, limb-major (word 8k+j is limb k of lane j),",
		"every limb below 2^51 + 2^15, as it leaves them; lanes 4..7 are scratch",
		"(any limbs below that bound: zeros, say).",
		"The NAF digits are odd or zero, below 2^w in magnitude for the",
		"tables' widths. Variable time: it branches on the digits. It requires",
		"AVX-512 F, DQ and IFMA.")
	c.Pragma("noescape")
	st := Mem{Base: RDI}
	c.Load(c.Param("st"), RDI)
	c.Load(c.Param("naf"), RSI)
	c.Load(c.Param("tblA"), R8)
	c.Load(c.Param("tblB"), R9)
	c.Load(c.Param("top"), R10)
	loadState(st)
	laneMask(kLane0, 0b00010001)
	laneMask(kLane01, 0b00110011)
	laneMask(kLane2, 0b01000100)
	laneMask(kLane02, 0b01010101)
	laneMask(kLane1, 0b00100010)
	laneMask(kLane3, 0b10001000)

	c.Label("dsmLoop")
	dblStep()
	c.MOVBQSX(Mem{Base: RSI, Index: R10, Scale: 1}, RAX)
	c.TESTQ(RAX, RAX)
	c.JZ(LabelRef("dsmNoA"))
	addEntry(R8, "dsmA")
	c.Label("dsmNoA")
	c.MOVBQSX(Mem{Base: RSI, Index: R10, Scale: 1, Disp: 256}, RAX)
	c.TESTQ(RAX, RAX)
	c.JZ(LabelRef("dsmNoB"))
	addEntry(R9, "dsmB")
	c.Label("dsmNoB")
	c.DECQ(R10)
	c.JGE(LabelRef("dsmLoop"))

	storeState(st)
	c.RET()
}
