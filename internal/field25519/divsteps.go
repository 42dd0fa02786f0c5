package field25519

import "math/bits"

// This file holds the inversion: Bernstein and Yang's divsteps ("Fast
// constant-time gcd computation and modular inversion", 2019) in the
// half-delta form, on f = p and g = y, in batches of 60 steps.
//
// A divstep maps (δ, f, g), f odd, to (1 - δ, g, (g - f)/2) if δ > 0 and g
// is odd, to (1 + δ, f, (g + f)/2) if only g is odd, and to (1 + δ, f, g/2)
// otherwise. From δ = 1/2, 590 steps bring any f and g below 2^256 to g = 0
// and f = ±gcd(f, g) (Wuille, "Bounds on divsteps iterations in safegcd");
// later steps keep g = 0 and f. invert runs 10 batches of 60 steps.
//
// The first k steps read only the low k bits of f and g. A batch runs its
// steps in three rounds of 20 on the low bits alone and collects the matrix
// M that maps the batch's (f, g) to 2^60 times the new ones; the entries of
// M are integers with |u| + |v| ≤ 2^60 in each row. The batch then applies M
// to f and g, 256-bit signed values whose size never grows, and to d and e,
// residues below p with f ≡ d·y·2^(4t) and g ≡ e·y·2^(4t) (mod p) after t
// batches, dividing by 2^64 modulo p as one row of Montgomery's reduction
// does. At the end f = ±1, so y⁻¹ = ±d·2^40; for y = 0, g stays 0, f = p
// and d = 0.

const (
	divstepsRound   = 20 // steps a packed round runs
	divstepsBatches = 10 // batches of three rounds: 600 ≥ 590 steps
)

// divstepsRoundGeneric runs 20 divsteps from twice δ, dd (odd), on the low
// 20 bits of f and g, f odd. It returns the new dd and the matrix (u v; q r)
// with 2^20·(f', g') = (u·f + v·g, q·f + r·g).
//
// Each step acts on two words: F = f' + 2^21·U + 2^42·V and likewise G,
// where f' is the step's f computed from the low bits alone (it agrees with
// the true f on the bits the remaining steps read, |f'| < 2^20) and (U, V)
// is -2^20 times f's row of the matrix so far, whose entries have at most
// 20 fractional bits. Every operation of a step is linear, so it acts on
// the three parts at once; halving G halves its row. The rows are stored
// negated because a row is never (-1, 0) or (0, -1) (no step negates one,
// and (g ± f)/2 reaches magnitude 1 only from two rows of magnitude 1 with
// the same signs), so U and V lie in [-2^20, 2^20) and fit 21 bits, and
// G ± F before the halving stays within 64 bits. Constant time: every
// choice is a mask.
func divstepsRoundGeneric(dd int64, f, g uint64) (int64, int64, int64, int64, int64) {
	F := int64(f&(1<<20-1)) - 1<<41
	G := int64(g&(1<<20-1)) - 1<<62
	for range divstepsRound {
		odd := -(G & 1)
		swap := odd & (-dd >> 63) // dd is odd: -dd < 0 exactly when dd > 0
		t := (F ^ G) & swap
		G += (F ^ swap - swap) & odd // G - F on a swap
		F ^= t
		dd = dd ^ swap - swap + 2
		G >>= 1
	}
	u, v := divstepsRow(F)
	q, r := divstepsRow(G)
	return dd, u, v, q, r
}

// divstepsRow returns the matrix row that a packed word of
// divstepsRoundGeneric holds.
func divstepsRow(F int64) (int64, int64) {
	w := (F + 1<<20) >> 21 // U + 2^21·V
	return -(w << 43 >> 43), -((F + 1<<20 + 1<<41) >> 42)
}

// divstepsBatchGeneric runs 60 divsteps from dd on the low 64 bits of f and
// g and returns the new dd and the matrix, 2^60·(f', g') = (u·f + v·g,
// q·f + r·g). divstepsBatch is this function (fe_noasm.go) or its assembly
// twin.
func divstepsBatchGeneric(dd int64, f, g uint64) (int64, int64, int64, int64, int64) {
	dd, u, v, q, r := divstepsRoundGeneric(dd, f, g)
	// The low 44 bits of the new f and g, enough for the next round.
	f, g = uint64(int64(f)*u+int64(g)*v)>>20, uint64(int64(f)*q+int64(g)*r)>>20
	dd, u2, v2, q2, r2 := divstepsRoundGeneric(dd, f, g)
	u, v, q, r = u2*u+v2*q, u2*v+v2*r, q2*u+r2*q, q2*v+r2*r
	f, g = uint64(int64(f)*u2+int64(g)*v2)>>20, uint64(int64(f)*q2+int64(g)*r2)>>20
	dd, u2, v2, q2, r2 = divstepsRoundGeneric(dd, f, g)
	return dd, u2*u + v2*q, u2*v + v2*r, q2*u + r2*q, q2*v + r2*r
}

// invertFactors are 2^40 and p - 2^40: y⁻¹ is d times the first if the
// final f is 1, the second if it is -1.
var invertFactors = [2][4]uint64{
	{1 << 40, 0, 0, 0},
	{1<<64 - 19 - 1<<40, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1},
}

// invert sets out = y⁻¹ mod p for any y below 2^256 (0 mod p gives 0), by
// the divsteps above and one multiplication: out is below 2^255 + 2^12. out
// may alias y. Constant time: the step and batch counts are public, and
// every choice on the values is a mask (a CMOV in the assembly).
func invert(out, y *[4]uint64) {
	var f, g, d, e [4]uint64
	f = [4]uint64{1<<64 - 19, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1}
	g[0], g[1], g[2], g[3] = canonical(y[0], y[1], y[2], y[3])
	e[0] = 1
	dd := int64(1)
	for range divstepsBatches {
		var u, v, q, r int64
		dd, u, v, q, r = divstepsBatch(dd, f[0], g[0])
		f, g = linShift(&f, &g, u, v), linShift(&f, &g, q, r)
		d, e = linModP(&d, &e, u, v), linModP(&d, &e, q, r)
	}
	// f is ±1 now (p for y = 0, with d = 0).
	neg := uint64(int64(f[3]) >> 63)
	var c [4]uint64
	selectWords(&c, &invertFactors[0], &invertFactors[1], neg)
	feMul(out, &d, &c)
}

// mulSigned returns x·m on five words of two's complement, for a 256-bit
// two's complement x and |m| < 2^63, x·m within 320 bits: x, negated when m
// is negative, times |m|.
func mulSigned(x *[4]uint64, m int64) (r0, r1, r2, r3, r4 uint64) {
	s := uint64(m >> 63)
	a := (uint64(m) ^ s) - s
	// x' = x negated when s is all ones, and the mask of its sign.
	var bo uint64
	x0, bo := bits.Sub64(x[0]^s, s, 0)
	x1, bo := bits.Sub64(x[1]^s, s, bo)
	x2, bo := bits.Sub64(x[2]^s, s, bo)
	x3, _ := bits.Sub64(x[3]^s, s, bo)
	neg := uint64(int64(x3) >> 63)
	h0, l0 := bits.Mul64(x0, a)
	h1, l1 := bits.Mul64(x1, a)
	h2, l2 := bits.Mul64(x2, a)
	h3, l3 := bits.Mul64(x3, a)
	var c uint64
	r0 = l0
	r1, c = bits.Add64(l1, h0, 0)
	r2, c = bits.Add64(l2, h1, c)
	r3, c = bits.Add64(l3, h2, c)
	r4 = h3 + c - a&neg
	return
}

// linShift returns (u·f + v·g)/2^60 for 256-bit two's complement f and g
// and |u| + |v| ≤ 2^60, when the division is exact and the result is
// within 256 bits.
func linShift(f, g *[4]uint64, u, v int64) [4]uint64 {
	a0, a1, a2, a3, a4 := mulSigned(f, u)
	b0, b1, b2, b3, b4 := mulSigned(g, v)
	var c uint64
	a0, c = bits.Add64(a0, b0, 0)
	a1, c = bits.Add64(a1, b1, c)
	a2, c = bits.Add64(a2, b2, c)
	a3, c = bits.Add64(a3, b3, c)
	a4 += b4 + c
	return [4]uint64{a0>>60 | a1<<4, a1>>60 | a2<<4, a2>>60 | a3<<4, a3>>60 | a4<<4}
}

// linModP returns (u·d + v·e)·2^(-64) mod p, below p, for d and e below p
// and |u| + |v| ≤ 2^60.
//
// With d' = p - d when u < 0 (and likewise e'), t = |u|·d' + |v|·e' < 2^60·p
// is nonnegative; q = t·(-p⁻¹) mod 2^64 = t·19⁻¹ mod 2^64 makes the low word
// of q·p = q·2^255 - 19·q equal to t's own, so (t + q·p)/2^64 < 2^252 + p is
// t's upper words, less the high word of 19·q, plus q·2^191. One
// subtraction of p, kept when it does not borrow, brings it below p.
func linModP(d, e *[4]uint64, u, v int64) [4]uint64 {
	t0, t1, t2, t3, t4 := mulMod(d, u)
	s0, s1, s2, s3, s4 := mulMod(e, v)
	var c uint64
	t0, c = bits.Add64(t0, s0, 0)
	t1, c = bits.Add64(t1, s1, c)
	t2, c = bits.Add64(t2, s2, c)
	t3, c = bits.Add64(t3, s3, c)
	t4 += s4 + c

	// The low word of 19·q is t0, so the low words cancel exactly.
	q := t0 * 0x86bca1af286bca1b // 19⁻¹ mod 2^64
	h, _ := bits.Mul64(q, 19)
	z0, bo := bits.Sub64(t1, h, 0)
	z1, bo := bits.Sub64(t2, 0, bo)
	z2, bo := bits.Sub64(t3, 0, bo)
	z3 := t4 - bo
	z2, c = bits.Add64(z2, q<<63, 0)
	z3 += q>>1 + c

	// z < 2p < 2^256 - 19: z ≥ p exactly when z + 19 ≥ 2^255.
	w0, w1, w2, w3 := addWord(z0, z1, z2, z3, 19)
	keep := w3>>63 - 1
	w3 &= 1<<63 - 1
	return [4]uint64{w0 ^ keep&(w0^z0), w1 ^ keep&(w1^z1), w2 ^ keep&(w2^z2), w3 ^ keep&(w3^z3)}
}

// mulMod returns |m|·x', with x' = p - x when m < 0 and x otherwise, for x
// below p and |m| < 2^63: five words.
func mulMod(x *[4]uint64, m int64) (r0, r1, r2, r3, r4 uint64) {
	s := uint64(m >> 63)
	a := (uint64(m) ^ s) - s
	// p - x = (2^255 - 1 - x) - 18, where 2^255 - 1 - x is x's low 255
	// bits flipped; the mask s applies both.
	var bo uint64
	x0, bo := bits.Sub64(x[0]^s, 18&s, 0)
	x1, bo := bits.Sub64(x[1]^s, 0, bo)
	x2, bo := bits.Sub64(x[2]^s, 0, bo)
	x3, _ := bits.Sub64(x[3]^(s>>1), 0, bo)
	h0, l0 := bits.Mul64(x0, a)
	h1, l1 := bits.Mul64(x1, a)
	h2, l2 := bits.Mul64(x2, a)
	h3, l3 := bits.Mul64(x3, a)
	var c uint64
	r0 = l0
	r1, c = bits.Add64(l1, h0, 0)
	r2, c = bits.Add64(l2, h1, c)
	r3, c = bits.Add64(l3, h2, c)
	r4 = h3 + c
	return
}
