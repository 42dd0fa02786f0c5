package nistec

import (
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
)

// TestRegistered checks that the package lists its two implementations in
// internal/impl in every build, built or not, so that carry version names
// them everywhere.
func TestRegistered(t *testing.T) {
	want := []string{implADX.Name, implAVX512.Name}
	if got := impl.List(implADX.Package); !slices.Equal(got, want) {
		t.Errorf("internal/impl lists %q for %s, want %q", got, implADX.Package, want)
	}
}
