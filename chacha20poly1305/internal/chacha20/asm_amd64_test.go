//go:build !purego

package chacha20

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAssemblyMatchesPortable compares each assembly kernel directly with
// the portable code, on every length up to 2200 bytes (each kernel's whole
// chunks and every length of its masked tail) and random counters; with
// -long, 20 times over.
func TestAssemblyMatchesPortable(t *testing.T) {
	type kernel struct {
		name string
		f    func(*[16]uint32, []byte, []byte)
		unit int // the kernel only takes whole multiples of unit bytes
	}
	var kernels []kernel
	if impl.Available("chacha20", "avx512") {
		kernels = append(kernels, kernel{"chacha16AVX512", chacha16AVX512, 1024},
			kernel{"chacha8AVX512", chacha8AVX512, 1})
	}
	if impl.Available("chacha20", "avx2") {
		kernels = append(kernels, kernel{"chacha8AVX2", chacha8AVX2, 512})
	}
	if len(kernels) == 0 {
		t.Skip("the CPU has neither AVX-512 nor AVX2: only the portable code runs here")
	}
	rng := testutil.Rand(t)
	for range trials(1) {
		for _, k := range kernels {
			for n := 0; n <= 2200; n++ {
				if n%k.unit != 0 {
					continue
				}
				s := randState(rng)
				src := make([]byte, n)
				fill(rng.Uint64, src)
				want := make([]byte, n)
				if n > 0 {
					before := s
					xorKeyStreamGeneric(&before, want, src)
				}
				got := make([]byte, n+64)
				for i := range got {
					got[i] = 0xc3
				}
				before := s
				k.f((*[16]uint32)(&s), got[:n], src)
				if s != before {
					t.Fatalf("%s changed the state", k.name)
				}
				if !bytes.Equal(got[:n], want) {
					t.Fatalf("%s, %d bytes: differs from the portable code", k.name, n)
				}
				if !bytes.Equal(got[n:], bytes.Repeat([]byte{0xc3}, 64)) {
					t.Fatalf("%s, %d bytes: wrote past the output", k.name, n)
				}
			}
		}
	}
}

// TestGeneratedAssemblyIsCurrent regenerates chacha20_amd64.s and its stubs
// with the avo program in _asm and fails if they differ from the committed
// files. It needs the Go module proxy (for avo), as the Wycheproof tests do.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../chacha20_amd64.s", "-stubs", "../chacha20_stubs_amd64.go", "-pkg", "chacha20"},
		"chacha20_amd64.s", "chacha20_stubs_amd64.go")
}
