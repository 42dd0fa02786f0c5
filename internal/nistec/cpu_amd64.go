//go:build !purego

package nistec

import "github.com/carry-crypto/carry/internal/impl"

// useADX selects the ADX kernels (implADX), and useAVX512 the AVX-512
// scans (implAVX512), where the CPU has their features.
var useADX, useAVX512 bool

func init() {
	impl.Register(implADX, &useADX)
	impl.Register(implAVX512, &useAVX512)
}
