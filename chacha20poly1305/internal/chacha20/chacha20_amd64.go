//go:build !purego

package chacha20

import "golang.org/x/sys/cpu"

// useAVX512 selects the AVX-512 assembly (chacha20_amd64.s). Tests flip it
// to run every path.
var useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI2

// xorKeyStream runs the AVX-512 kernels on pieces of src: whole 1024-byte
// chunks on the sixteen-block vertical kernel, then up to 512 bytes at a
// time on the eight-block horizontal one, and the last 256 bytes or fewer
// on the four-block one, which has the shortest latency.
func xorKeyStream(s *State, dst, src []byte) {
	if !useAVX512 {
		xorKeyStreamGeneric(s, dst, src)
		return
	}
	for len(src) > 0 {
		var n int
		switch {
		case len(src) >= 1024:
			n = len(src) &^ 1023
			chacha16AVX512((*[16]uint32)(s), dst[:n], src[:n])
		case len(src) > 256:
			n = min(len(src), 512)
			chacha8AVX512((*[16]uint32)(s), dst[:n], src[:n])
		default:
			n = len(src)
			chacha4AVX512((*[16]uint32)(s), dst[:n], src)
		}
		s[12] += uint32((n + BlockSize - 1) / BlockSize)
		dst, src = dst[n:], src[n:]
	}
}

// haveAVX512 is whether the CPU runs the AVX-512 kernels.
var haveAVX512 = useAVX512

// Implementations returns the names of the implementations this machine
// runs, the one in use first ("avx512" where the CPU has it, and
// "portable"). With UseImplementation, it lets tests run every path.
func Implementations() []string {
	if haveAVX512 {
		return []string{"avx512", "portable"}
	}
	return []string{"portable"}
}

// UseImplementation selects the named implementation, which must be one of
// Implementations, and returns a function that restores the previous
// choice. It is for tests, and is not safe for concurrent use.
func UseImplementation(name string) (restore func()) {
	old := useAVX512
	switch {
	case name == "avx512" && haveAVX512:
		useAVX512 = true
	case name == "portable":
		useAVX512 = false
	default:
		panic("chacha20: unknown implementation " + name)
	}
	return func() { useAVX512 = old }
}
