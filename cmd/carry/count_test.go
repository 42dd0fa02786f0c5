package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// countTableFile is the committed table of the amd64 counts.
const countTableFile = "testdata/counts-amd64.json"

// amd64Count and arm64Count are the countArches of amd64 and arm64.
var amd64Count, arm64Count = must(findCountArch("amd64")), must(findCountArch("arm64"))

// fakeCountTable returns a table of two paths and two ops.
func fakeCountTable() *countTable {
	return &countTable{
		Counter: "valgrind-3.19.0 --tool=cachegrind --cache-sim=no",
		Paths: []countPathInfo{
			{Name: "default", Build: "go1.26.8 amd64 GOAMD64=v1", Features: []string{"AVX2"},
				Kernels: map[string]string{"x25519.ladder": "portable", "chacha20.xor": "AVX2"}},
			{Name: "purego", Build: "go1.26.8 amd64 -tags=purego GOAMD64=v1",
				Kernels: map[string]string{"x25519.ladder": "portable", "chacha20.xor": "portable"}},
		},
		Ops: []countRow{
			{Op: "x25519", Instructions: map[string]uint64{"default": 100000, "purego": 200000}},
			{Op: "hmac-sha256-32", Instructions: map[string]uint64{"default": 5000, "purego": 10000}},
		},
	}
}

// cloneCountTable returns a deep copy of t.
func cloneCountTable(t *testing.T, c *countTable) *countTable {
	t.Helper()
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseCountTable(data)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestCountTableParse(t *testing.T) {
	table := fakeCountTable()
	got := cloneCountTable(t, table)
	if got.row("hmac-sha256-32").Instructions["purego"] != 10000 || got.path("default").Kernels["chacha20.xor"] != "AVX2" {
		t.Errorf("round trip lost data: %+v", got)
	}
	good, _ := json.Marshal(table)
	for _, tt := range []struct{ name, old, new string }{
		{"not JSON", `{`, `[`},
		{"unknown field", `"counter":`, `"counters":1,"counter":`},
		{"no counter", `"counter":"valgrind-3.19.0 --tool=cachegrind --cache-sim=no"`, `"counter":""`},
		{"repeated path", `"name":"purego"`, `"name":"default"`},
		{"repeated op", `"op":"hmac-sha256-32"`, `"op":"x25519"`},
		{"count for an unknown path", `"purego":10000`, `"arm64":10000`},
		{"zero count", `"purego":10000`, `"purego":0`},
		{"negative count", `"purego":10000`, `"purego":-1`},
		{"no counts", `{"default":5000,"purego":10000}`, `{}`},
	} {
		bad := strings.Replace(string(good), tt.old, tt.new, 1)
		if bad == string(good) {
			t.Fatalf("%s: %q is not in the table", tt.name, tt.old)
		}
		if _, err := parseCountTable([]byte(bad)); err == nil {
			t.Errorf("%s: parsed %s", tt.name, bad)
		}
	}
}

// TestCountTableCommitted checks that each committed table parses, has a
// count of every op on every path, and that on arm64 no carry count
// exceeds the standard library's.
func TestCountTableCommitted(t *testing.T) {
	for _, a := range countArches {
		file, _ := strings.CutPrefix(a.table, "cmd/carry/")
		table, err := readCountTable(file)
		if err != nil {
			t.Fatal(err)
		}
		paths := strings.Split(a.paths, ",")
		for _, p := range paths {
			info := table.path(p)
			if info == nil || len(info.Kernels) != len(kernelTable) || !strings.Contains(info.Build, " "+a.goarch) {
				t.Errorf("%s: path %s: missing, of another architecture or without a kernel per choice: %+v", a.goarch, p, info)
			}
		}
		if len(table.Ops) != len(a.ops()) {
			t.Errorf("%s: %d ops, want %d", a.goarch, len(table.Ops), len(a.ops()))
		}
		for _, name := range a.ops() {
			r := table.row(name)
			if r == nil || len(r.Instructions) != len(paths) {
				t.Errorf("%s: %s: not counted on every path: %+v", a.goarch, name, r)
			}
		}
		if report, ok := compareCounts(a, table, table); !ok {
			t.Errorf("%s: the table fails its own check:\n%s", a.goarch, report)
		}
	}
}

// TestCountCompare checks the 2% rules both ways, and that a change of
// the code a path runs fails.
func TestCountCompare(t *testing.T) {
	table := fakeCountTable()
	for _, tt := range []struct {
		name   string
		change func(got *countTable)
		ok     bool
		want   string
	}{
		{"same", func(*countTable) {}, true, "+0.00%"},
		{"2% up", func(g *countTable) { g.Ops[0].Instructions["default"] = 102000 }, true, "+2.00%"},
		{"2% down", func(g *countTable) { g.Ops[1].Instructions["purego"] = 9800 }, true, "-2.00%"},
		{"slower", func(g *countTable) { g.Ops[0].Instructions["default"] = 102001 }, false, "x25519 on default: 102001 instructions, +2.00% above the table's 100000: a slowdown"},
		{"faster", func(g *countTable) { g.Ops[1].Instructions["purego"] = 9799 }, false, "hmac-sha256-32 on purego: 9799 instructions, -2.01% below the table's 10000: an improvement: re-record the table to keep it"},
		{"other kernel", func(g *countTable) { g.Paths[0].Kernels["chacha20.xor"] = "portable" }, false, `path default: chacha20.xor ran "portable", the table's "AVX2"`},
		{"other build", func(g *countTable) { g.Paths[1].Build = "go1.26.8 amd64 -tags=purego GOAMD64=v3" }, false, "path purego: built as"},
		{"other Go", func(g *countTable) { g.Paths[1].Build = "go1.27.0 amd64 -tags=purego GOAMD64=v1" }, true, "the table was counted with go1.26.8, this run with go1.27.0"},
		{"other counter", func(g *countTable) { g.Counter = "valgrind-3.22.0" }, true, "note: the table was counted by"},
		{"a path the table lacks", func(g *countTable) { g.Paths[1].Name = "arm64" }, false, "path arm64 is not in the table"},
		{"an op the table lacks", func(g *countTable) {
			g.Ops = append(g.Ops, countRow{Op: "ed25519-sign", Instructions: map[string]uint64{"default": 1, "purego": 1}})
		}, false, "ed25519-sign on default: no count in the table: re-record"},
	} {
		got := cloneCountTable(t, table)
		tt.change(got)
		report, ok := compareCounts(amd64Count, table, got)
		if ok != tt.ok || !strings.Contains(report, tt.want) {
			t.Errorf("%s: ok %v, want %v; report lacks %q:\n%s", tt.name, ok, tt.ok, tt.want, report)
		}
	}

	// With a std path, carry may exceed it by 2% and no more.
	table.Paths[1].Name = "std"
	for _, r := range table.Ops {
		r.Instructions["std"] = r.Instructions["purego"]
		delete(r.Instructions, "purego")
	}
	// The standard library's own count is not held to the table.
	got := cloneCountTable(t, table)
	got.Ops[1].Instructions["std"] = got.Ops[1].Instructions["std"] * 103 / 100
	if report, ok := compareCounts(amd64Count, table, got); !ok {
		t.Errorf("the standard library's count 3%% above the table failed:\n%s", report)
	}
	table.Ops[0].Instructions["std"] = 98040
	if report, ok := compareCounts(amd64Count, table, table); !ok {
		t.Errorf("carry 2%% above the standard library failed:\n%s", report)
	}
	table.Ops[0].Instructions["std"] = 98000
	if report, ok := compareCounts(amd64Count, table, table); ok || !strings.Contains(report, "x25519 on default: 100000 instructions, 1.020 times the standard library's 98000") {
		t.Errorf("carry above the standard library passed:\n%s", report)
	}

	stale := cloneCountTable(t, table)
	stale.Ops = append(stale.Ops, countRow{Op: "x448", Instructions: map[string]uint64{"default": 1}})
	if report, ok := compareCounts(amd64Count, stale, table); ok || !strings.Contains(report, "op x448, which carry count no longer counts") {
		t.Errorf("a table with an op carry count lacks passed:\n%s", report)
	}
}

func TestCountMerge(t *testing.T) {
	table := fakeCountTable()
	got := cloneCountTable(t, table)
	got.Ops = got.Ops[1:]
	got.Ops[0].Instructions["default"] = 4000
	merged, err := mergeCounts(amd64Count, table, got)
	if err != nil {
		t.Fatal(err)
	}
	// countOps' order: x25519 before hmac-sha256-32.
	if len(merged.Ops) != 2 || merged.Ops[0].Op != "x25519" || merged.Ops[0].Instructions["default"] != 100000 ||
		merged.Ops[1].Instructions["default"] != 4000 || merged.Ops[1].Instructions["purego"] != 10000 {
		t.Errorf("merged ops: %+v", merged.Ops)
	}
	got.Paths[0].Kernels["x25519.ladder"] = "ADX/BMI2"
	if _, err := mergeCounts(amd64Count, table, got); err == nil {
		t.Error("kept x25519's count after its path changed kernels")
	}
	if m, err := mergeCounts(amd64Count, nil, got); err != nil || m != got {
		t.Errorf("a first recording: %v, %v", m, err)
	}
}

func TestCountSelection(t *testing.T) {
	names, paths, err := countSelection(amd64Count, []string{"rsa2048", "ecdsa-p256", "rsa2048-sign", "hmac"}, "purego,default,purego")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"rsa2048-sign", "rsa2048-verify", "ecdsa-p256-sign", "ecdsa-p256-verify", "hmac-sha256-32"}
	if !slices.Equal(names, want) {
		t.Errorf("ops %q, want %q", names, want)
	}
	if len(paths) != 2 || paths[0].name != "purego" || paths[1].name != "default" {
		t.Errorf("paths %v", paths)
	}
	if names, _, _ := countSelection(amd64Count, nil, "default"); !slices.Equal(names, countOps) {
		t.Errorf("no op named: %q", names)
	}
	for _, tt := range []struct{ args []string }{{[]string{"x448"}}, {[]string{"chacha20poly1305-seal-256"}}, {[]string{"chacha20poly1305-open"}}} {
		if _, _, err := countSelection(amd64Count, tt.args, "default"); err == nil || !strings.Contains(err.Error(), "x25519-base") {
			t.Errorf("%q: %v, want an error that lists the ops", tt.args, err)
		}
	}
	if _, _, err := countSelection(amd64Count, nil, "default,arm"); err == nil {
		t.Error("accepted path arm")
	}
}

func TestCountBadArgs(t *testing.T) {
	for _, args := range [][]string{
		{"count", "-record", "a.json", "-check", "b.json"},
		{"count", "-paths", "fast"},
		{"count", "x448"},
		{"count", "-budget", "many"},
	} {
		if code, _, stderr := runCarry(t, args...); code != 2 || stderr == "" {
			t.Errorf("%q: exit code %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
	if code, _, stderr := runCarry(t, "count", "-check", filepath.Join(t.TempDir(), "none.json")); code != 1 || !strings.Contains(stderr, "none.json") {
		t.Errorf("a missing table: exit code %d, stderr %q", code, stderr)
	}
	code, stdout, _ := runCarry(t, "help", "count")
	if code != 0 || !strings.Contains(stdout, "go run ./cmd/carry count -record cmd/carry/testdata/counts-amd64.json") {
		t.Errorf("help: exit code %d, and no re-recording command:\n%s", code, stdout)
	}
}

// TestCountDriverRuns checks that the driver runs the setup once and the op
// 1+n times.
func TestCountDriverRuns(t *testing.T) {
	for _, n := range []int{0, 1, 7} {
		setups, runs := 0, 0
		err := runOpN(func() (func(), error) { setups++; return func() { runs++ }, nil }, n)
		if err != nil || setups != 1 || runs != 1+n {
			t.Errorf("n = %d: %v, %d setups, %d runs", n, err, setups, runs)
		}
	}
	fail := errors.New("no key")
	if err := runOpN(func() (func(), error) { return nil, fail }, 3); err != fail {
		t.Errorf("setup's error: %v", err)
	}
}

// TestCountDriverReport runs the driver in-process and checks its report.
func TestCountDriverReport(t *testing.T) {
	code, stdout, stderr := runCarry(t, "count", "-exec-op", "hmac-sha256-32", "-n", "3")
	if code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr)
	}
	var r countReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	want := kernelChoices()
	if r.Op != "hmac-sha256-32" || r.N != 3 || len(r.Kernels) != len(want) || !strings.HasPrefix(r.Build, runtime.Version()+" "+runtime.GOARCH) {
		t.Errorf("report %+v", r)
	}
	for k, v := range want {
		if r.Kernels[k] != v {
			t.Errorf("kernel %s: %q, want %q", k, r.Kernels[k], v)
		}
	}
	for _, f := range r.Features {
		if !hasFeature(f) {
			t.Errorf("reports feature %s, which the CPU lacks", f)
		}
	}
	for _, args := range [][]string{{"-exec-op", "x448"}, {"-exec-op", "ed25519"}, {"-exec-op", "x25519", "-n", "-1"}} {
		if code, _, stderr := runCarry(t, append([]string{"count"}, args...)...); code != 1 || stderr == "" {
			t.Errorf("%q: exit code %d, stderr %q", args, code, stderr)
		}
	}
}

// TestCountInputs checks that the fixed inputs are valid keys, that they
// replace carry speed's random ones, and that every op counted sets up on
// them (with -short, the RSA ops of 2048 bits only).
func TestCountInputs(t *testing.T) {
	for bits := range countRSAPrimes {
		k, err := countRSAKey(bits)
		if err != nil {
			t.Fatal(err)
		}
		if err := k.Validate(); err != nil || k.N.BitLen() != bits || k.E != 65537 {
			t.Errorf("RSA-%d: %v, %d bits, e = %d", bits, err, k.N.BitLen(), k.E)
		}
		for _, p := range k.Primes {
			if !p.ProbablyPrime(20) {
				t.Errorf("RSA-%d: %x is not prime", bits, p)
			}
		}
	}
	fixCountInputs()
	for _, c := range ecCurves {
		k, err := ecdsaKey(c.curve)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ecdsa.ParseRawPrivateKey(c.curve, countScalar(fmt.Sprintf("ecdsa P-%d", c.bits), (c.bits+7)/8))
		if !k.Equal(want) {
			t.Errorf("P-%d: the ECDSA key is not the fixed one", c.bits)
		}
		priv, _, err := ecdhPair(c.ecdh)
		if err != nil || !bytes.Equal(priv.Bytes(), countScalar(fmt.Sprintf("ecdh P-%d", c.bits), (c.bits+7)/8)) {
			t.Errorf("P-%d: the ECDH key is not the fixed one (%v)", c.bits, err)
		}
	}
	if k, err := ed25519Key(); err != nil || !bytes.Equal(k.Seed(), countScalar("ed25519", ed25519.SeedSize)) {
		t.Errorf("the Ed25519 key is not the fixed one (%v)", err)
	}
	for _, bits := range []int{2048, 3072, 4096} {
		k, err := rsaKey(bits)
		if want, _ := countRSAKey(bits); err != nil || !k.Equal(want) {
			t.Errorf("RSA-%d: the key is not the fixed one (%v)", bits, err)
		}
	}
	for _, name := range arm64Count.ops() {
		if testing.Short() && (strings.HasPrefix(name, "rsa3072") || strings.HasPrefix(name, "rsa4096")) {
			continue
		}
		for _, std := range []bool{false, true} {
			setup, err := countSetup(name, std)
			if err != nil {
				t.Fatal(err)
			}
			if err := runOpN(setup, 1); err != nil {
				t.Errorf("%s (std %v): %v", name, std, err)
			}
		}
	}
	for _, name := range amd64Count.ops() {
		if !slices.Contains(arm64Count.ops(), name) {
			t.Errorf("%s is counted on amd64 but not on arm64", name)
		}
	}
}

func TestParseCachegrindOut(t *testing.T) {
	// The start and end of Valgrind 3.19's file from --cache-sim=no.
	const out = "desc: I1 cache:         32768 B, 64 B, 8-way associative\n" +
		"cmd: ./carry count -exec-op x25519 -n 30\nevents: Ir\nfl=././<autogenerated>\n" +
		"fn=compress/flate.init\n1 1\nfn=x_cgo_sigaction\n0 70482\nsummary: 24128313\n"
	if n, err := parseCachegrindOut([]byte(out)); err != nil || n != 24128313 {
		t.Errorf("%d, %v; want 24128313", n, err)
	}
	// With the cache simulation on, Ir is one of several columns.
	if n, err := parseCachegrindOut([]byte("events: Ir I1mr ILmr\nsummary: 10 2 1\n")); err != nil || n != 10 {
		t.Errorf("%d, %v; want 10", n, err)
	}
	for _, bad := range []string{"", "events: Ir\n", "summary: 10\n", "events: Dr\nsummary: 10\n", "events: Ir\nsummary: ten\n", "events: I1mr Ir\nsummary: 10\n"} {
		if n, err := parseCachegrindOut([]byte(bad)); err == nil {
			t.Errorf("%q: parsed %d", bad, n)
		}
	}
}

// fakeCounter counts base plus per[op] instructions a run of the driver,
// plus noise that alternates in sign, and answers as the driver does.
type fakeCounter struct {
	base, noise uint64
	per         map[string]uint64
	runs        []int // the n of each run
}

func (f *fakeCounter) String() string { return "fake" }

func (f *fakeCounter) count(bin string, args, env []string) (uint64, []byte, error) {
	if len(args) != 5 || args[0] != "count" || args[1] != "-exec-op" || args[3] != "-n" {
		return 0, nil, fmt.Errorf("args %q", args)
	}
	if !slices.Contains(env, "GOGC=off") || !slices.Contains(env, "GOMAXPROCS=1") {
		return 0, nil, fmt.Errorf("env lacks GOGC=off GOMAXPROCS=1")
	}
	n, err := strconv.Atoi(args[4])
	if err != nil {
		return 0, nil, err
	}
	f.runs = append(f.runs, n)
	insns := f.base + uint64(n)*f.per[args[2]]
	if len(f.runs)%2 == 0 {
		insns += f.noise
	} else {
		insns -= f.noise
	}
	out, _ := json.Marshal(countReport{Op: args[2], N: n, Build: "go " + bin, Kernels: map[string]string{"x": bin}})
	return insns, out, nil
}

// TestCountOpChoosesN checks countOp's arithmetic and its choice of n with
// and without an estimate, on a fake counter.
func TestCountOpChoosesN(t *testing.T) {
	for _, tt := range []struct {
		name     string
		per, est uint64
		wantRuns []int
	}{
		{"from the table", 1000, 1000, []int{0, 20000}},
		{"a stale table", 1000, 50000, []int{0, 400, 20000}},
		{"probed, tiny op", 1000, 0, []int{0, 1, 400, 20000}},
		{"probed, big op", 300000, 0, []int{0, 1, 67}},
		{"bigger than the budget", 90_000_000, 0, []int{0, 1}},
	} {
		f := &fakeCounter{base: 5_000_000, noise: 10, per: map[string]uint64{"x25519": tt.per}}
		insns, n, report, err := countOp(f, "bin", "x25519", false, tt.est, 20_000_000)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if insns+20 < tt.per || insns > tt.per+20 || report.N != n || n != f.runs[len(f.runs)-1] {
			t.Errorf("%s: %d instructions (n = %d, report's %d), want %d", tt.name, insns, n, report.N, tt.per)
		}
		if !slices.Equal(f.runs, tt.wantRuns) {
			t.Errorf("%s: runs with n = %v, want %v", tt.name, f.runs, tt.wantRuns)
		}
	}
	f := &fakeCounter{base: 5_000_000, noise: 100, per: map[string]uint64{"x25519": 0}}
	if _, _, _, err := countOp(f, "bin", "x25519", false, 0, 20_000_000); err == nil {
		t.Error("counted an op that executes nothing")
	}
}

// TestCountAllFake checks that countAll fills a table from the counter's
// answers on every path.
func TestCountAllFake(t *testing.T) {
	f := &fakeCounter{base: 1_000_000, per: map[string]uint64{"x25519": 600_000, "hmac-sha256-32": 5_000}}
	var log bytes.Buffer
	got, err := countAll(f, []string{"a", "b"}, []string{"x25519", "hmac-sha256-32"}, countPaths[:2], fakeCountTable(), 20_000_000, &log)
	if err != nil {
		t.Fatal(err)
	}
	if got.Counter != "fake" || got.path("purego").Kernels["x"] != "b" || got.path("default").Build != "go a" {
		t.Errorf("paths %+v", got.Paths)
	}
	if got.row("x25519").Instructions["purego"] != 600_000 || got.row("hmac-sha256-32").Instructions["default"] != 5_000 {
		t.Errorf("ops %+v", got.Ops)
	}
	if strings.Count(log.String(), "\n") != 4 {
		t.Errorf("log:\n%s", log.String())
	}
	if _, err := parseCountTable(must(json.Marshal(got))); err != nil {
		t.Errorf("the table does not parse back: %v", err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestCountValgrind counts one op under the real Valgrind on both paths,
// checks it against the committed table, and checks on the default path
// that the count of n runs grows as n does: the driver's fixed cost
// cancels. Valgrind is needed where CARRY_NEED_VALGRIND is set (CI
// installs it).
func TestCountValgrind(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the committed table is amd64's")
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		if os.Getenv("CARRY_NEED_VALGRIND") != "" {
			t.Fatal("CARRY_NEED_VALGRIND is set but valgrind is not on PATH")
		}
		t.Skip("valgrind is not installed (apt-get install valgrind; CI installs it); the fake counter's tests cover the rest")
	}
	code, stdout, stderr := runCarry(t, "count", "-check", countTableFile, "hmac-sha256-32")
	if code != 0 || !strings.Contains(stdout, "all 2 counts within 2%") {
		t.Fatalf("exit code %d:\n%s\n%s", code, stdout, stderr)
	}

	ctr, err := newCounter("amd64")
	if err != nil {
		t.Fatal(err)
	}
	bin, err := buildCarry(t.TempDir(), countPaths[0], "amd64")
	if err != nil {
		t.Fatal(err)
	}
	var counts [3]uint64
	// The runs are long enough (about 55 and 110 million instructions, above
	// the command's budget) that the runtime's other threads, whose
	// instructions Valgrind counts too and which vary with the machine's
	// load by tens of thousands, stay well inside the bound.
	for i, n := range []int{0, 10000, 20000} {
		insns, out, err := ctr.count(bin, []string{"count", "-exec-op", "hmac-sha256-32", "-n", strconv.Itoa(n)}, driverEnv())
		if err != nil {
			t.Fatal(err)
		}
		var r countReport
		if err := json.Unmarshal(out, &r); err != nil || r.N != n {
			t.Fatalf("report %q: %v", out, err)
		}
		counts[i] = insns
	}
	one, two := float64(counts[1]-counts[0]), float64(counts[2]-counts[0])
	if ratio := two / one; ratio < 1.99 || ratio > 2.01 {
		t.Errorf("counts %v: 20000 runs cost %.4f times 10000 runs, want 2", counts, ratio)
	}
}

// TestCountQEMU counts one op under qemu-aarch64 on both of arm64's paths,
// checks it against the committed arm64 table, and checks that the count
// of n runs grows as n does. qemu-user and gcc are needed where
// CARRY_NEED_QEMU is set.
func TestCountQEMU(t *testing.T) {
	if _, err := newQEMU(); err != nil {
		if os.Getenv("CARRY_NEED_QEMU") != "" {
			t.Fatalf("CARRY_NEED_QEMU is set: %v", err)
		}
		t.Skipf("no arm64 counter here: %v", err)
	}
	code, stdout, stderr := runCarry(t, "count", "-goarch", "arm64", "-check", "testdata/counts-arm64.json", "hmac-sha256-32")
	if code != 0 || !strings.Contains(stdout, "all 2 counts within 2%") {
		t.Fatalf("exit code %d:\n%s\n%s", code, stdout, stderr)
	}
	ctr, err := newCounter("arm64")
	if err != nil {
		t.Fatal(err)
	}
	bin, err := buildCarry(t.TempDir(), countPaths[0], "arm64")
	if err != nil {
		t.Fatal(err)
	}
	// The counter counts the driver's own thread: the runtime's other
	// threads, which execute in proportion to the run's time, are left out.
	var counts [3]uint64
	for i, n := range []int{0, 20000, 40000} {
		insns, out, err := ctr.count(bin, []string{"count", "-exec-op", "hmac-sha256-32", "-exec-std", "-n", strconv.Itoa(n)}, driverEnv())
		if err != nil {
			t.Fatal(err)
		}
		var r countReport
		if err := json.Unmarshal(out, &r); err != nil || r.N != n || !strings.Contains(r.Build, " arm64") {
			t.Fatalf("report %q: %v", out, err)
		}
		counts[i] = insns
	}
	one, two := float64(counts[1]-counts[0]), float64(counts[2]-counts[0])
	if ratio := two / one; ratio < 1.96 || ratio > 2.04 {
		t.Errorf("counts %v: 40000 runs cost %.4f times 20000 runs, want 2", counts, ratio)
	}
	// Counts of the same runs agree closely, even of an op that allocates
	// and asserts types as the standard library's key schedule does, and
	// on a loaded host: the plugin leaves out the scheduler's work on the
	// driver's thread, which grows with the run's time (sysmon asks the
	// driver to yield every 10 ms); counted with it, three counts spread by
	// 0.26% on a loaded 2-core host. What remains is the runtime's type
	// assertion caches, filled at moments drawn from a per-thread random
	// stream that a lock contended with another thread advances: at a load
	// of 8 on 2 cores, one count in 10 to 30 moved by 0.27% and the others
	// spread by 0.01%. So three of five counts must agree within 0.05%.
	var again [5]uint64
	for i := range again {
		insns, _, err := ctr.count(bin, []string{"count", "-exec-op", "tls13-schedule", "-exec-std", "-n", "200"}, driverEnv())
		if err != nil {
			t.Fatal(err)
		}
		again[i] = insns
	}
	sorted := again
	slices.Sort(sorted[:])
	agree := false
	for i := 0; i+2 < len(sorted); i++ {
		agree = agree || float64(sorted[i+2]-sorted[i]) <= 0.0005*float64(sorted[i])
	}
	if !agree {
		t.Errorf("no three of five counts of the same runs agree within 0.05%%: %v", again)
	}
	pauses, resume, start, err := pluginEntries(bin)
	if err != nil || len(pauses) != 2 || pauses[0] == pauses[1] || resume == 0 || start == 0 ||
		slices.Contains(pauses, resume) || slices.Contains(pauses, start) || start == resume {
		t.Errorf("pluginEntries: %#x %#x %#x %v", pauses, resume, start, err)
	}
	if _, _, _, err := pluginEntries("testdata/counts-arm64.json"); err == nil {
		t.Error("pluginEntries read a JSON file")
	}
	if _, err := parsePluginOut([]byte("insns 12\n")); err != nil {
		t.Error(err)
	}
	if _, err := parsePluginOut([]byte("12")); err == nil {
		t.Error("parsed a line without insns")
	}
}
