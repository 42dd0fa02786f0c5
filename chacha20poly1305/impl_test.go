package chacha20poly1305

import (
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// forEachImpl runs f once for each combination of ChaCha20 and Poly1305
// implementations that this machine can run, selecting them for the
// duration of f, with the fused short-message functions off; then once
// with them on, if the machine runs them, and once with the AVX2 short
// kernels on in their place, if it runs those.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	for _, name := range fusedImplementations() {
		t.Run(name, func(t *testing.T) {
			defer useFusedImplementation(true)()
			f(t)
		})
	}
	for _, name := range avx2FusedImplementations() {
		t.Run(name, func(t *testing.T) {
			defer useAVX2FusedOnly()()
			f(t)
		})
	}
	defer useFusedImplementation(false)()
	for _, c := range chacha20.Implementations() {
		for _, p := range poly1305.Implementations() {
			t.Run(c+"+"+p, func(t *testing.T) {
				defer chacha20.UseImplementation(c)()
				defer poly1305.UseImplementation(p)()
				f(t)
			})
		}
	}
}
