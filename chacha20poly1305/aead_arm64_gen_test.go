package chacha20poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestGeneratedARM64IsCurrent reruns the generator in _gen and checks that
// it gives the committed aead_arm64.s.
func TestGeneratedARM64IsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_gen", []string{"-out", "../aead_arm64.s"}, "aead_arm64.s")
}
