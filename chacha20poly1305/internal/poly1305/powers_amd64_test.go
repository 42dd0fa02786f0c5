//go:build !purego

package poly1305

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// powersKeys returns keys whose r are at the extremes (every bit the clamp
// allows, zero, each limb's bits alone and pairs of limbs, one, two, the
// top bit alone, the top bit of the low word alone) and n more, edge-biased
// (edgeKey) and random by turns.
func powersKeys(rng *rand.Rand, n int) []*[KeySize]byte {
	var keys []*[KeySize]byte
	for _, set := range [][2]int{{0, 16}, {0, 0}, {0, 5}, {5, 11}, {11, 16}, {0, 11}, {5, 16}} {
		k := new([KeySize]byte)
		for i := set[0]; i < set[1]; i++ {
			k[i] = 0xff
		}
		keys = append(keys, k)
	}
	for _, b := range [][2]int{{0, 1}, {0, 2}, {15, 0x08}, {7, 0x08}} {
		k := new([KeySize]byte)
		k[b[0]] = byte(b[1])
		keys = append(keys, k)
	}
	for i := range n {
		if i%2 == 0 {
			keys = append(keys, edgeKey(rng))
			continue
		}
		k := new([KeySize]byte)
		fillBytes(rng, k[:])
		keys = append(keys, k)
	}
	return keys
}

// TestPowersIFMA checks powersIFMA and powers24IFMA word for word against
// ifmaPowers, the chain of mulLimbs, over all 51 words they define (r^8
// and its multiples by 20, r^16, the eight lanes' powers and their
// multiples, r^24), and that words 51..55 are left as they were; and each
// power against math/big and the bounds blocksIFMA's argument assumes
// (checkPowers); for extreme, edge-biased and random keys. The vector
// products' carries leave limb 1 below 2^44 + 2^8, so a power could in
// principle differ from the reference's fully carried limbs (limb 1 at
// 2^44 or more, or a value at p or more), at a chance of some 2^-38 a
// power for a random r; it does not for these keys, nor for 200000 more
// tried when this test was written.
func TestPowersIFMA(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for _, key := range powersKeys(rng, trials(6000)) {
		var m MAC
		m.Init(key)
		var got, want [56]uint64
		for i := 51; i < 56; i++ {
			got[i] = rng.Uint64()
			want[i] = got[i]
		}
		powersIFMA(&got, &m.r)
		powers24IFMA(&got)
		ifmaPowers(&want, &m.r)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("key %x: word %d is %#x, want %#x (all: %x, want %x)", key, i, got[i], want[i], got, want)
			}
		}
		checkPowers(t, &got, m.r)
	}
}

// checkPowers checks pw, the multipliers powersIFMA and powers24IFMA
// write for r, against the bounds blocksIFMA's argument assumes (limbs
// below 2^44, 2^44 + 2^8 and 2^42; 20 times limbs 1 and 2 exactly) and
// each power's value against math/big: r^8 in words 0..4, r^16 in 5..7,
// lane k's r^(8, 4, 7, 3, 6, 2, 5, 1) in words 8 + 8i + k, r^24 in
// 48..50.
func checkPowers(t *testing.T, pw *[56]uint64, rl [3]uint64) {
	t.Helper()
	r := limbsValue(rl)
	check := func(what string, e int64, l0, l1, l2 uint64) {
		t.Helper()
		if l0 >= 1<<44 || l1 >= 1<<44+1<<8 || l2 >= 1<<42 {
			t.Fatalf("r %x: %s (r^%d) limbs %#x %#x %#x over the bounds 2^44, 2^44 + 2^8, 2^42", rl, what, e, l0, l1, l2)
		}
		got := new(big.Int).Mod(limbsValue([3]uint64{l0, l1, l2}), bigP)
		if want := new(big.Int).Exp(r, big.NewInt(e), bigP); got.Cmp(want) != 0 {
			t.Fatalf("r %x: %s is not r^%d mod p", rl, what, e)
		}
	}
	check("words 0..2", 8, pw[0], pw[1], pw[2])
	if pw[3] != 20*pw[1] || pw[4] != 20*pw[2] {
		t.Fatalf("r %x: words 3, 4 are not 20 r1, 20 r2 of r^8", rl)
	}
	check("words 5..7", 16, pw[5], pw[6], pw[7])
	check("words 48..50", 24, pw[48], pw[49], pw[50])
	for k, e := range []int64{8, 4, 7, 3, 6, 2, 5, 1} {
		l := func(i int) uint64 { return pw[8+8*i+k] }
		check("lane "+strconv.Itoa(k), e, l(0), l(1), l(2))
		if l(3) != 20*l(1) || l(4) != 20*l(2) {
			t.Fatalf("r %x: lane %d's 20 r1, 20 r2 are wrong", rl, k)
		}
	}
}

// TestPowersIFMAEdgeLimbs runs powersIFMA on values a beyond the clamp, up
// to the bounds its first product, squareMULX (a0 < 2^44, a1 <= 2^44, a2
// < 2^42), allows and biased to them, and checks every power it writes
// against math/big (lane k's a^(8, 4, 7, 3, 6, 2, 5, 1) and a^8 in words
// 0..4) and within blocksIFMA's bounds for its multipliers (limbs below
// 2^44, 2^44 + 2^8 and 2^42, and their multiples by 20).
func TestPowersIFMAEdgeLimbs(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for range trials(3000) {
		a := [3]uint64{edgeLimb(rng, 1<<44-1), edgeLimb(rng, 1<<44), edgeLimb(rng, 1<<42-1)}
		var pw [56]uint64
		powersIFMA(&pw, &a)
		av := limbsValue(a)
		check := func(what string, e int64, l [5]uint64) {
			t.Helper()
			if l[0] >= 1<<44 || l[1] >= 1<<44+1<<8 || l[2] >= 1<<42 || l[3] != 20*l[1] || l[4] != 20*l[2] {
				t.Fatalf("a %#x: %s (a^%d) = %#x: out of bounds", a, what, e, l)
			}
			got := new(big.Int).Mod(limbsValue([3]uint64(l[:3])), bigP)
			if want := new(big.Int).Exp(av, big.NewInt(e), bigP); got.Cmp(want) != 0 {
				t.Fatalf("a %#x: %s is not a^%d mod p", a, what, e)
			}
		}
		check("words 0..4", 8, [5]uint64(pw[:5]))
		for k, j := range ifmaLane {
			var l [5]uint64
			for i := range l {
				l[i] = pw[8+8*i+k]
			}
			check("lane "+strconv.Itoa(k), int64(8-j), l)
		}
	}
}
