//go:build !purego

package chacha20poly1305

import (
	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// haveChunks is whether the CPU also runs the fused long-message kernel
// (xorChunksMAC), which needs AVX-512 IFMA for Poly1305. useFused selects
// it too.
var haveChunks = haveFused && poly1305.HaveLanes()

// chunked is sealLong's or openLong's work after the head on the fused
// long-message kernel, if the CPU runs it and the message has at least one
// whole 1024-byte chunk after the head: it sets out[HeadSize:] =
// in[HeadSize:] XOR the keystream of s (which is at the block after the
// head), and writes to tag the MAC, with mac (initialised, nothing written
// yet), of additionalData and ciphertext (out in Seal, in in Open, whose
// first HeadSize bytes are already there). It reports whether it did the
// work. open is whether ciphertext is in (Open) rather than out (Seal).
//
// The kernel computes ChaCha20 on the chunks of data after the head and,
// beside it, Poly1305's vector loop over the ciphertext from its start, one
// chunk behind (the last block it reads in a chunk being the chunk's first,
// just written); the rest of the ciphertext, at least the head's 960
// bytes, is the MAC's after the kernel. When 64 to 256 bytes of data follow
// the chunks (16384 bytes leave 64), xorTailMAC encrypts them with seven
// of those groups of the MAC beside it.
func chunked(s *chacha20.State, mac *poly1305.MAC, tag *[Overhead]byte, out, in, ciphertext, additionalData []byte, open bool) bool {
	n := (len(in) - chacha20.HeadSize) &^ 1023
	if !useFused || !haveChunks || n <= 0 {
		return false
	}
	var lanes poly1305.Lanes
	mac.WritePadded(additionalData)
	mac.StartLanes(&lanes)
	xorChunksMAC((*[16]uint32)(s), out[chacha20.HeadSize:chacha20.HeadSize+n], in[chacha20.HeadSize:chacha20.HeadSize+n],
		ciphertext[:n], &lanes.H, &lanes.R8)
	// (The data after the chunks, encrypted before them so that its short
	// kernel's latency would run beside theirs, measured no faster: that
	// kernel's instructions, waiting on its latency, fill the reorder
	// buffer.)
	s.SetCounter(s.Counter() + uint32(n/blockSize))
	if r := len(in) - chacha20.HeadSize - n; r >= 64 && r <= 256 {
		// The MAC's seven groups after the chunks (in Seal, written
		// already) beside the cipher of the last r bytes; then the
		// rest, at least one group, since r >= 64.
		macIn := ciphertext[n:]
		xorTailMAC((*[16]uint32)(s), out[chacha20.HeadSize+n:], in[chacha20.HeadSize+n:], macIn[:896], &lanes.H, &lanes.R8)
		finishLanes(mac, &lanes, tag, macIn[896:], len(additionalData), len(ciphertext))
		return true
	}
	if open {
		// The MAC reads only in: its latency-bound end and the short
		// kernel's, one after the other, overlap in the CPU.
		finishLanes(mac, &lanes, tag, ciphertext[n:], len(additionalData), len(ciphertext))
		s.XORKeyStream(out[chacha20.HeadSize+n:], in[chacha20.HeadSize+n:])
		return true
	}
	s.XORKeyStream(out[chacha20.HeadSize+n:], in[chacha20.HeadSize+n:])
	finishLanes(mac, &lanes, tag, ciphertext[n:], len(additionalData), len(ciphertext))
	return true
}

// finishLanes writes to tag the MAC of chunked: the lanes continued over
// rest, the ciphertext after what the kernel took, and the lengths block.
func finishLanes(mac *poly1305.MAC, lanes *poly1305.Lanes, tag *[Overhead]byte, rest []byte, adLen, ctLen int) {
	k := len(rest) &^ 127
	mac.FinishLanes(lanes, rest[:k])
	lengths := lengthsBlock(adLen, ctLen)
	writeTail(mac, rest[k:], &lengths)
	mac.Sum(tag)
}

// macGroups writes the AEAD's MAC input (RFC 8439, Section 2.8: the
// additional data and the ciphertext, each padded to a multiple of 16
// bytes, then the lengths block) to mac, fresh from Init, all on the
// vector loop (poly1305's WriteGroups), if the CPU runs it, the
// additional data is at most 128 bytes long and the ciphertext fills the
// groups at both ends. It reports whether it did.
//
// The input, preceded by enough zero blocks (which do not change the tag)
// for its blocks to make whole groups of eight, is cut into: the head, one
// or two groups of the zero blocks, the padded additional data and the
// first blocks of ciphertext, gathered in a buffer; the ciphertext's middle
// blocks, read where they are; and the tail, the last group, of the
// ciphertext's last whole blocks, its padded partial block if it has one,
// and the lengths, in a buffer. The one-block loop, whose latency the
// vector loop's would otherwise wait for at both ends, has nothing left.
func macGroups(mac *poly1305.MAC, additionalData, ciphertext []byte, lengths *[16]byte) bool {
	if !useFused || !haveChunks || len(additionalData) > 128 {
		return false
	}
	adBlocks := (len(additionalData) + 15) / 16
	full, partial := len(ciphertext)/16, (len(ciphertext)%16+15)/16
	skip := (8 - (adBlocks+full+partial+1)%8) % 8
	groups := 1 + (skip+adBlocks)/9 // of the head
	first := 8*groups - skip - adBlocks
	last := 7 - partial // whole blocks of ciphertext in the tail
	if full < first+last {
		return false
	}
	var head [256]byte
	var tail [128]byte
	copy(head[16*skip:], additionalData)
	copy(head[16*(skip+adBlocks):128*groups], ciphertext[:16*first])
	copy(tail[:112], ciphertext[16*(full-last):])
	copy(tail[112:], lengths[:])
	mac.WriteGroups(head[:128*groups], skip, ciphertext[16*first:16*(full-last)], &tail)
	return true
}
