package main

import (
	"bytes"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/carry-crypto/carry"
	"github.com/carry-crypto/carry/internal/impl"
)

// TestVersionOutput checks every line of carry version: the versions, the
// platform, the CPU, the build, and one line for each kernel choice in
// kernelTable's order with the kernel it made.
func TestVersionOutput(t *testing.T) {
	code, stdout, stderr := runCarry(t, "version")
	if code != 0 || stderr != "" {
		t.Fatalf("exit code %d, stderr %q; want 0 and nothing", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	cpuName := cpuModel()
	if cpuName == "" {
		cpuName = "unknown"
	}
	assembly, why := assemblyBuilt()
	build := "assembly where the CPU has the features"
	if !assembly {
		build = "portable Go only: " + why
	}
	header := [][2]string{
		{"carry", carry.Version},
		{"go", runtime.Version()},
		{"platform", runtime.GOOS + "/" + runtime.GOARCH},
		{"cpu", cpuName},
		{"features", ""}, // checked by TestVersionFeatures
		{"build", build},
		{"", ""},
		{"package", "for  kernel"},
	}
	if len(lines) != len(header)+len(kernelTable) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(header)+len(kernelTable), stdout)
	}
	for i, h := range header {
		key, value, _ := strings.Cut(lines[i], " ")
		value = strings.TrimSpace(value)
		if key != h[0] || h[0] != "features" && h[0] != "package" && value != h[1] {
			t.Errorf("line %d is %q, want %s %s", i+1, lines[i], h[0], h[1])
		}
	}
	if !strings.Contains(lines[len(header)-1], "for") || !strings.HasSuffix(lines[len(header)-1], "kernel") {
		t.Errorf("the table's header is %q", lines[len(header)-1])
	}
	for i, c := range kernelTable {
		line := lines[len(header)+i]
		want := c.chosen(hasFeature)
		if !strings.HasPrefix(line, c.pkg+" ") || !strings.Contains(line, " "+c.what+" ") || !strings.HasSuffix(line, "  "+want) {
			t.Errorf("line %q, want %s, %s and %s", line, c.pkg, c.what, want)
		}
	}
	if choices := kernelChoices(); len(choices) != len(kernelTable) {
		t.Errorf("kernelChoices has %d entries, want one for each of the %d choices (a name twice?)", len(choices), len(kernelTable))
	}
}

// TestVersionChoices checks the choice each kernel makes on CPUs with
// none, some and all of the features, and without assembly.
func TestVersionChoices(t *testing.T) {
	none := func(string) bool { return false }
	all := func(string) bool { return true }
	// An AVX2 CPU without AVX-512 (Haswell and later, Zen 1 to 3).
	avx2 := func(f string) bool { return f == "AVX2" || f == "BMI2" || f == "ADX" }
	want := map[string][3]string{ // none, AVX2 CPU, all
		"bigmod.mul":             {"portable", "ADX/BMI2", "ADX/BMI2"},
		"bigmod.exp":             {"Montgomery multiplication", "Montgomery multiplication", "AVX-512 IFMA"},
		"nistec.field":           {"portable", "ADX/BMI2", "ADX/BMI2"},
		"nistec.scan":            {"SSE2", "SSE2", "AVX-512"},
		"field25519.mul":         {"portable", "ADX/BMI2", "ADX/BMI2"},
		"field25519.ladder":      {"the mul kernel's", "the mul kernel's", "AVX-512 IFMA"},
		"edwards25519.scan":      {"portable", "AVX2", "AVX2"},
		"edwards25519.point":     {"portable", "ADX/BMI2", "ADX/BMI2"},
		"edwards25519.base":      {"the scan and point kernels'", "the scan and point kernels'", "AVX-512 IFMA"},
		"chacha20.xor":           {"portable", "AVX2", "AVX-512"},
		"poly1305.blocks":        {"portable", "BMI2 (MULX)", "BMI2 (MULX)"},
		"poly1305.long":          {"Poly1305 blocks", "Poly1305 blocks", "AVX-512 IFMA"},
		"chacha20poly1305.short": {"ChaCha20, then Poly1305", "AVX2", "AVX-512"},
		"chacha20poly1305.long":  {"ChaCha20, then Poly1305", "ChaCha20, then Poly1305", "AVX-512 IFMA"},
		"chacha20poly1305.arm64": {"ChaCha20, then Poly1305", "ChaCha20, then Poly1305", "NEON, MUL/UMULH"},
	}
	if len(want) != len(kernelTable) {
		t.Errorf("the test knows %d choices, kernelTable has %d", len(want), len(kernelTable))
	}
	for _, c := range kernelTable {
		w, ok := want[c.name]
		if !ok {
			t.Errorf("%s: not in the test", c.name)
			continue
		}
		unbuilt := c
		unbuilt.built = false
		for i, has := range []func(string) bool{none, avx2, all} {
			if !c.built {
				w[i] = "portable"
			}
			if got := c.chosen(has); got != w[i] {
				t.Errorf("%s on CPU %d: %q, want %q", c.name, i, got, w[i])
			}
			if got := unbuilt.chosen(has); got != "portable" {
				t.Errorf("%s without assembly: %q, want portable", c.name, got)
			}
		}
		for _, o := range c.options {
			for _, f := range o.needs {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s: %s needs %s, not a feature of cpu.X86: %v", c.name, o.kernel, f, r)
						}
					}()
					hasFeature(f)
				}()
			}
		}
	}
}

// TestVersionFeatures checks the features line: the features of the
// kernel table that the CPU has, sorted, or none.
func TestVersionFeatures(t *testing.T) {
	for _, tc := range []struct {
		has  func(string) bool
		want string
	}{
		{func(string) bool { return false }, "none"},
		{func(f string) bool { return f == "BMI2" || f == "AVX2" || f == "SSE3" }, "AVX2 BMI2"},
		{func(string) bool { return true }, "ADX ASIMD AVX2 AVX512BW AVX512DQ AVX512F AVX512IFMA AVX512VL BMI2"},
	} {
		var b bytes.Buffer
		writeVersion(&b, "Some CPU", tc.has)
		if !strings.Contains(b.String(), "\nfeatures  "+tc.want+"\n") || !strings.Contains(b.String(), "\ncpu       Some CPU\n") {
			t.Errorf("want features %q and cpu Some CPU in:\n%s", tc.want, b.String())
		}
	}
}

// TestVersionHelp checks -h (the usage on stdout) and a stray argument.
func TestVersionHelp(t *testing.T) {
	if code, stdout, _ := runCarry(t, "version", "-h"); code != 0 || !strings.HasPrefix(stdout, "usage: carry version") {
		t.Errorf("version -h: exit code %d, stdout %q", code, stdout)
	}
	if code, stdout, stderr := runCarry(t, "version", "extra"); code != 2 || stdout != "" || stderr == "" {
		t.Errorf("version extra: exit code %d, stdout %q, stderr %q; want 2 and an error", code, stdout, stderr)
	}
}

// TestKernelTableComplete checks that every package of the module that
// registers implementations with internal/impl is linked into the command
// (so that carry version reports it), and that every choice names its
// kernels and what they are for.
func TestKernelTableComplete(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ctx := build.Default
	ctx.GOARCH, ctx.GOOS, ctx.BuildTags = "amd64", "linux", nil
	registering := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if p != root && (strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		bp, err := ctx.ImportDir(p, 0)
		if err != nil || !slices.Contains(bp.Imports, "github.com/carry-crypto/carry/internal/impl") {
			return nil
		}
		for _, name := range bp.GoFiles {
			src, err := os.ReadFile(filepath.Join(p, name))
			if err != nil {
				return err
			}
			if bytes.Contains(src, []byte("impl.Register(")) {
				registering++
				if len(impl.List(bp.Name)) == 0 {
					t.Errorf("%s registers implementations that carry version does not see: the command does not link it", bp.ImportPath)
				}
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if registering == 0 {
		t.Error("found no package that registers implementations")
	}
	for _, c := range kernelTable {
		if c.what == "" || c.fallback == "" || len(c.options) == 0 {
			t.Errorf("%s: incomplete choice %+v", c.name, c)
		}
		for _, o := range c.options {
			if o.kernel == "" || len(o.needs) == 0 {
				t.Errorf("%s: an option without a kernel name or features: %+v", c.name, o)
			}
		}
	}
}

// TestVersionReportsWhatRuns checks that each choice's kernel, computed
// from the CPU's features, is the one whose bool is on: the first option
// registered on, else the fallback (or portable, without assembly).
func TestVersionReportsWhatRuns(t *testing.T) {
	runs := map[string]string{}
	for _, r := range impl.All() {
		name := r.Package + "." + r.Choice
		if _, ok := runs[name]; !ok {
			runs[name] = "portable"
			if r.Built {
				runs[name] = r.Else
			}
		}
		if r.On && (runs[name] == r.Else || runs[name] == "portable") {
			runs[name] = r.Kernel
		}
	}
	if len(runs) != len(kernelTable) {
		t.Errorf("%d choices run, kernelTable has %d", len(runs), len(kernelTable))
	}
	for name, kernel := range kernelChoices() {
		if runs[name] != kernel {
			t.Errorf("%s: carry version says %q, %q runs", name, kernel, runs[name])
		}
	}
}
