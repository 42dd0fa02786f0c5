package testutil

import (
	"io"
	"runtime/trace"
	"testing"
)

// TraceFramePointers starts the runtime's execution tracer for the rest of
// tb, its output discarded (unless a tracer runs already, as under go test
// -trace), and returns a probe: a function that starts a goroutine and
// waits for it. The tracer records the go statement's stack by following
// the chain of saved frame pointers up from the probe. A test calls the
// probe right after an assembly function, in the same Go function: had
// that function returned with the frame pointer register other than its
// caller's (a frame slot written over the saved one, say), the walk
// follows the wrong value and, for all but a valid address, faults.
func TraceFramePointers(tb testing.TB) (probe func()) {
	if err := trace.Start(io.Discard); err == nil {
		tb.Cleanup(trace.Stop)
	}
	return func() {
		done := make(chan struct{})
		go func() { close(done) }()
		<-done
	}
}
