package x25519

// scalarMult64 sets dst to the canonical encoding of the u-coordinate of
// k * u by the Montgomery ladder of RFC 7748, Section 5, on the portable
// four-word field (fe64.go), in the same form as the assembly ladder
// (_asm/ladder_amd64_asm.go): the conditional swaps are replaced by one
// conditional selection of the doubling's inputs per step.
//
// The ladder keeps R0 and R1 = R0 + P in two slots, X = (x2, z2) and
// Y = (x3, z3), and a bit s saying which slot holds R0 (X when s = 0). A
// step with scalar bit b replaces R_b by 2 R_b and R_(1-b) by R0 + R1. The
// differential addition is symmetric in its two points, so it reads the slots
// as they are and always writes Y; the doubling reads R_b, which is in X when
// s = b and in Y otherwise, chosen by mask, and always writes X; then s = b.
//
// It is constant time in k: the bits of k select by mask, and the loop runs
// over the public bit index.
func scalarMult64(dst, k, u *[32]byte) {
	var x1, x2, z2, x3, z3 fe64
	var tA, tB, tC, tD, tP, tQ fe64
	load64(&x1, u)
	x2[0] = 1
	x3 = x1
	z3[0] = 1

	var s uint64
	for i := 254; i >= 0; i-- {
		b := uint64(k[i/8]>>(i&7)) & 1
		mask := -(s ^ b) // all ones when the doubling reads Y
		s = b

		add64(&tA, &x2, &z2) // A = x2 + z2
		sub64(&tB, &x2, &z2) // B = x2 - z2
		add64(&tC, &x3, &z3) // C = x3 + z3
		sub64(&tD, &x3, &z3) // D = x3 - z3
		select64(&tP, &tA, &tC, mask)
		select64(&tQ, &tB, &tD, mask)
		mul64(&tD, &tD, &tA)         // DA
		mul64(&tC, &tC, &tB)         // CB
		square64(&tP, &tP)           // AA
		square64(&tQ, &tQ)           // BB
		add64(&x3, &tD, &tC)         // DA + CB
		sub64(&z3, &tD, &tC)         // DA - CB
		square64(&z3, &z3)           //
		sub64(&tA, &tP, &tQ)         // E = AA - BB
		square64(&x3, &x3)           // x3 = (DA + CB)^2
		mulSmall64(&tC, &tA, 121666) // 121666 * E
		add64(&tC, &tC, &tQ)         // BB + 121666 * E = AA + 121665 * E
		mul64(&z3, &z3, &x1)         // z3 = x1 * (DA - CB)^2
		mul64(&x2, &tP, &tQ)         // x2 = AA * BB
		mul64(&z2, &tA, &tC)         // z2 = E * (AA + a24 * E)
	}
	mask := -s
	select64(&x2, &x2, &x3, mask)
	select64(&z2, &z2, &z3, mask)

	invert64(&z2, &z2)
	feMul(&x2, &x2, &z2)
	store64(dst, &x2)
}

// squareN64 sets v = a^(2^n) for a public n >= 1.
func squareN64(v, a *fe64, n int) {
	square64(v, a)
	for i := 1; i < n; i++ {
		square64(v, v)
	}
}

// invert64 sets out = 1/z (and 0 for z = 0) as z^(p-2), by an addition chain
// of 254 squarings and 11 multiplications. It runs on feMul and feSquareN,
// the assembly where the CPU has it and otherwise the portable field.
func invert64(out, z *fe64) {
	var z2, z9, z11, z2_5_0, z2_10_0, z2_20_0, z2_50_0, z2_100_0, t fe64

	feSquareN(&z2, z, 1)           // 2
	feSquareN(&t, &z2, 2)          // 8
	feMul(&z9, &t, z)              // 9
	feMul(&z11, &z9, &z2)          // 11
	feSquareN(&t, &z11, 1)         // 22
	feMul(&z2_5_0, &t, &z9)        // 2^5 - 1
	feSquareN(&t, &z2_5_0, 5)      // 2^10 - 2^5
	feMul(&z2_10_0, &t, &z2_5_0)   // 2^10 - 1
	feSquareN(&t, &z2_10_0, 10)    // 2^20 - 2^10
	feMul(&z2_20_0, &t, &z2_10_0)  // 2^20 - 1
	feSquareN(&t, &z2_20_0, 20)    // 2^40 - 2^20
	feMul(&t, &t, &z2_20_0)        // 2^40 - 1
	feSquareN(&t, &t, 10)          // 2^50 - 2^10
	feMul(&z2_50_0, &t, &z2_10_0)  // 2^50 - 1
	feSquareN(&t, &z2_50_0, 50)    // 2^100 - 2^50
	feMul(&z2_100_0, &t, &z2_50_0) // 2^100 - 1
	feSquareN(&t, &z2_100_0, 100)  // 2^200 - 2^100
	feMul(&t, &t, &z2_100_0)       // 2^200 - 1
	feSquareN(&t, &t, 50)          // 2^250 - 2^50
	feMul(&t, &t, &z2_50_0)        // 2^250 - 1
	feSquareN(&t, &t, 5)           // 2^255 - 2^5
	feMul(out, &t, &z11)           // 2^255 - 21
}
