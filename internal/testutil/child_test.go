package testutil

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// fatalRecorder is a testing.TB whose Fatalf and Skipf record the message
// and end the goroutine, as t.Fatalf and t.Skipf do, without failing or
// skipping the test.
type fatalRecorder struct {
	testing.TB
	msg, skip string
}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *fatalRecorder) Skipf(format string, args ...any) {
	r.skip = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestRunChildTimeout runs a child that does not finish: RunChild must
// fail within the child's time limit and show where the child was stuck.
func TestRunChildTimeout(t *testing.T) {
	if IsChild(t) {
		time.Sleep(time.Hour)
		return
	}
	old := childTimeout
	childTimeout = time.Second
	defer func() { childTimeout = old }()
	r := &fatalRecorder{TB: t}
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		RunChild(r)
	}()
	<-done
	if r.skip != "" {
		t.Skip(r.skip)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("RunChild returned after %v", d)
	}
	if !strings.Contains(r.msg, "child process failed") || !strings.Contains(r.msg, "test timed out after 1s") ||
		!strings.Contains(r.msg, "time.Sleep") {
		t.Errorf("RunChild's failure does not show the child's time-out and stack:\n%s", r.msg)
	}
}
