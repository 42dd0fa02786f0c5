package bigmod

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedKernelsAreCurrent reruns the generator in _gen and checks
// that it gives the committed mont_sized.go, so that the unrolled kernels
// never drift from their generator.
func TestGeneratedKernelsAreCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_gen", []string{"-out", "../mont_sized.go"}, "mont_sized.go")
}
