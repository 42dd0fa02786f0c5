package impl

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// withRegistry runs f on an empty registry and restores the one the test
// binary had (none: impl imports no package that registers).
func withRegistry(t *testing.T, f func()) {
	t.Helper()
	saved := registry
	registry = nil
	defer func() { registry = saved }()
	f()
}

// features returns the features of Has that the CPU has, and those it
// lacks.
func features() (has, lacks []string) {
	for _, f := range []string{"ADX", "AVX2", "AVX512F", "AVX512BW", "AVX512DQ", "AVX512VL", "AVX512IFMA", "BMI2"} {
		if Has(f) {
			has = append(has, f)
		} else {
			lacks = append(lacks, f)
		}
	}
	return has, lacks
}

// mustPanic fails t unless f panics.
func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

// TestRegisterSetsTheBool checks that Register sets the bool to whether the
// CPU has the features, that one registered without a bool is not
// available, and what List and All return.
func TestRegisterSetsTheBool(t *testing.T) {
	has, lacks := features()
	if len(has) == 0 {
		t.Skip("the CPU has none of the features")
	}
	withRegistry(t, func() {
		var a bool
		Register(Implementation{Package: "p", Name: "a", Needs: has, Choice: "x"}, &a)
		if !a || !Available("p", "a") {
			t.Errorf("an implementation needing %v, which the CPU has, is off or not available", has)
		}
		if len(lacks) > 0 {
			b := true
			Register(Implementation{Package: "p", Name: "b", Needs: append(slices.Clone(has), lacks[0]), Choice: "x"}, &b)
			if b || Available("p", "b") {
				t.Errorf("an implementation needing %s, which the CPU lacks, is on or available", lacks[0])
			}
		}
		Register(Implementation{Package: "p", Name: "c", Needs: has[:1], Choice: "y"}, nil)
		if Available("p", "c") {
			t.Error("an implementation registered without a bool (not built) is available")
		}
		all := All()
		first, last := all[0], all[len(all)-1]
		if len(all) != len(List("p")) || !first.Built || !first.Available || !first.On || first.Else != "portable" ||
			last.Built || last.Available || last.On {
			t.Errorf("All = %+v", all)
		}
		all[0].Needs[0] = "changed"
		if All()[0].Needs[0] == "changed" {
			t.Error("All shares its Needs with the registry")
		}
		if got := List("p"); got[0] != "a" || got[len(got)-1] != "c" {
			t.Errorf("List = %q, want the order of registration", got)
		}
		if List("q") != nil {
			t.Error("List of a package that registered nothing is not empty")
		}
	})
}

func TestRegisterRefuses(t *testing.T) {
	withRegistry(t, func() {
		var on bool
		good := Implementation{Package: "p", Name: "a", Needs: []string{"ADX"}, Choice: "x"}
		for _, tc := range []struct {
			name string
			edit func(i *Implementation)
		}{
			{"a path", func(i *Implementation) { i.Package = "internal/p" }},
			{"no name", func(i *Implementation) { i.Name = "" }},
			{"no features", func(i *Implementation) { i.Needs = nil }},
			{"no choice", func(i *Implementation) { i.Choice = "" }},
			{"an unknown feature", func(i *Implementation) { i.Needs = []string{"SSE9"} }},
		} {
			i := good
			tc.edit(&i)
			mustPanic(t, "Register of "+tc.name, func() { Register(i, &on) })
		}
		Register(good, &on)
		mustPanic(t, "a second Register of one name", func() { Register(good, &on) })
		mustPanic(t, "Available of an unknown name", func() { Available("p", "b") })
		mustPanic(t, "Select of an unknown name", func() { Select("p", "b") })
		mustPanic(t, "Has of an unknown feature", func() { Has("SSE9") })
	})
}

// TestSelect checks that Select turns on the implementation named and those
// whose features are among its own, turns the others of the package off
// and leaves other packages alone, that the base turns every one off, and
// that restore gives back the bools as they were.
func TestSelect(t *testing.T) {
	has, _ := features()
	if len(has) < 2 {
		t.Skip("the CPU has fewer than two of the features")
	}
	withRegistry(t, func() {
		var low, high, other, side bool
		Register(Implementation{Package: "p", Name: "low", Needs: has[:1], Choice: "x"}, &low)
		Register(Implementation{Package: "p", Name: "high", Needs: has[:2], Choice: "y"}, &high)
		Register(Implementation{Package: "p", Name: "other", Needs: has[1:2], Choice: "z"}, &other)
		Register(Implementation{Package: "p", Name: "gone", Needs: has[:1], Choice: "w"}, nil)
		Register(Implementation{Package: "q", Name: "side", Needs: has[:1], Choice: "x"}, &side)
		check := func(name string, wantLow, wantHigh, wantOther bool) {
			t.Helper()
			restore := Select("p", name)
			if low != wantLow || high != wantHigh || other != wantOther || !side {
				t.Errorf("Select(%q): low %v, high %v, other %v, side %v", name, low, high, other, side)
			}
			low, high, other = !low, !high, !other // restore must not care
			restore()
			if !low || !high || !other {
				t.Errorf("after Select(%q), restore gave low %v, high %v, other %v", name, low, high, other)
			}
		}
		check("high", true, true, true)
		check("low", true, false, false)
		check("other", false, false, true)
		check("", false, false, false)
		mustPanic(t, "Select of an implementation not built", func() { Select("p", "gone") })
		Select("none", "")() // a package that registered nothing has a base
	})
}

// TestOnlyImplReadsTheCPU checks that no package of the module but this one
// imports golang.org/x/sys/cpu, in the build for amd64 (the only one with
// assembly): every choice of code by the CPU goes through the registry, so
// that the tests can select it and carry version can report it.
func TestOnlyImplReadsTheCPU(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ctx := build.Default
	ctx.GOARCH, ctx.GOOS, ctx.BuildTags = "amd64", "linux", nil
	packages := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if p != root && (strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		bp, err := ctx.ImportDir(p, 0)
		if err != nil {
			return nil // no Go files for amd64 here
		}
		packages++
		rel, _ := filepath.Rel(root, p)
		if slices.Contains(bp.Imports, "golang.org/x/sys/cpu") && filepath.ToSlash(rel) != "internal/impl" {
			t.Errorf("%s reads the CPU's features itself: register its implementations with internal/impl", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if packages < 10 {
		t.Errorf("found %d packages: not the module's root?", packages)
	}
}
