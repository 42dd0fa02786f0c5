package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// divstepsFunc writes divstepsBatch: divstepsBatchGeneric (divsteps.go) with
// each round's 20 steps written out with CMOV, the same words for any
// inputs. A step computes G - F, G + F and the swapped F and dd, keeps them
// by CMOV on the sign of -dd (dd > 0), then keeps the step's results by
// CMOV when G is odd. Nothing branches or indexes memory on the values, and
// the loops are the generator's. CMOV is in every amd64 CPU.
func divstepsFunc() {
	text("divstepsBatch", attr.NOSPLIT, "func(dd int64, fLow, gLow uint64) (int64, int64, int64, int64, int64)")
	c.Doc("divstepsBatch is divstepsBatchGeneric in assembly (CMOV only).")

	// The low words of f and g, the batch's matrix so far (u v; q r).
	flo, glo := RBX, RCX
	u, v, q, r := RAX, RDX, RSI, RDI
	// A step's packed words and temporaries; after the steps, N, S, T and
	// E receive the round's matrix.
	F, G, dd, N, S, T, E := R8, R9, R10, R11, R12, R13, R14
	c.Load(c.Param("dd"), dd)
	c.Load(c.Param("fLow"), flo)
	c.Load(c.Param("gLow"), glo)

	for round := 1; round <= 3; round++ {
		if round > 1 {
			c.Comment("the low words of this round's f and g: the last round's (f·u + g·v, f·q + g·r) / 2^20")
			c.MOVQ(flo, F)
			c.IMULQ(N, F)
			c.MOVQ(glo, G)
			c.IMULQ(S, G)
			c.ADDQ(G, F)
			c.IMULQ(T, flo)
			c.IMULQ(E, glo)
			c.ADDQ(glo, flo)
			c.SHRQ(U8(20), flo)
			c.MOVQ(flo, glo)
			c.SHRQ(U8(20), F)
			c.MOVQ(F, flo)
		}
		c.Comment(fmt.Sprintf("round %d: F = f mod 2^20 - 2^41, G = g mod 2^20 - 2^62", round))
		c.MOVQ(U32(1<<20-1), N)
		c.MOVQ(flo, F)
		c.ANDQ(N, F)
		c.MOVQ(glo, G)
		c.ANDQ(N, G)
		c.MOVQ(U64(0xfffffe0000000000), N)
		c.ADDQ(N, F)
		c.MOVQ(U64(0xc000000000000000), N)
		c.ADDQ(N, G)
		for i := 0; i < 20; i++ {
			c.Comment(fmt.Sprintf("step %d: on dd > 0 the swap's G - F, G and -dd; kept if G is odd", i+1))
			c.MOVQ(G, N)
			c.SUBQ(F, N)
			c.LEAQ(Mem{Base: G, Index: F, Scale: 1}, S)
			c.MOVQ(G, T)
			c.MOVQ(dd, E)
			c.NEGQ(E)
			c.CMOVQLT(N, S)
			c.CMOVQGE(F, T)
			c.CMOVQGE(dd, E)
			c.TESTQ(U32(1), G)
			c.CMOVQNE(S, G)
			c.CMOVQNE(T, F)
			c.CMOVQNE(E, dd)
			c.SARQ(U8(1), G)
			c.ADDQ(U32(2), dd)
		}
		c.Comment("the round's matrix: (N, S) from F, (T, E) from G")
		row(F, N, S)
		row(G, T, E)
		if round == 1 {
			c.MOVQ(N, u)
			c.MOVQ(S, v)
			c.MOVQ(T, q)
			c.MOVQ(E, r)
			continue
		}
		c.Comment("the batch's matrix: the round's times the one so far; N, S, T, E kept")
		c.MOVQ(u, F)
		c.IMULQ(N, F)
		c.MOVQ(q, G)
		c.IMULQ(S, G)
		c.ADDQ(G, F)
		c.MOVQ(v, G)
		c.IMULQ(N, G)
		c.MOVQ(r, R15)
		c.IMULQ(S, R15)
		c.ADDQ(R15, G)
		c.IMULQ(T, u)
		c.IMULQ(E, q)
		c.ADDQ(u, q)
		c.IMULQ(T, v)
		c.IMULQ(E, r)
		c.ADDQ(v, r)
		c.MOVQ(F, u)
		c.MOVQ(G, v)
	}
	c.Context.Store(dd, c.ReturnIndex(0))
	c.Context.Store(u, c.ReturnIndex(1))
	c.Context.Store(v, c.ReturnIndex(2))
	c.Context.Store(q, c.ReturnIndex(3))
	c.Context.Store(r, c.ReturnIndex(4))
	c.RET()
}

// row sets a and b to the matrix row that the packed word P holds, as
// divstepsRow does: a = -sign-extend((P + 2^20) >> 21, 21 bits), b =
// -((P + 2^20 + 2^41) >> 42).
func row(P, a, b GPPhysical) {
	c.LEAQ(Mem{Base: P, Disp: 1 << 20}, a)
	c.SARQ(U8(21), a)
	c.SHLQ(U8(43), a)
	c.SARQ(U8(43), a)
	c.NEGQ(a)
	c.MOVQ(U64(1<<20+1<<41), b)
	c.ADDQ(P, b)
	c.SARQ(U8(42), b)
	c.NEGQ(b)
}
