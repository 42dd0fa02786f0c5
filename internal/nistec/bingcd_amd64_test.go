//go:build !purego

package nistec

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedBingcdAsmIsCurrent regenerates bingcd_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedBingcdAsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-curve", "bingcd", "-out", "../bingcd_amd64.s", "-stubs", "../bingcd_amd64.go", "-pkg", "nistec"},
		"bingcd_amd64.s", "bingcd_amd64.go")
}
