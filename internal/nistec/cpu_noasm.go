//go:build !amd64 || purego

package nistec

import "github.com/carry-crypto/carry/internal/impl"

// The assembly is not built here.
func init() {
	impl.Register(implADX, nil)
	impl.Register(implAVX512, nil)
}
