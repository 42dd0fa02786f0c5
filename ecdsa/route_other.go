//go:build !arm64 || purego

package ecdsa

// stdP256 is false: carry's P-256 is the faster here (see route_arm64.go).
const stdP256 = false
