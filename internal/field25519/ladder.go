package field25519

import "math/bits"

// Ladder sets x2 and z2 to the projective u-coordinate x2/z2 of k·u on
// Curve25519, by the Montgomery ladder of RFC 7748, Section 5, over bits 254
// down to 0 of k (bit 255 is not read). k is the scalar as the caller
// clamped it; u is any element. z2 is 0 exactly when k·u is the point at
// infinity. x2 and z2 may alias u but not each other.
//
// It is constant time in k: the bits of k select by mask, and the loop runs
// over the public bit index.
func Ladder(x2, z2 *Element, k *[32]byte, u *Element) {
	// The ladder's sums and differences need values below 2^255 + 2^23.
	var w [4]uint64
	w[0], w[1], w[2], w[3] = fold(u.w[0], u.w[1], u.w[2], u.w[3], 0)
	ladder(&x2.w, &z2.w, k, &w)
}

// ladderGeneric is Ladder in portable Go, in the form of the assembly
// (_asm/fe_amd64_asm.go): the conditional swaps are replaced by one
// conditional selection of the doubling's inputs per step.
//
// The ladder keeps R0 and R1 = R0 + P in two slots, X = (x2, z2) and
// Y = (x3, z3), and a bit s saying which slot holds R0 (X when s = 0). A
// step with scalar bit b replaces R_b by 2 R_b and R_(1-b) by R0 + R1. The
// differential addition is symmetric in its two points, so it reads the slots
// as they are and always writes Y; the doubling reads R_b, which is in X when
// s = b and in Y otherwise, chosen by mask, and always writes X; then s = b.
func ladderGeneric(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) {
	var x1, x3, z3 [4]uint64
	var tA, tB, tC, tD, tP, tQ [4]uint64
	x1 = *u
	*x2 = [4]uint64{1}
	*z2 = [4]uint64{}
	x3 = x1
	z3[0] = 1

	var s uint64
	for i := 254; i >= 0; i-- {
		b := uint64(k[i/8]>>(i&7)) & 1
		mask := -(s ^ b) // all ones when the doubling reads Y
		s = b

		addLadder(&tA, x2, z2)   // A = x2 + z2
		subLadder(&tB, x2, z2)   // B = x2 - z2
		addLadder(&tC, &x3, &z3) // C = x3 + z3
		subLadder(&tD, &x3, &z3) // D = x3 - z3
		selectWords(&tP, &tA, &tC, mask)
		selectWords(&tQ, &tB, &tD, mask)
		mulGeneric(&tD, &tD, &tA)  // DA
		mulGeneric(&tC, &tC, &tB)  // CB
		squareGeneric(&tP, &tP)    // AA
		squareGeneric(&tQ, &tQ)    // BB
		addLadder(&x3, &tD, &tC)   // DA + CB
		subLadder(&z3, &tD, &tC)   // DA - CB
		squareGeneric(&z3, &z3)    //
		subLadder(&tA, &tP, &tQ)   // E = AA - BB
		squareGeneric(&x3, &x3)    // x3 = (DA + CB)^2
		mulSmall(&tC, &tA, 121666) // 121666 * E
		addLadder(&tC, &tC, &tQ)   // BB + 121666 * E = AA + 121665 * E
		mulGeneric(&z3, &z3, &x1)  // z3 = x1 * (DA - CB)^2
		mulGeneric(x2, &tP, &tQ)   // x2 = AA * BB
		mulGeneric(z2, &tA, &tC)   // z2 = E * (AA + a24 * E)
	}
	mask := -s
	selectWords(x2, x2, &x3, mask)
	selectWords(z2, z2, &z3, mask)
}

// addLadder sets v = a + b for a and b below M = 2^255 + 2^23, as every
// value of the ladder is, and v below 2^256. A carry out of 2^256 (worth
// 38) leaves less than 2^24, so the 38 goes into the low word alone: the
// single correction of the assembly's add, cheaper than add's. v may alias
// a or b.
func addLadder(v, a, b *[4]uint64) {
	var c uint64
	r0, c := bits.Add64(a[0], b[0], 0)
	r1, c := bits.Add64(a[1], b[1], c)
	r2, c := bits.Add64(a[2], b[2], c)
	r3, c := bits.Add64(a[3], b[3], c)
	v[0], v[1], v[2], v[3] = r0+38*c, r1, r2, r3
}

// subLadder sets v = a - b for a and b below M, and v below 2^256. On a
// borrow the wrapped value is at least 2^256 - M, so taking out the 38 that
// 2^256 is worth cannot borrow again. v may alias a or b.
func subLadder(v, a, b *[4]uint64) {
	var c uint64
	r0, c := bits.Sub64(a[0], b[0], 0)
	r1, c := bits.Sub64(a[1], b[1], c)
	r2, c := bits.Sub64(a[2], b[2], c)
	r3, c := bits.Sub64(a[3], b[3], c)
	r0, c = bits.Sub64(r0, 38*c, 0)
	r1, c = bits.Sub64(r1, 0, c)
	r2, c = bits.Sub64(r2, 0, c)
	r3, _ = bits.Sub64(r3, 0, c)
	v[0], v[1], v[2], v[3] = r0, r1, r2, r3
}
