package x25519

import "math/big"

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// scalarMultBig is a second, independent X25519 for the tests: RFC 7748's
// Montgomery ladder, conditional swaps as branches, on math/big. It is
// variable time and slow, and shares no code with the library's ladders.
//
// k is clamped; bit 255 of u is ignored and a non-canonical u is reduced.
func scalarMultBig(dst, k, u *[32]byte) {
	le := func(b []byte) *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}
	ub := *u
	ub[31] &= 127
	x1 := new(big.Int).Mod(le(ub[:]), bigP)
	x2, z2 := big.NewInt(1), big.NewInt(0)
	x3, z3 := new(big.Int).Set(x1), big.NewInt(1)
	mod := func(x *big.Int) *big.Int { return x.Mod(x, bigP) }
	mul := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }
	add := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Add(a, b)) }
	sub := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }
	swap := uint(0)
	for i := 254; i >= 0; i-- {
		b := uint(k[i/8]>>(i&7)) & 1
		if swap^b == 1 {
			x2, x3 = x3, x2
			z2, z3 = z3, z2
		}
		swap = b
		A, B := add(x2, z2), sub(x2, z2)
		AA, BB := mul(A, A), mul(B, B)
		E := sub(AA, BB)
		C, D := add(x3, z3), sub(x3, z3)
		DA, CB := mul(D, A), mul(C, B)
		x3 = mul(add(DA, CB), add(DA, CB))
		z3 = mul(x1, mul(sub(DA, CB), sub(DA, CB)))
		x2 = mul(AA, BB)
		z2 = mul(E, add(AA, mul(big.NewInt(121665), E)))
	}
	if swap == 1 {
		x2, z2 = x3, z3
	}
	r := mul(x2, new(big.Int).Exp(z2, new(big.Int).Sub(bigP, big.NewInt(2)), bigP))
	var be [32]byte
	r.FillBytes(be[:])
	for i := range be {
		dst[i] = be[31-i]
	}
}
