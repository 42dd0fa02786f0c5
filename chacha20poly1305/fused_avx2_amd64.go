//go:build !purego

package chacha20poly1305

import "golang.org/x/sys/cpu"

// haveAVX2Fused is whether the CPU runs the AVX2 kernels
// (fused_avx2_amd64.s: sealAVX2 and openAVX2 and their one-, three- and
// four-set variants x1, x3 and x4; chunks_avx2_amd64.s: sealAVX2Chunks and
// openAVX2Chunks): ChaCha20 on AVX2 and Poly1305 on MULX in one function,
// for CPUs without AVX-512.
var haveAVX2Fused = cpu.X86.HasAVX2 && cpu.X86.HasBMI2

// useAVX2Fused selects the AVX2 kernels where the AVX-512 ones are not in
// use (see choosePath). Tests flip it (useFusedImplementation) to run
// every path.
var useAVX2Fused = haveAVX2Fused

// avx2FusedImplementations returns "avx2fused" if the CPU runs the AVX2
// kernels, for tests.
func avx2FusedImplementations() []string {
	if haveAVX2Fused {
		return []string{"avx2fused"}
	}
	return nil
}

// useAVX2FusedOnly turns the AVX-512 kernels off and the AVX2 ones on,
// and returns a function that restores the previous choice. It is for
// tests.
func useAVX2FusedOnly() (restore func()) {
	old, oldAVX2 := useFused, useAVX2Fused
	useFused, useAVX2Fused = false, haveAVX2Fused
	return func() { useFused, useAVX2Fused = old, oldAVX2 }
}
