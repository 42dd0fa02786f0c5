package field25519

import (
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// ladderBig is the Montgomery ladder of RFC 7748, Section 5, on math/big
// integers mod p: bits 254 down to 0 of the little-endian k, u any integer.
// It returns the projective result x2/z2.
func ladderBig(k *[32]byte, u *big.Int) (x2, z2 *big.Int) {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, bigP) }
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

// TestLadderMatchesBig checks Ladder against ladderBig, as the ratio x2/z2
// and whether z2 is 0, on random scalars (bit 255 set or not, clamped or
// not) and u-coordinates of any four words, into outputs holding any words
// and aliasing u, with every implementation.
func TestLadderMatchesBig(t *testing.T) {
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		r := testutil.Rand(t)
		us := specialElements()
		for range testutil.Runs(*long, 100, 5000, 20) {
			us = append(us, &Element{randWords(r, false)})
		}
		for i, u := range us {
			var k [32]byte
			for j := range k {
				k[j] = byte(r.Uint64())
			}
			if i%2 == 0 { // clamped, as X25519 does
				k[0] &= 248
				k[31] = k[31]&127 | 64
			}
			wantX, wantZ := ladderBig(&k, limbsBig(u))
			// The outputs start with whatever words they held.
			in := *u
			x2, z2 := Element{randWords(r, false)}, Element{randWords(r, false)}
			Ladder(&x2, &z2, &k, &in)
			if in != *u {
				t.Fatalf("Ladder changed its input %v to %v", u, in)
			}
			// x2 or z2 may alias u.
			ax, az := *u, Element{randWords(r, false)}
			Ladder(&ax, &az, &k, &ax)
			bx, bz := Element{randWords(r, false)}, *u
			Ladder(&bx, &bz, &k, &bz)
			if ax != x2 || az != z2 || bx != x2 || bz != z2 {
				t.Fatalf("Ladder(%x, %v) with an output aliasing u = %v/%v and %v/%v, not %v/%v", k, u, ax, az, bx, bz, x2, z2)
			}
			l := new(big.Int).Mul(toBig(&x2), wantZ)
			rr := new(big.Int).Mul(wantX, toBig(&z2))
			if l.Mod(l, bigP).Cmp(rr.Mod(rr, bigP)) != 0 || (toBig(&z2).Sign() == 0) != (wantZ.Sign() == 0) {
				t.Fatalf("Ladder(%x, %v) = %v/%v, want %x/%x", k, u, x2, z2, wantX, wantZ)
			}
		}
	})
}
