//go:build !purego

package nistec

import "golang.org/x/sys/cpu"

// useADX selects the MULX, ADCX and ADOX kernels of the assembly files
// (p256_field_amd64.s, p521_field_amd64.s). Tests flip it to run both paths.
var useADX = cpu.X86.HasBMI2 && cpu.X86.HasADX
