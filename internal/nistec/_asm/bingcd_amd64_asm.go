package main

import (
	"crypto/elliptic"
	"fmt"
	"math/big"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// bingcd writes bingcd_amd64.s (-curve bingcd): for each modulus that
// inverts by the binary GCD the whole inversion, pNNNBinGCDADX
// (pNNNBinGCDGeneric, written by _gen's emitBinGCD), with the 31 steps of
// its inner loop written out as internal/bingcd's Inner is (the Go outer
// loops of pNNNBinGCDGeneric call that one).
//
// The steps are written out with CMOV. Each is
//
//	if a is odd { if a < b { a, b, fg0, fg1 = b, a, fg1, fg0 }; a, fg0 = a - b, fg0 - fg1 }
//	a, fg1 = a/2, 2·fg1
//
// both differences of each pair computed and one kept by the borrow of
// a - b (CMOVQCS), then the step's results kept when a is odd (CMOVQNE
// after TESTQ $1). The path from a to the next a is SUBQ, CMOVQCS, CMOVQNE,
// SHRQ. Nothing branches or indexes memory on a, b or the coefficients; the
// steps are written out, so there is no loop at all.
//
// The steps are bound by the latency of the path from a to the next a and
// by the two ports that run CMOV and the shifts, not by the number of
// instructions. The inversions keep the new a and b's rows in registers
// (for P-521, with the rows a·f and b·g on the two carry chains of ADCX
// and ADOX, which leave registers enough for its ten words).
func bingcd() {
	for _, c := range []struct {
		pre string
		m   *big.Int
	}{
		{"p256", elliptic.P256().Params().P},
		{"p256Ord", elliptic.P256().Params().N},
		{"p384", elliptic.P384().Params().P},
		{"p384Ord", elliptic.P384().Params().N},
		{"p521", elliptic.P521().Params().P},
		{"p521Ord", elliptic.P521().Params().N},
	} {
		bingcdLoop(c.pre, c.m)
	}
}

// bingcdStepsWith writes the 31 steps on xa, xb, fg0 and fg1 (which the
// steps update), with the scratch registers d, e, h, k, nb and nf, and with
// the groups of instructions of chunks written between the steps, spread
// evenly: each group leaves the flags and the steps' registers alone
// between one step and the next.
func bingcdStepsWith(xa, xb, fg0, fg1, d, e, h, k, nb, nf Register, chunks []func()) {
	next := 0
	for i := range 31 {
		for ; next < len(chunks) && next*31 < i*len(chunks); next++ {
			chunks[next]()
		}
		Comment("step " + itoa(i+1) + ": the odd case's results, then kept if a is odd")
		MOVQ(xb, e)
		SUBQ(xa, e) // e = b - a
		MOVQ(fg1, h)
		SUBQ(fg0, h) // h = fg1 - fg0
		MOVQ(fg0, k)
		SUBQ(fg1, k) // k = fg0 - fg1
		MOVQ(xb, nb)
		MOVQ(fg1, nf)
		MOVQ(xa, d)
		SUBQ(xb, d) // d = a - b; CF = a < b
		CMOVQCS(e, d)
		CMOVQCS(h, k)
		CMOVQCS(xa, nb)
		CMOVQCS(fg0, nf)
		TESTQ(U32(1), xa)
		CMOVQNE(d, xa)
		CMOVQNE(nb, xb)
		CMOVQNE(k, fg0)
		CMOVQNE(nf, fg1)
		SHRQ(U8(1), xa)
		SHLQ(U8(1), fg1)
	}
	for ; next < len(chunks); next++ {
		chunks[next]()
	}
}

// bingcdWords splits x into n little-endian words.
func bingcdWords(x *big.Int, n int) []uint64 {
	out := make([]uint64, n)
	t := new(big.Int).Set(x)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range out {
		out[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
	return out
}

// bingcdLoop writes pre+"BinGCDADX", the whole of pre+"BinGCDGeneric" (from
// _gen's emitBinGCD) for the modulus m: the same iterations on the same
// values, a, b, u, v in stack words, the new a and b's rows in registers,
// u and v's in stack words, the products by MULX (a and b's on the ADCX
// and ADOX chains), and the words shifted by SHRX and SHLX, which leave
// the borrow chains' flags alone. The steps of an iteration wait on each other (the
// path from a to a); the update of u and v from the previous iteration's
// coefficients, which nothing in the steps needs, is written between them
// in groups that keep to their own registers (RDX, R11, R14, R15) and
// leave no flag for a step to read, so that the processor runs both at
// once. The update in the first iteration's steps takes u from 2^64 mod m
// to 1; the last iteration's follows the loop.
func bingcdLoop(pre string, m *big.Int) {
	n := (m.BitLen() + 63) / 64
	iters := (2*m.BitLen()-1+31-1)/31 + 1
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	m0inv := new(big.Int).ModInverse(m, two64)
	m0inv.Sub(two64, m0inv)

	mc := GLOBL(pre+"BinGCDM", RODATA|NOPTR)
	for i, w := range bingcdWords(m, n) {
		DATA(8*i, U64(w))
	}
	m0c := GLOBL(pre+"BinGCDM0", RODATA|NOPTR)
	DATA(0, U64(m0inv.Uint64()))
	m2c := GLOBL(pre+"BinGCDM2", RODATA|NOPTR)
	for i, w := range bingcdWords(new(big.Int).Lsh(m, 1), n+1) {
		DATA(8*i, U64(w))
	}

	name := pre + "BinGCDADX"
	TEXT(name, 0, fmt.Sprintf("func(out, y *[%d]uint64)", n))
	Doc(fmt.Sprintf("%s is %sBinGCDGeneric with MULX, ADCX, ADOX, SHRX and", name, pre),
		fmt.Sprintf("SHLX: it sets out = y⁻¹·2^(-33·%d) mod m for y < m (0 gives 0), the", iters),
		"same words for any input. out may alias y. It requires BMI2 and ADX.",
		"Constant time: the loop runs over the public iteration count, and every",
		"choice is a CMOV or a mask.")
	Pragma("noescape")
	// The stack words: a, b, u, v (n each), s = a + b and e = 2^31·d (n+1
	// each), the rows p (n+1), the new a, b (n each), the coefficients
	// f0', g0', f1', g1' and the iteration counter.
	loc := AllocLocal(8 * (10*n + 16))
	w := func(off, i int) Mem { return loc.Offset(8 * (off + i)) }
	aO, bO, uO, vO := 0, n, 2*n, 3*n
	sO, eO, pO := 4*n, 5*n+1, 6*n+2
	naO, nbO := 7*n+3, 8*n+3
	cO := 9*n + 3
	f0, g0, f1, g1 := w(cO, 0), w(cO, 1), w(cO, 2), w(cO, 3)
	cnt := w(cO, 4)
	// The coefficients of u and v's update, a second row t and its carry.
	pf0, pg0, pf1, pg1 := w(cO, 5), w(cO, 6), w(cO, 7), w(cO, 8)
	hiW := w(cO, 9)
	tO := cO + 10
	negA, negB := w(tO, n+1), w(tO, n+2)

	// The first iteration's steps have the update of u and v between them
	// too, from u = 2^64 mod m, v = 0 and the coefficients of the identity
	// (f = g1 = 1, g = f1 = 0): it gives u = 1, v = 0, where the loop starts.
	Comment("a = y, b = m, u = 2^64 mod m, v = 0; the identity's coefficients",
		"plus 2^31")
	Load(Param("y"), RSI)
	r := bingcdWords(new(big.Int).Mod(two64, m), n)
	for i := range n {
		MOVQ(Mem{Base: RSI}.Offset(8*i), RAX)
		MOVQ(RAX, w(aO, i))
		MOVQ(mc.Offset(8*i), RAX)
		MOVQ(RAX, w(bO, i))
		MOVQ(U64(r[i]), RAX)
		MOVQ(RAX, w(uO, i))
		MOVQ(U32(0), w(vO, i))
	}
	MOVL(U32(1<<31+1), EAX)
	MOVL(U32(1<<31), ECX)
	MOVQ(RAX, pf0)
	MOVQ(RCX, pg0)
	MOVQ(RCX, pf1)
	MOVQ(RAX, pg1)
	// One iteration: the approximations, the steps, and the new a and b;
	// the new u and v of an iteration are computed during the next one's
	// steps (linMod's groups between them: the steps wait on each other's
	// results, and the groups fill the idle slots), and after the last.
	iteration := func(chunks []func()) {
		Comment("The approximations: the top word of a or b that is not zero and the",
			"one below it, shifted to the top bit of the pair; the low 31 bits exact.")
		MOVQ(w(aO, 0), R10)
		MOVQ(w(bO, 0), RBX)
		XORL(R8L, R8L)
		XORL(R9L, R9L)
		for i := 1; i < n; i++ {
			MOVQ(w(aO, i), RAX)
			MOVQ(w(bO, i), RCX)
			MOVQ(RAX, RDI)
			ORQ(RCX, RDI)
			CMOVQNE(RAX, R8)
			CMOVQNE(RCX, R9)
			CMOVQNE(w(aO, i-1), R10)
			CMOVQNE(w(bO, i-1), RBX)
		}
		MOVQ(R8, RAX)
		ORQ(R9, RAX)
		BSRQ(RAX, RCX)
		XORQ(U8(63), RCX)
		MOVQ(R8, RDI)
		SHLQ(CL, R10, RDI)
		MOVQ(R9, RSI)
		SHLQ(CL, RBX, RSI)
		Comment("Both high words zero: the low words are the approximations.")
		TESTQ(RAX, RAX)
		CMOVQEQ(R10, RDI)
		CMOVQEQ(RBX, RSI)
		ANDQ(I32(-0x80000000), RDI)
		ANDQ(I32(-0x80000000), RSI)
		MOVQ(w(aO, 0), RAX)
		ANDL(U32(0x7fffffff), EAX)
		ADDQ(RAX, RDI)
		MOVQ(w(bO, 0), RAX)
		ANDL(U32(0x7fffffff), EAX)
		ADDQ(RAX, RSI)

		Comment("The 31 steps (on RDI, RSI, R12, R13 with RAX, RBX, RCX, R8, R9,",
			"R10), and between them the previous iteration's u and v (on RDX, R11,",
			"R14, R15 and stack words).")
		MOVQ(U32(1), R12)
		MOVQ(U64(1<<32), R13)
		bingcdStepsWith(RDI, RSI, R12, R13, RAX, RBX, RCX, R8, R9, R10, chunks)

		Comment("The coefficients plus 2^31: f' = low half + 1, g' = high half + 1",
			"of fg + (2^31 - 1)·(2^32 + 1).")
		MOVQ(U64(0x7fffffff7fffffff), RAX)
		for _, r := range []struct {
			fg, fg32 Register
			fs, gs   Mem
		}{{R12, R12L, f0, g0}, {R13, R13L, f1, g1}} {
			ADDQ(RAX, r.fg)
			MOVL(r.fg32, EBX)
			INCQ(RBX)
			MOVQ(RBX, r.fs)
			SHRQ(U8(32), r.fg)
			INCQ(r.fg)
			MOVQ(r.fg, r.gs)
		}

		Comment("s = a + b")
		for i := range n {
			MOVQ(w(aO, i), RAX)
			if i == 0 {
				ADDQ(w(bO, i), RAX)
			} else {
				ADCQ(w(bO, i), RAX)
			}
			MOVQ(RAX, w(sO, i))
		}
		MOVL(U32(0), EAX)
		ADCQ(U32(0), RAX)
		MOVQ(RAX, w(sO, n))

		// linDivRegs sets the words at out to |(f·a + g·b)/2^31 - s| and the
		// stack word negOut to all ones if it was negative, p and q in
		// registers: the row a·f
		// on one carry chain (ADCX), then b·g's low words on that chain and
		// its high words on another (ADOX), as in a multiplication's rows;
		// the absolute value as (q + neg) ^ neg, the XORs after the carry
		// chain. The first output goes to na, the second (after its
		// products) straight to b; neg to the stack word negOut.
		linDivRegs := func(f, g Mem, out int, negOut Mem) {
			P := []Register{RAX, RBX, RCX, RSI, RDI, R8, R9, R10, R11, R12}[:n+1]
			T, U, Z := R13, R14, R15
			Comment("p = f·a + g·b: a·f, then b·g's low and high words on two chains")
			XORL(Z.As32(), Z.As32())
			MOVQ(f, RDX)
			MULXQ(w(aO, 0), P[0], P[1])
			for i := 1; i < n; i++ {
				MULXQ(w(aO, i), T, P[i+1])
				ADCXQ(T, P[i])
			}
			ADCXQ(Z, P[n])
			MOVQ(g, RDX)
			for i := range n {
				MULXQ(w(bO, i), T, U)
				ADCXQ(T, P[i])
				ADOXQ(U, P[i+1])
			}
			ADCXQ(Z, P[n])
			Comment("q = p/2^31 - s")
			MOVL(U32(31), T.As32())
			MOVL(U32(33), U.As32())
			for i := range n {
				SHRXQ(T, P[i], P[i])
				SHLXQ(U, P[i+1], Z)
				LEAQ(Mem{Base: P[i], Index: Z, Scale: 1}, P[i])
				if i == 0 {
					SUBQ(w(sO, i), P[i])
				} else {
					SBBQ(w(sO, i), P[i])
				}
			}
			SHRXQ(T, P[n], P[n])
			SBBQ(w(sO, n), P[n])
			// Each row of the matrix has |f| + |g| ≤ 2^31, so |q| ≤ max(a, b)
			// < 2^(64n): q's top word is its sign, 0 or all ones.
			MOVQ(P[n], RDX)
			MOVQ(RDX, negOut)
			Comment("out = |q| = (q + neg) ^ neg")
			for i := range n {
				if i == 0 {
					ADDQ(RDX, P[i])
				} else {
					ADCQ(RDX, P[i])
				}
			}
			for i := range n {
				XORQ(RDX, P[i])
				MOVQ(P[i], w(out, i))
			}
		}
		linDivRegs(f0, g0, naO, negA)
		linDivRegs(f1, g1, bO, negB)
		for i := range n {
			MOVQ(w(naO, i), RAX)
			MOVQ(RAX, w(aO, i))
		}
		MOVQ(negA, R14)
		MOVQ(negB, R15)
		Comment("A negated a or b negates its coefficients: c' becomes 2^32 - c'.",
			"They go to the words of the next iteration's u and v.")
		for _, r := range []struct {
			neg        Register
			f, g, F, G Mem
		}{{R14, f0, g0, pf0, pg0}, {R15, f1, g1, pf1, pg1}} {
			MOVQ(U64(1<<32+1), RAX)
			ANDQ(r.neg, RAX)
			for _, c := range []struct{ from, to Mem }{{r.f, r.F}, {r.g, r.G}} {
				MOVQ(c.from, RCX)
				XORQ(r.neg, RCX)
				ADDQ(RAX, RCX)
				MOVQ(RCX, c.to)
			}
		}
	}

	// uvChunks are the groups that compute u and v from the coefficients
	// pf0, pg0, pf1, pg1, on RDX, R11, R14, R15 and stack words.
	uvChunks := func() []func() {
		var ch []func()
		ch = append(ch, func() {
			Comment("d = 2m - u - v")
			for i := range n {
				MOVQ(m2c.Offset(8*i), R11)
				if i == 0 {
					SUBQ(w(uO, i), R11)
				} else {
					SBBQ(w(uO, i), R11)
				}
				MOVQ(R11, w(eO, i))
			}
			MOVQ(m2c.Offset(8*n), R11)
			SBBQ(U8(0), R11)
			MOVQ(R11, w(eO, n))
		}, func() {
			for i := range n {
				MOVQ(w(eO, i), R11)
				if i == 0 {
					SUBQ(w(vO, i), R11)
				} else {
					SBBQ(w(vO, i), R11)
				}
				MOVQ(R11, w(eO, i))
			}
			MOVQ(w(eO, n), R11)
			SBBQ(U8(0), R11)
			MOVQ(R11, w(eO, n))
		}, func() {
			Comment("e = 2^31·d")
			for i := n; i >= 1; i-- {
				MOVQ(w(eO, i), R11)
				MOVQ(w(eO, i-1), R14)
				SHLQ(U8(31), R14, R11)
				MOVQ(R11, w(eO, i))
			}
			SHLQ(U8(31), w(eO, 0))
		})
		for _, o := range []struct {
			f, g Mem
			t    int
			out  int
		}{{pf0, pg0, pO, naO}, {pf1, pg1, tO, nbO}} {
			ch = append(ch, func() {
				Comment("t = f·u + g·v + e, a column at a time")
				MOVQ(U32(0), hiW)
			})
			for i := range n {
				ch = append(ch, func() {
					MOVQ(o.f, RDX)
					MULXQ(w(uO, i), R11, R14)
					MOVQ(o.g, RDX)
					MULXQ(w(vO, i), RDX, R15)
					ADDQ(RDX, R11)
					ADCQ(R15, R14)
					ADDQ(hiW, R11)
					ADCQ(U8(0), R14)
					ADDQ(w(eO, i), R11)
					ADCQ(U8(0), R14)
					MOVQ(R11, w(o.t, i))
					MOVQ(R14, hiW)
				})
			}
			ch = append(ch, func() {
				MOVQ(hiW, R11)
				ADDQ(w(eO, n), R11)
				MOVQ(R11, w(o.t, n))
				Comment("r = (t + q·m)/2^64, q = t0·(-m⁻¹) mod 2^64, in place of t")
				MOVQ(w(o.t, 0), RDX)
				IMULQ(m0c, RDX)
			})
			for i := range n {
				ch = append(ch, func() {
					MULXQ(mc.Offset(8*i), R11, R14)
					ADDQ(w(o.t, i), R11)
					ADCQ(U8(0), R14)
					if i > 0 {
						ADDQ(R15, R11)
						ADCQ(U8(0), R14)
						MOVQ(R11, w(o.t, i-1))
					}
					MOVQ(R14, R15)
				})
			}
			ch = append(ch, func() {
				MOVQ(w(o.t, n), R11)
				ADDQ(R15, R11)
				MOVQ(R11, w(o.t, n-1))
				MOVL(U32(0), R14L)
				ADCQ(U8(0), R14)
				MOVQ(R14, w(o.t, n))
			}, func() {
				Comment("out = r - m, or r if that borrows")
				for i := range n {
					MOVQ(w(o.t, i), R11)
					if i == 0 {
						SUBQ(mc.Offset(8*i), R11)
					} else {
						SBBQ(mc.Offset(8*i), R11)
					}
					MOVQ(R11, w(o.out, i))
				}
				MOVQ(w(o.t, n), R11)
				SBBQ(U8(0), R11)
				for i := range n {
					MOVQ(w(o.out, i), R11)
					CMOVQCS(w(o.t, i), R11)
					MOVQ(R11, w(o.out, i))
				}
			})
		}
		ch = append(ch, func() {
			for i := range n {
				MOVQ(w(naO, i), R11)
				MOVQ(R11, w(uO, i))
				MOVQ(w(nbO, i), R11)
				MOVQ(R11, w(vO, i))
			}
		})
		return ch
	}

	MOVQ(U32(iters), cnt)
	Label(name + "Loop")
	iteration(uvChunks())
	DECQ(cnt)
	JNZ(LabelRef(name + "Loop"))
	Comment("The last iteration's u and v.")
	for _, c := range uvChunks() {
		c()
	}

	Load(Param("out"), RDI)
	for i := range n {
		MOVQ(w(vO, i), RAX)
		MOVQ(RAX, Mem{Base: RDI}.Offset(8*i))
	}
	RET()
}

// itoa formats a small nonnegative number.
func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func init() { generators["bingcd"] = bingcd }
