//go:build amd64 && !purego

package edwards25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestScanBaseAVX2 compares the assembly scan with scanBaseGeneric on every
// row of baseTable and on random rows, for every abs in [0, 8].
func TestScanBaseAVX2(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "avx2")
	r := testutil.Rand(t)
	rows := make([]*[8]packedNiels, 0, 32+100)
	for i := range baseTable {
		rows = append(rows, &baseTable[i])
	}
	for range 100 {
		row := new([8]packedNiels)
		for j := range row {
			for c := range row[j] {
				row[j][c] = r.Uint64()
			}
		}
		rows = append(rows, row)
	}
	for n, row := range rows {
		for abs := uint64(0); abs <= 8; abs++ {
			var got, want packedNiels
			for c := range got {
				got[c] = r.Uint64() // the output is overwritten, not ORed into
			}
			scanBaseAVX2(&got, row, abs)
			scanBaseGeneric(&want, row, abs)
			if got != want {
				t.Fatalf("row %d, abs %d: AVX2 %x, generic %x", n, abs, got, want)
			}
			if abs > 0 && want != row[abs-1] {
				t.Fatalf("row %d, abs %d: generic scan is not the entry", n, abs)
			}
			if abs == 0 && want != (packedNiels{}) {
				t.Fatalf("row %d, abs 0: generic scan is not zero", n)
			}
		}
	}
}

// TestX25519BaseGenericScan runs the end-to-end checks with the generic
// scan, as on a CPU without AVX2.
func TestX25519BaseGenericScan(t *testing.T) {
	testutil.SelectImplementation(t, "edwards25519", "")
	for _, k := range extremeScalars() {
		checkX25519Base(t, k)
	}
	r := testutil.Rand(t)
	for range iterations(500) {
		checkX25519Base(t, randBytes(r))
	}
}
