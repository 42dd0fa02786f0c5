package bigmod

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedKernelsAreCurrent runs the generator in _gen into a temporary
// file and checks that it equals the committed mont_sized.go, so that the
// unrolled kernels never drift from their generator.
func TestGeneratedKernelsAreCurrent(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go tool not found: %v", err)
	}
	out := filepath.Join(t.TempDir(), "mont_sized.go")
	cmd := exec.Command(goTool, "run", ".", "-out", out)
	cmd.Dir = "_gen"
	// The generator runs on the host, whatever this test was built for.
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOARCH=") && !strings.HasPrefix(kv, "GOOS=") &&
			!strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "GOWORK=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "GOWORK=off", "GOFLAGS=-mod=readonly")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("running the generator: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("mont_sized.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("mont_sized.go is stale: run go generate in internal/bigmod")
	}
}
