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

// TestFieldGeneratorCopy checks that _asm/fe4.go and _asm/vec51.go, the
// field arithmetic that the point formulas and the vector additions are
// generated from, are the same files as field25519's generator holds.
func TestFieldGeneratorCopy(t *testing.T) {
	for _, name := range []string{"fe4.go", "vec51.go"} {
		want, err := os.ReadFile("../field25519/_asm/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile("_asm/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("_asm/%s differs from ../field25519/_asm/%s: copy it over", name, name)
		}
	}
}
