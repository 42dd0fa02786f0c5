package poly1305

// The reference for the vector loop's multipliers (powersIFMA in
// sum_amd64.s): the powers of r in the portable code's limbs.

import (
	"math/big"
	"math/bits"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// mulLimbs returns a*b mod 2^130 - 5 in limbs of 44, 44 and 42 bits, fully
// carried (each limb below its width, so the value is below 2^130), for a
// and b in such limbs with a0, a1 < 2^45, a2 < 2^43 and b fully carried.
// It takes the product in three columns, the parts at 2^132 and above
// folded in as 20 per unit (2^132 = 4 * 2^130 = 20 mod p), with its
// carries taken to the end; it makes the powers of r that the vector code
// multiplies by, once per message.
func mulLimbs(a, b [3]uint64) [3]uint64 {
	b1x20, b2x20 := 20*b[1], 20*b[2]
	var c uint64

	// d0 = a0 b0 + a1 (20 b2) + a2 (20 b1)
	d0h, d0l := bits.Mul64(a[0], b[0])
	ph, pl := bits.Mul64(a[1], b2x20)
	d0l, c = bits.Add64(d0l, pl, 0)
	d0h, _ = bits.Add64(d0h, ph, c)
	ph, pl = bits.Mul64(a[2], b1x20)
	d0l, c = bits.Add64(d0l, pl, 0)
	d0h, _ = bits.Add64(d0h, ph, c)

	// d1 = a0 b1 + a1 b0 + a2 (20 b2)
	d1h, d1l := bits.Mul64(a[0], b[1])
	ph, pl = bits.Mul64(a[1], b[0])
	d1l, c = bits.Add64(d1l, pl, 0)
	d1h, _ = bits.Add64(d1h, ph, c)
	ph, pl = bits.Mul64(a[2], b2x20)
	d1l, c = bits.Add64(d1l, pl, 0)
	d1h, _ = bits.Add64(d1h, ph, c)

	// d2 = a0 b2 + a1 b1 + a2 b0
	d2h, d2l := bits.Mul64(a[0], b[2])
	ph, pl = bits.Mul64(a[1], b[1])
	d2l, c = bits.Add64(d2l, pl, 0)
	d2h, _ = bits.Add64(d2h, ph, c)
	ph, pl = bits.Mul64(a[2], b[0])
	d2l, c = bits.Add64(d2l, pl, 0)
	d2h, _ = bits.Add64(d2h, ph, c)

	// Each column is below 2^45 * 2^44 * 3 + 2^43 * 2^48.4 < 2^92: carry
	// them into 44, 44 and 42 bits, fold the top back times 5, and carry
	// again until every limb is within its width.
	h0 := d0l & mask44
	d1l, c = bits.Add64(d1l, d0h<<20|d0l>>44, 0)
	d1h += c
	h1 := d1l & mask44
	d2l, c = bits.Add64(d2l, d1h<<20|d1l>>44, 0)
	d2h += c
	h2 := d2l & mask42
	c = d2h<<22 | d2l>>42 // below 2^51
	h0 += c * 5
	h1 += h0 >> 44
	h0 &= mask44
	h2 += h1 >> 44
	h1 &= mask44
	// h0 < 2^44, h1 < 2^44, h2 <= 2^42. A last carry of h2 (1 at most)
	// happens only if h1 was at least 2^44 before its mask, which leaves
	// h1 below 2^8: adding h0's carry (1 at most) to it cannot overflow.
	h0 += (h2 >> 42) * 5
	h2 &= mask42
	h1 += h0 >> 44
	h0 &= mask44
	return [3]uint64{h0, h1, h2}
}

// ifmaLane is the block of a group of eight that each 64-bit lane of the
// vector loop takes: its loads put blocks 0, 4, 1, 5, 2, 6, 3, 7 in lanes
// 0..7.
var ifmaLane = [8]int{0, 4, 1, 5, 2, 6, 3, 7}

// ifmaPowers sets pw to the multipliers of blocksIFMA for r (fully
// carried): r^8's limbs r0, r1, r2, 20 r1, 20 r2 in words 0..4, r^16's
// limbs r0, r1, r2 in words 5..7, r^24's in words 48..50, and in
// words 8 + 8i + k limb i (same order) of r^(8-j), j = ifmaLane[k], the
// power that the lane holding the j-th block of the last group needs.
func ifmaPowers(pw *[56]uint64, r *[3]uint64) {
	var pow [9][3]uint64 // pow[i] = r^i
	pow[1] = *r
	pow[2] = mulLimbs(pow[1], pow[1])
	pow[3] = mulLimbs(pow[2], pow[1])
	pow[4] = mulLimbs(pow[2], pow[2])
	pow[5] = mulLimbs(pow[4], pow[1])
	pow[6] = mulLimbs(pow[4], pow[2])
	pow[7] = mulLimbs(pow[4], pow[3])
	pow[8] = mulLimbs(pow[4], pow[4])
	limbs := func(x [3]uint64) [5]uint64 { return [5]uint64{x[0], x[1], x[2], 20 * x[1], 20 * x[2]} }
	r8 := limbs(pow[8])
	copy(pw[0:5], r8[:])
	r16 := mulLimbs(pow[8], pow[8])
	copy(pw[5:8], r16[:])
	r24 := mulLimbs(r16, pow[8])
	copy(pw[48:51], r24[:])
	for k, j := range ifmaLane {
		l := limbs(pow[8-j])
		for i := range l {
			pw[8+8*i+k] = l[i]
		}
	}
}

// TestMulLimbs checks mulLimbs against math/big, and that its result is
// fully carried, on edge-biased operands within its bounds.
func TestMulLimbs(t *testing.T) {
	rng := testutil.Rand(t)
	full := func() [3]uint64 {
		return [3]uint64{edgeLimb(rng, 1<<44-1), edgeLimb(rng, 1<<44-1), edgeLimb(rng, 1<<42-1)}
	}
	for range 20000 {
		a := [3]uint64{edgeLimb(rng, 1<<45-1), edgeLimb(rng, 1<<45-1), edgeLimb(rng, 1<<43-1)}
		b := full()
		got := mulLimbs(a, b)
		if got[0] >= 1<<44 || got[1] >= 1<<44 || got[2] >= 1<<42 {
			t.Fatalf("mulLimbs(%x, %x) = %x: not fully carried", a, b, got)
		}
		want := new(big.Int).Mul(limbsValue(a), limbsValue(b))
		want.Mod(want, bigP)
		if v := new(big.Int).Mod(limbsValue(got), bigP); v.Cmp(want) != 0 {
			t.Fatalf("mulLimbs(%x, %x) = %x, want %x", a, b, v, want)
		}
	}
}
