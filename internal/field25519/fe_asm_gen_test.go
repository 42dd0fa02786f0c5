package field25519

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedAsmIsCurrent regenerates fe_amd64.s and fe_amd64.go from
// _asm and checks that they equal the committed files. The generator is run
// from a copy of _asm one level below a temporary directory, with the same
// arguments as its go:generate line, so that even the command recorded in
// the header matches. It needs the avo module, from the module cache or the
// module proxy; if that cannot be had, the test fails.
func TestGeneratedAsmIsCurrent(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go tool not found: %v", err)
	}
	tmp := t.TempDir()
	gen := filepath.Join(tmp, "_asm")
	if err := os.Mkdir(gen, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"go.mod", "go.sum", "fe_amd64_asm.go"} {
		data, err := os.ReadFile(filepath.Join("_asm", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(gen, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	cmd := exec.Command(goTool, "run", ".", "-out", "../fe_amd64.s", "-stubs", "../fe_amd64.go", "-pkg", "field25519")
	cmd.Dir = gen
	// The generator runs on the host whatever this test was built for
	// (GOARCH=386, or arm64 under an emulator).
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOARCH=") && !strings.HasPrefix(kv, "GOOS=") &&
			!strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "GOWORK=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("regenerating the assembly failed: %v\n%s", err, out)
	}

	for _, name := range []string{"fe_amd64.s", "fe_amd64.go"} {
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate in _asm (regenerated output differs)", name)
		}
	}
}
