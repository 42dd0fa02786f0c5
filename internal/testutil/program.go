package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// SamePrograms runs the Go program src twice, with IMPORT in it replaced by
// stdImport and then by carryImport, and fails t unless both build and
// print the same wantLines lines: the check that a program written against
// a standard package behaves the same after its import is swapped for
// carry's.
func SamePrograms(t testing.TB, src, stdImport, carryImport string, wantLines int) {
	t.Helper()
	want := runProgram(t, src, stdImport)
	got := runProgram(t, src, carryImport)
	if got != want {
		t.Errorf("with %s the program printed\n%s\nwith %s\n%s", carryImport, got, stdImport, want)
	}
	if n := strings.Count(want, "\n"); n != wantLines {
		t.Errorf("the program printed %d lines, want %d:\n%s", n, wantLines, want)
	}
}

// runProgram writes src, with IMPORT replaced by importLine, to a temporary
// directory, runs it with go run from the calling test's directory (so that
// the module's requirements resolve the import) and returns what it
// printed. GOOS and GOARCH are left out of its environment: the program
// runs on the host, whichever architecture the test binary was built for.
func runProgram(t testing.TB, src, importLine string) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	file := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(file, []byte(strings.Replace(src, "IMPORT", importLine, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCmd, "run", file)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOOS=") && !strings.HasPrefix(kv, "GOARCH=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run with %s: %v\n%s", importLine, err, out)
	}
	return string(out)
}
