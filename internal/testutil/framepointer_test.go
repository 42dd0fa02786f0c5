package testutil

import (
	"runtime/trace"
	"testing"
)

func TestTraceFramePointers(t *testing.T) {
	probe := TraceFramePointers(t)
	if !trace.IsEnabled() {
		t.Fatal("the tracer is not running")
	}
	probe()
}
