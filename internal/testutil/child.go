package testutil

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv names the variable that marks a test's re-run by RunChild; its
// value is the test's name.
const childEnv = "CARRY_TEST_CHILD"

// childTimeout is the time limit of RunChild's child: its tests take well
// under a second natively and a few under qemu.
var childTimeout = 2 * time.Minute

// IsChild reports whether this process is RunChild's re-run of t.
func IsChild(t testing.TB) bool {
	return os.Getenv(childEnv) == t.Name()
}

// RunChild runs the test t again, alone, in a child process of the same
// test binary with env added to its environment (for settings such as
// GODEBUG that must be in place when the process starts), and fails t if the
// child fails. The child sees IsChild(t) true. A test binary for another
// architecture run under an emulator (test.sh's arm64 run with qemu) cannot
// start itself again: there t is skipped, and the native runs of the same
// test cover it. A child asked to run in FIPS 140 mode (GODEBUG fips140=on
// or only) is not started in a purego build, where the standard library
// refuses that mode at start-up: t is skipped, and the default build's run
// covers it.
//
// The child has childTimeout to finish, after which its test binary
// panics with every goroutine's stack (printed in t's failure); a child
// still running a minute later (a stuck emulator) is killed.
func RunChild(t testing.TB, env ...string) {
	t.Helper()
	if puregoBuild {
		for _, kv := range env {
			if strings.HasPrefix(kv, "GODEBUG=") && (strings.Contains(kv, "fips140=on") || strings.Contains(kv, "fips140=only")) {
				t.Skip("purego build: the standard library does not start in FIPS 140 mode without its assembly")
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.v",
		"-test.timeout="+childTimeout.String())
	cmd.Env = append(append(os.Environ(), childEnv+"="+t.Name()), env...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("carry/testutil: child process killed after %v: %v\n%s", childTimeout+time.Minute, err, out)
	}
	if errors.Is(err, syscall.ENOEXEC) {
		t.Skipf("cannot run a child test process here: %v", err)
	}
	if err != nil {
		t.Fatalf("carry/testutil: child process failed: %v\n%s", err, out)
	}
	t.Logf("child:\n%s", out)
}
