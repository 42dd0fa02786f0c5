package testutil

import (
	"slices"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
)

// The test binary's registry: testutil imports no package that registers,
// so these are the only implementations, of a package "fake": "asm", on
// where the CPU has BMI2, and "gone", not built.
var fakeASM bool

func init() {
	impl.Register(impl.Implementation{Package: "fake", Name: "asm", Needs: []string{"BMI2"}, Choice: "x"}, &fakeASM)
	impl.Register(impl.Implementation{Package: "fake", Name: "gone", Needs: []string{"BMI2"}, Choice: "y"}, nil)
}

// TestEachImplementation checks the subtests EachImplementation runs, in
// order, with their bools, and that it restores them.
func TestEachImplementation(t *testing.T) {
	initial := fakeASM
	var ran []string
	EachImplementation(t, "fake", func(t *testing.T) {
		name := t.Name()[strings.LastIndex(t.Name(), "/")+1:]
		ran = append(ran, name)
		if fakeASM != (name == "asm") {
			t.Errorf("subtest %s: the bool is %v", name, fakeASM)
		}
	})
	want := []string{"base"}
	if impl.Available("fake", "asm") {
		want = []string{"asm", "base"}
	}
	if !slices.Equal(ran, want) {
		t.Errorf("ran %q, want %q (gone is not built: skipped)", ran, want)
	}
	if fakeASM != initial {
		t.Error("EachImplementation did not restore the bool")
	}
}

// TestSelectImplementation checks that a selection lasts until the end of
// the test it was made in, and that an implementation not built skips it.
func TestSelectImplementation(t *testing.T) {
	initial := fakeASM
	t.Run("base", func(t *testing.T) {
		SelectImplementation(t, "fake", "")
		if fakeASM {
			t.Error("the base left the bool on")
		}
	})
	if fakeASM != initial {
		t.Error("the selection outlived its test")
	}
	var after bool
	t.Run("gone", func(t *testing.T) {
		SelectImplementation(t, "fake", "gone")
		after = true
	})
	if after {
		t.Error("selecting an implementation not built did not skip the test")
	}
}
