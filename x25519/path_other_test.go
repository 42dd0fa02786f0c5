//go:build !amd64 || purego

package x25519

const haveADX = false

func setADX(bool) func() { return func() {} }
