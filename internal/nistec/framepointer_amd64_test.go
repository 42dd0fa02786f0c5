//go:build !purego

package nistec

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestADXKeepsFramePointer calls every ADX function, field operations,
// point formulas and inversions, on values below p, each followed at once
// by the frame pointer probe of testutil.FramePointerProbe: a function that
// wrote a frame slot over its saved frame pointer returns with a wrong one,
// and the probe fails the test. The values themselves are checked by the
// tests of each function.
func TestADXKeepsFramePointer(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	r := testutil.Rand(t)
	probe := testutil.FramePointerProbe(t)
	// Words below each p: the top word's high bits cleared.
	var a4 [10][4]uint64
	var a6 [10][6]uint64
	var a9 [10][9]uint64
	for i := range 10 {
		for j := range a4[i] {
			a4[i][j] = r.Uint64()
		}
		a4[i][3] >>= 1
		for j := range a6[i] {
			a6[i][j] = r.Uint64()
		}
		a6[i][5] >>= 1
		for j := range a9[i] {
			a9[i][j] = r.Uint64()
		}
		a9[i][8] >>= 56
	}
	for range 3 {
		p256MulADX(&a4[0], &a4[1], &a4[2])
		probe()
		p256SquareADX(&a4[0], &a4[1])
		probe()
		p256DoubleADX(&a4[0], &a4[1], &a4[2], &a4[3], &a4[4], &a4[5])
		probe()
		p256AddADX(&a4[0], &a4[1], &a4[2], &a4[3], &a4[4], &a4[5], &a4[6], &a4[7], &a4[8], &a4[9])
		probe()
		p256AddAffineADX(&a4[0], &a4[1], &a4[2], &a4[3], &a4[4], &a4[5], &a4[6], &a4[7], &a4[8])
		probe()
		p256AddAffineDistinctADX(&a4[0], &a4[1], &a4[2], &a4[3], &a4[4], &a4[5], &a4[6], &a4[7])
		probe()
		p256AddDistinctADX(&a4[0], &a4[1], &a4[2], &a4[3], &a4[4], &a4[5], &a4[6], &a4[7], &a4[8])
		probe()
		p256BinGCDADX(&a4[0], &a4[1])
		probe()
		p256OrdBinGCDADX(&a4[0], &a4[1])
		probe()

		p384MulADX(&a6[0], &a6[1], &a6[2])
		probe()
		p384SquareADX(&a6[0], &a6[1])
		probe()
		p384AddADX(&a6[0], &a6[1], &a6[2])
		probe()
		p384SubADX(&a6[0], &a6[1], &a6[2])
		probe()
		p384DoubleADX(&a6[0], &a6[1], &a6[2], &a6[3], &a6[4], &a6[5])
		probe()
		p384AddDistinctADX(&a6[0], &a6[1], &a6[2], &a6[3], &a6[4], &a6[5], &a6[6], &a6[7], &a6[8])
		probe()
		p384AddAffineDistinctADX(&a6[0], &a6[1], &a6[2], &a6[3], &a6[4], &a6[5], &a6[6], &a6[7])
		probe()
		p384PointAddADX(&a6[0], &a6[1], &a6[2], &a6[3], &a6[4], &a6[5], &a6[6], &a6[7], &a6[8], &a6[9])
		probe()
		p384PointAddAffineADX(&a6[0], &a6[1], &a6[2], &a6[3], &a6[4], &a6[5], &a6[6], &a6[7], &a6[8])
		probe()
		p384BinGCDADX(&a6[0], &a6[1])
		probe()
		p384OrdBinGCDADX(&a6[0], &a6[1])
		probe()

		p521MulADX(&a9[0], &a9[1], &a9[2])
		probe()
		p521SquareADX(&a9[0], &a9[1])
		probe()
		p521AddADX(&a9[0], &a9[1], &a9[2])
		probe()
		p521SubADX(&a9[0], &a9[1], &a9[2])
		probe()
		p521DoubleADX(&a9[0], &a9[1], &a9[2], &a9[3], &a9[4], &a9[5])
		probe()
		p521AddDistinctADX(&a9[0], &a9[1], &a9[2], &a9[3], &a9[4], &a9[5], &a9[6], &a9[7], &a9[8])
		probe()
		p521AddAffineDistinctADX(&a9[0], &a9[1], &a9[2], &a9[3], &a9[4], &a9[5], &a9[6], &a9[7])
		probe()
		p521PointAddADX(&a9[0], &a9[1], &a9[2], &a9[3], &a9[4], &a9[5], &a9[6], &a9[7], &a9[8], &a9[9])
		probe()
		p521PointAddAffineADX(&a9[0], &a9[1], &a9[2], &a9[3], &a9[4], &a9[5], &a9[6], &a9[7], &a9[8])
		probe()
		p521BinGCDADX(&a9[0], &a9[1])
		probe()
		p521OrdBinGCDADX(&a9[0], &a9[1])
		probe()
	}
}
