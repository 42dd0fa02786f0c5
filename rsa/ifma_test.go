package rsa

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	"golang.org/x/sys/cpu"
)

// TestSignWithoutIFMA runs TestSignPKCS1v15MatchesStd again in a child
// process with AVX512IFMA masked off (GODEBUG=cpu.avx512ifma=off), so that on
// a CPU with it the private operation is compared with crypto/rsa on both
// internal/bigmod paths: the IFMA exponentiation (this process) and the
// 64-bit Montgomery kernels (the child).
func TestSignWithoutIFMA(t *testing.T) {
	if testutil.IsChild(t) {
		if cpu.X86.HasAVX512IFMA {
			t.Fatal("GODEBUG=cpu.avx512ifma=off did not mask AVX512IFMA")
		}
		TestSignPKCS1v15MatchesStd(t)
		return
	}
	if testing.Short() {
		t.Skip("re-runs the test binary; skipped with -short")
	}
	testutil.RunChild(t, "GODEBUG=cpu.avx512ifma=off")
}
