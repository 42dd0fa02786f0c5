//go:build !purego

package chacha20poly1305

import (
	"unsafe"

	"github.com/carry-crypto/carry/internal/impl"
)

// useFused selects the AVX-512 kernels (implFused), useAVX2Fused the AVX2
// ones where useFused is off (implAVX2Fused), and useChunks, with
// useFused, the long-message ones (implChunks), where the CPU has their
// features.
var useFused, useAVX2Fused, useChunks bool

func init() {
	impl.Register(implFused, &useFused)
	impl.Register(implAVX2Fused, &useAVX2Fused)
	impl.Register(implChunks, &useChunks)
}

// sealKernel is seal's work on the kernel of path p, one of the assembly
// kernels' paths (see choosePath).
func sealKernel(p path, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	// Two switches of fewer than eight cases, which the compiler does not
	// make a jump table: the audit of the compiled code refuses indirect
	// jumps.
	if p < pathAVX2x1 {
		switch p {
		case pathShort:
			shortSeal(key, nonce, ciphertext, plaintext, additionalData, tag)
		case pathFused:
			sealFused(key, nonce, ciphertext, plaintext, additionalData, tag)
		case pathSets:
			sealSets(key, nonce, ciphertext, plaintext, additionalData, tag)
		case pathSets3:
			sealSets3(key, nonce, ciphertext, plaintext, additionalData, tag)
		default:
			sealSets4(key, nonce, ciphertext, plaintext, additionalData, tag)
		}
		return
	}
	switch p {
	case pathAVX2x1:
		sealAVX2x1(key, nonce, ciphertext, plaintext, additionalData, tag)
	case pathAVX2:
		sealAVX2(key, nonce, ciphertext, plaintext, additionalData, tag)
	case pathAVX2x3:
		sealAVX2x3(key, nonce, ciphertext, plaintext, additionalData, tag)
	case pathAVX2x4:
		sealAVX2x4(key, nonce, ciphertext, plaintext, additionalData, tag)
	case pathAVX2Chunks:
		sealAVX2Chunks(key, nonce, ciphertext, plaintext, additionalData, tag)
	default:
		panic("carry/chacha20poly1305: internal error: no kernel for the path")
	}
}

// openKernel is open's work on the kernel of path p, one of the assembly
// kernels' paths (see choosePath). It reports whether the tag was right.
// The kernels write out only then, but for sealAVX2Chunks's, which writes
// it either way (open zeroes it).
func openKernel(p path, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	var r int
	// Two switches, as in sealKernel.
	if p < pathAVX2x1 {
		switch p {
		case pathShort:
			r = shortOpen(key, nonce, mappedOut(out, tag), ciphertext, additionalData, tag)
		case pathFused:
			r = openFused(key, nonce, mappedOut(out, tag), ciphertext, additionalData, tag)
		case pathSets:
			r = openSets(key, nonce, out, ciphertext, additionalData, tag)
		case pathSets3:
			r = openSets3(key, nonce, out, ciphertext, additionalData, tag)
		default:
			r = openSets4(key, nonce, out, ciphertext, additionalData, tag)
		}
		return r == 1
	}
	switch p {
	case pathAVX2x1:
		r = openAVX2x1(key, nonce, out, ciphertext, additionalData, tag)
	case pathAVX2:
		r = openAVX2(key, nonce, out, ciphertext, additionalData, tag)
	case pathAVX2x3:
		r = openAVX2x3(key, nonce, out, ciphertext, additionalData, tag)
	case pathAVX2x4:
		r = openAVX2x4(key, nonce, out, ciphertext, additionalData, tag)
	case pathAVX2Chunks:
		// The tag is copied first: out may overlap it (the memory after
		// the ciphertext), and the kernel writes out before it reads the
		// tag.
		expected := *tag
		r = openAVX2Chunks(key, nonce, out, ciphertext, additionalData, &expected)
	default:
		panic("carry/chacha20poly1305: internal error: no kernel for the path")
	}
	return r == 1
}

// pageTail reports whether the last block of src or of dst's first
// len(src) bytes, which the AVX-512 kernels load or store whole under a
// mask of the data's bytes, reaches a page past the one that holds the
// data's last byte. Such a masked access does not fault, but takes a
// microcode assist, some hundred cycles, on every call when the masked-out
// bytes reach a page the process has not touched or may not access; the
// kernels then run on a copy in the frame (sealBounced, openBounced). It
// reads the addresses and the length, which are public.
func pageTail(dst, src []byte) bool {
	last := uintptr(len(src)) - 1
	// The window's bytes past the data's end: 0 to 63.
	past := 63 - last%blockSize
	s := (uintptr(unsafe.Pointer(unsafe.SliceData(src)))+last)%pageSize + past
	d := (uintptr(unsafe.Pointer(unsafe.SliceData(dst)))+last)%pageSize + past
	return s >= pageSize || d >= pageSize
}

// pageSize is the smallest page of amd64, which pageTail's windows must not
// reach past.
const pageSize = 4096

// bounceSize is the frame's copy of the data in sealBounced and
// openBounced: the AVX-512 kernels' longest message and a block for the
// window of its last one.
const bounceSize = sets4Max + blockSize

// sealBounced is seal's work on an AVX-512 kernel's path p when pageTail
// holds: the kernel seals a copy of plaintext in place in the frame, which
// the copy's last block's window does not leave, and the ciphertext is
// copied out.
func sealBounced(p path, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	var b [bounceSize]byte
	buf := b[:len(plaintext)]
	copy(buf, plaintext)
	sealKernel(p, key, nonce, buf, buf, additionalData, tag)
	copy(ciphertext, buf)
}

// openBounced is open's work on an AVX-512 kernel's path p when pageTail
// holds, as sealBounced's: the kernel opens a copy of ciphertext in place
// in the frame, and the plaintext is copied out if the tag was right.
func openBounced(p path, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	var b [bounceSize]byte
	buf := b[:len(ciphertext)]
	copy(buf, ciphertext)
	ok := openKernel(p, key, nonce, buf, buf, additionalData, tag)
	if ok {
		copy(out, buf)
	}
	return ok
}
