// Command mutate checks that a package's tests notice small deliberate bugs
// (mutants) in its code: it makes one change at a time, runs the package's
// tests on the changed code, and reports every change the tests let through.
//
// Usage:
//
//	go run ./internal/mutate [flags] PKG...
//
// PKG is a package directory or import path. The mutants are made in the
// package's non-test Go files of every build (the default one, and the
// purego one unless -purego=false), except generated files, and in the Go
// of its generators: the folders beside the sources that are modules of
// their own (the avo programs in _asm, the Go generators in _gen), which
// are rerun for each mutant with the arguments of their go:generate lines.
// The operators (-list prints them with the mutants):
//
//	arith   + and - exchanged (also += and -=)
//	bit     ^ to |, | to ^ and &, & to |
//	shift   a shift count k made k+1 and k-1
//	const   an integer constant c made c+1 and c-1
//	carry   the carry or borrow input of bits.Add64/Sub64 made 0 or 1
//	swap    the operands of a subtraction exchanged
//	mask    a mask inverted: -x, 0 - x, a variable named mask or m
//	select  the condition of a constant-time selection inverted
//	cond    the condition of an if statement inverted
//	loop    a loop bound n made n+1 and n-1
//	delete  a call, an assignment or an increment deleted
//	index   a constant index or slice bound made i+1 and i-1
//	insn    in a generator, an avo instruction exchanged (ADD/SUB, ADC to
//	        ADD, SBB to SUB, XOR/OR, AND to OR)
//
// The source is never modified. A mutated Go file reaches the compiler
// through "go test -overlay"; a mutated generator is copied into a
// temporary folder and run there, and its outputs replace the package's
// generated files through the overlay. The test binary is built with
// "go test -c" and run in the package directory with -test.failfast, as
// "go test" runs it by default (no -long). A mutant is killed when a test
// fails, the run exceeds the time limit (reported), the generator refuses
// the change, or a generator's output that the tests pass fails to build or
// to pass go vet (which checks assembly against its Go declarations) in one
// of the builds CI makes: this machine's, purego, 386, arm64, arm64 purego;
// a mutant in a file both builds compile is tried in
// the default build first and, if it survives there, in the purego build. A
// mutant that does not compile, or whose generator writes the same files
// but for comments, is not counted.
//
// Coverage picks the work: each test of the unmutated package runs alone
// with coverage, and a Go mutant runs first only the tests that execute its
// statement (a survivor is confirmed with all of them); each go:generate
// run of a generator is measured the same way, and a generator mutant
// repeats only the runs that execute its statement, or none when no run
// does (its output is then unchanged). The test that killed a build's last
// generator mutant runs alone first for the next one.
//
// A mutant is named by its key: the file, the enclosing declaration, the
// operator, and the tokens around the change before and after it, so that
// keys survive reformatting and edits elsewhere. A mutant that survives is
// either killed by a new test or listed, with the argument why it cannot
// change a result, in the file mutants.txt beside the package's sources
// (the format is in survivors.go). The command exits with status 1 when a
// mutant survives that is not listed, or when a listed mutant is killed or
// no longer exists, so the list stays exact; with status 2 on any other
// error.
//
// Flags:
//
//	-sample N   run N mutants per package, chosen at random with -seed
//	-seed S     the seed of -sample (default: from the clock; printed)
//	-timeout D  time limit of one mutant's tests (default: 5× the unmutated
//	            run plus 30s)
//	-list       print the mutants without running anything
//	-run RE     run only the tests matching RE
//	-skip RE    skip the tests matching RE: those that build the package
//	            from its files on disk (a generated files' staleness
//	            check, a program built with "go run") never see a mutant
//	-match RE   only the mutants whose key matches RE
//	-purego     also build with the purego tag (default true)
//	-arm64      test the mutants that change a file only arm64 compiles
//	            (hand-written or generated) with GOARCH=arm64, under
//	            qemu-aarch64 and with -short as the arm64 CI step runs them
//	            (default true); without qemu, or with -arm64=false, they
//	            are reported as not built here and not counted
//	-count OPS  comma-separated ops of "carry count": a mutant that survives
//	            the tests is counted (under Valgrind; a mutant of code only
//	            arm64 compiles under qemu, against the arm64 table) and
//	            killed if one op's count rose more than 2% above the
//	            committed table, as CI's count guard would fail on it; for
//	            mutants that only add work (window widths, thresholds,
//	            forwarding), which no result shows
//	-testseed S the root seed of the tests' random inputs, 64 hexadecimal
//	            digits given to every test run as $CARRY_SEED (default all
//	            zeros): every run of a mutant draws the same inputs, so a
//	            mutant that only some inputs expose gets one verdict
//	-all        no selection by coverage: every test and every generator
//	            run for every mutant
//	-v          print compile errors of discarded mutants
package main

import (
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strings"
	"syscall"
	"time"
)

func main() {
	if dir := os.Getenv(compileCacheEnv); dir != "" && len(os.Args) > 1 {
		os.Exit(toolexec(dir, os.Getenv(compilePkgEnv), os.Args[1:]))
	}
	c := &config{out: os.Stdout}
	if self, err := os.Executable(); err == nil {
		c.toolexec = self
	}
	flag.IntVar(&c.sample, "sample", 0, "run `N` random mutants per package (0: all)")
	seed := flag.Uint64("seed", 0, "seed of -sample (0: from the clock)")
	flag.DurationVar(&c.timeout, "timeout", 0, "time limit of one mutant's tests (0: 5× the unmutated run + 30s)")
	flag.BoolVar(&c.list, "list", false, "print the mutants without running them")
	flag.StringVar(&c.run, "run", "", "run only the tests matching `regexp`")
	flag.StringVar(&c.skip, "skip", "", "skip the tests matching `regexp` (tests that build the package from disk cannot see a mutant)")
	match := flag.String("match", "", "only the mutants whose key matches `regexp`")
	flag.BoolVar(&c.purego, "purego", true, "also test in the purego build")
	arm64 := flag.Bool("arm64", true, "test the mutants of files only arm64 compiles under qemu-aarch64, when it is installed")
	count := flag.String("count", "", "comma-separated `ops` of carry count: a survivor that raises one's instruction count more than 2% above the committed table (arm64's for code only arm64 compiles) is killed")
	noSelect := flag.Bool("all", false, "run every test on every mutant, not only the tests that execute its statement")
	flag.StringVar(&c.testSeed, "testseed", defaultTestSeed, "the tests' `seed` of random inputs ($CARRY_SEED, 64 hexadecimal digits)")
	flag.BoolVar(&c.verbose, "v", false, "verbose")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/mutate [flags] PKG...\n")
		flag.PrintDefaults()
		fmt.Fprintf(os.Stderr, "operators:\n")
		for _, o := range operators {
			fmt.Fprintf(os.Stderr, "  %-7s %s\n", o.name, o.doc)
		}
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *match != "" {
		re, err := regexp.Compile(*match)
		if err != nil {
			fmt.Fprintln(os.Stderr, "mutate: -match:", err)
			os.Exit(2)
		}
		c.match = re
	}
	if b, err := hex.DecodeString(c.testSeed); err != nil || len(b) != 32 {
		fmt.Fprintf(os.Stderr, "mutate: -testseed must be 64 hexadecimal digits, got %q\n", c.testSeed)
		os.Exit(2)
	}
	c.noSelect = *noSelect
	if *count != "" {
		c.countOps = strings.Split(*count, ",")
	}
	if *arm64 {
		c.qemu = findQEMU()
	}
	c.seed = *seed
	if c.sample > 0 && c.seed == 0 {
		c.seed = uint64(time.Now().UnixNano())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	failed, err := c.runAll(ctx, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	if failed {
		os.Exit(1)
	}
}

// findQEMU returns the path of qemu-aarch64, or "" if it is not installed.
func findQEMU() string {
	for _, name := range []string{"qemu-aarch64", "qemu-aarch64-static"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// runAll runs every package and prints the tallies. It reports whether a
// tally failed.
func (c *config) runAll(ctx context.Context, patterns []string) (bool, error) {
	if c.sample > 0 {
		fmt.Fprintf(c.out, "sample %d per package, seed %d\n", c.sample, c.seed)
	}
	failed := false
	var tallies []string
	for _, pat := range patterns {
		p, err := c.loadPackage(ctx, pat)
		if err != nil {
			return false, err
		}
		t, err := c.runPackage(ctx, p)
		if err != nil {
			return false, err
		}
		if !c.list {
			tallies = append(tallies, fmt.Sprintf("tally %s: %s", p.path, t))
		}
		failed = failed || t.failed()
	}
	for _, s := range tallies {
		fmt.Fprintln(c.out, s)
	}
	return failed, nil
}
