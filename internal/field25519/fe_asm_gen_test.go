package field25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedAsmIsCurrent regenerates fe_amd64.s and fe_amd64.go with the
// avo program in _asm and fails if they differ from the committed files.
func TestGeneratedAsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../fe_amd64.s", "-stubs", "../fe_amd64.go", "-pkg", "field25519"},
		"fe_amd64.s", "fe_amd64.go")
}
