//go:build !purego && linux

package nistec

import (
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestSelectGuardPages runs every table scan with its output and its table
// each against an unmapped page, after it and before it, for every n from
// 0 to the table's length + 1, and compares the output with the entry: a
// word read or written past either would fault.
func TestSelectGuardPages(t *testing.T) {
	r := testutil.Rand(t)
	outPage, tablePage := pageWords(testutil.GuardedPages(t, 1)), pageWords(testutil.GuardedPages(t, 1))
	for _, c := range []struct {
		name       string
		w, entries int
		avx512     bool
		f          func(out, table []uint64, n uint32)
	}{
		{"p256SelectSSE2", 12, 16, false, func(o, tb []uint64, n uint32) {
			p256SelectSSE2((*[12]uint64)(o), (*[16][12]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p256SelectBaseSSE2", 8, 64, false, func(o, tb []uint64, n uint32) {
			p256SelectBaseSSE2((*[8]uint64)(o), (*[64][8]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p256SelectAVX512", 12, 16, true, func(o, tb []uint64, n uint32) {
			p256SelectAVX512((*[12]uint64)(o), (*[16][12]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p256SelectBaseAVX512", 8, 64, true, func(o, tb []uint64, n uint32) {
			p256SelectBaseAVX512((*[8]uint64)(o), (*[64][8]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p384SelectSSE2", 18, 16, false, func(o, tb []uint64, n uint32) {
			p384SelectSSE2((*[18]uint64)(o), (*[16][18]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p384SelectAffineSSE2", 12, 16, false, func(o, tb []uint64, n uint32) {
			p384SelectAffineSSE2((*[12]uint64)(o), (*[16][12]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p521SelectSSE2", 27, 16, false, func(o, tb []uint64, n uint32) {
			p521SelectSSE2((*[27]uint64)(o), (*[16][27]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
		{"p521SelectAffineSSE2", 18, 16, false, func(o, tb []uint64, n uint32) {
			p521SelectAffineSSE2((*[18]uint64)(o), (*[16][18]uint64)(unsafe.Pointer(unsafe.SliceData(tb))), n)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.avx512 {
				testutil.RequireImplementation(t, "nistec", "avx512")
			}
			size := c.w * c.entries
			for _, atEnd := range []bool{true, false} {
				out, table := outPage[:c.w:c.w], tablePage[:size:size]
				if atEnd {
					out, table = outPage[len(outPage)-c.w:], tablePage[len(tablePage)-size:]
				}
				for i := range table {
					table[i] = r.Uint64()
				}
				for n := range uint32(c.entries + 2) {
					for i := range out {
						out[i] = 42
					}
					c.f(out, table, n)
					for i, v := range out {
						want := uint64(0)
						if n >= 1 && int(n) <= c.entries {
							want = table[int(n-1)*c.w+i]
						}
						if v != want {
							t.Fatalf("at the page's end %v, n = %d: word %d is %#x, want %#x", atEnd, n, i, v, want)
						}
					}
				}
			}
		})
	}
}

// pageWords returns the page b as 64-bit words.
func pageWords(b []byte) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), len(b)/8)
}
