package testutil

import "math/big"

// P25519 is 2^255 - 19, the prime of Curve25519's field.
var P25519 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// LadderBig is the Montgomery ladder of RFC 7748, Section 5, on math/big
// integers mod P25519: over bits 254 down to 0 of the little-endian k, with
// the conditional swaps as branches, from the u-coordinate u (any integer).
// It returns the projective result x2/z2, z2 being 0 for the point at
// infinity. It is an oracle for the tests, variable time and slow, and
// shares no code with carry's ladders.
func LadderBig(k *[32]byte, u *big.Int) (x2, z2 *big.Int) {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, P25519) }
	mul := func(x, y *big.Int) *big.Int { return mod(new(big.Int).Mul(x, y)) }
	add := func(x, y *big.Int) *big.Int { return mod(new(big.Int).Add(x, y)) }
	sub := func(x, y *big.Int) *big.Int { return mod(new(big.Int).Sub(x, y)) }
	a24 := big.NewInt(121665)
	x1 := mod(new(big.Int).Set(u))
	x2, z2 = big.NewInt(1), big.NewInt(0)
	x3, z3 := new(big.Int).Set(x1), big.NewInt(1)
	swap := uint(0)
	for t := 254; t >= 0; t-- {
		kt := uint(k[t/8]>>(t%8)) & 1
		if swap^kt == 1 {
			x2, x3 = x3, x2
			z2, z3 = z3, z2
		}
		swap = kt
		A, B := add(x2, z2), sub(x2, z2)
		AA, BB := mul(A, A), mul(B, B)
		E := sub(AA, BB)
		C, D := add(x3, z3), sub(x3, z3)
		DA, CB := mul(D, A), mul(C, B)
		s, d := add(DA, CB), sub(DA, CB)
		x3, z3 = mul(s, s), mul(x1, mul(d, d))
		x2, z2 = mul(AA, BB), mul(E, add(AA, mul(a24, E)))
	}
	if swap == 1 {
		x2, z2 = x3, z3
	}
	return x2, z2
}
