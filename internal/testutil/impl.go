package testutil

import (
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
)

// EachImplementation runs f as a subtest for each implementation that
// package pkg registered with internal/impl, in the order of registration
// and with it selected (impl.Select: it and what it builds on), and then as
// the subtest "base" with none of pkg's implementations on. A subtest of an
// implementation that is not built or that the CPU lacks is skipped. pkg's
// choice is restored after each subtest.
func EachImplementation(t *testing.T, pkg string, f func(t *testing.T)) {
	t.Helper()
	for _, name := range impl.List(pkg) {
		t.Run(name, func(t *testing.T) {
			SelectImplementation(t, pkg, name)
			f(t)
		})
	}
	t.Run("base", func(t *testing.T) {
		SelectImplementation(t, pkg, "")
		f(t)
	})
}

// SelectImplementation selects package pkg's implementation name, or the
// base if name is empty, for the rest of tb, and restores pkg's choice when
// tb ends. It skips tb if the implementation is not built or the CPU lacks
// its features.
func SelectImplementation(tb testing.TB, pkg, name string) {
	tb.Helper()
	if name != "" {
		RequireImplementation(tb, pkg, name)
	}
	tb.Cleanup(impl.Select(pkg, name))
}

// RequireImplementation skips tb unless package pkg's implementation name is
// built and the CPU has its features, without selecting it: for a test that
// calls its code directly.
func RequireImplementation(tb testing.TB, pkg, name string) {
	tb.Helper()
	if !impl.Available(pkg, name) {
		tb.Skipf("%s's %s does not run here: not built, or the CPU lacks some of its features", pkg, name)
	}
}
