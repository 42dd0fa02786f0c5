//go:build !purego

package poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAsmKeepsFramePointer calls every function of sum_amd64.s, the MULX
// block loop and, of the vector loop, powersIFMA, powers24IFMA, blocksIFMA
// on one to five groups and blocksIFMASplit on each length of head with
// zero to four groups between it and the tail, each call followed at once
// by the frame pointer probe of testutil.FramePointerProbe: a function that
// wrote a frame slot over its saved frame pointer returns with a wrong one,
// and the probe fails the test. The values themselves are checked by the
// tests of each function.
func TestAsmKeepsFramePointer(t *testing.T) {
	probe := testutil.FramePointerProbe(t)
	t.Run("mulx", func(t *testing.T) {
		testutil.RequireImplementation(t, "poly1305", "mulx")
		rng := testutil.Rand(t)
		for blocks := 1; blocks <= 8; blocks++ {
			var m MAC
			m.Init(edgeKey(rng))
			w := to64(&m.h)
			blocksMULX(&w, &m.r64, edgeMessage(rng, BlockSize*blocks), uint64(blocks%2))
			probe()
		}
	})
	t.Run("ifma", func(t *testing.T) {
		testutil.RequireImplementation(t, "poly1305", "ifma")
		rng := testutil.Rand(t)
		for groups := 0; groups <= 4; groups++ {
			var m MAC
			m.Init(edgeKey(rng))
			powersIFMA(&m.pw, &m.r)
			probe()
			powers24IFMA(&m.pw)
			probe()
			m.pwReady = 2
			m.h = edgeAccumulator(rng)

			var acc [6]uint64
			var lanes [24]uint64
			m.lanesFrom(&lanes)
			blocksIFMA(&acc, &lanes, &m.pw, edgeMessage(rng, 128*(groups+1)))
			probe()

			mid := edgeMessage(rng, 128*groups)
			tail := (*[128]byte)(edgeMessage(rng, 128))
			for _, headLen := range []int{0, 128, 256} {
				// As WriteGroups passes it: the first skip blocks of
				// head zeros.
				head, skip := edgeMessage(rng, headLen), 0
				if headLen > 0 {
					skip = rng.IntN(8)
					clear(head[:BlockSize*skip])
				}
				m.lanesFrom(&lanes)
				blocksIFMASplit(&acc, &lanes, &m.pw, head, skip, mid, tail)
				probe()
			}
		}
	})
}
