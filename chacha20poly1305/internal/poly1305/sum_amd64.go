//go:build !purego

package poly1305

import "golang.org/x/sys/cpu"

// useMULX selects the assembly block loop (sum_amd64.s), on 64-bit words
// with MULX. Tests flip it to run every path.
var useMULX = cpu.X86.HasBMI2

// haveMULX is whether the CPU runs the assembly.
var haveMULX = useMULX

// blocks is blocksGeneric, on the assembly where the CPU has BMI2. The
// accumulator stays in the portable code's limbs between calls; the
// assembly works on 64-bit words, converted on the way in and out.
func blocks(m *MAC, p []byte, hibit uint64) {
	if !useMULX {
		blocksGeneric(m, p, hibit)
		return
	}
	w := to64(&m.h)
	blocksMULX(&w, &m.r64, p, hibit)
	from64(&m.h, &w)
}

// Implementations returns the names of the implementations this machine
// runs, the one in use first ("mulx" where the CPU has BMI2, and
// "portable"). With UseImplementation, it lets tests run every path.
func Implementations() []string {
	if haveMULX {
		return []string{"mulx", "portable"}
	}
	return []string{"portable"}
}

// UseImplementation selects the named implementation, which must be one of
// Implementations, and returns a function that restores the previous
// choice. It is for tests, and is not safe for concurrent use.
func UseImplementation(name string) (restore func()) {
	old := useMULX
	switch {
	case name == "mulx" && haveMULX:
		useMULX = true
	case name == "portable":
		useMULX = false
	default:
		panic("poly1305: unknown implementation " + name)
	}
	return func() { useMULX = old }
}
