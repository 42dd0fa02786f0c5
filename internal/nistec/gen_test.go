package nistec

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedFilesAreCurrent reruns the generator in _gen and checks that
// it gives the committed field, scalar, point, table and dispatch files.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	var files []string
	for _, c := range []string{"p256", "p384", "p521"} {
		files = append(files, c+"_field.go", c+"_scalar.go", c+".go", c+"_table.go", c+"_vartime.go")
	}
	// P-256's dispatch between its assembly and the Go code.
	files = append(files, "p256_field_arch_amd64.go", "p256_field_noasm.go")
	// P-521's dispatch of its multiplication and squaring.
	files = append(files, "p521_field_arch_amd64.go", "p521_field_noasm.go")
	// P-256's arm64 assembly, its declarations and the forwarders to it.
	files = append(files, "p256_field_arm64.s", "p256_field_arm64.go", "p256_field_arch_arm64.go")
	testutil.CheckGenerated(t, "_gen", []string{"-out", ".."}, files...)
}
