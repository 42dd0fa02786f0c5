package field25519

import (
	"encoding/binary"
	"testing"
	"testing/quick"
)

// TestSetWords checks SetWords against SetBytes on the little-endian
// encoding of the words: the same limbs, exactly.
func TestSetWords(t *testing.T) {
	check := func(w [4]uint64) bool {
		var b [32]byte
		for i := range w {
			binary.LittleEndian.PutUint64(b[8*i:], w[i])
		}
		var want, got Element
		if _, err := want.SetBytes(b[:]); err != nil {
			t.Fatal(err)
		}
		if got.SetWords(&w) != &got {
			t.Fatal("SetWords does not return its receiver")
		}
		if got != want {
			t.Errorf("SetWords(%#x) = %v, want %v", w, got, want)
			return false
		}
		return true
	}
	const ones = ^uint64(0)
	// Every limb boundary at all ones and all zeros, p and its neighbours,
	// bit 255 set and clear.
	edges := [][4]uint64{
		{0, 0, 0, 0},
		{ones, ones, ones, ones},
		{ones, ones, ones, ones >> 1},
		{ones - 18, ones, ones, ones >> 1}, // p
		{ones - 19, ones, ones, ones >> 1}, // p - 1
		{ones - 17, ones, ones, ones >> 1}, // p + 1
		{1 << 51, 1 << 38, 1 << 25, 1 << 12},
		{1<<51 - 1, 1<<38 - 1, 1<<25 - 1, 1<<12 - 1},
		{0, 0, 0, 1 << 63},
		{ones, 0, ones, 0},
		{0, ones, 0, ones},
	}
	for _, w := range edges {
		check(w)
	}
	if err := quick.Check(check, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}
