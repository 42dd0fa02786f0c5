package chacha20poly1305

import "testing"

// forEachImpl runs f once for each combination of ChaCha20 and Poly1305
// implementations that this machine can run.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	t.Run("portable", f)
}
