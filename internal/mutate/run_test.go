package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carry-crypto/carry/internal/testutil"
)

func TestSurvivorsParse(t *testing.T) {
	good := "# comment\n\nx.go f op: a → b\nx.go f op: a → c #2\n\tboth are equivalent:\n\tbecause.\n\n" +
		"x.go g op: a → b\n\tone line.\n"
	s := &survivors{path: "mutants.txt", why: map[string]string{}, lines: map[string]int{}}
	if err := s.parse([]byte(good)); err != nil {
		t.Fatal(err)
	}
	if len(s.keys) != 3 || s.why["x.go f op: a → b"] != "both are equivalent:\nbecause." ||
		s.why["x.go f op: a → c #2"] != s.why["x.go f op: a → b"] || s.why["x.go g op: a → b"] != "one line." {
		t.Errorf("parsed %q %q", s.keys, s.why)
	}
	for name, bad := range map[string]string{
		"no argument":          "x.go f op: a → b\n",
		"argument lost at end": "x.go f op: a → b\n\targ\nx.go g op: a → b\n",
		"argument first":       "\targ\nx.go f op: a → b\n\targ\n",
		"listed twice":         "x.go f op: a → b\n\targ\nx.go f op: a → b\n\targ\n",
	} {
		s := &survivors{path: "mutants.txt", why: map[string]string{}, lines: map[string]int{}}
		if err := s.parse([]byte(bad)); err == nil {
			t.Errorf("%s: parsed without an error", name)
		}
	}
}

// copyTree copies the folder src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRunTiny runs the command on the package in testdata/tiny: a killed
// mutant, one killed only in the purego build, a hang, generator mutants
// (killed by the tests, refused by the generator, with unchanged output,
// in code that one of its two runs executes, in code that neither does, and
// one that drops a generated file's build constraint, and one whose
// assembly only go vet refuses), a mutant of a file
// only arm64 compiles (under qemu, where installed), one that survives the
// native builds of a file every build compiles and dies on arm64, a
// mutant that does not compile, a listed survivor, an unlisted one, and
// stale entries.
func TestRunTiny(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, "testdata/tiny", dir)
	const (
		kSub       = "tiny.go Sub arith: return a - b → return a + b"
		kArgued    = "tiny.go Clamp const: if n > 3 → if n > 4"
		kSurvived  = "tiny.go Clamp delete: n = 3 → ∅"
		kPurego    = "double_purego.go Double arith: return x + x → return x - x"
		kHang      = "tiny.go Steps arith: n -= 2 → n += 2"
		kGenKilled = "_gen/main.go const factor const: const factor = 7 → const factor = 8"
		kGenRefuse = "_gen/main.go main delete: flag.Parse() → ∅"
		kGenSame   = "_gen/main.go main const: (src), 0o644) → (src), 0o645)"
		kGenOneRun = `_gen/main.go main const: Sprintf("// Code generated b…", 5) → Sprintf("// Code generated b…", 6)`
		kGenNoRun  = `_gen/main.go main delete: fmt.Println("too long") → ∅`
		kGenBuild  = `_gen/main.go main delete: src = "//go:build !purego\n\n" + src → ∅`
		kGenVet    = "_asm/main.go const argSize const: const argSize = 16 → const argSize = 17"
		kNoCompile = "tiny.go Last index: return x[3] → return x[4]"
		kArm64     = "arch_arm64.go Arch const: return 64 → return 65"
		kArm64Only = "tiny.go Bump delete: n++ → ∅"
		kStale     = "tiny.go Second index: return x[1] → return x[0]"
		kGone      = "tiny.go Gone const: 1 → 2"
	)
	list := "# The survivors of tiny.\n" + kArgued + "\n\tTestClamp passes n <= 3 only.\n" +
		kStale + "\n\twrongly listed: it is killed.\n" + kGone + "\n\tno such mutant.\n"
	if err := os.WriteFile(filepath.Join(dir, survivorsFile), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	keys := []string{kSub, kArgued, kSurvived, kPurego, kHang, kGenKilled, kGenRefuse, kGenSame, kGenOneRun, kGenNoRun,
		kGenBuild, kGenVet, kNoCompile, kStale, kArm64, kArm64Only}
	var quoted []string
	for _, k := range keys {
		quoted = append(quoted, regexp.QuoteMeta(k))
	}
	var out bytes.Buffer
	c := &config{
		out:      &out,
		purego:   true,
		qemu:     findQEMU(),
		timeout:  8 * time.Second,
		match:    regexp.MustCompile("^(" + strings.Join(quoted, "|") + ")$"),
		toolexec: testExecutable(t),
	}
	ctx := context.Background()
	p, err := c.loadPackage(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := c.runPackage(ctx, p)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	t.Logf("output:\n%s", out.String())
	want := map[string]string{
		kSub:       "killed",
		kArgued:    "argued",
		kSurvived:  "SURVIVED",
		kPurego:    "killed, purego",
		kHang:      "killed, time limit",
		kGenKilled: "killed",
		kGenRefuse: "killed, refused",
		kGenSame:   "unchanged output",
		kGenOneRun: "killed",
		kGenNoRun:  "unchanged output",
		kGenBuild:  "killed",
		kGenVet:    "killed",
		kNoCompile: "not compiling",
		kStale:     "killed, STALE entry",
		kArm64:     "killed, arm64",
		kArm64Only: "killed, arm64",
	}
	killed, notBuilt, survived := 11, 0, 1
	if c.qemu == "" {
		t.Log("no qemu-aarch64: the arm64 mutant is expected not to be built, the other arm64 one to survive")
		want[kArm64] = "not built here"
		want[kArm64Only] = "SURVIVED"
		killed, notBuilt, survived = 9, 1, 2
	}
	// Without its constraint extra.go joins the purego build, which then
	// declares Extra twice.
	if !strings.Contains(out.String(), `(build "purego" does not compile)`) {
		t.Error("the mutant that drops extra.go's constraint was not tried in the purego build")
	}
	if !regexp.MustCompile(`(?m)killed \(GOARCH="" tags "": go vet: .*wrong argument size 17.*\): ` + regexp.QuoteMeta(kGenVet) + `$`).MatchString(out.String()) {
		t.Error("the generator mutant with a wrong argument size was not killed by go vet")
	}
	// TestMagic killed kGenKilled, so it runs alone first for the
	// generator's next mutants, and kills kGenOneRun so.
	if !regexp.MustCompile(`(?m)killed \(TestMagic, [^)]*, run first\): ` + regexp.QuoteMeta(kGenOneRun) + `$`).MatchString(out.String()) {
		t.Error("the test that killed a generator mutant did not run first for the next one")
	}
	for k, w := range want {
		if got := tl.labels[k]; got != w {
			t.Errorf("%s: %q, want %q", k, got, w)
		}
	}
	if tl.mutants != len(keys) || tl.killed != killed || tl.notBuilt != notBuilt || tl.argued != 1 || tl.survived != survived ||
		tl.notCompiling != 1 || tl.unchanged != 2 || tl.stale != 2 || tl.purego != 1 || tl.timeouts != 1 || tl.refused != 1 {
		t.Errorf("tally %s", tl)
	}
	if !tl.failed() {
		t.Error("a run with an unlisted survivor and stale entries did not fail")
	}
	// The generator's runs: 0 writes magic.go, 1 (with -extra) extra.go.
	i := slices.IndexFunc(p.gens, func(g *generator) bool { return g.dir == "_gen" })
	if i < 0 {
		t.Fatal("no generator _gen")
	}
	reach := p.gens[i].reach
	for _, c := range []struct {
		line, col int
		runs      []int
		in        bool
	}{
		{21, 102, []int{0, 1}, true}, // Magic's Sprintf: both runs
		{23, 102, []int{1}, true},    // Extra's Sprintf: -extra only
		{28, 3, []int{}, true},       // "too long": neither
		{15, 16, nil, false},         // factor, outside every function
	} {
		runs, in := reach.executing("_gen/main.go", c.line, c.col)
		if in != c.in || !slices.Equal(runs, c.runs) {
			t.Errorf("runs at %d:%d: %v, %v; want %v, %v", c.line, c.col, runs, in, c.runs, c.in)
		}
	}

	// Listed exactly, the same mutants pass.
	list = "# The survivors of tiny.\n" + kArgued + "\n" + kSurvived + "\n\tTestClamp passes n <= 3 only.\n"
	if err := os.WriteFile(filepath.Join(dir, survivorsFile), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	c.match = regexp.MustCompile("^(" + regexp.QuoteMeta(kArgued) + "|" + regexp.QuoteMeta(kSurvived) + "|" + regexp.QuoteMeta(kSub) + ")$")
	out.Reset()
	if p, err = c.loadPackage(ctx, dir); err != nil {
		t.Fatal(err)
	}
	if tl, err = c.runPackage(ctx, p); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if tl.failed() || tl.argued != 2 || tl.killed != 1 {
		t.Errorf("tally %s\n%s", tl, out.String())
	}
}

// TestSampleIsSeeded checks that -sample picks the same mutants for the same
// seed and others for another.
func TestSampleIsSeeded(t *testing.T) {
	c := &config{purego: true, out: &bytes.Buffer{}}
	p, err := c.loadPackage(context.Background(), "testdata/tiny")
	if err != nil {
		t.Fatal(err)
	}
	pick := func(seed uint64) string {
		c.sample, c.seed = 5, seed
		var ks []string
		for _, m := range c.choose(p) {
			ks = append(ks, m.key())
		}
		return strings.Join(ks, "\n")
	}
	a, b, other := pick(7), pick(7), pick(8)
	if a != b {
		t.Errorf("seed 7 picked\n%s\nthen\n%s", a, b)
	}
	if a == other {
		t.Errorf("seeds 7 and 8 picked the same mutants")
	}
	if n := strings.Count(a, "\n") + 1; n != 5 {
		t.Errorf("picked %d mutants, want 5", n)
	}
}

// TestTestEnvFixesSeed checks that every test run gets one $CARRY_SEED,
// the given one or the default, whatever this process's environment holds.
func TestTestEnvFixesSeed(t *testing.T) {
	t.Setenv(seedEnv, "ff")
	for seed, want := range map[string]string{"": defaultTestSeed, strings.Repeat("ab", 32): strings.Repeat("ab", 32)} {
		var got []string
		for _, kv := range testEnv(seed) {
			if v, ok := strings.CutPrefix(kv, seedEnv+"="); ok {
				got = append(got, v)
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("testEnv(%q) sets %s to %q; want [%q]", seed, seedEnv, got, want)
		}
	}
	if seedEnv != testutil.SeedEnv {
		t.Errorf("seedEnv is %q; testutil.Rand reads %q", seedEnv, testutil.SeedEnv)
	}
	if len(defaultTestSeed) != 64 {
		t.Errorf("defaultTestSeed has %d digits; want 64", len(defaultTestSeed))
	}
}
