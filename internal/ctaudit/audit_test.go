package ctaudit

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

const leakyPkg = module + "internal/ctaudit/testdata/leaky"

var (
	leakyOnce    sync.Once
	leakyPackage *Package
	leakyErr     error
	// testDir holds the archives the tests build.
	testDir string
)

func TestMain(m *testing.M) {
	var err error
	testDir, err = os.MkdirTemp("", "ctaudit")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(testDir)
	os.Exit(code)
}

// buildLeaky builds the self-test package once per test binary.
func buildLeaky(t *testing.T) *Package {
	t.Helper()
	leakyOnce.Do(func() {
		leakyPackage, leakyErr = Build(testDir, leakyPkg)
	})
	if leakyErr != nil {
		t.Fatal(leakyErr)
	}
	return leakyPackage
}

// auditOne audits one function of the self-test package.
func auditOne(t *testing.T, name string, loops, branches int) []Report {
	t.Helper()
	reports, err := Audit(buildLeaky(t), []Func{{Symbol: leakyPkg + "." + name, AllowedLoopJumps: loops, AllowedBranches: branches}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		t.Log(r)
	}
	return reports
}

// hasProblem reports whether some report has a problem containing s.
func hasProblem(reports []Report, s string) bool {
	for _, r := range reports {
		for _, p := range r.Problems {
			if strings.Contains(p, s) {
				return true
			}
		}
	}
	return false
}

func allOK(reports []Report) bool {
	for _, r := range reports {
		if !r.OK() {
			return false
		}
	}
	return len(reports) > 0
}

func TestLeakyFlagged(t *testing.T) {
	tests := []struct {
		name            string
		loops, branches int
		problem         string
	}{
		{"Branch", 0, 0, "1 branches, the list allows exactly 0"},
		{"Divide", 0, 0, "division DIVQ"},
		// The early exit is a second loop jump beside the back-edge.
		{"EarlyExit", 1, 0, "2 loop jumps, the list allows exactly 1"},
		{"Switch", 0, 0, "indirect jump"},
		{"Sum", 0, 0, "1 loop jumps, the list allows exactly 0"},
		{"BranchAsm", 0, 0, "1 branches, the list allows exactly 0"},
		{"NoSuchFunction", 0, 0, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reports := auditOne(t, tt.name, tt.loops, tt.branches)
			if allOK(reports) || !hasProblem(reports, tt.problem) {
				t.Errorf("%s not flagged with %q", tt.name, tt.problem)
			}
		})
	}
}

func TestCleanPasses(t *testing.T) {
	tests := []struct {
		name            string
		loops, branches int
		panics          int
		source          string
	}{
		{"Select", 0, 0, 0, "objdump"},
		{"Sum", 1, 0, 0, "objdump"},
		{"Index", 0, 0, 1, "objdump"},
		// LoopAsm uses MULX, which objdump cannot decode: the assembler's
		// listing is read instead.
		{"LoopAsm", 1, 0, 0, "asm"},
		// With its branch allowed, BranchAsm passes too.
		{"BranchAsm", 0, 1, 0, "asm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reports := auditOne(t, tt.name, tt.loops, tt.branches)
			if !allOK(reports) {
				t.Fatalf("%s failed the audit", tt.name)
			}
			if reports[0].Source != tt.source {
				t.Errorf("source %q, want %q", reports[0].Source, tt.source)
			}
			if n := reports[0].Count(PanicCheck); n != tt.panics {
				t.Errorf("%d panic checks, want %d", n, tt.panics)
			}
		})
	}
}

// TestAsmWrapperAudited checks that an assembly function is audited from the
// listing and its ABI wrapper from objdump.
func TestAsmWrapperAudited(t *testing.T) {
	reports := auditOne(t, "LoopAsm", 1, 0)
	if len(reports) != 2 || reports[0].Source != "asm" || reports[1].Source != "objdump" {
		t.Fatalf("got %d reports, want the assembly and its wrapper", len(reports))
	}
	if reports[0].Count(LoopBack) != 1 || reports[0].Instructions < 6 {
		t.Errorf("assembly report %v, want one back-edge in at least 6 instructions", reports[0])
	}
}

// TestFunctionsComplete checks that Functions lists every function of the
// self-test package once, without wrappers.
func TestFunctionsComplete(t *testing.T) {
	syms, err := buildLeaky(t).Functions()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"work", "Branch", "Divide", "EarlyExit", "Switch", "Select", "Sum", "Index", "BranchAsm", "LoopAsm"}
	got := make(map[string]int)
	for _, s := range syms {
		got[strings.TrimPrefix(s, leakyPkg+".")]++
	}
	for _, w := range want {
		if got[w] != 1 {
			t.Errorf("%s listed %d times, want once", w, got[w])
		}
	}
	if len(syms) != len(want) {
		t.Errorf("Functions() = %v, want %d functions", syms, len(want))
	}
}

// TestTargets audits carry's packages: every listed function must pass, and
// every function of the packages must be listed.
func TestTargets(t *testing.T) {
	for _, target := range Targets {
		name := shortName(target.Package) + strings.Join(append([]string{""}, target.Tags...), ",")
		if target.Arch != "" {
			name += "," + target.Arch
		}
		t.Run(name, func(t *testing.T) {
			reports, unlisted, err := AuditTarget(t.TempDir(), target)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reports {
				if r.OK() {
					t.Log(r)
				} else {
					t.Error(r)
				}
			}
			for _, s := range unlisted {
				t.Errorf("%s is neither audited nor declared public: add it to ctaudit.Targets", s)
			}
		})
	}
}
