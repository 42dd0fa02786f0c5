//go:build !purego

package nistec

import (
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestP521WindowsAsm compares p521WindowsADX with windowsGeneric run in Go
// (the base implementation), word for word and on the returned acc0: on
// the affine multiples of a curve point and on tables of coordinates
// biased to the bounds (the formulas are polynomials, so any coordinates
// below p serve), on the identity's (all zeros), with digit strings of
// every length the loop takes (1 to 103), digits of 0, ±1 and ±16, and
// strings that start with zeros while acc0 = 1.
func TestP521WindowsAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p521PointAsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p521Element { return p521Element{in[r.IntN(len(in))]} }

	var tables []*[16]p521Affine
	g := newP521Generator()
	curve := new([16]p521Affine)
	p521InGo(func() {
		var q p521Jacobian
		var t p521Table
		q.fromProjective(g)
		t.initJacobian(&q)
		t.toAffine(curve)
	})
	tables = append(tables, curve, new([16]p521Affine))
	for range 2 {
		t := new([16]p521Affine)
		for i := range t {
			t[i] = p521Affine{pick(), pick()}
		}
		tables = append(tables, t)
	}

	digit := func() int32 {
		switch r.IntN(4) {
		case 0:
			return 0
		case 1:
			return []int32{1, -1, 16, -16}[r.IntN(4)]
		}
		return int32(r.IntN(33)) - 16
	}
	check := func(table *[16]p521Affine, acc p521Jacobian, d []int32, acc0 int) {
		t.Helper()
		want, got := acc, acc
		var wantFlag int
		p521InGo(func() { wantFlag = want.windowsGeneric(table, d, acc0) })
		gotFlag := p521WindowsADX((*[27]uint64)(unsafe.Pointer(&got)), (*[16][18]uint64)(unsafe.Pointer(table)), &d[0], len(d), acc0)
		if got != want || gotFlag != wantFlag {
			t.Fatalf("p521WindowsADX(acc %x, digits %d, acc0 %d) = %x, %d; want %x, %d", acc, d, acc0, got, gotFlag, want, wantFlag)
		}
	}
	const most = p521Digits - 1 - p521ScalarMultLow
	runs := 40
	if testing.Short() {
		runs = 12
	}
	for i := range runs {
		table := tables[i%len(tables)]
		n := 1 + r.IntN(most)
		switch i {
		case 0, 1:
			n = 1
		case 2, 3:
			n = most
		}
		d := make([]int32, n)
		for k := range d {
			d[k] = digit()
		}
		// An accumulator of the table's kind, or the identity with acc0 = 1
		// and the top digits zero, as ScalarMult starts for short scalars.
		e := table[r.IntN(16)]
		acc := p521Jacobian{e.x, e.y, pick()}
		if i%len(tables) > 1 {
			acc = p521Jacobian{pick(), pick(), pick()}
		}
		acc0 := 0
		if i%3 == 0 {
			acc = p521Jacobian{y: p521Element{[9]uint64{1}}}
			acc0 = 1
			for k := n - 1 - r.IntN(n); k < n; k++ {
				d[k] = 0
			}
		}
		check(table, acc, d, acc0)
	}
}
