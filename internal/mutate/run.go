package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	gobuild "go/build"
	"go/scanner"
	"go/token"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"
)

// A config holds the command's flags.
type config struct {
	sample   int            // mutants per package, chosen at random; 0 for all
	seed     uint64         // the seed of the choice
	timeout  time.Duration  // per mutant's test run; 0 picks one from the unmutated run
	list     bool           // print the mutants, run nothing
	run      string         // -test.run for the tests
	skip     string         // -test.skip for the tests
	match    *regexp.Regexp // only mutants whose key matches
	purego   bool           // also run the purego build
	qemu     string         // qemu-aarch64, to test the files only arm64 builds; "" for none
	noSelect bool           // run every test on every mutant (no selection by coverage)
	verbose  bool
	testSeed string // the tests' $CARRY_SEED: 64 hexadecimal digits; "" for defaultTestSeed
	out      io.Writer
	dir      string // where the package patterns are resolved ("" for the current directory)

	// skipUnmutated skips the run of the unmutated tests, for a caller
	// that has just run them; timeout must be set.
	skipUnmutated bool

	// countOps names the ops of "carry count" whose instruction counts a
	// survivor must not raise by more than the guard's 2% (empty for no
	// count).
	countOps []string

	// toolexec is the executable go runs as -toolexec for the compile
	// cache (compilecache.go), this command's own, or "" for none: a
	// program whose main calls toolexec when $CARRY_MUTATE_COMPILE_CACHE
	// is set.
	toolexec string
}

// A pkg is one package under test: its sources and the builds that compile
// them.
type pkg struct {
	dir, path string
	builds    []*build
	gens      []*generator
	muts      []*mutant
	surv      *survivors
	print     string // fingerprint of the package's files when loaded
}

// A build is one way of compiling the package's tests: the default, with
// the purego tag, or for arm64 (run under qemu).
type build struct {
	tags   string
	goarch string          // "" for this machine's
	files  map[string]bool // the package's non-test Go and assembly files in it
}

// name names the build in messages and maps.
func (b *build) name() string {
	if b.goarch != "" {
		return b.goarch
	}
	return b.tags
}

// A generator is a program in its own module under the package directory
// (an avo _asm folder or a _gen folder) that writes some of the package's
// files.
type generator struct {
	dir  string     // its folder, relative to the package directory
	runs [][]string // the argument lists it is run with
	base map[string][]byte

	// reach records, per file of the generator, which runs execute each
	// block (nil when it was not measured).
	reach *coverage
}

type outcome int

const (
	killed outcome = iota
	survived
	argued
	notCompiling
	unchanged
	notBuilt // changes only files no build here compiles
)

type result struct {
	out     outcome
	detail  string
	timeout bool // killed by the time limit
	refused bool // killed by the generator's own checks
	purego  bool // killed only by the purego build
	arm64   bool // killed by the arm64 build
	counted bool // killed by the instruction-count guard
}

// A tally counts the results of one package.
type tally struct {
	mutants, killed, timeouts, refused, purego, arm64, counted, argued, survived, notCompiling, unchanged, notBuilt, stale int
	elapsed                                                                                                                time.Duration
	labels                                                                                                                 map[string]string // each run mutant's result, by key
}

func (t *tally) add(r result) {
	t.mutants++
	switch r.out {
	case killed:
		t.killed++
		if r.timeout {
			t.timeouts++
		}
		if r.refused {
			t.refused++
		}
		if r.purego {
			t.purego++
		}
		if r.arm64 {
			t.arm64++
		}
		if r.counted {
			t.counted++
		}
	case survived:
		t.survived++
	case argued:
		t.argued++
	case notCompiling:
		t.notCompiling++
	case unchanged:
		t.unchanged++
	case notBuilt:
		t.notBuilt++
	}
}

func (t *tally) String() string {
	counted := t.killed + t.argued + t.survived
	pct := 100.0
	if counted > 0 {
		pct = 100 * float64(t.killed) / float64(counted)
	}
	notBuilt := ""
	if t.notBuilt > 0 {
		notBuilt = fmt.Sprintf(", %d not built here (no qemu-aarch64)", t.notBuilt)
	}
	return fmt.Sprintf("%d mutants: %d killed (%d by the time limit, %d by the generator, %d only by purego, %d on arm64, %d by the count guard), "+
		"%d argued, %d survived, %d not compiling, %d unchanged output%s, %d stale entries; %.1f%% killed; %s",
		t.mutants, t.killed, t.timeouts, t.refused, t.purego, t.arm64, t.counted, t.argued, t.survived, t.notCompiling,
		t.unchanged, notBuilt, t.stale, pct, t.elapsed.Round(time.Second))
}

// failed reports whether the tally fails the command: an unlisted survivor
// or a stale entry.
func (t *tally) failed() bool { return t.survived > 0 || t.stale > 0 }

// goList is the part of "go list -json" that is used.
type goList struct {
	Dir, ImportPath string
	GoFiles         []string
	SFiles          []string
	IgnoredGoFiles  []string
	Error           *struct{ Err string }
}

// goCmd returns a go command run in dir. The test binaries it builds run on
// this machine, so GOOS and GOARCH are left out of its environment.
func (c *config) goCmd(ctx context.Context, dir string, args ...string) *exec.Cmd {
	return c.goCmdFor(ctx, dir, "", args...)
}

// goCmdFor is goCmd building for goarch, or this machine if it is "".
func (c *config) goCmdFor(ctx context.Context, dir, goarch string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = environWithout("GOOS", "GOARCH")
	if goarch != "" {
		cmd.Env = append(cmd.Env, "GOARCH="+goarch)
	}
	return cmd
}

// seedEnv is testutil.SeedEnv, the variable that fixes the root seed of
// the tests' random inputs (testutil.Rand).
const seedEnv = "CARRY_SEED"

// defaultTestSeed is the tests' root seed unless -testseed names another.
const defaultTestSeed = "0000000000000000000000000000000000000000000000000000000000000000"

// testEnv returns the environment of a test binary's run: this process's,
// with the random inputs' root seed fixed to seed, so that the unmutated
// run, its coverage and every mutant draw the same inputs, and a mutant
// that only some inputs expose gets the same verdict in every run. An
// empty seed is defaultTestSeed.
func testEnv(seed string) []string {
	if seed == "" {
		seed = defaultTestSeed
	}
	return append(environWithout(seedEnv), seedEnv+"="+seed)
}

// environWithout returns the environment without the named variables.
func environWithout(names ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !slices.Contains(names, strings.SplitN(kv, "=", 2)[0]) {
			env = append(env, kv)
		}
	}
	return env
}

// loadPackage resolves pattern (a directory or an import path) and
// enumerates its mutants.
func (c *config) loadPackage(ctx context.Context, pattern string) (*pkg, error) {
	p := &pkg{}
	builds := []*build{{}}
	if c.purego {
		builds = append(builds, &build{tags: "purego"})
	}
	// The arm64 build is listed whether or not qemu is installed, so that
	// the mutants are the same on every machine; without qemu those only
	// it compiles are not built.
	builds = append(builds, &build{goarch: "arm64"})
	// A directory is listed from inside, so that it may be in another
	// module.
	dir, target := c.dir, pattern
	if fi, err := os.Stat(filepath.Join(c.dir, pattern)); err == nil && fi.IsDir() {
		dir, target = filepath.Join(c.dir, pattern), "."
	}
	for _, b := range builds {
		args := []string{"list", "-json"}
		if b.tags != "" {
			args = append(args, "-tags", b.tags)
		}
		out, err := c.goCmdFor(ctx, dir, b.goarch, append(args, target)...).Output()
		if err != nil {
			return nil, fmt.Errorf("go list %s: %v%s", pattern, err, stderrOf(err))
		}
		var l goList
		if err := json.Unmarshal(out, &l); err != nil {
			return nil, fmt.Errorf("go list %s: %v", pattern, err)
		}
		if l.Error != nil {
			return nil, fmt.Errorf("go list %s: %s", pattern, l.Error.Err)
		}
		p.dir, p.path = l.Dir, l.ImportPath
		b.files = map[string]bool{}
		for _, f := range slices.Concat(l.GoFiles, l.SFiles) {
			b.files[f] = true
		}
		if b.goarch != "" && !p.ownFiles(b) {
			continue // the other builds test all it compiles
		}
		p.builds = append(p.builds, b)
	}
	var err error
	if p.surv, err = readSurvivors(filepath.Join(p.dir, survivorsFile)); err != nil {
		return nil, err
	}

	// The package's own files, in any build.
	var names []string
	for _, b := range p.builds {
		for f := range b.files {
			if strings.HasSuffix(f, ".go") && !slices.Contains(names, f) {
				names = append(names, f)
			}
		}
	}
	sort.Strings(names)
	var files []*sourceFile
	for _, name := range names {
		sf, err := readSource(filepath.Join(p.dir, name), name, "")
		if err != nil {
			return nil, err
		}
		if sf != nil {
			files = append(files, sf)
		}
	}

	// The generators.
	entries, err := os.ReadDir(p.dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "_") {
			continue
		}
		if _, err := os.Stat(filepath.Join(p.dir, e.Name(), "go.mod")); err != nil {
			continue
		}
		g := &generator{dir: e.Name()}
		gfiles, err := filepath.Glob(filepath.Join(p.dir, g.dir, "*.go"))
		if err != nil {
			return nil, err
		}
		sort.Strings(gfiles)
		for _, f := range gfiles {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			sf, err := readSource(f, g.dir+"/"+filepath.Base(f), g.dir)
			if err != nil {
				return nil, err
			}
			if sf != nil {
				files = append(files, sf)
			}
		}
		if g.runs, err = generatorRuns(p.dir, g.dir); err != nil {
			return nil, err
		}
		p.gens = append(p.gens, g)
	}

	funcs := map[string][]param{}
	for _, sf := range files {
		if sf.gen == "" {
			funcParams(sf.ast, sf.src, sf.fset, funcs)
		}
	}
	for _, sf := range files {
		sf.funcs = funcs
		p.muts = append(p.muts, sf.mutants()...)
	}
	numberMutants(p.muts)
	if p.print, err = p.fingerprint(); err != nil {
		return nil, err
	}
	return p, nil
}

// ownFiles reports whether b compiles a file that none of p's builds so
// far does.
func (p *pkg) ownFiles(b *build) bool {
	for f := range b.files {
		if !slices.ContainsFunc(p.builds, func(o *build) bool { return o.files[f] }) {
			return true
		}
	}
	return false
}

// fingerprint hashes the files of the package directory and of its
// generators, so that a run can tell that someone changed them.
func (p *pkg) fingerprint() (string, error) {
	h := sha256.New()
	dirs := []string{p.dir}
	for _, g := range p.gens {
		dirs = append(dirs, filepath.Join(p.dir, g.dir))
	}
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || e.Name() == survivorsFile {
				continue
			}
			data, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s %d\n", filepath.Join(d, e.Name()), len(data))
			h.Write(data)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

func readSource(path, name, gen string) (*sourceFile, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseSource(name, gen, src)
}

func stderrOf(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return "\n" + strings.TrimSpace(string(ee.Stderr))
	}
	return ""
}

var (
	genLine    = regexp.MustCompile(`^//go:generate go run \. (.*)$`)
	genShLine  = regexp.MustCompile(`^//go:generate sh -c "cd (\S+) && go run \. ([^"]*)"$`)
	avoHeader  = regexp.MustCompile(`^// Code generated by command: go run \S+\.go (.*)\. DO NOT EDIT\.$`)
	failedTest = regexp.MustCompile(`^\s*--- FAIL: (\S+)`)
)

// generatorRuns finds the argument lists generator dir is run with: from
// its own go:generate lines, the package's "cd dir && go run ." lines, and
// the headers avo writes into the files it generates.
func generatorRuns(pkgDir, dir string) ([][]string, error) {
	var runs [][]string
	addRun := func(args string) {
		f := strings.Fields(args)
		for _, r := range runs {
			if slices.Equal(r, f) {
				return
			}
		}
		runs = append(runs, f)
	}
	scan := func(glob string, fn func(line string)) error {
		files, err := filepath.Glob(glob)
		if err != nil {
			return err
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			for _, line := range strings.Split(string(data), "\n") {
				fn(line)
			}
		}
		return nil
	}
	if err := scan(filepath.Join(pkgDir, dir, "*.go"), func(line string) {
		if m := genLine.FindStringSubmatch(line); m != nil {
			addRun(m[1])
		}
	}); err != nil {
		return nil, err
	}
	if err := scan(filepath.Join(pkgDir, "*.go"), func(line string) {
		if m := genShLine.FindStringSubmatch(line); m != nil && m[1] == dir {
			addRun(m[2])
		}
	}); err != nil {
		return nil, err
	}
	for _, glob := range []string{"*.go", "*.s"} {
		if err := scan(filepath.Join(pkgDir, glob), func(line string) {
			if m := avoHeader.FindStringSubmatch(line); m != nil && dir == "_asm" {
				addRun(m[1])
			}
		}); err != nil {
			return nil, err
		}
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("%s: no go:generate line says how to run the generator", filepath.Join(pkgDir, dir))
	}
	return runs, nil
}

// choose applies -match and -sample to the package's mutants.
func (c *config) choose(p *pkg) []*mutant {
	var ms []*mutant
	for _, m := range p.muts {
		if c.match == nil || c.match.MatchString(m.key()) {
			ms = append(ms, m)
		}
	}
	if c.sample > 0 && c.sample < len(ms) {
		r := rand.New(rand.NewPCG(c.seed, c.seed^0x9e3779b97f4a7c15))
		perm := r.Perm(len(ms))[:c.sample]
		sort.Ints(perm)
		picked := make([]*mutant, len(perm))
		for i, j := range perm {
			picked[i] = ms[j]
		}
		ms = picked
	}
	return ms
}

// runPackage runs the chosen mutants of one package and returns its tally.
func (c *config) runPackage(ctx context.Context, p *pkg) (*tally, error) {
	start := time.Now()
	t := &tally{labels: map[string]string{}}
	ms := c.choose(p)
	rel := p.path

	// Entries for mutants that no longer exist are stale whatever was chosen.
	exists := map[string]bool{}
	for _, m := range p.muts {
		exists[m.key()] = true
	}
	for _, k := range p.surv.keys {
		if !exists[k] {
			t.stale++
			fmt.Fprintf(c.out, "%s: stale entry, no such mutant (line %d): %s\n", rel, p.surv.lines[k], k)
		}
	}

	if c.list {
		for _, m := range ms {
			fmt.Fprintf(c.out, "%s %s:%d:%d: %s\n", rel, m.file, m.line, m.col, m.key())
		}
		counts := map[string]int{}
		for _, m := range ms {
			counts[m.op]++
		}
		fmt.Fprintf(c.out, "%s: %d mutants:", rel, len(ms))
		for _, o := range operators {
			fmt.Fprintf(c.out, " %s %d", o.name, counts[o.name])
		}
		fmt.Fprintln(c.out)
		t.elapsed = time.Since(start)
		return t, nil
	}

	tmp, err := os.MkdirTemp("", "carry-mutate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	r := &runner{config: c, p: p, tmp: tmp, timeouts: map[string]time.Duration{}, covers: map[string]*coverage{},
		killer: map[string]string{}}
	if c.toolexec != "" {
		if err := os.Mkdir(filepath.Join(tmp, "compile"), 0o755); err != nil {
			return nil, err
		}
	}

	// The unmutated tests must pass in every build (unless the caller has
	// just run them), and the generators must reproduce the committed
	// files.
	for _, b := range p.builds {
		if b.goarch != "" && c.qemu == "" {
			continue
		}
		if c.skipUnmutated && c.timeout > 0 {
			r.timeouts[b.name()] = c.timeout
			continue
		}
		res, d, err := r.test(ctx, b, nil, "", false)
		if err != nil {
			return nil, err
		}
		if res.out != survived {
			return nil, fmt.Errorf("%s: the unmutated tests fail (build %q): %s", rel, b.name(), res.detail)
		}
		limit := c.timeout
		if limit == 0 {
			limit = 5*d + 30*time.Second
		}
		r.timeouts[b.name()] = limit
		fmt.Fprintf(c.out, "%s: unmutated tests (build %q) pass in %s; limit per mutant %s\n",
			rel, b.name(), d.Round(100*time.Millisecond), limit.Round(time.Second))
	}
	if len(c.countOps) > 0 {
		// The table must hold for the unmutated code, or every survivor
		// would look slower.
		res, err := r.countGuard(ctx, nil, "")
		if err != nil {
			return nil, err
		}
		if res.out != survived {
			return nil, fmt.Errorf("%s: the unmutated code fails the count guard (%s): re-record the table first", rel, res.detail)
		}
		fmt.Fprintf(c.out, "%s: unmutated counts of %s within the table\n", rel, strings.Join(c.countOps, ", "))
	}
	if !c.noSelect && c.run == "" && slices.ContainsFunc(ms, func(m *mutant) bool { return m.gen == "" }) {
		for _, b := range p.builds {
			if b.goarch != "" {
				continue // no selection under qemu: a coverage run per test would cost more than it saves
			}
			t0 := time.Now()
			cov, err := r.measureCoverage(ctx, b)
			if err != nil {
				return nil, err
			}
			r.covers[b.name()] = cov
			reportCoverage(r, b.name(), cov, time.Since(t0))
		}
	}
	for _, g := range p.gens {
		if !slices.ContainsFunc(ms, func(m *mutant) bool { return m.gen == g.dir }) {
			continue
		}
		out, _, err := r.generate(ctx, g, nil, nil, "")
		if err != nil {
			return nil, fmt.Errorf("%s: the unmutated generator %s fails: %v", rel, g.dir, err)
		}
		g.base = map[string][]byte{}
		for name, path := range out {
			got, _ := os.ReadFile(path)
			want, err := os.ReadFile(filepath.Join(p.dir, name))
			if err != nil || !sameGenerated(name, got, want) {
				return nil, fmt.Errorf("%s: %s differs from what %s generates; regenerate it first", rel, name, g.dir)
			}
			g.base[name] = got
		}
		if !c.noSelect {
			t0 := time.Now()
			if g.reach, err = r.measureGenCoverage(ctx, g); err != nil {
				return nil, fmt.Errorf("%s: %v", rel, err)
			}
			fmt.Fprintf(c.out, "%s: coverage of generator %s: %d runs in %s\n",
				rel, g.dir, len(g.runs), time.Since(t0).Round(100*time.Millisecond))
		}
	}

	for i, m := range ms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t0 := time.Now()
		res, err := r.mutant(ctx, m)
		if err != nil {
			return nil, err
		}
		listed := p.surv.listed(m.key())
		label := ""
		switch res.out {
		case survived:
			if listed {
				res.out, label = argued, "argued"
			} else {
				label = "SURVIVED"
			}
		case killed:
			label = "killed"
			if listed {
				label = "killed, STALE entry"
				t.stale++
			}
		case notCompiling:
			label = "not compiling"
			if listed {
				label = "not compiling, STALE entry"
				t.stale++
			}
		case unchanged:
			label = "unchanged output"
			if listed {
				label = "unchanged output, STALE entry"
				t.stale++
			}
		case notBuilt:
			label = "not built here"
		}
		t.add(res)
		t.labels[m.key()] = label
		if res.timeout {
			t.labels[m.key()] += ", time limit"
		}
		if res.refused {
			t.labels[m.key()] += ", refused"
		}
		if res.purego {
			t.labels[m.key()] += ", purego"
		}
		if res.arm64 {
			t.labels[m.key()] += ", arm64"
		}
		if res.counted {
			t.labels[m.key()] += ", count"
		}
		if res.detail != "" {
			label += " (" + res.detail + ")"
		}
		fmt.Fprintf(c.out, "%s [%d/%d %s] %s:%d:%d %s: %s\n", rel, i+1, len(ms), time.Since(t0).Round(100*time.Millisecond),
			m.file, m.line, m.col, label, m.key())
	}
	t.elapsed = time.Since(start)
	return t, nil
}

// sameGenerated compares the generated files a and b, both named name,
// ignoring comments (the header that records the command that made them,
// and the comments avo writes into the assembly) and indentation, but not
// directives such as //go:build. Go files compare by their tokens, so that a change of
// layout alone (where a composite literal's lines break) is no change.
func sameGenerated(name string, a, b []byte) bool {
	if strings.HasSuffix(name, ".go") {
		ta, okA := goTokens(a)
		tb, okB := goTokens(b)
		if okA && okB {
			return bytes.Equal(directives(a), directives(b)) && slices.Equal(ta, tb)
		}
	}
	return bytes.Equal(stripComments(a), stripComments(b))
}

// goTokens returns the tokens of the Go source src without its comments,
// and false if src does not scan.
func goTokens(src []byte) ([]string, bool) {
	fset := token.NewFileSet()
	var s scanner.Scanner
	ok := true
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, func(token.Position, string) { ok = false }, 0)
	var toks []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return toks, ok
		}
		if tok == token.SEMICOLON {
			lit = "" // written or inserted at a newline: the same
		}
		toks = append(toks, tok.String()+" "+lit)
	}
}

// directives returns the lines of src that begin with //go:.
func directives(src []byte) []byte {
	var out []byte
	for _, line := range bytes.Split(src, []byte("\n")) {
		if line = bytes.TrimSpace(line); bytes.HasPrefix(line, []byte("//go:")) {
			out = append(append(out, line...), '\n')
		}
	}
	return out
}

// stripComments returns src's lines without comments, blank lines and the
// blanks around them (the assembler reads an indented line the same).
func stripComments(src []byte) []byte {
	var out []byte
	for _, line := range bytes.Split(src, []byte("\n")) {
		if i := bytes.Index(line, []byte("//")); i >= 0 && !bytes.HasPrefix(line[i:], []byte("//go:")) {
			line = line[:i]
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			out = append(append(out, line...), '\n')
		}
	}
	return out
}

type runner struct {
	*config
	p        *pkg
	tmp      string
	counter  string // the carry command that counts, built once; "" until then
	root     string // the module's folder, where counter runs; set with counter
	armTable bool   // the unmutated code is within the arm64 count table
	timeouts map[string]time.Duration
	covers   map[string]*coverage // by build tags; none without selection
	seq      int

	// killer is, by build, the test that failed on the last generator
	// mutant killed there: a generator's next mutant runs it alone first
	// (see test), as mutants of one generator tend to fail the same test.
	killer map[string]string
}

// mutant builds and tests one mutant.
func (r *runner) mutant(ctx context.Context, m *mutant) (result, error) {
	r.seq++
	if print, err := r.p.fingerprint(); err != nil {
		return result{}, err
	} else if print != r.p.print {
		return result{}, fmt.Errorf("the files of %s changed during the run; run it again when they are settled", r.p.path)
	}
	overlay := map[string]string{}
	var changed []string // package files the mutant changes
	if m.gen == "" {
		path := filepath.Join(r.p.dir, m.file)
		src, err := os.ReadFile(path)
		if err != nil {
			return result{}, err
		}
		if !bytes.Equal(src, m.src) {
			return result{}, fmt.Errorf("%s changed during the run", path)
		}
		mutated := filepath.Join(r.tmp, fmt.Sprintf("m%d_%s", r.seq, filepath.Base(m.file)))
		if err := os.WriteFile(mutated, apply(src, m), 0o644); err != nil {
			return result{}, err
		}
		defer os.Remove(mutated)
		overlay[path] = mutated
		changed = []string{m.file}
	} else {
		var g *generator
		for _, x := range r.p.gens {
			if x.dir == m.gen {
				g = x
			}
		}
		var only []int // the runs to make; nil for all
		if g.reach != nil {
			runs, in := g.reach.executing(m.file, m.line, m.col)
			if in && len(runs) == 0 {
				// No run of the unmutated generator executes the
				// statement, so the mutated one writes the same files.
				return result{out: unchanged, detail: "not reached by the generator"}, nil
			}
			if in {
				only = runs
			}
		}
		out, res, err := r.generate(ctx, g, m, only, "")
		if err != nil {
			return result{}, err
		}
		if res != nil {
			return *res, nil
		}
		for name, path := range out {
			got, _ := os.ReadFile(path)
			if !sameGenerated(name, got, g.base[name]) {
				overlay[filepath.Join(r.p.dir, name)] = path
				changed = append(changed, name)
			}
		}
		if len(changed) == 0 {
			return result{out: unchanged}, nil
		}
	}

	// A build for another architecture runs under qemu, slowly, and comes
	// after the native builds: it is tried for a mutant that changes a file
	// only it compiles, or one that compiled in and survived every native
	// build (a statement only arm64 reaches, as a call of a NEON kernel in
	// a file every build compiles).
	native := func(f string) bool {
		return slices.ContainsFunc(r.p.builds, func(b *build) bool { return b.goarch == "" && b.files[f] })
	}
	compiled, built := false, false
	armOnly := false // it changes a file only arm64 compiles, and passed there
	broken := ""     // a build the mutant does not compile in
	for i, b := range r.p.builds {
		if !slices.ContainsFunc(changed, func(f string) bool { return r.inBuild(b, f, overlay) }) {
			continue
		}
		if b.goarch != "" {
			onlyThere := slices.ContainsFunc(changed, func(f string) bool { return !native(f) })
			if r.qemu == "" || !onlyThere && (!compiled || broken != "") {
				continue
			}
		}
		built = true
		sel := ""
		if cov := r.covers[b.name()]; cov != nil && m.gen == "" {
			sel, _ = cov.selectTests(m.file, m.line, m.col)
		}
		res, _, err := r.test(ctx, b, overlay, sel, m.gen != "")
		if err != nil {
			return result{}, err
		}
		if res.out == survived && sel != "" {
			// Confirm with every test.
			if res, _, err = r.test(ctx, b, overlay, "", m.gen != ""); err != nil {
				return result{}, err
			}
		}
		if res.out == notCompiling {
			if broken == "" {
				broken = b.name()
			}
			continue
		}
		compiled = true
		if res.out == killed {
			res.purego = i > 0 && b.tags == "purego"
			res.arm64 = b.goarch == "arm64"
			return res, nil
		}
		if b.goarch == "arm64" && slices.ContainsFunc(changed, func(f string) bool { return !native(f) }) {
			armOnly = true
		}
	}
	if !built {
		return result{out: notBuilt}, nil
	}
	if !compiled {
		return result{out: notCompiling}, nil
	}
	if broken != "" {
		// It compiles in one build and not in another, which CI builds
		// too: the failure there is a failing test.
		return result{out: killed, detail: fmt.Sprintf("build %q does not compile", broken)}, nil
	}
	if m.gen != "" {
		// The tests' builds skip go vet (see test), and CI builds more
		// than the tests do; its go vet steps check generated assembly
		// against its Go declarations (asmdecl): an output that a build or
		// vet step refuses fails CI.
		for _, b := range vetBuilds {
			if msg, err := r.vet(ctx, &b, overlay); err != nil || msg != "" {
				return result{out: killed, detail: fmt.Sprintf("GOARCH=%q tags %q: %s", b.goarch, b.tags, msg)}, err
			}
		}
	}
	if len(r.countOps) > 0 {
		// Each architecture's guard counts the code of its own build.
		if slices.ContainsFunc(changed, native) {
			if res, err := r.countGuard(ctx, overlay, ""); err != nil || res.out != survived || !armOnly {
				return res, err
			}
		}
		if armOnly {
			return r.countGuard(ctx, overlay, "arm64")
		}
	}
	return result{out: survived}, nil
}

// inBuild reports whether build b compiles the package's file f as the
// mutant leaves it: one of b's files, or a generated file (its content at
// overlay's path for it) whose build constraint now admits b, as when a
// mutant of the generator drops the constraint.
func (r *runner) inBuild(b *build, f string, overlay map[string]string) bool {
	if b.files[f] {
		return true
	}
	path, ok := overlay[filepath.Join(r.p.dir, f)]
	if !ok {
		return false
	}
	ctxt := gobuild.Default
	ctxt.GOOS, ctxt.GOARCH = runtime.GOOS, runtime.GOARCH
	if b.goarch != "" {
		ctxt.GOARCH = b.goarch
	}
	ctxt.BuildTags = nil
	if b.tags != "" {
		ctxt.BuildTags = strings.Split(b.tags, ",")
	}
	ctxt.OpenFile = func(string) (io.ReadCloser, error) { return os.Open(path) }
	match, err := ctxt.MatchFile(r.p.dir, f)
	return err == nil && match
}

// apply returns src with m's change made.
func apply(src []byte, m *mutant) []byte {
	out := append([]byte{}, src[:m.start]...)
	out = append(out, m.repl...)
	return append(out, src[m.end:]...)
}

// test compiles the package's tests in build b with the overlay and runs
// them: those matching sel, or if it is empty all that the flags select. It
// returns survived when they pass, and how long the run took. gen says
// that the overlay holds only a generator's outputs, the Go source being
// the package's own: the build then skips go test's vet, which reads only
// Go (a survivor meets go vet itself in mutant),
// and compiles that Go once for all such mutants (the compile cache); and
// with no sel the test that killed the build's last generator mutant runs
// alone first, the rest only if it passes.
func (r *runner) test(ctx context.Context, b *build, overlay map[string]string, sel string, gen bool) (result, time.Duration, error) {
	bin := filepath.Join(r.tmp, "pkg.test")
	defer os.Remove(bin)
	args := []string{"test", "-c", "-o", bin, "-ldflags=-s -w"}
	if gen {
		args = append(args, "-vet=off")
	}
	if b.tags != "" {
		args = append(args, "-tags", b.tags)
	}
	if len(overlay) > 0 {
		ov, err := r.writeOverlay(overlay)
		if err != nil {
			return result{}, 0, err
		}
		args = append(args, "-overlay", ov)
	}
	cmd := r.goCmdFor(ctx, r.p.dir, b.goarch, append(args, ".")...)
	if gen && r.toolexec != "" {
		// The compile cache (compilecache.go).
		cmd.Args = slices.Insert(cmd.Args, 2, "-toolexec", r.toolexec)
		cmd.Env = append(cmd.Env, compileCacheEnv+"="+filepath.Join(r.tmp, "compile"), compilePkgEnv+"="+r.p.path)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return result{}, 0, ctx.Err()
		}
		if len(overlay) == 0 {
			return result{}, 0, fmt.Errorf("compiling the unmutated tests of %s: %v\n%s", r.p.path, err, out)
		}
		if r.verbose {
			fmt.Fprintf(r.out, "    compile error: %s\n", firstLines(out, 2))
		}
		return result{out: notCompiling}, 0, nil
	}

	if gen && sel == "" {
		if k := r.killer[b.name()]; k != "" {
			res, d, _ := r.runTests(ctx, b, bin, "^"+regexp.QuoteMeta(k)+"$")
			if res.out != survived {
				res.detail += ", run first"
				return res, d, ctx.Err()
			}
		}
	}
	res, d, failed := r.runTests(ctx, b, bin, sel)
	if gen && res.out == killed && failed != "" {
		r.killer[b.name()] = failed
	}
	return res, d, ctx.Err()
}

// runTests runs the test binary bin of build b: the tests matching sel, or
// if it is empty all that the flags select. It returns survived when they
// pass, how long the run took, and the top-level test that failed, if one
// did and the output names it.
func (r *runner) runTests(ctx context.Context, b *build, bin, sel string) (result, time.Duration, string) {
	limit := r.timeouts[b.name()]
	if limit == 0 {
		limit = 30 * time.Minute
	}
	// Under qemu the tests run as the arm64 CI step runs them, with -short.
	short := b.goarch != ""
	targs := []string{"-test.count=1", fmt.Sprintf("-test.short=%v", short), "-test.failfast",
		"-test.timeout=" + (limit + time.Minute).String()}
	if sel != "" {
		targs = append(targs, "-test.run="+sel)
	} else if r.run != "" {
		targs = append(targs, "-test.run="+r.run)
	}
	if r.skip != "" {
		targs = append(targs, "-test.skip="+r.skip)
	}
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	tc := exec.CommandContext(tctx, bin, targs...)
	if b.goarch != "" {
		tc = exec.CommandContext(tctx, r.qemu, append([]string{bin}, targs...)...)
	}
	tc.Dir = r.p.dir
	tc.Env = testEnv(r.testSeed)
	tc.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	tc.Cancel = func() error { return syscall.Kill(-tc.Process.Pid, syscall.SIGKILL) }
	tc.WaitDelay = 10 * time.Second
	var out bytes.Buffer
	tc.Stdout, tc.Stderr = &out, &out
	t0 := time.Now()
	err := tc.Run()
	d := time.Since(t0)
	if ctx.Err() != nil {
		return result{}, 0, ""
	}
	if tctx.Err() != nil {
		return result{out: killed, timeout: true, detail: "time limit " + limit.Round(time.Second).String()}, d, ""
	}
	if err == nil {
		return result{out: survived}, d, ""
	}
	return result{out: killed, detail: failure(out.Bytes()) + ", " + d.Round(100*time.Millisecond).String()}, d, failedTop(out.Bytes())
}

// failedTop returns the top-level test of the first failure out reports,
// or "" if it reports none.
func failedTop(out []byte) string {
	for line := range bytes.Lines(out) {
		if m := failedTest.FindSubmatch(bytes.TrimRight(line, "\n")); m != nil {
			name, _, _ := strings.Cut(string(m[1]), "/")
			return name
		}
	}
	return ""
}

// vetBuilds are the builds that CI compiles and vets (test.sh): this
// machine's, purego, 386, arm64 and arm64 purego.
var vetBuilds = []build{{}, {tags: "purego"}, {goarch: "386"}, {goarch: "arm64"}, {goarch: "arm64", tags: "purego"}}

// vet compiles the package in build b with the overlay and runs go vet on
// it, as CI's build and vet steps do (go vet alone checks types, not that
// every bodiless function has assembly), and returns the first lines of
// what fails, or "" if both pass.
func (r *runner) vet(ctx context.Context, b *build, overlay map[string]string) (string, error) {
	ov, err := r.writeOverlay(overlay)
	if err != nil {
		return "", err
	}
	for _, cmd := range []string{"build", "vet"} {
		args := []string{cmd, "-overlay", ov}
		if b.tags != "" {
			args = append(args, "-tags", b.tags)
		}
		out, err := r.goCmdFor(ctx, r.p.dir, b.goarch, append(args, ".")...).CombinedOutput()
		if err != nil {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			return "go " + cmd + ": " + firstLines(out, 2), nil
		}
	}
	return "", nil
}

// writeOverlay writes overlay as the go command's -overlay file and
// returns its path.
func (r *runner) writeOverlay(overlay map[string]string) (string, error) {
	ov := filepath.Join(r.tmp, "overlay.json")
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		return "", err
	}
	return ov, os.WriteFile(ov, data, 0o644)
}

// failure names what failed in a test binary's output.
func failure(out []byte) string {
	var last string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := failedTest.FindStringSubmatch(line); m != nil {
			return m[1]
		}
		if strings.HasPrefix(line, "panic: ") {
			return strings.TrimSpace(truncate(line, 80))
		}
		if strings.TrimSpace(line) != "" {
			last = line
		}
	}
	return strings.TrimSpace(truncate(last, 80))
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(strings.TrimSpace(string(b)), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

// generate runs generator g, mutated by m unless m is nil, in a temporary
// copy, and returns its outputs by their names in the package directory. A
// non-nil result says the mutant ended there: it does not compile, or the
// generator refused it. With only non-nil, just the runs it indexes are
// made (the others' outputs are then missing from the result). With
// coverDir set, the generator is built with coverage and run i writes its
// counters into coverDir/i.
func (r *runner) generate(ctx context.Context, g *generator, m *mutant, only []int, coverDir string) (map[string]string, *result, error) {
	work := filepath.Join(r.tmp, "gen")
	if err := os.RemoveAll(work); err != nil {
		return nil, nil, err
	}
	dst := filepath.Join(work, g.dir)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, nil, err
	}
	entries, err := os.ReadDir(filepath.Join(r.p.dir, g.dir))
	if err != nil {
		return nil, nil, err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(r.p.dir, g.dir, e.Name()))
		if err != nil {
			return nil, nil, err
		}
		if m != nil && g.dir+"/"+e.Name() == m.file {
			if !bytes.Equal(data, m.src) {
				return nil, nil, fmt.Errorf("%s changed during the run", filepath.Join(r.p.dir, m.file))
			}
			data = apply(data, m)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			return nil, nil, err
		}
	}
	env := append(environWithout("GOOS", "GOARCH", "GOFLAGS", "GOWORK"), "GOWORK=off", "GOFLAGS=-mod=readonly")
	bin := filepath.Join(r.tmp, "generator")
	// The generator is built without optimization or a symbol table: it
	// writes the same files, and a mutant's build takes a third less.
	bargs := []string{"build", "-o", bin, "-gcflags=-N -l", "-ldflags=-s -w"}
	if coverDir != "" {
		bargs = append(bargs, "-cover", "-covermode=set")
	}
	build := r.goCmd(ctx, dst, append(bargs, ".")...)
	build.Env = env
	if out, err := build.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if m == nil {
			return nil, nil, fmt.Errorf("building: %v\n%s", err, out)
		}
		if r.verbose {
			fmt.Fprintf(r.out, "    compile error: %s\n", firstLines(out, 2))
		}
		return nil, &result{out: notCompiling}, nil
	}
	for i, args := range g.runs {
		if only != nil && !slices.Contains(only, i) {
			continue
		}
		gctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		run := exec.CommandContext(gctx, bin, args...)
		run.Dir = dst
		run.Env = env
		if coverDir != "" {
			d := filepath.Join(coverDir, fmt.Sprint(i))
			if err := os.MkdirAll(d, 0o755); err != nil {
				cancel()
				return nil, nil, err
			}
			run.Env = append(slices.Clip(env), "GOCOVERDIR="+d)
		}
		out, err := run.CombinedOutput()
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			if m == nil {
				return nil, nil, fmt.Errorf("running with %q: %v\n%s", args, err, out)
			}
			return nil, &result{out: killed, refused: true, detail: "generator refused: " + firstLines(out, 1)}, nil
		}
	}
	outs := map[string]string{}
	files, err := os.ReadDir(work)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range files {
		if f.Type().IsRegular() {
			outs[f.Name()] = filepath.Join(work, f.Name())
		}
	}
	return outs, nil, nil
}
