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
