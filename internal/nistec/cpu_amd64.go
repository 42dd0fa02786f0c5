//go:build !purego

package nistec

import "golang.org/x/sys/cpu"

// useADX selects the MULX, ADCX and ADOX kernels of the assembly files
// (p256_field_amd64.s, p521_field_amd64.s). Tests flip it to run both paths.
var useADX = cpu.X86.HasBMI2 && cpu.X86.HasADX

// useAVX512 selects the AVX-512 scans of the fixed-base table
// (p256SelectBaseAVX512) and of ScalarMult's table (p256SelectAVX512, which
// takes AVX-512VL too) over the SSE2 ones. Tests flip it to run both.
var useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL
