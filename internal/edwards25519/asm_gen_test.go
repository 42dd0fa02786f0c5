package edwards25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedAsmIsCurrent regenerates scan_amd64.s and scan_amd64.go with
// the avo program in _asm and fails if they differ from the committed files.
func TestGeneratedAsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../scan_amd64.s", "-stubs", "../scan_amd64.go", "-pkg", "edwards25519"},
		"scan_amd64.s", "scan_amd64.go")
}
