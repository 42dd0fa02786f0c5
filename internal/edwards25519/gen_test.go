package edwards25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedTableIsCurrent reruns the generator in _gen, which also
// checks its addition law and the basepoint's order, and checks that it
// gives the committed table_base.go.
func TestGeneratedTableIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_gen", []string{"-out", "../table_base.go"}, "table_base.go")
}
