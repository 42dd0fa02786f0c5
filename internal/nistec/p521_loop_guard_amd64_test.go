//go:build !purego && linux

package nistec

import (
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestP521WindowsGuardPages runs p521WindowsADX with its accumulator, its
// table and its digits each against an unmapped page, after them and
// before them, and compares the result with windowsGeneric's: a word read
// or written past any of them would fault.
func TestP521WindowsGuardPages(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	r := testutil.Rand(t)
	in := p521PointAsmInputs(t)
	pick := func() p521Element { return p521Element{in[r.IntN(len(in))]} }
	accPage, affPage := pageWords(testutil.GuardedPages(t, 1)), pageWords(testutil.GuardedPages(t, 1))
	digitBytes := testutil.GuardedPages(t, 1)
	digitPage := unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(digitBytes))), len(digitBytes)/4)
	const n = 7
	for _, atEnd := range []bool{true, false} {
		acc, aff, d := accPage[:27:27], affPage[:16*18:16*18], digitPage[:n:n]
		if atEnd {
			acc, aff, d = accPage[len(accPage)-27:], affPage[len(affPage)-16*18:], digitPage[len(digitPage)-n:]
		}
		table := (*[16]p521Affine)(unsafe.Pointer(unsafe.SliceData(aff)))
		for i := range table {
			table[i] = p521Affine{pick(), pick()}
		}
		for i := range d {
			d[i] = int32(r.IntN(33)) - 16
		}
		start := p521Jacobian{pick(), pick(), pick()}
		want := start
		var wantFlag int
		p521InGo(func() { wantFlag = want.windowsGeneric(table, d, 0) })
		got := (*p521Jacobian)(unsafe.Pointer(unsafe.SliceData(acc)))
		*got = start
		gotFlag := p521WindowsADX((*[27]uint64)(acc), (*[16][18]uint64)(unsafe.Pointer(table)), &d[0], n, 0)
		if *got != want || gotFlag != wantFlag {
			t.Fatalf("at the pages' end %v: p521WindowsADX gives %x, %d; want %x, %d", atEnd, *got, gotFlag, want, wantFlag)
		}
	}
}
