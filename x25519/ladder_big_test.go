package x25519

import (
	"math/big"

	"github.com/carry-crypto/carry/internal/testutil"
)

// scalarMultBig is a second, independent X25519 for the tests: RFC 7748's
// Montgomery ladder on math/big (testutil.LadderBig), then one modular
// exponentiation for 1/z. It is variable time and slow, and shares no code
// with the library's ladders.
//
// k is clamped; bit 255 of u is ignored and a non-canonical u is reduced.
func scalarMultBig(dst, k, u *[32]byte) {
	p := testutil.P25519
	var be [32]byte
	for i := range be {
		be[31-i] = u[i]
	}
	be[0] &= 127
	x2, z2 := testutil.LadderBig(k, new(big.Int).SetBytes(be[:]))
	r := new(big.Int).Exp(z2, new(big.Int).Sub(p, big.NewInt(2)), p)
	r.Mod(r.Mul(r, x2), p)
	r.FillBytes(be[:])
	for i := range be {
		dst[i] = be[31-i]
	}
}
