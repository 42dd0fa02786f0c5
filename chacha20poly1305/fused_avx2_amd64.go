//go:build !purego

package chacha20poly1305

import "golang.org/x/sys/cpu"

// haveAVX2Fused is whether the CPU runs the AVX2 short kernels
// (fused_avx2_amd64.s: sealAVX2 and openAVX2 and their one-, three- and
// four-set variants x1, x3 and x4): ChaCha20 on AVX2 and Poly1305 on MULX
// in one function, for CPUs without AVX-512, and where the CPU has it for
// the middle lengths (see avx2MidMax) after the 192 bytes that the fused
// kernels of fused_amd64.s take.
var haveAVX2Fused = cpu.X86.HasAVX2 && cpu.X86.HasBMI2

// useAVX2Fused selects the AVX2 kernels for the messages avx2Takes
// reports. Tests flip it (useFusedImplementation) to run every path.
var useAVX2Fused = haveAVX2Fused

// avx2Max is the longest message the AVX2 short kernels take: seven
// blocks, which with block 0 fill four sets of two (sealAVX2x4,
// openAVX2x4). Each kernel takes the messages that fill its sets: up to
// one block with one set (x1), three with two, five with three (x3).
const avx2Max = 7 * blockSize

// avx2MidMax is the longest message the AVX2 kernels take where the
// AVX-512 ones are in use too: sets3Max, so none, the AVX-512 kernels
// being faster at every length.
const avx2MidMax = sets3Max

// avx2Takes reports whether the AVX2 kernels take a message of n bytes:
// every message where they are in use and the AVX-512 ones are not, and
// those of sets3Max+1 to avx2MidMax bytes where both are, none (sealShort
// and openShort take the shorter ones, on the AVX-512 fused, two-set and
// three-set kernels).
func avx2Takes(n int) bool {
	return useAVX2Fused && (!useFused || n > sets3Max && n <= avx2MidMax)
}

// wideHead reports whether seal and open start a message past the short
// kernels on chacha20's wide head (sealLong and openLong; see headWide):
// block 0 and the first blocks of data in one pass of the sixteen-block
// AVX-512 kernel, written where they go, where the AVX-512 kernels are in
// use. Elsewhere (AVX2, where the head would compute block 0 on its own, a
// two-block kernel's whole latency) a long message starts as a short one
// does, on keyAndHead with shortHead: block 0 and seven blocks of data in
// one pass of the eight-block kernel.
func wideHead() bool { return useFused }

// sealAVX2Kernels is seal's work on the AVX2 kernels, for the messages
// they take (see avx2Takes): the short kernel whose sets the message
// fills for at most avx2Max bytes, and for longer ones sealAVX2Chunks
// (chunks_avx2_amd64.s: ChaCha20 on eight vertical blocks, the MAC stitched
// into its rounds). It reports whether it did the work.
func sealAVX2Kernels(key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) bool {
	switch n := len(plaintext); {
	case !avx2Takes(n):
		return false
	case n <= blockSize:
		sealAVX2x1(key, nonce, ciphertext, plaintext, additionalData, tag)
	case n <= 3*blockSize:
		sealAVX2(key, nonce, ciphertext, plaintext, additionalData, tag)
	case n <= 5*blockSize:
		sealAVX2x3(key, nonce, ciphertext, plaintext, additionalData, tag)
	case n <= avx2Max:
		sealAVX2x4(key, nonce, ciphertext, plaintext, additionalData, tag)
	default:
		sealAVX2Chunks(key, nonce, ciphertext, plaintext, additionalData, tag)
	}
	return true
}

// openAVX2Kernels is open's work on the AVX2 kernels, as sealAVX2Kernels
// is seal's: done reports whether it did the work, and ok whether the tag
// was right. The short kernels write out only then; openAVX2Chunks writes
// it either way, and open zeroes it if the tag was wrong.
func openAVX2Kernels(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) (done, ok bool) {
	var r int
	switch n := len(ciphertext); {
	case !avx2Takes(n):
		return false, false
	case n <= blockSize:
		r = openAVX2x1(key, nonce, out, ciphertext, additionalData, tag)
	case n <= 3*blockSize:
		r = openAVX2(key, nonce, out, ciphertext, additionalData, tag)
	case n <= 5*blockSize:
		r = openAVX2x3(key, nonce, out, ciphertext, additionalData, tag)
	case n <= avx2Max:
		r = openAVX2x4(key, nonce, out, ciphertext, additionalData, tag)
	default:
		// The tag is copied first: out may overlap it (the memory after
		// the ciphertext), and the kernel writes out before it reads the
		// tag.
		expected := *tag
		r = openAVX2Chunks(key, nonce, out, ciphertext, additionalData, &expected)
	}
	return true, r == 1
}

// avx2FusedImplementations returns "avx2fused" if the CPU runs the AVX2
// short kernels, for tests.
func avx2FusedImplementations() []string {
	if haveAVX2Fused {
		return []string{"avx2fused"}
	}
	return nil
}

// useAVX2FusedOnly turns the AVX-512 fused kernels off and the AVX2 short
// kernels on, and returns a function that restores the previous choice.
// It is for tests.
func useAVX2FusedOnly() (restore func()) {
	old, oldAVX2 := useFused, useAVX2Fused
	useFused, useAVX2Fused = false, haveAVX2Fused
	return func() { useFused, useAVX2Fused = old, oldAVX2 }
}
