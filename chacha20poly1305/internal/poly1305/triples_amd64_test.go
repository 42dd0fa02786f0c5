//go:build !purego

package poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestPrepareTriples checks the lazy r^16 and r^24 (prepareTriples) at the
// edge of their use, from a MAC whose other multipliers Prepare computed:
// each entry point of the vector loop (Write's blocksVector, FinishLanes,
// WriteGroups, FinishGroups) with one to six groups before the last (or in
// the middle) gives the math/big reference's tag, and computes r^16 and
// r^24 exactly when the loop takes triples of groups (three or more).
func TestPrepareTriples(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	check := func(what string, n int, key *[KeySize]byte, m *MAC, msg []byte) {
		t.Helper()
		var got [TagSize]byte
		ready := m.pwReady
		m.Sum(&got)
		if want := bigPoly1305(key, msg); got != want {
			t.Fatalf("%s, %d groups: tag %x, want %x", what, n, got, want)
		}
		if want := 1 + min(1, n/3); ready != want {
			t.Fatalf("%s, %d groups: pwReady %d, want %d", what, n, ready, want)
		}
	}
	for range 20 {
		for n := 0; n <= 6; n++ {
			key := edgeKey(rng)
			var m MAC
			var l Lanes

			// blocksVector and FinishLanes: n groups before the last.
			msg := edgeMessage(rng, 128*(n+1))
			if n > 0 {
				m.Init(key).Prepare()
				m.Write(msg)
				check("Write", n, key, &m, msg)
			}
			m.Init(key).Prepare()
			m.StartLanes(&l)
			m.FinishLanes(&l, msg)
			check("FinishLanes", n, key, &m, msg)

			// WriteGroups and FinishGroups: n groups in the middle.
			head := edgeMessage(rng, 128)
			mid := edgeMessage(rng, 128*n)
			tail := (*[128]byte)(edgeMessage(rng, 128))
			whole := append(append(append([]byte{}, head...), mid...), tail[:]...)
			m.Init(key).Prepare()
			m.WriteGroups(head, 0, mid, tail)
			check("WriteGroups", n, key, &m, whole)
			m.Init(key).Prepare()
			m.StartLanes(&l)
			m.FinishGroups(&l, mid, tail)
			check("FinishGroups", n, key, &m, whole[128:])
		}
	}
}

// FinishGroups, for the tests of the vector loop, adds mid, whole groups (maybe none), and tail, the last
// group, every block with its 2^128 bit, to the message continued from l,
// and sets m's accumulator to the result. It panics with an internal error
// if len(mid) is not a multiple of 128.
func (m *MAC) FinishGroups(l *Lanes, mid []byte, tail *[128]byte) {
	if len(mid)%128 != 0 {
		panic("carry/poly1305: FinishGroups on a partial group")
	}
	var acc [6]uint64
	prepareTriples(m, len(mid)/128)
	blocksIFMASplit(&acc, &l.H, &m.pw, nil, 0, mid, tail)
	m.h = carryColumns(&acc)
}

// TestPrepareComputesPowers checks that Prepare does its work when called,
// not at the first long write: on the vector loop it leaves r^8 and the
// lanes' powers of r in m (words 0..47, r^16 and r^24 staying lazy), as
// powersIFMA computes them.
func TestPrepareComputesPowers(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for range 20 {
		var key [KeySize]byte
		fillBytes(rng, key[:])
		var m MAC
		m.Init(&key).Prepare()
		var want [56]uint64
		powersIFMA(&want, &m.r)
		if m.pwReady != 1 || [48]uint64(m.pw[:48]) != [48]uint64(want[:48]) {
			t.Fatalf("key %x: after Prepare, pwReady %d and powers %x, want 1 and %x", key, m.pwReady, m.pw[:48], want[:48])
		}
	}
}
