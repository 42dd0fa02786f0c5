//go:build !purego

package poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestLanes checks that a message written in three parts, the middle one
// through StartLanes and FinishLanes, has the tag that the math/big
// reference gives the whole message, for edge-biased keys and messages, and
// that StartLanes refuses a partial block.
func TestLanes(t *testing.T) {
	if !HaveLanes() {
		t.Skip("the CPU has no AVX-512 IFMA: the vector loop does not run here")
	}
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

// TestWriteGroups checks that WriteGroups, with every number of skipped
// zero blocks, a head of one or two groups and zero to three groups in the
// middle, gives the tag that the math/big reference gives the message
// without the skipped blocks, for edge-biased keys and messages (a
// message written after it, and a partial last block, too), and that it
// refuses pieces of the wrong lengths.
func TestWriteGroups(t *testing.T) {
	if !HaveLanes() {
		t.Skip("the CPU has no AVX-512 IFMA: the vector loop does not run here")
	}
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
	if !HaveLanes() {
		t.Skip("the CPU has no AVX-512 IFMA: the vector loop does not run here")
	}
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
