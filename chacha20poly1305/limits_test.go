//go:build !race

// Without the race detector: a slice longer than its memory, as below, is
// refused by the checks that -race (checkptr) adds.

package chacha20poly1305

import (
	"strconv"
	"testing"
	"unsafe"
)

// TestTooLargePanics checks that Seal refuses a plaintext longer than
// 2^38 - 64 bytes and Open a ciphertext longer than 2^38 - 48, by panicking
// before reading it, as x/crypto does. The slices only claim those lengths:
// nothing past their first bytes exists or is read.
func TestTooLargePanics(t *testing.T) {
	if strconv.IntSize == 32 {
		t.Skip("on 32-bit platforms no slice reaches 2^38 bytes: the limit cannot be passed")
	}
	var backing [64]byte
	huge := func(n uint64) []byte { return unsafe.Slice(&backing[0], n) }
	for _, v := range variants {
		a, _ := v.new(make([]byte, KeySize))
		nonce := make([]byte, v.nonceSize)
		mustPanicWith(t, v.name+": Seal of 2^38-63 bytes", "plaintext too large", func() { a.Seal(nil, nonce, huge(1<<38-63), nil) })
		mustPanicWith(t, v.name+": Open of 2^38-47 bytes", "ciphertext too large", func() { a.Open(nil, nonce, huge(1<<38-47), nil) })
	}
}
