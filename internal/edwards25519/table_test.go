package edwards25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/field25519"
)

// TestBaseTable checks every entry of the generated table against the
// package's own point arithmetic: 32^i·B by doublings of B, j·256^i·B by
// additions, converted to niels form with an inversion. The generator uses
// math/big, so the two computations are independent.
func TestBaseTable(t *testing.T) {
	base := NewGeneratorPoint()
	for i := range baseTable {
		q := new(Point).Set(base)
		for j := range baseTable[i] {
			var want niels
			want.fromPoint(q)
			var got niels
			got.YplusX.SetWords((*[4]uint64)(baseTable[i][j][0:4]))
			got.YminusX.SetWords((*[4]uint64)(baseTable[i][j][4:8]))
			got.XY2d.SetWords((*[4]uint64)(baseTable[i][j][8:12]))
			if got.YplusX.Equal(&want.YplusX) != 1 || got.YminusX.Equal(&want.YminusX) != 1 || got.XY2d.Equal(&want.XY2d) != 1 {
				t.Errorf("baseTable[%d][%d] ≠ %d·32^%d·B", i, j, j+1, i)
			}
			// The words are canonical encodings: below p.
			for c := 0; c < 12; c += 4 {
				if w := baseTable[i][j][c+3]; w>>63 != 0 || (w == 1<<63-1 && baseTable[i][j][c+2] == ^uint64(0) &&
					baseTable[i][j][c+1] == ^uint64(0) && baseTable[i][j][c] >= ^uint64(0)-18) {
					t.Errorf("baseTable[%d][%d] word %d is not canonical", i, j, c)
				}
			}
			q.Add(q, base)
		}
		for range 5 {
			base.Double(base)
		}
	}
}

// TestBaseTop checks baseTop against 254 doublings of B.
func TestBaseTop(t *testing.T) {
	q := NewGeneratorPoint()
	for range 254 {
		q.Double(q)
	}
	var want niels
	want.fromPoint(q)
	var yPlusX, yMinusX field25519.Element
	yPlusX.SetWords((*[4]uint64)(baseTop[0:4]))
	yMinusX.SetWords((*[4]uint64)(baseTop[4:8]))
	if yPlusX.Equal(&want.YplusX) != 1 || yMinusX.Equal(&want.YminusX) != 1 {
		t.Error("baseTop ≠ 2^254·B")
	}
}
