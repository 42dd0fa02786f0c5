package bigmod

import (
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
)

// TestImplementationsRegistered checks that the package registers its two
// implementations in every build, built or not, as internal/impl asks so
// that the registry lists the same ones everywhere, and that the flags the
// kernels read agree with the registry: on exactly where the
// implementation is built and the CPU has its features.
func TestImplementationsRegistered(t *testing.T) {
	names := slices.Sorted(slices.Values(impl.List("bigmod")))
	if !slices.Equal(names, []string{"adx", "ifma"}) {
		t.Fatalf("bigmod registers %q, want adx and ifma", names)
	}
	if useADX != impl.Available("bigmod", "adx") {
		t.Errorf("useADX is %v, but adx available is %v", useADX, !useADX)
	}
	if useIFMA != impl.Available("bigmod", "ifma") {
		t.Errorf("useIFMA is %v, but ifma available is %v", useIFMA, !useIFMA)
	}
}
