//go:build !purego

package testutil

import "testing"

// TestFramePointerProbe runs the probe from a test and from a nested
// closure, where BP is its caller's as it should be.
func TestFramePointerProbe(t *testing.T) {
	probe := FramePointerProbe(t)
	probe()
	func() {
		var buf [4096]byte
		buf[len(buf)-1] = 1
		probe()
		if buf[len(buf)-1] != 1 {
			t.Fatal("buffer changed")
		}
	}()
}
