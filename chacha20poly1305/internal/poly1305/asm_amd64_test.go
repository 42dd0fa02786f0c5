//go:build !purego

package poly1305

import (
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestMULXBounds runs the assembly's block loop through checkBlocks64, as
// TestGenericBounds runs blocksGeneric (but for the empty input, which
// blocksMULX does not take).
func TestMULXBounds(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "mulx")
	checkBlocks64(t, blocksMULX)
}

// TestRadixConversion checks that to64 keeps the value of accumulators
// within the MAC's bounds, and from64 keeps it modulo p and returns
// limbs within them.
func TestRadixConversion(t *testing.T) {
	rng := testutil.Rand(t)
	for range trials(20000) {
		h := edgeAccumulator(rng)
		w := to64(&h)
		if w[2] > 4 || words64Value(w).Cmp(limbsValue(h)) != 0 {
			t.Fatalf("to64(%x) = %x", h, w)
		}
		w[2] = uint64(rng.IntN(5))
		var back [3]uint64
		from64(&back, &w)
		if back[0] > 1<<44+20 || back[1] > maxH1 || back[2] > maxH2 {
			t.Fatalf("from64(%x) = %x: out of bounds", w, back)
		}
		got := new(big.Int).Mod(limbsValue(back), bigP)
		if want := new(big.Int).Mod(words64Value(w), bigP); got.Cmp(want) != 0 {
			t.Fatalf("from64(%x) = %x: value changed", w, back)
		}
	}
}

// TestGeneratedAssemblyIsCurrent regenerates sum_amd64.s and its stubs with
// the avo program in _asm and fails if they differ from the committed
// files. It needs the Go module proxy (for avo), as the Wycheproof tests do.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../sum_amd64.s", "-stubs", "../sum_stubs_amd64.go", "-pkg", "poly1305"},
		"sum_amd64.s", "sum_stubs_amd64.go")
}

// TestIFMABounds runs the vector loop directly (below its length threshold
// too) from accumulators at the edges of the MAC's bounds, with
// edge-biased keys and messages of one to twelve groups of eight blocks, and
// checks the result against math/big and the bounds.
func TestIFMABounds(t *testing.T) {
	testutil.RequireImplementation(t, "poly1305", "ifma")
	rng := testutil.Rand(t)
	for range trials(5000) {
		var m MAC
		key := edgeKey(rng)
		m.Init(key)
		m.h = edgeAccumulator(rng)
		msg := edgeMessage(rng, 128*(1+rng.IntN(12)))

		want := limbsValue(m.h)
		for b := 0; b < len(msg); b += BlockSize {
			want.Add(want, leInt(msg[b:b+BlockSize]))
			want.Add(want, new(big.Int).Lsh(big.NewInt(1), 128))
			want.Mul(want, limbsValue(m.r))
			want.Mod(want, bigP)
		}
		in := m.h
		blocksVector(&m, msg)
		if m.h[0] > maxH0 || m.h[1] > maxH1 || m.h[2] > maxH2 {
			t.Fatalf("h %x, key %x: result %x out of bounds", in, key, m.h)
		}
		if got := new(big.Int).Mod(limbsValue(m.h), bigP); got.Cmp(want) != 0 {
			t.Fatalf("h %x, key %x, %d bytes: got %x, want %x", in, key, len(msg), got, want)
		}
	}
}
