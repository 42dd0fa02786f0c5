//go:build !purego

package chacha20poly1305

import "golang.org/x/sys/cpu"

// useFused selects the fused Seal and Open of short messages
// (fused_amd64.s, and sets_amd64.s up to sets5Max bytes): ChaCha20 and
// Poly1305 in one assembly function, with no buffer, copy or call between
// them. Tests flip it to run every path.
var useFused = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL && cpu.X86.HasBMI2

// haveFused is whether the CPU runs the fused functions.
var haveFused = useFused

// fusedMax is the longest message the fused functions take: three blocks,
// which with block 0 (the Poly1305 key) fill one set of four.
const fusedMax = 3 * blockSize

// shortMax is the longest message shortSeal and shortOpen take: one block,
// the size of TLS and QUIC's smallest records, for which they leave out
// the work of the other two. Seal and Open call them directly (see
// shortOK); sealShort and openShort, for longer messages, the fused
// functions.
const shortMax = blockSize

// shortMaxAD is the most additional data shortSeal and shortOpen take: one
// Poly1305 block, more than the 13 bytes of TLS 1.2's record header and the
// 5 of TLS 1.3's.
const shortMaxAD = 16

// shortOK reports whether shortSeal and shortOpen take a message of n
// bytes with adLen bytes of additional data: the CPU runs them, n <=
// shortMax and adLen <= shortMaxAD.
func shortOK(n, adLen int) bool {
	return useFused && n <= shortMax && adLen <= shortMaxAD
}

// setsMax is the longest message sealSets and openSets take (sets_amd64.s):
// seven blocks, which with block 0 fill two sets of four; the shortest is
// fusedMax+1.
const setsMax = 7 * blockSize

// sets3Max is the longest message sealSets3 and openSets3 take
// (sets_amd64.s): eleven blocks, which with block 0 fill three sets of
// four; the shortest is setsMax+1.
const sets3Max = 11 * blockSize

// sets4Max is the longest message sealSets4 and openSets4 take
// (sets_amd64.s): fifteen blocks, which with block 0 fill four sets of
// four; the shortest is sets3Max+1.
const sets4Max = 15 * blockSize

// sets5Max is the longest message sealSets5 and openSets5 take
// (sets_amd64.s): nineteen blocks, which with block 0 fill five sets of
// four; the shortest is sets4Max+1.
const sets5Max = 19 * blockSize

// sealShort is seal's work for messages of at most sets5Max bytes, if the
// CPU runs the fused functions: sealFused up to fusedMax bytes, sealSets
// up to setsMax, sealSets3 up to sets3Max, sealSets4 up to sets4Max,
// sealSets5 after. It reports whether it did the work.
func sealShort(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	switch n := len(plaintext); {
	case !useFused || n > sets5Max:
		return false
	case n <= fusedMax:
		sealFused(key, nonce, ciphertext, plaintext, additionalData, tag)
	case n > sets4Max:
		sealSets5(key, nonce, ciphertext, plaintext, additionalData, tag)
	case n > sets3Max:
		sealSets4(key, nonce, ciphertext, plaintext, additionalData, tag)
	case n > setsMax:
		sealSets3(key, nonce, ciphertext, plaintext, additionalData, tag)
	default:
		sealSets(key, nonce, ciphertext, plaintext, additionalData, tag)
	}
	return true
}

// openShort is open's work for messages of at most sets5Max bytes, if the
// CPU runs the fused functions (openFused, openSets, openSets3, openSets4,
// then openSets5, as sealShort):
// done reports whether it did the work, and ok whether the tag was right
// (out is written only then).
func openShort(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	switch n := len(ciphertext); {
	case !useFused || n > sets5Max:
		return false, false
	case n <= fusedMax:
		return true, openFused(key, nonce, mappedOut(out, tag), ciphertext, additionalData, tag) == 1
	case n > sets4Max:
		return true, openSets5(key, nonce, out, ciphertext, additionalData, tag) == 1
	case n > sets3Max:
		return true, openSets4(key, nonce, out, ciphertext, additionalData, tag) == 1
	case n > setsMax:
		return true, openSets3(key, nonce, out, ciphertext, additionalData, tag) == 1
	default:
		return true, openSets(key, nonce, out, ciphertext, additionalData, tag) == 1
	}
}

// fusedImplementations returns "fused" if the CPU runs the fused
// functions, for tests.
func fusedImplementations() []string {
	if haveFused {
		return []string{"fused"}
	}
	return nil
}

// useFusedImplementation turns the fused functions (and the AVX2 short
// kernels, which take the same messages where the CPU has no AVX-512) on
// or off and returns a function that restores the previous choice. It is
// for tests.
func useFusedImplementation(on bool) (restore func()) {
	old, oldAVX2 := useFused, useAVX2Fused
	useFused = on && haveFused
	useAVX2Fused = on && haveAVX2Fused
	return func() { useFused, useAVX2Fused = old, oldAVX2 }
}
