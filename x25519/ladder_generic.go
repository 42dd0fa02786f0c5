package x25519

import "github.com/carry-crypto/carry/internal/field25519"

// scalarMultGeneric sets dst to the canonical encoding of the u-coordinate of
// k * u, by the Montgomery ladder of RFC 7748, Section 5, on the portable
// field. k is clamped; bit 255 of u is ignored (SetBytes ignores it) and a
// non-canonical u is reduced.
//
// It is constant time in k: each bit of k selects by mask (Swap), and the
// loop runs over the public bit index. It is always compiled, so tests
// compare it with the assembly on every run.
func scalarMultGeneric(dst, k, u *[32]byte) {
	var x1, x2, z2, x3, z3 field25519.Element
	var tA, tB, tC, tD field25519.Element
	if _, err := x1.SetBytes(u[:]); err != nil {
		panic("x25519: internal error: SetBytes of 32 bytes failed")
	}
	x2.One()
	x3.Set(&x1)
	z3.One()

	swap := 0
	for i := 254; i >= 0; i-- {
		b := int(k[i/8]>>(i&7)) & 1
		swap ^= b
		x2.Swap(&x3, swap)
		z2.Swap(&z3, swap)
		swap = b

		tA.Add(&x2, &z2)         // A = x2 + z2
		tB.Sub(&x2, &z2)         // B = x2 - z2
		tC.Add(&x3, &z3)         // C = x3 + z3
		tD.Sub(&x3, &z3)         // D = x3 - z3
		tC.Mul(&tC, &tB)         // CB = C * B
		tD.Mul(&tD, &tA)         // DA = D * A
		tA.Square(&tA)           // AA = A^2
		tB.Square(&tB)           // BB = B^2
		x3.Add(&tD, &tC)         // DA + CB
		z3.Sub(&tD, &tC)         // DA - CB
		x3.Square(&x3)           // x3 = (DA + CB)^2
		z3.Square(&z3)           //
		z3.Mul(&z3, &x1)         // z3 = x1 * (DA - CB)^2
		x2.Mul(&tA, &tB)         // x2 = AA * BB
		tA.Sub(&tA, &tB)         // E = AA - BB
		tC.MulSmall(&tA, 121666) // 121666 * E
		tC.Add(&tC, &tB)         // BB + 121666 * E = AA + 121665 * E
		z2.Mul(&tA, &tC)         // z2 = E * (AA + a24 * E)
	}
	x2.Swap(&x3, swap)
	z2.Swap(&z3, swap)

	z2.Invert(&z2)
	x2.Mul(&x2, &z2)
	x2.FillBytes(dst)
}
