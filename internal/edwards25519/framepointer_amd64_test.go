//go:build !purego

package edwards25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/field25519"
	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAsmKeepsFramePointer calls every assembly function callable from Go,
// the AVX2 table scan, the ADX point formulas and their loop over the base
// table rows, and the IFMA base rows and double-scalar loop, on inputs
// their contracts allow, each call followed at once by the frame pointer
// probe of testutil.FramePointerProbe: a function that wrote a frame slot
// over its saved frame pointer returns with a wrong one, and the probe
// fails the test. The ADX functions are the ones with a frame; the others,
// frameless, are called too, should they get one. The values themselves are
// checked by the tests of each function.
func TestAsmKeepsFramePointer(t *testing.T) {
	r := testutil.Rand(t)
	probe := testutil.FramePointerProbe(t)
	// Any four words per coordinate, below 2^256.
	randElement := func() field25519.Element {
		w := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		var v field25519.Element
		v.SetWords(&w)
		return v
	}
	// Digits in [-16, 16], the extremes among them; the 52nd, for the row
	// of zeros that addBaseRowsIFMA reads last, 0 as addBaseRowsVec sets it.
	var e [52]int8
	for i := range 51 {
		e[i] = int8(r.IntN(33) - 16)
	}
	e[0], e[1], e[2] = -16, 0, 16

	t.Run("avx2", func(t *testing.T) {
		testutil.RequireImplementation(t, "edwards25519", "avx2")
		for abs := uint64(0); abs <= 16; abs++ {
			for _, neg := range []uint64{0, ^uint64(0)} {
				var v niels
				selectBaseAVX2(&v, &baseTable[abs], abs, neg)
				probe()
			}
		}
	})

	t.Run("adx", func(t *testing.T) {
		testutil.RequireImplementation(t, "edwards25519", "adx")
		for range 3 {
			p := completed{randElement(), randElement(), randElement(), randElement()}
			n := niels{randElement(), randElement(), randElement()}
			c := cached{randElement(), randElement(), randElement(), randElement()}
			addNielsADX(&p, &n)
			probe()
			subNielsADX(&p, &n)
			probe()
			addCachedADX(&p, &c)
			probe()
			subCachedADX(&p, &c)
			probe()
			doubleADX(&p)
			probe()
		}
	})

	t.Run("adx_avx2", func(t *testing.T) {
		testutil.RequireImplementation(t, "edwards25519", "avx2")
		testutil.RequireImplementation(t, "edwards25519", "adx")
		for range 3 {
			p := completed{randElement(), randElement(), randElement(), randElement()}
			addBaseRowsADX(&p, &baseTable, (*[51]int8)(e[:51]))
			probe()
		}
	})

	t.Run("ifma", func(t *testing.T) {
		testutil.RequireImplementation(t, "edwards25519", "ifma")
		// Both accumulators, and the scratch lanes, at the identity
		// (0, 1, 1, 0): limbs below 2^51 + 2^15.
		var st [40]uint64
		for _, l := range []int{1, 2, 5, 6} {
			st[l] = 1
		}
		addBaseRowsIFMA(&st, baseTableVec(), &e)
		probe()

		// A's odd multiples as doubleScalarLoopVarTimeVec lays them out,
		// and NAF digits: odd, below 2^5 for A and 2^8 for B.
		var tblA oddTable
		tblA.fill(NewGeneratorPoint())
		var ta [8][20]uint64
		for j := range tblA {
			c := &tblA[j]
			var z2 field25519.Element
			z2.Add(&c.Z, &c.Z)
			putLanes(&ta[j], &c.YminusX, &c.YplusX, &c.T2d, &z2)
		}
		var naf [2][256]int8
		for i := 0; i < 256; i += 1 + r.IntN(6) {
			naf[0][i] = int8(2*r.IntN(8) + 1)
			naf[1][255-i] = -int8(2*r.IntN(64) + 1)
		}
		st = [40]uint64{}
		for _, l := range []int{1, 2} {
			st[l] = 1
		}
		doubleScalarMultVarTimeIFMA(&st, &naf, &ta, baseOddTableVec(), 255)
		probe()
	})
}
