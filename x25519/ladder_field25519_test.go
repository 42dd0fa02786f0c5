package x25519

import "github.com/carry-crypto/carry/internal/field25519"

// scalarMultField25519 is a second, independent X25519 for the tests: RFC
// 7748's Montgomery ladder, conditional swaps included, on the five-limb
// field of internal/field25519 (which Ed25519 will use). The library's
// ladders, scalarMult64 and the assembly, run on four 64-bit words in another
// form; agreeing with this one on every input the tests try is evidence that
// neither representation's bounds are wrong.
//
// k is clamped; bit 255 of u is ignored (SetBytes ignores it) and a
// non-canonical u is reduced.
func scalarMultField25519(dst, k, u *[32]byte) {
	var x1, x2, z2, x3, z3 field25519.Element
	var tA, tB, tC, tD field25519.Element
	if _, err := x1.SetBytes(u[:]); err != nil {
		panic("carry/x25519: internal error: SetBytes of 32 bytes failed")
	}
	x2.One()
	x3.Set(&x1)
	z3.One()
	var a24 field25519.Element // 121666, little-endian
	if _, err := a24.SetBytes([]byte{0x42, 0xdb, 0x01, 31: 0}); err != nil {
		panic("carry/x25519: internal error: SetBytes of 32 bytes failed")
	}

	swap := 0
	for i := 254; i >= 0; i-- {
		b := int(k[i/8]>>(i&7)) & 1
		swap ^= b
		cswap(&x2, &x3, swap)
		cswap(&z2, &z3, swap)
		swap = b

		// The sums and differences go straight into multiplications, so
		// they skip the carry pass (LazyAdd, LazySub): their inputs are
		// outputs of Mul or Square, tight, and their loose
		// outputs are what Mul and Square accept.
		tA.LazyAdd(&x2, &z2) // A = x2 + z2
		tB.LazySub(&x2, &z2) // B = x2 - z2
		tC.LazyAdd(&x3, &z3) // C = x3 + z3
		tD.LazySub(&x3, &z3) // D = x3 - z3
		tC.Mul(&tC, &tB)     // CB = C * B
		tD.Mul(&tD, &tA)     // DA = D * A
		tA.Square(&tA)       // AA = A^2
		tB.Square(&tB)       // BB = B^2
		x3.LazyAdd(&tD, &tC) // DA + CB
		z3.LazySub(&tD, &tC) // DA - CB
		x3.Square(&x3)       // x3 = (DA + CB)^2
		z3.Square(&z3)       //
		z3.Mul(&z3, &x1)     // z3 = x1 * (DA - CB)^2
		x2.Mul(&tA, &tB)     // x2 = AA * BB
		tA.LazySub(&tA, &tB) // E = AA - BB
		tC.Mul(&tA, &a24)    // 121666 * E
		tC.LazyAdd(&tC, &tB) // BB + 121666 * E = AA + 121665 * E
		z2.Mul(&tA, &tC)     // z2 = E * (AA + a24 * E)
	}
	cswap(&x2, &x3, swap)
	cswap(&z2, &z3, swap)

	z2.Invert(&z2)
	x2.Mul(&x2, &z2)
	x2.FillBytes(dst)
}

// cswap swaps a and b if swap is 1, by masks.
func cswap(a, b *field25519.Element, swap int) {
	var t field25519.Element
	t.Select(b, a, swap)
	b.Select(a, b, swap)
	a.Set(&t)
}
