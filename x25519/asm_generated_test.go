//go:build amd64 && !purego

package x25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedAssemblyIsCurrent regenerates ladder_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../ladder_amd64.s", "-stubs", "../ladder_amd64.go", "-pkg", "x25519"},
		"ladder_amd64.s", "ladder_amd64.go")
}
