package bingcd

import (
	"flag"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long randomized tests (2·10^6 approximations)")

// TestGeneratedInnerIsCurrent regenerates inner_amd64.s and inner_amd64.go
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedInnerIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../inner_amd64.s", "-stubs", "../inner_amd64.go", "-pkg", "bingcd"},
		"inner_amd64.s", "inner_amd64.go")
}

// edges are approximations at the bounds: the low Steps bits and the top
// bit full or empty, and alternating bits.
var edges = []uint64{0, 1, 2, 3, 1<<31 - 1, 1 << 31, 1<<31 + 1, 1<<63 - 1, 1 << 63, 1<<63 + 1,
	^uint64(0) - 1, ^uint64(0), 0x5555555555555555, 0xaaaaaaaaaaaaaaaa}

// approximations returns pairs of approximations: every pair of edges,
// then random ones (2·10^6 with -long), a quarter of them with xa an edge,
// with xa shifted down, with xb = xa but for one bit, or with a run of
// ones at the top of xa.
func approximations(t *testing.T) [][2]uint64 {
	var out [][2]uint64
	for _, xa := range edges {
		for _, xb := range edges {
			out = append(out, [2]uint64{xa, xb})
		}
	}
	r := testutil.Rand(t)
	for i := range testutil.Runs(*long, 20000, 2000000, 2000) {
		xa, xb := r.Uint64(), r.Uint64()
		switch i % 5 {
		case 1:
			xa = edges[r.IntN(len(edges))]
		case 2:
			xa >>= r.IntN(64)
		case 3:
			xb = xa ^ 1<<r.IntN(64)
		case 4:
			xa |= ^uint64(0) << r.IntN(64)
		}
		out = append(out, [2]uint64{xa, xb})
	}
	return out
}

// TestInner checks Inner (the assembly where the build has it) against
// innerGeneric word for word, on every approximation, b odd or not.
func TestInner(t *testing.T) {
	for _, x := range approximations(t) {
		fg0, fg1 := Inner(x[0], x[1])
		h0, h1 := innerGeneric(x[0], x[1])
		if fg0 != h0 || fg1 != h1 {
			t.Fatalf("Inner(%#x, %#x) = %#x, %#x; innerGeneric %#x, %#x", x[0], x[1], fg0, fg1, h0, h1)
		}
	}
}

// TestInnerGeneric checks innerGeneric's packed matrix, read with Offset,
// against innerReference's separate coefficients, and that these stay in
// [-(2^31-1), 2^31], on every approximation with b made odd.
func TestInnerGeneric(t *testing.T) {
	unpack := func(fg uint64) (int64, int64) {
		fg += Offset
		return int64(fg&0xffffffff) - (1<<31 - 1), int64(fg>>32) - (1<<31 - 1)
	}
	for _, x := range approximations(t) {
		xa, xb := x[0], x[1]|1
		f0, g0, f1, g1 := innerReference(xa, xb)
		for _, c := range []int64{f0, g0, f1, g1} {
			if c < -(1<<31-1) || c > 1<<31 {
				t.Fatalf("steps on %#x, %#x: coefficient %d out of [-(2^31-1), 2^31]", xa, xb, c)
			}
		}
		fg0, fg1 := innerGeneric(xa, xb)
		if h0, k0 := unpack(fg0); h0 != f0 || k0 != g0 {
			t.Fatalf("innerGeneric(%#x, %#x): f0, g0 = %d, %d, want %d, %d", xa, xb, h0, k0, f0, g0)
		}
		if h1, k1 := unpack(fg1); h1 != f1 || k1 != g1 {
			t.Fatalf("innerGeneric(%#x, %#x): f1, g1 = %d, %d, want %d, %d", xa, xb, h1, k1, f1, g1)
		}
	}
}

// innerReference takes the Steps binary GCD steps one at a time, with
// branches and four signed coefficients: a and b as combinations of xa and
// xb, scaled by 2^Steps.
func innerReference(xa, xb uint64) (f0, g0, f1, g1 int64) {
	f0, g0, f1, g1 = 1, 0, 0, 1
	for range Steps {
		if xa&1 == 1 {
			if xa < xb {
				xa, xb, f0, g0, f1, g1 = xb, xa, f1, g1, f0, g0
			}
			xa, f0, g0 = xa-xb, f0-f1, g0-g1
		}
		xa, f1, g1 = xa>>1, 2*f1, 2*g1
	}
	return f0, g0, f1, g1
}

// TestNonzeroMask checks NonzeroMask on 0, on each single bit and on random
// words.
func TestNonzeroMask(t *testing.T) {
	ws := []uint64{0, ^uint64(0)}
	for i := range 64 {
		ws = append(ws, 1<<i)
	}
	r := testutil.Rand(t)
	for range 1000 {
		ws = append(ws, r.Uint64())
	}
	for _, w := range ws {
		want := uint64(0)
		if w != 0 {
			want = ^uint64(0)
		}
		if got := NonzeroMask(w); got != want {
			t.Fatalf("NonzeroMask(%#x) = %#x, want %#x", w, got, want)
		}
	}
}
