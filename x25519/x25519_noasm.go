//go:build !amd64 || purego

package x25519

func scalarMult(dst, k, u *[32]byte) { scalarMultGeneric(dst, k, u) }
