package edwards25519

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedAsmIsCurrent reruns the avo generator of _asm, from a copy in
// a temporary directory and with the arguments of its go:generate line, and
// checks that scan_amd64.s and scan_amd64.go equal the committed files. It
// needs the avo module, from the module cache or the module proxy.
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
	for _, name := range []string{"go.mod", "go.sum", "scan_amd64_asm.go"} {
		data, err := os.ReadFile(filepath.Join("_asm", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(gen, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "run", ".", "-out", "../scan_amd64.s", "-stubs", "../scan_amd64.go", "-pkg", "edwards25519")
	cmd.Dir = gen
	// The generator runs for the host, whatever this test is built for.
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
	for _, name := range []string{"scan_amd64.s", "scan_amd64.go"} {
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate in _asm", name)
		}
	}
}
