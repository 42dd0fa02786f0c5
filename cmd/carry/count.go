package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

func init() {
	register("count", command{
		summary: "count the instructions of carry's operations (Valgrind, or qemu for arm64), and check them against a table",
		run:     runCount,
	})
}

// A count may move by 1/countTolerance of its table's (2%) before "carry
// count -check" fails.
const countTolerance = 50

// A countPath is one build of carry and the side of each op it counts:
// carry's code, or the standard library's.
type countPath struct {
	name, tags, about string
	std               bool
}

var countPaths = []countPath{
	{"default", "", "the default build: carry's assembly wherever the counter's CPU has the features", false},
	{"purego", "purego", "built with -tags purego: portable Go only", false},
	{"std", "", "the standard library's code (x/crypto's for ChaCha20-Poly1305) for the same op, in the default build", true},
}

// A countArch is what carry count counts for one architecture: the ops,
// the paths unless -paths names others, and the committed table.
type countArch struct {
	goarch string
	// ops returns the ops, once every op of carry speed is registered.
	ops   func() []string
	paths string
	table string
}

// countArches are the architectures with a counter. On amd64 the table
// guards carry's two builds; on arm64, where the standard library has
// assembly of its own, it also holds the standard library's counts, which
// carry's must not exceed.
var countArches = []*countArch{
	{"amd64", func() []string { return countOps }, "default,purego", "cmd/carry/testdata/counts-amd64.json"},
	{"arm64", countOpsArm64, "default,std", "cmd/carry/testdata/counts-arm64.json"},
}

// findCountArch returns the countArch of goarch.
func findCountArch(goarch string) (*countArch, error) {
	for _, a := range countArches {
		if a.goarch == goarch {
			return a, nil
		}
	}
	return nil, fmt.Errorf("no instruction counter for %s (amd64 has Valgrind, arm64 qemu)", goarch)
}

// stdMargin is the share, 1/stdMargin (2%), by which carry's count of an op
// may exceed the standard library's in the same run before -check fails:
// under qemu, two counts of the same code differ by up to about 1%.
const stdMargin = 50

// countModule is the package that carry count builds, once per path.
const countModule = "github.com/carry-crypto/carry/cmd/carry"

// runCount is "carry count".
func runCount(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("count", flag.ContinueOnError)
	record := fs.String("record", "", "count, then write the counts to table `file` (replacing the selected ops' rows)")
	check := fs.String("check", "", "count, then compare with table `file`; exit 1 on a move of more than 2%")
	goarch := fs.String("goarch", runtime.GOARCH, "count the code built for `arch`: amd64 (Valgrind) or arm64 (qemu-aarch64)")
	pathList := fs.String("paths", "", "comma-separated `paths` to count (default: amd64 default,purego; arm64 default,std)")
	budget := fs.Uint64("budget", 20_000_000, "instructions that the n runs of an op should add up to")
	execOp := fs.String("exec-op", "", "run as the driver: run `op` on the fixed inputs 1+n times and report (what the counter runs)")
	n := fs.Int("n", 0, "with -exec-op: the runs after the first")
	std := fs.Bool("exec-std", false, "with -exec-op: run the standard library's side of the op")
	fs.Usage = func() { countUsage(fs) }
	if done, code := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if *execOp != "" {
		if err := execCountOp(*execOp, *std, *n, stdout); err != nil {
			fmt.Fprintf(stderr, "carry count: %v\n", err)
			return 1
		}
		return 0
	}
	arch, err := findCountArch(*goarch)
	if err != nil {
		fmt.Fprintf(stderr, "carry count: %v\n", err)
		return 2
	}
	names, paths, err := countSelection(arch, fs.Args(), cmp.Or(*pathList, arch.paths))
	if err == nil && *record != "" && *check != "" {
		err = errors.New("-record and -check exclude each other")
	}
	if err != nil {
		fmt.Fprintf(stderr, "carry count: %v\n", err)
		return 2
	}

	file := cmp.Or(*check, *record)
	var table *countTable
	if file != "" {
		table, err = readCountTable(file)
		if errors.Is(err, os.ErrNotExist) && *record != "" {
			table, err = nil, nil
		}
		if err != nil {
			fmt.Fprintf(stderr, "carry count: %v\n", err)
			return 1
		}
	}
	got, err := countCarry(arch.goarch, names, paths, table, *budget, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "carry count: %v\n", err)
		return 1
	}
	switch {
	case *check != "":
		report, ok := compareCounts(arch, table, got)
		io.WriteString(stdout, report)
		if !ok {
			fmt.Fprintf(stderr, "carry count: %s: the code or a count differs from the table (see above). A rise is a\n"+
				"slowdown to find; a fall is an improvement to keep. Once the change is intended, re-record:\n"+
				"\tgo run ./cmd/carry count -record %s\n", file, file)
			return 1
		}
		fmt.Fprintf(stdout, "\ncarry count: all %d counts within %d%% of %s\n", len(names)*len(paths), 100/countTolerance, file)
	case *record != "":
		merged, err := mergeCounts(arch, table, got)
		if err == nil {
			merged.Note = "Instructions per operation of carry's code, counted by carry count (carry help count). " +
				"Re-record with: go run ./cmd/carry count -record " + filepath.ToSlash(file)
			err = writeCountTable(file, merged)
		}
		if err != nil {
			fmt.Fprintf(stderr, "carry count: %v\n", err)
			return 1
		}
		printCounts(stdout, merged)
		fmt.Fprintf(stdout, "\ncarry count: wrote %s\n", file)
	default:
		printCounts(stdout, got)
	}
	return 0
}

func countUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprintf(w, "usage: carry count [-check file | -record file] [flags] [op or group ...]\n\n"+
		"Counts the instructions that carry executes per operation, with Valgrind\n"+
		"(cachegrind, its cache simulation off) for amd64, or under qemu-aarch64\n"+
		"with an instruction-counting plugin (built with gcc) for arm64 (-goarch).\n"+
		"Run in carry's module: it builds %s once per path (-paths):\n\n", countModule)
	for _, p := range countPaths {
		fmt.Fprintf(w, "\t%-8s  %s\n", p.name, p.about)
	}
	fmt.Fprint(w, "\nValgrind's CPU lacks some features of the real one (AVX-512 and ADX in\n"+
		"Valgrind 3.19): the table names the features it reported and the kernels\n"+
		"that ran. For each op and path, the driver (this command with -exec-op,\n"+
		"under Valgrind, with GOGC=off GOMAXPROCS=1) runs the op 1+n times and\n"+
		"1+0 times on fixed keys and inputs; the difference over n is the count.\n"+
		"n makes the n runs about -budget instructions, by the table's count or a\n"+
		"first run with n = 1. Two counts of unchanged code differ by under 1%.\n\n"+
		"The tables (JSON) are cmd/carry/testdata/counts-GOARCH.json. -check fails\n"+
		"when an op's count rose more than 2% above it, and when one fell more\n"+
		"than 2% below it, so that an improvement is recorded and kept; also when\n"+
		"a path ran other kernels or another build than the table's, and when\n"+
		"carry's count of an op exceeds the std path's by more than 2%. To\n"+
		"re-record (all ops, or only those named):\n\n"+
		"\tgo run ./cmd/carry count -record cmd/carry/testdata/counts-amd64.json\n"+
		"\tgo run ./cmd/carry count -goarch arm64 -record cmd/carry/testdata/counts-arm64.json\n\n")
	for _, a := range countArches {
		fmt.Fprintf(w, "Ops on %s:\n\n", a.goarch)
		for _, name := range a.ops() {
			fmt.Fprintf(w, "\t%s\n", name)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "\nFlags:\n\n")
	fs.PrintDefaults()
}

// countSelection returns the ops of arch named (all of them if none) and
// the paths listed.
func countSelection(arch *countArch, args []string, pathList string) ([]string, []countPath, error) {
	countOps := arch.ops()
	names := countOps
	if len(args) > 0 {
		names = nil
		for _, arg := range args {
			selected, _ := selectOps([]string{arg})
			counted := false
			for _, o := range selected {
				if slices.Contains(countOps, o.name) {
					counted = true
					if !slices.Contains(names, o.name) {
						names = append(names, o.name)
					}
				}
			}
			if !counted {
				return nil, nil, fmt.Errorf("%q is not an op or group that carry count counts; it counts: %s", arg, strings.Join(countOps, ", "))
			}
		}
	}
	var paths []countPath
	for _, name := range strings.Split(pathList, ",") {
		i := slices.IndexFunc(countPaths, func(p countPath) bool { return p.name == name })
		if i < 0 {
			return nil, nil, fmt.Errorf("unknown path %q in -paths", name)
		}
		if !slices.Contains(paths, countPaths[i]) {
			paths = append(paths, countPaths[i])
		}
	}
	return names, paths, nil
}

// A countTable is the table of counts that -record writes and -check reads.
type countTable struct {
	Note    string          `json:"note"`
	Counter string          `json:"counter"`
	Paths   []countPathInfo `json:"paths"`
	Ops     []countRow      `json:"ops"`
}

// A countPathInfo says what code a path ran.
type countPathInfo struct {
	Name  string `json:"name"`
	About string `json:"about"`
	// Build, Features and Kernels are the driver's countReport's.
	Build    string            `json:"build"`
	Features []string          `json:"features"`
	Kernels  map[string]string `json:"kernels"`
}

// A countRow holds an op's instructions per operation, by path name.
type countRow struct {
	Op           string            `json:"op"`
	Instructions map[string]uint64 `json:"instructions"`
}

func (t *countTable) path(name string) *countPathInfo {
	if t == nil {
		return nil
	}
	i := slices.IndexFunc(t.Paths, func(p countPathInfo) bool { return p.Name == name })
	if i < 0 {
		return nil
	}
	return &t.Paths[i]
}

func (t *countTable) row(op string) *countRow {
	if t == nil {
		return nil
	}
	i := slices.IndexFunc(t.Ops, func(r countRow) bool { return r.Op == op })
	if i < 0 {
		return nil
	}
	return &t.Ops[i]
}

// readCountTable reads and checks a table.
func readCountTable(file string) (*countTable, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	t, err := parseCountTable(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return t, nil
}

func parseCountTable(data []byte) (*countTable, error) {
	var t countTable
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("not a carry count table: %v", err)
	}
	if t.Counter == "" || len(t.Paths) == 0 {
		return nil, errors.New("no counter or no paths")
	}
	for i, p := range t.Paths {
		if p.Name == "" || t.path(p.Name) != &t.Paths[i] {
			return nil, fmt.Errorf("path %d: empty or repeated name %q", i, p.Name)
		}
	}
	for i, r := range t.Ops {
		if r.Op == "" || t.row(r.Op) != &t.Ops[i] {
			return nil, fmt.Errorf("op %d: empty or repeated name %q", i, r.Op)
		}
		if len(r.Instructions) == 0 {
			return nil, fmt.Errorf("%s: no counts", r.Op)
		}
		for path, c := range r.Instructions {
			if t.path(path) == nil {
				return nil, fmt.Errorf("%s: a count for path %q, which the table does not describe", r.Op, path)
			}
			if c == 0 {
				return nil, fmt.Errorf("%s on %s: 0 instructions", r.Op, path)
			}
		}
	}
	return &t, nil
}

func writeCountTable(file string, t *countTable) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(t); err != nil {
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}

// countCarry builds carry once per path and counts the ops named on each.
// It writes its progress to log.
func countCarry(goarch string, names []string, paths []countPath, table *countTable, budget uint64, log io.Writer) (*countTable, error) {
	ctr, err := newCounter(goarch)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "carry-count-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bins := make([]string, len(paths))
	for i, p := range paths {
		if bins[i], err = buildCarry(dir, p, goarch); err != nil {
			return nil, err
		}
	}
	return countAll(ctr, bins, names, paths, table, budget, log)
}

// countAll counts each op named on each path, whose driver is the binary
// of bins at the same index, with ctr. The table's counts, if it has them,
// choose n.
func countAll(ctr counter, bins, names []string, paths []countPath, table *countTable, budget uint64, log io.Writer) (*countTable, error) {
	got := &countTable{Counter: ctr.String()}
	for _, p := range paths {
		got.Paths = append(got.Paths, countPathInfo{Name: p.name, About: p.about})
	}
	for _, name := range names {
		row := countRow{Op: name, Instructions: map[string]uint64{}}
		for i, p := range paths {
			var est uint64
			if r := table.row(name); r != nil {
				est = r.Instructions[p.name]
			}
			insns, n, report, err := countOp(ctr, bins[i], name, p.std, est, budget)
			if err != nil {
				return nil, fmt.Errorf("%s on path %s: %v", name, p.name, err)
			}
			info := &got.Paths[i]
			if info.Kernels == nil {
				info.Build, info.Features, info.Kernels = report.Build, report.Features, report.Kernels
			} else if info.Build != report.Build || !maps.Equal(info.Kernels, report.Kernels) {
				return nil, fmt.Errorf("%s on path %s: the driver ran other code than for the ops before it", name, p.name)
			}
			row.Instructions[p.name] = insns
			fmt.Fprintf(log, "carry count: %-28s %-8s %12d instructions (n = %d)\n", name, p.name, insns, n)
		}
		got.Ops = append(got.Ops, row)
	}
	return got, nil
}

// buildCarry builds carry for path p into dir and returns the binary. The
// symbol table and debug information are left out (Valgrind starts faster;
// the code is the same), and so is the random base address of the heap,
// whose alignment changes the runtime's page allocator's work by about
// 80,000 instructions from one run to the next.
func buildCarry(dir string, p countPath, goarch string) (string, error) {
	bin := filepath.Join(dir, "carry-"+p.name)
	args := []string{"build", "-o", bin, "-ldflags=-s -w"}
	if p.tags != "" {
		args = append(args, "-tags", p.tags)
	}
	args = append(args, countModule)
	exp := "norandomizedheapbase64"
	if e := os.Getenv("GOEXPERIMENT"); e != "" {
		exp = e + "," + exp
	}
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOEXPERIMENT="+exp, "GOARCH="+goarch)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("GOARCH=%s GOEXPERIMENT=%s go %s (carry count runs in carry's module): %v\n%s", goarch, exp, strings.Join(args, " "), err, out)
	}
	return bin, nil
}

// driverEnv is the environment of the driver: no garbage collection (the
// collector's work depends on timing), one P, and no asynchronous
// preemption, which make the runtime's own instructions repeatable.
func driverEnv() []string {
	godebug := "asyncpreemptoff=1"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	return append(os.Environ(), "GOGC=off", "GOMAXPROCS=1", "GODEBUG="+godebug)
}

// countOp counts op with the driver bin under ctr: once with n = 0 and
// once with an n that makes the run execute about budget instructions more.
// est, the instructions per op if known (else 0), chooses n; a run with
// n = 1 estimates them otherwise, and a run that falls well short of budget
// is repeated with a larger n. It returns the count, the n that measured it
// and the report of that run.
func countOp(ctr counter, bin, op string, std bool, est, budget uint64) (uint64, int, *countReport, error) {
	run := func(n int) (uint64, *countReport, error) {
		args := []string{"count", "-exec-op", op, "-n", strconv.Itoa(n)}
		if std {
			args = append(args, "-exec-std")
		}
		insns, out, err := ctr.count(bin, args, driverEnv())
		if err != nil {
			return 0, nil, err
		}
		var r countReport
		if err := json.Unmarshal(out, &r); err != nil || r.Op != op || r.N != n {
			return 0, nil, fmt.Errorf("the driver's report %q is not for op %s and n = %d", out, op, n)
		}
		return insns, &r, nil
	}
	base, _, err := run(0)
	if err != nil {
		return 0, 0, nil, err
	}
	n := 0
	if est == 0 {
		// A run with n = 1 gives an estimate, but below countNoise the
		// difference is mostly noise: start from there, and let the loop
		// raise n.
		n = 1
	}
	for {
		if n == 0 {
			n = int(min(max((budget+est/2)/est, 1), maxCountN))
		}
		total, report, err := run(n)
		if err != nil {
			return 0, 0, nil, err
		}
		switch {
		case est == 0:
			est = max(total, base+countNoise) - base
		case total > base:
			est = max((total-base+uint64(n)/2)/uint64(n), 1)
		case n == maxCountN:
			return 0, 0, nil, fmt.Errorf("%d instructions with n = %d, %d with n = 0", total, n, base)
		default:
			// Lost in the noise: the op is far cheaper than est.
			est = max(est/16, 1)
		}
		if total > base && (total-base >= budget/2 || n == maxCountN) {
			return est, n, report, nil
		}
		n = 0
	}
}

// maxCountN bounds the runs of an op in one count.
const maxCountN = 1_000_000

// countNoise bounds how much the instructions of two runs of the driver
// that do the same work differ (the runtime's threads and hash seeds make
// them differ by about 10,000).
const countNoise = 50_000

// compareCounts compares got, counted for arch, with table and returns the
// report and whether every count is within 2% of the table's and ran the
// same kernels, and no carry count exceeds the std path's by more than 2%.
func compareCounts(arch *countArch, table, got *countTable) (string, bool) {
	countOps := arch.ops()
	var b strings.Builder
	ok := true
	fail := func(format string, args ...any) {
		ok = false
		fmt.Fprintf(&b, "FAIL: "+format+"\n", args...)
	}
	if table.Counter != got.Counter {
		fmt.Fprintf(&b, "note: the table was counted by %s, this run by %s\n", table.Counter, got.Counter)
	}
	for _, p := range got.Paths {
		tp := table.path(p.Name)
		if tp == nil {
			fail("path %s is not in the table: re-record", p.Name)
			continue
		}
		goWas, buildWas, _ := strings.Cut(tp.Build, " ")
		goNow, buildNow, _ := strings.Cut(p.Build, " ")
		if goWas != goNow {
			fmt.Fprintf(&b, "note: path %s: the table was counted with %s, this run with %s\n", p.Name, goWas, goNow)
		}
		if buildWas != buildNow {
			fail("path %s: built as %q, the table as %q: the counts are not comparable; re-record if intended", p.Name, buildNow, buildWas)
		}
		for _, k := range slices.Sorted(maps.Keys(p.Kernels)) {
			if was, now := tp.Kernels[k], p.Kernels[k]; was != now {
				fail("path %s: %s ran %q, the table's %q (features %v, the table's %v): the counts are not comparable; re-record if intended",
					p.Name, k, now, was, p.Features, tp.Features)
			}
		}
	}
	for _, r := range table.Ops {
		if !slices.Contains(countOps, r.Op) {
			fail("the table has op %s, which carry count no longer counts: re-record", r.Op)
		}
	}

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "op\tpath\ttable\tnow\tchange\t\n")
	var moved []string
	for _, r := range got.Ops {
		tr := table.row(r.Op)
		for _, p := range got.Paths {
			now := r.Instructions[p.Name]
			if tr == nil || tr.Instructions[p.Name] == 0 {
				fmt.Fprintf(tw, "%s\t%s\t-\t%d\t\t\n", r.Op, p.Name, now)
				moved = append(moved, fmt.Sprintf("%s on %s: no count in the table: re-record", r.Op, p.Name))
				continue
			}
			was := tr.Instructions[p.Name]
			change := float64(now)/float64(was) - 1
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%+.2f%%\t\n", r.Op, p.Name, was, now, 100*change)
			switch {
			case stdPath(p.Name):
				// The standard library's count is the reference carry's
				// must not exceed, compared within this run below; its own
				// allocating ops move by up to 2.6% between counts of one
				// binary (the garbage collector's share), so it is not held
				// to the table.
			case now*countTolerance > was*(countTolerance+1):
				moved = append(moved, fmt.Sprintf("%s on %s: %d instructions, %+.2f%% above the table's %d: a slowdown",
					r.Op, p.Name, now, 100*change, was))
			case now*countTolerance < was*(countTolerance-1):
				moved = append(moved, fmt.Sprintf("%s on %s: %d instructions, %.2f%% below the table's %d: "+
					"an improvement: re-record the table to keep it",
					r.Op, p.Name, now, 100*change, was))
			}
		}
	}
	tw.Flush()
	for _, m := range moved {
		fail("%s", m)
	}
	for _, r := range got.Ops {
		std, ok := r.Instructions["std"]
		if !ok {
			continue
		}
		for _, p := range countPaths {
			if c, ok := r.Instructions[p.name]; ok && !p.std && c*stdMargin > std*(stdMargin+1) {
				fail("%s on %s: %d instructions, %.3f times the standard library's %d: carry must not execute more",
					r.Op, p.name, c, float64(c)/float64(std), std)
			}
		}
	}
	return b.String(), ok
}

// stdPath reports whether the path named name counts the standard
// library's code.
func stdPath(name string) bool {
	for _, p := range countPaths {
		if p.name == name {
			return p.std
		}
	}
	return false
}

// mergeCounts returns table with got's rows and paths in place of its
// own. Rows of ops got did not count are kept only if the paths ran the
// same code as when they were counted.
func mergeCounts(arch *countArch, table, got *countTable) (*countTable, error) {
	countOps := arch.ops()
	if table == nil {
		return got, nil
	}
	merged := *got
	merged.Ops = nil
	for _, name := range countOps {
		if r := got.row(name); r != nil {
			merged.Ops = append(merged.Ops, *r)
			continue
		}
		r := table.row(name)
		if r == nil {
			continue
		}
		for path := range r.Instructions {
			was, now := table.path(path), got.path(path)
			if now != nil && (was.Build != now.Build || !maps.Equal(was.Kernels, now.Kernels)) {
				return nil, fmt.Errorf("path %s ran other code than when the table was recorded: re-record every op", path)
			}
		}
		merged.Ops = append(merged.Ops, *r)
	}
	for _, p := range table.Paths {
		if got.path(p.Name) == nil {
			merged.Paths = append(merged.Paths, p)
		}
	}
	return &merged, nil
}

// printCounts writes t as a table of ops by paths, after what each path
// ran.
func printCounts(w io.Writer, t *countTable) {
	fmt.Fprintf(w, "counter: %s\n", t.Counter)
	for _, p := range t.Paths {
		fmt.Fprintf(w, "path %s: %s\n\t%s; CPU features: %s\n\tkernels:", p.Name, p.About, p.Build, strings.Join(p.Features, " "))
		for _, k := range slices.Sorted(maps.Keys(p.Kernels)) {
			fmt.Fprintf(w, " %s=%s", k, p.Kernels[k])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "op\t")
	for _, p := range t.Paths {
		fmt.Fprintf(tw, "%s\t", p.Name)
	}
	fmt.Fprintln(tw)
	for _, r := range t.Ops {
		fmt.Fprintf(tw, "%s\t", r.Op)
		for _, p := range t.Paths {
			if c, ok := r.Instructions[p.Name]; ok {
				fmt.Fprintf(tw, "%d\t", c)
			} else {
				fmt.Fprint(tw, "-\t")
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}
