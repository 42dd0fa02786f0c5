//go:build amd64 && !purego

package x25519

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedAssemblyIsCurrent regenerates ladder_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files. It needs the Go module proxy (for avo), as the Wycheproof tests do.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: regenerating the assembly builds avo")
	}
	dir := t.TempDir()
	out, stubs := filepath.Join(dir, "ladder_amd64.s"), filepath.Join(dir, "ladder_amd64.go")
	cmd := exec.Command("go", "run", ".", "-out", out, "-stubs", stubs, "-pkg", "x25519")
	cmd.Dir = "_asm"
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("regenerating the assembly: %v\n%s", err, b)
	}
	for _, f := range []struct{ got, want string }{{out, "ladder_amd64.s"}, {stubs, "ladder_amd64.go"}} {
		got, err := os.ReadFile(f.got)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(f.want)
		if err != nil {
			t.Fatal(err)
		}
		// The generator names its output files in the header line.
		got = bytes.ReplaceAll(got, []byte(dir+string(filepath.Separator)), []byte("../"))
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate in x25519/_asm", f.want)
		}
	}
}
