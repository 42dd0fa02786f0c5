//go:build !purego

package chacha20poly1305

import (
	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// chunked is sealLong's or openLong's work on pathChunks after the head:
// it sets out[HeadSize:] = in[HeadSize:] XOR the keystream of s (which is
// at the block after the head), and writes to tag the MAC, with mac
// (initialised, nothing written yet), of additionalData and ciphertext
// (out in Seal, in in Open, whose first HeadSize bytes are already
// there). The message has at least one whole 1024-byte chunk after the
// head.
//
// The kernel computes ChaCha20 on the chunks of data after the head and,
// beside it, Poly1305's vector loop over the ciphertext from its start, one
// chunk behind (the last block it reads in a chunk being the chunk's first,
// just written); the rest of the ciphertext, at least the head's 960
// bytes, is the MAC's after the kernel. The data after the chunks, if any,
// goes to the stitched kernel that fits it, with the first of those
// groups of the MAC (in Seal, written already) beside it: 1 to 256 bytes
// to xorTailMAC (one horizontal set) with six groups below 64 bytes and
// seven from 64, 257 to 512 to xorTail8MAC (two sets) with seven, and
// partMin (513) to 1023 to xorChunkPartMAC (one more chunk, masked) with
// eight; each leaves at least one group and the lengths block to
// finishLanes.
func chunked(s *chacha20.State, mac *poly1305.MAC, tag *[Overhead]byte, out, in, ciphertext, additionalData []byte) {
	n := (len(in) - chacha20.HeadSize) &^ 1023
	var lanes poly1305.Lanes
	mac.WritePadded(additionalData)
	mac.StartLanes(&lanes)
	xorChunksMAC((*[16]uint32)(s), out[chacha20.HeadSize:chacha20.HeadSize+n], in[chacha20.HeadSize:chacha20.HeadSize+n],
		ciphertext[:n], &lanes.H, &lanes.R8)
	s.SetCounter(s.Counter() + uint32(n/blockSize))
	r := len(in) - chacha20.HeadSize - n
	dst, src := out[chacha20.HeadSize+n:], in[chacha20.HeadSize+n:]
	macIn := ciphertext[n:] // 960 + r bytes
	k := 0                  // bytes of macIn beside the cipher of src
	switch {
	case r == 0:
	case r < 64:
		k = 768
		xorTailMAC((*[16]uint32)(s), dst, src, macIn[:k], &lanes.H, &lanes.R8)
	case r <= 256:
		k = 896
		xorTailMAC((*[16]uint32)(s), dst, src, macIn[:k], &lanes.H, &lanes.R8)
	case r < partMin:
		k = 896
		xorTail8MAC((*[16]uint32)(s), dst, src, (*[128]byte)(macIn[:128]), 0, macIn[128:k], &lanes.H, &lanes.R8)
	default:
		k = 1024
		xorChunkPartMAC((*[16]uint32)(s), dst, src, macIn[:k], &lanes.H, &lanes.R8)
	}
	finishLanes(mac, &lanes, tag, macIn[k:], len(additionalData), len(ciphertext))
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
// vector loop (poly1305's WriteGroups), if groups.plan takes it. It
// reports whether it did.
func macGroups(mac *poly1305.MAC, additionalData, ciphertext []byte, lengths *[16]byte) bool {
	var g groups
	if !g.plan(additionalData, ciphertext) {
		return false
	}
	g.fillTail(ciphertext, lengths)
	mac.WriteGroups(g.head[:128*g.headGroups], g.skip, g.mid(ciphertext), &g.tail)
	return true
}

// groups is the AEAD's MAC input cut into whole groups of eight blocks for
// poly1305's WriteGroups (see plan).
type groups struct {
	head        [256]byte // skip zero blocks, the padded additional data, first blocks of ciphertext
	tail        [128]byte // last whole blocks of ciphertext, the padded partial one if any, the lengths
	headGroups  int       // groups of head used: 1 or 2
	skip        int       // zero blocks first
	first, last int       // whole blocks of ciphertext in head and tail
	full        int       // whole blocks of ciphertext
}

// plan cuts the MAC input of additionalData and ciphertext into groups,
// and fills g.head, if the CPU runs the vector loop, the additional data
// is at most 128 bytes long and the ciphertext fills the groups at both
// ends (at least 240 bytes always do). It reports whether it did; only
// ciphertext[:16*g.first] is read, so the rest may be written later.
//
// The input, preceded by enough zero blocks (which do not change the tag)
// for its blocks to make whole groups of eight, is cut into: the head, one
// or two groups of the zero blocks, the padded additional data and the
// first blocks of ciphertext, gathered in a buffer; the ciphertext's middle
// blocks, read where they are; and the tail, the last group, of the
// ciphertext's last whole blocks, its padded partial block if it has one,
// and the lengths, in a buffer. The one-block loop, whose latency the
// vector loop's would otherwise wait for at both ends, has nothing left.
func (g *groups) plan(additionalData, ciphertext []byte) bool {
	if !useFused || !useChunks || len(additionalData) > 128 {
		return false
	}
	adBlocks := (len(additionalData) + 15) / 16
	full, partial := len(ciphertext)/16, (len(ciphertext)%16+15)/16
	g.skip = (8 - (adBlocks+full+partial+1)%8) % 8
	g.headGroups = 1 + (g.skip+adBlocks)/9
	g.first = 8*g.headGroups - g.skip - adBlocks
	g.last = 7 - partial
	g.full = full
	if full < g.first+g.last {
		return false
	}
	copy(g.head[16*g.skip:], additionalData)
	copy(g.head[16*(g.skip+adBlocks):128*g.headGroups], ciphertext) // 16*g.first bytes
	return true
}

// mid returns the ciphertext's middle blocks, between head and tail.
func (g *groups) mid(ciphertext []byte) []byte {
	return ciphertext[16*g.first : 16*(g.full-g.last)]
}

// fillTail fills g.tail from the end of ciphertext and the lengths block.
func (g *groups) fillTail(ciphertext []byte, lengths *[16]byte) {
	copy(g.tail[:], ciphertext[16*(g.full-g.last):]) // at most 112 bytes
	copy(g.tail[112:], lengths[:])
}

// partMin is the shortest rest after chunked's whole chunks that it takes
// on xorChunkPartMAC: past xorTail8MAC's 512 bytes.
const partMin = 513
