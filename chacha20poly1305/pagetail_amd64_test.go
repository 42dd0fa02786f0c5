//go:build !purego

package chacha20poly1305

import (
	"testing"
	"unsafe"
)

// uintptrOf returns the address of b's first byte (or where it would be).
func uintptrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// crossesModel reports whether the 64-byte block of b that holds its last
// byte, counted from b's start, reaches a page other than that byte's.
func crossesModel(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	start := uintptrOf(b)
	last := start + uintptr(len(b)) - 1
	windowEnd := start + uintptr((len(b)-1)/64*64) + 63
	return last/4096 != windowEnd/4096
}

// TestPageTail checks pageTail against crossesModel at every length the
// AVX-512 kernels take and every offset in a page, with src and dst
// crossing alone and together, and apart from one another.
func TestPageTail(t *testing.T) {
	mem := make([]byte, 5*pageSize)
	base := int((pageSize - uintptrOf(mem)%pageSize) % pageSize)
	at := func(page, off, n int) []byte {
		o := base + page*pageSize + off
		return mem[o : o+n : o+n]
	}
	// An offset at which no length up to sets4Max crosses.
	const still = 0
	var crossing, cases int
	for n := 0; n <= sets4Max; n++ {
		for off := range pageSize {
			moved := at(1, off, n)
			crosses := crossesModel(moved)
			if crosses {
				crossing++
			}
			quiet := at(0, still, n)
			if crossesModel(quiet) {
				t.Fatalf("the model has %d bytes at a page's start crossing", n)
			}
			other := at(2, (off*7+n)%pageSize, n)
			both := crosses || crossesModel(other)
			for _, c := range []struct {
				dst, src []byte
				want     bool
			}{
				{quiet, moved, crosses},
				{moved, quiet, crosses},
				{moved, other, both},
				{other, moved, both},
			} {
				cases++
				if got := pageTail(c.dst, c.src); got != c.want {
					t.Fatalf("pageTail with %d bytes, dst at page offset %d, src at %d: %v, want %v",
						n, uintptrOf(c.dst)%pageSize,
						uintptrOf(c.src)%pageSize, got, c.want)
				}
			}
		}
	}
	if pageTail(nil, nil) {
		t.Error("pageTail(nil, nil) = true")
	}
	if crossing == 0 {
		t.Fatal("no case crossed a page")
	}
	t.Logf("%d cases, %d placements crossing", cases, crossing)
}
