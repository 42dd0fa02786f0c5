package chacha20poly1305

import (
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

// forEachImpl runs f on each implementation of this package that the
// machine runs (the fused kernels: AVX-512, AVX2, and AVX-512 with the
// long-message kernels) and, on its base, on each combination of the
// chacha20 and poly1305 packages' implementations.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	testutil.EachImplementation(t, "chacha20poly1305", func(t *testing.T) {
		if useFused || useAVX2Fused {
			f(t)
			return
		}
		testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
			testutil.EachImplementation(t, "poly1305", f)
		})
	})
}

// portable selects the base of this package, chacha20 and poly1305, the
// portable code throughout, and returns a function that restores their
// choice.
func portable() (restore func()) {
	r1 := impl.Select("chacha20poly1305", "")
	r2 := impl.Select("chacha20", "")
	r3 := impl.Select("poly1305", "")
	return func() { r3(); r2(); r1() }
}

// TestImplementationsNest checks the registry's view of the kernels'
// hierarchy: the long-message kernels run on top of the AVX-512 ones (so
// that selecting them selects those), and need the features of poly1305's
// vector loop, whose lanes they run; and the base is the portable code.
func TestImplementationsNest(t *testing.T) {
	needs := map[string][]string{}
	for _, r := range impl.All() {
		needs[r.Package+"."+r.Name] = r.Needs
	}
	for _, lower := range []string{"chacha20poly1305.fused", "poly1305.ifma"} {
		for _, f := range needs[lower] {
			if !slices.Contains(needs["chacha20poly1305.chunks"], f) {
				t.Errorf("chunks does not need %s, which %s needs", f, lower)
			}
		}
	}
	if impl.Available("chacha20poly1305", "chunks") && !impl.Available("poly1305", "ifma") {
		t.Error("the long-message kernels run where poly1305's vector loop does not")
	}
	if impl.Available("chacha20poly1305", "chunks") {
		restore := impl.Select("chacha20poly1305", "chunks")
		on := useFused && useChunks && !useAVX2Fused
		restore()
		if !on {
			t.Error("selecting chunks did not select the AVX-512 kernels with them, alone")
		}
	}
	if impl.Available("chacha20poly1305", "fused") {
		restore := impl.Select("chacha20poly1305", "fused")
		on := useFused && !useChunks && !useAVX2Fused
		restore()
		if !on {
			t.Error("selecting fused did not select the AVX-512 kernels alone")
		}
	}
	defer portable()()
	if choosePath(1350, 13) != pathPortable || choosePath(16384, 13) != pathPortable {
		t.Error("the base takes a message on a kernel")
	}
}
