//go:build !purego

package poly1305

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

// TestLanes checks that a message written in three parts, the middle one
// through StartLanes and FinishLanes, has the tag that the math/big
// reference gives the whole message, for edge-biased keys and messages, and
// that StartLanes refuses a partial block.
func TestLanes(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for range 2000 {
		key := edgeKey(rng)
		head := edgeMessage(rng, 16*rng.IntN(20))
		mid := edgeMessage(rng, 128*(1+rng.IntN(10)))
		tail := edgeMessage(rng, rng.IntN(300))
		var m MAC
		var l Lanes
		var got [TagSize]byte
		m.Init(key)
		m.Write(head)
		m.StartLanes(&l)
		m.FinishLanes(&l, mid)
		m.Write(tail)
		m.Sum(&got)
		msg := append(append(append([]byte{}, head...), mid...), tail...)
		if want := bigPoly1305(key, msg); got != want {
			t.Fatalf("key %x, parts of %d, %d and %d bytes: tag %x, want %x", key, len(head), len(mid), len(tail), got, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("StartLanes after a partial block did not panic")
		}
	}()
	var m MAC
	var l Lanes
	m.Init(edgeKey(rng))
	m.Write(make([]byte, 17))
	m.StartLanes(&l)
}

// TestWriteGroupsAllocations checks that WriteGroups allocates nothing:
// its lanes and columns stay on the stack only while the assembly it calls
// is declared not to let its arguments escape.
func TestWriteGroupsAllocations(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	var m MAC
	key := new([KeySize]byte)
	head, mid := make([]byte, 256), make([]byte, 384)
	var tail [128]byte
	if n := testing.AllocsPerRun(10, func() {
		m.Init(key)
		m.WriteGroups(head, 3, mid, &tail)
	}); n != 0 {
		t.Errorf("WriteGroups allocates %v times", n)
	}
}

// TestWriteGroups checks that WriteGroups, with every number of skipped
// zero blocks, a head of one or two groups and zero to three groups in the
// middle, gives the tag that the math/big reference gives the message
// without the skipped blocks, for edge-biased keys and messages (a
// message written after it, and a partial last block, too), and that it
// refuses pieces of the wrong lengths.
func TestWriteGroups(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for i := range trials(3000) {
		key := edgeKey(rng)
		skip := i % 8
		head := edgeMessage(rng, 128*(1+rng.IntN(2)))
		clear(head[:16*skip])
		mid := edgeMessage(rng, 128*rng.IntN(4))
		tail := [128]byte(edgeMessage(rng, 128))
		after := edgeMessage(rng, rng.IntN(40))
		var m MAC
		var got [TagSize]byte
		m.Init(key)
		m.WriteGroups(head, skip, mid, &tail)
		m.Write(after)
		m.Sum(&got)
		msg := append(append(append(append([]byte{}, head[16*skip:]...), mid...), tail[:]...), after...)
		if want := bigPoly1305(key, msg); got != want {
			t.Fatalf("key %x, skip %d, head %d, mid %d, after %d bytes: tag %x, want %x", key, skip, len(head), len(mid), len(after), got, want)
		}
	}
	var tail [128]byte
	for _, c := range []struct {
		head, skip, mid int
	}{{0, 0, 0}, {64, 0, 0}, {384, 0, 0}, {128, 8, 0}, {128, -1, 0}, {128, 0, 16}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("WriteGroups with head %d, skip %d, mid %d did not panic", c.head, c.skip, c.mid)
				}
			}()
			var m MAC
			m.Init(edgeKey(rng))
			m.WriteGroups(make([]byte, c.head), c.skip, make([]byte, c.mid), &tail)
		}()
	}
}

// TestFinishGroups checks that FinishGroups, after StartLanes, with zero to
// three groups before the tail, gives the tag that the math/big reference
// gives the whole message, for edge-biased keys and messages.
func TestFinishGroups(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for range 1000 {
		key := edgeKey(rng)
		head := edgeMessage(rng, 16*rng.IntN(20))
		mid := edgeMessage(rng, 128*rng.IntN(4))
		tail := [128]byte(edgeMessage(rng, 128))
		var m MAC
		var l Lanes
		var got [TagSize]byte
		m.Init(key)
		m.Write(head)
		m.StartLanes(&l)
		m.FinishGroups(&l, mid, &tail)
		m.Sum(&got)
		msg := append(append(append([]byte{}, head...), mid...), tail[:]...)
		if want := bigPoly1305(key, msg); got != want {
			t.Fatalf("key %x, parts of %d, %d and 128 bytes: tag %x, want %x", key, len(head), len(mid), got, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("FinishGroups with a partial group did not panic")
		}
	}()
	var m MAC
	var l Lanes
	var tail [128]byte
	m.Init(edgeKey(rng))
	m.StartLanes(&l)
	m.FinishGroups(&l, make([]byte, 64), &tail)
}

// largestPowerKeys returns the keys, among those of powersKeys, whose
// multipliers have the largest limbs: for each of pw's 51 limb words, the
// key that maximises it. Without the vector loop, the extreme keys and a
// few others.
func largestPowerKeys(rng *rand.Rand, n int) []*[KeySize]byte {
	if !impl.Available("poly1305", "ifma") {
		return powersKeys(rng, 4)
	}
	var best [56]uint64
	var who [56]*[KeySize]byte
	for _, key := range powersKeys(rng, n) {
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

// ones returns n bytes of all ones.
func ones(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }

// TestWriteGroupsLargest runs WriteGroups on all-ones messages (the
// largest blocks, which keep every lane's accumulator at its largest) for
// every skip, one and two head groups and zero to eleven middle groups
// (every count of single groups and triples in blocksIFMASplit), under the
// keys whose multipliers are largest, against bigPoly1305; and a write
// after, so that the accumulator it leaves goes on through the other loops.
func TestWriteGroupsLargest(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	keys := largestPowerKeys(rng, 2000)
	mids := 12
	if testing.Short() {
		mids = 5
	}
	for _, key := range keys {
		for skip := range 8 {
			for _, hl := range []int{128, 256} {
				for g := range mids {
					head := ones(hl)
					clear(head[:16*skip])
					mid := ones(128 * g)
					tail := [128]byte(ones(128))
					after := ones((skip*7 + g) % 40)
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

// TestFinishGroupsLargest runs StartLanes and then FinishGroups or
// FinishLanes with the accumulator StartLanes takes at its largest (after
// all-ones blocks on the other loops, on every implementation) or zero,
// zero to seven middle groups and all-ones data, under the keys whose
// multipliers are largest, against bigPoly1305.
func TestFinishGroupsLargest(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	keys := largestPowerKeys(rng, 500)
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		for _, key := range keys {
			for _, pre := range []int{0, 16, 48, 128, 272, 512} {
				for g := range 8 {
					head := ones(pre)
					mid := ones(128 * g)
					tail := [128]byte(ones(128))
					var m MAC
					var l Lanes
					var got [TagSize]byte
					m.Init(key)
					m.Write(head)
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

// TestSumLargest runs Sum on all-ones messages of every length from
// 0 to 2200 bytes, a quarter of them for each key (the vector loop from 256
// bytes, the others before and after it), under six of the keys whose
// multipliers are largest, against bigPoly1305, on every implementation.
func TestSumLargest(t *testing.T) {
	rng := testutil.Rand(t)
	keys := largestPowerKeys(rng, 300)
	if len(keys) > 6 {
		keys = keys[:6]
	}
	top := 2200
	if testing.Short() {
		top = 700
	}
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		for i, key := range keys {
			for n := i % 4; n <= top; n += 4 {
				var got [TagSize]byte
				msg := ones(n)
				Sum(&got, msg, key)
				if want := bigPoly1305(key, msg); got != want {
					t.Fatalf("key %x, %d bytes of ones: tag %x, want %x", key, n, got, want)
				}
			}
		}
	})
}

// TestStartLanesMultipliers checks that StartLanes gives the caller r^8's
// multipliers (its limbs and 20 times limbs 1 and 2, which TestPowersIFMA
// checks against math/big) as powersIFMA computes them.
func TestStartLanesMultipliers(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for range 50 {
		key := edgeKey(rng)
		var m MAC
		var l Lanes
		m.Init(key).StartLanes(&l)
		var want [56]uint64
		powersIFMA(&want, &m.r)
		if l.R8 != [5]uint64(want[:5]) {
			t.Fatalf("key %x: R8 %x, want %x", key, l.R8, want[:5])
		}
	}
}

// TestFinishLanesPanics checks that FinishLanes refuses data that is not
// a positive multiple of 128 bytes.
func TestFinishLanesPanics(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	for _, n := range []int{0, 16, 127, 129, 200} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("FinishLanes on %d bytes did not panic", n)
				}
			}()
			var m MAC
			var l Lanes
			m.Init(new([KeySize]byte)).StartLanes(&l)
			m.FinishLanes(&l, make([]byte, n))
		}()
	}
}
