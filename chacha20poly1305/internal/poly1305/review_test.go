//go:build amd64 && !purego

package poly1305

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// A second reader's tests of the vector loop's pieces (powersIFMA,
// WriteGroups, FinishGroups, blocksIFMASplit) at their limits: the
// multipliers' limbs checked against the bounds the loop's argument
// assumes and their values against math/big, and the tags of all-ones
// messages under the r whose powers have the largest limbs, against
// bigPoly1305.

// reviewMaxR is the key whose r has every bit the clamp allows set.
func reviewMaxR(s byte) *[KeySize]byte {
	var k [KeySize]byte
	for i := range 16 {
		k[i] = 0xff
	}
	for i := 16; i < 32; i++ {
		k[i] = s
	}
	return &k
}

// reviewPowers checks pw, powersIFMA's output for the r of m, against the
// bounds blocksIFMA's argument assumes (limbs below 2^44, 2^44 + 2^8 and
// 2^42; 20 times limbs 1 and 2 exactly) and each power's value against
// math/big: r^8 in words 0..4, r^16 in 5..7, lane k's r^(8, 4, 7, 3, 6, 2,
// 5, 1) in words 8 + 8i + k, r^24 in 48..50.
func reviewPowers(t *testing.T, m *MAC) {
	t.Helper()
	var pw [56]uint64
	powersIFMA(&pw, &m.r)
	powers24IFMA(&pw)
	r := limbsValue(m.r)
	check := func(what string, e int64, l0, l1, l2 uint64) {
		t.Helper()
		if l0 >= 1<<44 || l1 >= 1<<44+1<<8 || l2 >= 1<<42 {
			t.Fatalf("r %x: %s (r^%d) limbs %#x %#x %#x over the bounds 2^44, 2^44 + 2^8, 2^42", m.r, what, e, l0, l1, l2)
		}
		got := new(big.Int).Mod(limbsValue([3]uint64{l0, l1, l2}), bigP)
		if want := new(big.Int).Exp(r, big.NewInt(e), bigP); got.Cmp(want) != 0 {
			t.Fatalf("r %x: %s is not r^%d mod p", m.r, what, e)
		}
	}
	check("words 0..2", 8, pw[0], pw[1], pw[2])
	if pw[3] != 20*pw[1] || pw[4] != 20*pw[2] {
		t.Fatalf("r %x: words 3, 4 are not 20 r1, 20 r2 of r^8", m.r)
	}
	check("words 5..7", 16, pw[5], pw[6], pw[7])
	check("words 48..50", 24, pw[48], pw[49], pw[50])
	for k, e := range []int64{8, 4, 7, 3, 6, 2, 5, 1} {
		l := func(i int) uint64 { return pw[8+8*i+k] }
		check("lane "+string(rune('0'+k)), e, l(0), l(1), l(2))
		if l(3) != 20*l(1) || l(4) != 20*l(2) {
			t.Fatalf("r %x: lane %d's 20 r1, 20 r2 are wrong", m.r, k)
		}
	}
}

// reviewCandidates returns keys whose r are at the extremes (every bit
// the clamp allows, one bit, each limb's bits alone) and random ones.
func reviewCandidates(rng *rand.Rand, n int) []*[KeySize]byte {
	keys := []*[KeySize]byte{reviewMaxR(0xff), reviewMaxR(0)}
	one := new([KeySize]byte)
	one[0] = 1
	keys = append(keys, one)
	for _, bytesSet := range [][2]int{{0, 5}, {5, 11}, {11, 16}, {0, 11}, {5, 16}} {
		k := new([KeySize]byte)
		for i := bytesSet[0]; i < bytesSet[1]; i++ {
			k[i] = 0xff
		}
		keys = append(keys, k)
	}
	for range n {
		k := new([KeySize]byte)
		fillBytes(rng, k[:])
		keys = append(keys, k)
	}
	return keys
}

// TestReviewPowersBounds runs powersIFMA (through Init) for extreme and
// random r, checking every multiplier it writes (reviewPowers).
func TestReviewPowersBounds(t *testing.T) {
	if !HaveLanes() {
		t.Skip("the CPU has no AVX-512 IFMA: the vector loop does not run here")
	}
	rng := testutil.Rand(t)
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, key := range reviewCandidates(rng, n) {
		var m MAC
		m.Init(key)
		reviewPowers(t, &m)
	}
}

// reviewWorstKeys returns the keys, among extreme and random ones, whose
// multipliers have the largest limbs: for each of pw's 51 limb words, the
// key that maximises it. Without the vector loop, the extreme keys and a
// few random ones.
func reviewWorstKeys(rng *rand.Rand, n int) []*[KeySize]byte {
	if !HaveLanes() {
		return reviewCandidates(rng, 4)
	}
	var best [56]uint64
	var who [56]*[KeySize]byte
	for _, key := range reviewCandidates(rng, n) {
		var m MAC
		var pw [56]uint64
		m.Init(key)
		powersIFMA(&pw, &m.r)
		powers24IFMA(&pw)
		for i, w := range pw[:51] {
			if who[i] == nil || w > best[i] {
				best[i], who[i] = w, key
			}
		}
	}
	seen := map[*[KeySize]byte]bool{}
	var keys []*[KeySize]byte
	for _, k := range who {
		if k != nil && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// reviewOnes returns n bytes of all ones.
func reviewOnes(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }

// TestReviewWriteGroupsLargest runs WriteGroups on all-ones messages (the
// largest blocks, which keep every lane's accumulator at its largest) for
// every skip, one and two head groups and zero to eleven middle groups
// (every count of single groups and triples in blocksIFMASplit), under the
// keys whose multipliers are largest, against bigPoly1305; and a write
// after, so that the accumulator it leaves goes on through the other loops.
func TestReviewWriteGroupsLargest(t *testing.T) {
	if !HaveLanes() {
		t.Skip("the CPU has no AVX-512 IFMA: the vector loop does not run here")
	}
	rng := testutil.Rand(t)
	keys := reviewWorstKeys(rng, 2000)
	mids := 12
	if testing.Short() {
		mids = 5
	}
	for _, key := range keys {
		for skip := range 8 {
			for _, hl := range []int{128, 256} {
				for g := range mids {
					head := reviewOnes(hl)
					clear(head[:16*skip])
					mid := reviewOnes(128 * g)
					tail := [128]byte(reviewOnes(128))
					after := reviewOnes((skip*7 + g) % 40)
					var m MAC
					var got [TagSize]byte
					m.Init(key)
					m.WriteGroups(head, skip, mid, &tail)
					m.Write(after)
					m.Sum(&got)
					msg := append(append(append(append([]byte{}, head[16*skip:]...), mid...), tail[:]...), after...)
					if want := bigPoly1305(key, msg); got != want {
						t.Fatalf("key %x, skip %d, head %d, %d middle groups: tag %x, want %x", key, skip, hl, g, got, want)
					}
				}
			}
		}
	}
}

// TestReviewFinishGroupsLargest runs StartLanes and then FinishGroups or
// FinishLanes with the accumulator StartLanes takes at its largest (after
// all-ones blocks on the other loops, on every implementation) or zero,
// zero to seven middle groups and all-ones data, under the keys whose
// multipliers are largest, against bigPoly1305.
func TestReviewFinishGroupsLargest(t *testing.T) {
	if !HaveLanes() {
		t.Skip("the CPU has no AVX-512 IFMA: the vector loop does not run here")
	}
	rng := testutil.Rand(t)
	keys := reviewWorstKeys(rng, 500)
	for _, impl := range Implementations() {
		t.Run(impl, func(t *testing.T) {
			for _, key := range keys {
				for _, pre := range []int{0, 16, 48, 128, 272, 512} {
					for g := range 8 {
						head := reviewOnes(pre)
						mid := reviewOnes(128 * g)
						tail := [128]byte(reviewOnes(128))
						var m MAC
						var l Lanes
						var got [TagSize]byte
						func() {
							defer UseImplementation(impl)()
							m.Init(key)
							m.Write(head)
						}()
						m.StartLanes(&l)
						msg := append(append([]byte{}, head...), mid...)
						if g%2 == 0 {
							m.FinishGroups(&l, mid, &tail)
							msg = append(msg, tail[:]...)
						} else {
							m.FinishLanes(&l, mid)
						}
						m.Sum(&got)
						if want := bigPoly1305(key, msg); got != want {
							t.Fatalf("key %x, %d bytes before, %d groups (finish by %d): tag %x, want %x", key, pre, g, g%2, got, want)
						}
					}
				}
			}
		})
	}
}

// TestReviewSumLargest runs Sum on all-ones messages of every length from
// 0 to 2200 bytes, a quarter of them for each key (the vector loop from 256
// bytes, the others before and after it), under six of the keys whose
// multipliers are largest, against bigPoly1305, on every implementation.
func TestReviewSumLargest(t *testing.T) {
	rng := testutil.Rand(t)
	keys := reviewWorstKeys(rng, 300)
	if len(keys) > 6 {
		keys = keys[:6]
	}
	top := 2200
	if testing.Short() {
		top = 700
	}
	for _, impl := range Implementations() {
		t.Run(impl, func(t *testing.T) {
			defer UseImplementation(impl)()
			for i, key := range keys {
				for n := i % 4; n <= top; n += 4 {
					var got [TagSize]byte
					msg := reviewOnes(n)
					Sum(&got, msg, key)
					if want := bigPoly1305(key, msg); got != want {
						t.Fatalf("key %x, %d bytes of ones: tag %x, want %x", key, n, got, want)
					}
				}
			}
		})
	}
}
