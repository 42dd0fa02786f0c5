package field25519

import (
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestLadderMatchesBig checks Ladder against testutil.LadderBig, as the ratio x2/z2
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
			wantX, wantZ := testutil.LadderBig(&k, limbsBig(u))
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
