//go:build !amd64 || purego

package testutil

import "testing"

// FramePointerProbe returns a probe for the frame pointer that assembly
// functions must return with; without amd64 assembly there is none to
// check, and the probe does nothing.
func FramePointerProbe(tb testing.TB) (probe func()) { return func() {} }
