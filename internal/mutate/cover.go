package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Test selection: a mutant in a Go statement can change the outcome only of
// the tests that execute that statement (barring state that one test leaves
// for another). Before the mutants, each test of the unmutated package runs
// alone with coverage on, and a mutant's run is limited to the tests that
// covered its position; the tests of a mutant outside every statement (a
// constant, a declaration, a generator) are all of them. A mutant that
// survives its selected tests is run again with all of them before it
// counts as a survivor, so selection changes the time of a run and never
// its result.

// Run selection works the same way for a generator: each of its runs (one
// per go:generate line) executes some of its blocks, and a mutant needs only
// the runs that execute its position; when none does, the mutated generator
// writes what the unmutated one wrote, and the mutant is not counted. The
// runs play the part of the tests in the coverage below.

// A block is one basic block of a coverage profile, in one file.
type block struct {
	startLine, startCol, endLine, endCol int
}

func (b block) contains(line, col int) bool {
	if line < b.startLine || line > b.endLine {
		return false
	}
	if line == b.startLine && col < b.startCol {
		return false
	}
	return line != b.endLine || col <= b.endCol
}

// A coverage says, for one build, which tests execute which blocks.
type coverage struct {
	tests  []string                   // the tests, examples and fuzz targets, as -test.list prints them
	blocks map[string][]block         // every block of a file (by its name in the package)
	hit    map[string]map[block][]int // file -> block -> the indexes of the tests executing it
}

// measureCoverage builds the tests of build b with coverage and runs each
// test alone, recording the blocks it executes.
func (r *runner) measureCoverage(ctx context.Context, b *build) (*coverage, error) {
	bin := filepath.Join(r.tmp, "cover.test")
	defer os.Remove(bin)
	args := []string{"test", "-c", "-o", bin, "-cover", "-covermode=set"}
	if b.tags != "" {
		args = append(args, "-tags", b.tags)
	}
	if out, err := r.goCmd(ctx, r.p.dir, append(args, ".")...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("compiling the tests of %s with coverage: %v\n%s", r.p.path, err, out)
	}
	list := testCommand(ctx, bin, r.p.dir, r.testSeed, "-test.list=.*")
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the tests of %s: %v", r.p.path, err)
	}
	c := &coverage{blocks: map[string][]block{}, hit: map[string]map[block][]int{}}
	var skip *regexp.Regexp
	if r.skip != "" {
		if skip, err = regexp.Compile(r.skip); err != nil {
			return nil, err
		}
	}
	for _, name := range strings.Fields(string(out)) {
		if strings.HasPrefix(name, "Benchmark") || (skip != nil && skip.MatchString(name)) {
			continue
		}
		c.tests = append(c.tests, name)
	}
	prof := filepath.Join(r.tmp, "cover.out")
	defer os.Remove(prof)
	for i, name := range c.tests {
		targs := []string{"-test.run=^" + regexp.QuoteMeta(name) + "$", "-test.count=1", "-test.short=false",
			"-test.coverprofile=" + prof}
		cmd := testCommand(ctx, bin, r.p.dir, r.testSeed, targs...)
		if out, err := cmd.CombinedOutput(); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("%s alone, with coverage (build %q): %v\n%s", name, b.name(), err, truncate(string(out), 2000))
		}
		data, err := os.ReadFile(prof)
		if err != nil {
			return nil, err
		}
		if err := c.add(data, r.p.path, i); err != nil {
			return nil, fmt.Errorf("coverage of %s: %v", name, err)
		}
	}
	return c, nil
}

// add records a coverage profile of the test with index i: every block of
// the package's files, and those the test executed.
func (c *coverage) add(profile []byte, pkgPath string, i int) error {
	return c.addFiles(profile, func(path string) (string, bool) {
		return strings.CutPrefix(path, pkgPath+"/")
	}, i)
}

// addFiles is add with the profile's file paths mapped to the names of
// the coverage's files by name, which says false for another package's.
func (c *coverage) addFiles(profile []byte, name func(string) (string, bool), i int) error {
	sc := bufio.NewScanner(bytes.NewReader(profile))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		// path/file.go:10.2,12.3 1 0
		colon := strings.LastIndex(line, ":")
		f := strings.Fields(line[colon+1:])
		if colon < 0 || len(f) != 3 {
			return fmt.Errorf("bad profile line %q", line)
		}
		file, ok := name(line[:colon])
		if !ok {
			continue // another package's file
		}
		var b block
		if _, err := fmt.Sscanf(f[0], "%d.%d,%d.%d", &b.startLine, &b.startCol, &b.endLine, &b.endCol); err != nil {
			return fmt.Errorf("bad block %q", f[0])
		}
		count, err := strconv.Atoi(f[2])
		if err != nil {
			return fmt.Errorf("bad count in %q", line)
		}
		if c.hit[file] == nil {
			c.hit[file] = map[block][]int{}
		}
		hits, known := c.hit[file][b]
		if !known {
			c.blocks[file] = append(c.blocks[file], b)
			c.hit[file][b] = nil
		}
		if count > 0 && (len(hits) == 0 || hits[len(hits)-1] != i) {
			c.hit[file][b] = append(hits, i)
		}
	}
	return sc.Err()
}

// selectTests returns the -test.run pattern of the tests that execute the
// position (line, col) of file, and false when the position is in no block
// (then every test is to run).
func (c *coverage) selectTests(file string, line, col int) (string, bool) {
	hits, in := c.executing(file, line, col)
	if !in || len(hits) == 0 {
		// In no block, or no test executes the statement: run them all,
		// so that a survivor is confirmed the usual way.
		return "", false
	}
	var names []string
	for _, i := range hits {
		names = append(names, regexp.QuoteMeta(c.tests[i]))
	}
	sort.Strings(names)
	return "^(" + strings.Join(names, "|") + ")$", true
}

// executing returns the indexes, in order, of the tests (or generator runs)
// that execute the position (line, col) of file, and in = false when the
// position is in no block; in with no indexes means that none executes it.
func (c *coverage) executing(file string, line, col int) (hits []int, in bool) {
	seen := map[int]bool{}
	for _, b := range c.blocks[file] {
		if !b.contains(line, col) {
			continue
		}
		in = true
		for _, i := range c.hit[file][b] {
			seen[i] = true
		}
	}
	hits = []int{}
	for i := range seen {
		hits = append(hits, i)
	}
	sort.Ints(hits)
	return hits, in
}

// measureGenCoverage builds generator g with coverage, runs it as its
// go:generate lines do, and records the blocks of its files that each run
// executes, with the runs as the tests, named by their indexes.
func (r *runner) measureGenCoverage(ctx context.Context, g *generator) (*coverage, error) {
	dir := filepath.Join(r.tmp, "gencover")
	defer os.RemoveAll(dir)
	if _, _, err := r.generate(ctx, g, nil, nil, dir); err != nil {
		return nil, fmt.Errorf("the generator %s with coverage: %v", g.dir, err)
	}
	c := &coverage{blocks: map[string][]block{}, hit: map[string]map[block][]int{}}
	for i := range g.runs {
		c.tests = append(c.tests, fmt.Sprint(i))
		prof := filepath.Join(dir, fmt.Sprintf("%d.out", i))
		cmd := r.goCmd(ctx, r.p.dir, "tool", "covdata", "textfmt", "-i="+filepath.Join(dir, fmt.Sprint(i)), "-o="+prof)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("the coverage of %s, run %d: %v\n%s", g.dir, i, err, out)
		}
		data, err := os.ReadFile(prof)
		if err != nil {
			return nil, err
		}
		if err := c.addFiles(data, func(path string) (string, bool) {
			return g.dir + "/" + filepath.Base(path), true
		}, i); err != nil {
			return nil, fmt.Errorf("the coverage of %s, run %d: %v", g.dir, i, err)
		}
	}
	if len(c.blocks) == 0 {
		return nil, fmt.Errorf("the coverage of %s names none of its files", g.dir)
	}
	return c, nil
}

// testCommand returns the command that runs a test binary in dir, with the
// random inputs' root seed fixed to seed (testEnv).
func testCommand(ctx context.Context, bin, dir, seed string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = testEnv(seed)
	return cmd
}

// reportCoverage prints what the measurement of c found and how long it
// took.
func reportCoverage(r *runner, build string, c *coverage, d time.Duration) {
	n := 0
	for _, bs := range c.blocks {
		n += len(bs)
	}
	fmt.Fprintf(r.out, "%s: coverage (build %q): %d tests over %d blocks in %s\n",
		r.p.path, build, len(c.tests), n, d.Round(100*time.Millisecond))
}
