package poly1305

import (
	"encoding/binary"
	"math/big"
	"testing"
)

// TestFinishTopCarry checks finish, against math/big, on every accumulator
// whose value is at least 2^130 in the way that makes its second carry pass
// work: h2 at its bound, h1 and h0's carry reaching 2^44 together, and h0's
// low 44 bits within 5 of 2^44, so that folding 2^130 back as 5 carries
// h0 into h1 again. h0's carry k runs over all it can be (h0 up to maxH0),
// which sets the parity of h1 after the pass. Random accumulators almost
// never reach this case.
func TestFinishTopCarry(t *testing.T) {
	mod128 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	sums := [][2]uint64{{0, 0}, {^uint64(0), ^uint64(0)}, {0x0123456789abcdef, 0xfedcba9876543210}}
	wraps := 0
	for k := uint64(0); k <= maxH0>>44; k++ {
		for low := uint64(1<<44 - 8); low <= mask44; low++ {
			h0 := k<<44 | low
			if h0 > maxH0 {
				continue
			}
			for _, h1 := range []uint64{maxH1, maxH1 - 1, maxH1 - 40, maxH1 - 79, 0} {
				h := [3]uint64{h0, h1, maxH2}
				if h1+k >= 1<<44 && low+5 >= 1<<44 {
					wraps++
				}
				for _, s := range sums {
					want := new(big.Int).Mod(limbsValue(h), bigP)
					want.Add(want, new(big.Int).Lsh(new(big.Int).SetUint64(s[1]), 64))
					want.Add(want, new(big.Int).SetUint64(s[0]))
					want.And(want, mod128)

					var out [TagSize]byte
					hh, ss := h, s
					finish(&out, &hh, &ss)
					got := new(big.Int).Lsh(new(big.Int).SetUint64(binary.LittleEndian.Uint64(out[8:])), 64)
					got.Add(got, new(big.Int).SetUint64(binary.LittleEndian.Uint64(out[:8])))
					if got.Cmp(want) != 0 {
						t.Fatalf("finish(h = %x, s = %x) = %x, want %x", h, s, got, want)
					}
				}
			}
		}
	}
	// The loops above are meant to reach the double carry; make sure they do.
	if wraps < 100 {
		t.Fatalf("only %d accumulators carry h0 twice", wraps)
	}
}
