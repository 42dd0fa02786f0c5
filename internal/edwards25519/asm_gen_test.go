package edwards25519

import (
	"bytes"
	"os"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedAsmIsCurrent regenerates edwards_amd64.s and edwards_amd64.go with
// the avo program in _asm and fails if they differ from the committed files.
func TestGeneratedAsmIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../edwards_amd64.s", "-stubs", "../edwards_amd64.go", "-pkg", "edwards25519"},
		"edwards_amd64.s", "edwards_amd64.go")
}

// TestFieldGeneratorCopy checks that _asm/fe4.go, the field arithmetic that
// the point formulas are generated from, is the same file as field25519's
// generator holds.
func TestFieldGeneratorCopy(t *testing.T) {
	want, err := os.ReadFile("../field25519/_asm/fe4.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("_asm/fe4.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("_asm/fe4.go differs from ../field25519/_asm/fe4.go: copy it over")
	}
}
