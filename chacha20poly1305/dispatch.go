package chacha20poly1305

import "github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"

// A path is how Seal and Open process a message: on one of the assembly
// kernels (sealKernel, openKernel), or on the chacha20 and poly1305
// packages' functions (sealLong and openLong, sealWith and openWith).
type path uint8

const (
	pathShort      path = iota // shortSeal, shortOpen
	pathFused                  // sealFused, openFused
	pathSets                   // sealSets, openSets
	pathSets3                  // sealSets3, openSets3
	pathSets4                  // sealSets4, openSets4
	pathAVX2x1                 // sealAVX2x1, openAVX2x1
	pathAVX2                   // sealAVX2, openAVX2
	pathAVX2x3                 // sealAVX2x3, openAVX2x3
	pathAVX2x4                 // sealAVX2x4, openAVX2x4
	pathAVX2Chunks             // sealAVX2Chunks, openAVX2Chunks
	pathWide                   // sealLong, openLong: the wide head
	pathChunks                 // sealLong, openLong: the head, then chunked
	pathHead                   // sealLong, openLong: the head, then the rest
	pathPortable               // sealWith, openWith
	pathNEON                   // sealNEON, openNEON
)

// choosePath returns the path of a message of n bytes with adLen bytes of
// additional data on this CPU. The AVX-512 kernels run where useFused is
// set (AVX-512F, BW and VL, and BMI2), the vector Poly1305 of chunked
// where useChunks is too (AVX-512 IFMA), the AVX2 kernels where only
// useAVX2Fused is (AVX2 and BMI2), the arm64 ones where useNEON is:
//
//	CPU       bytes          path            kernels (Seal; Open alike)
//	AVX-512   0-64, ad 0-16  pathShort       shortSeal
//	          0-192          pathFused       sealFused: a set of four blocks
//	          193-448        pathSets        sealSets: two sets
//	          449-704        pathSets3       sealSets3: three sets
//	          705-960        pathSets4       sealSets4: four sets
//	          961-1983       pathWide        chacha20's XORKeyStreamHeadWide (block 0
//	                                         and up to 1472 bytes), XORKeyStream, the MAC
//	          1984-, IFMA    pathChunks      XORKeyStreamHead (block 0 and 960 bytes);
//	                                         xorChunksMAC on the whole 1024-byte chunks,
//	                                         the MAC beside it; the rest on xorTailMAC
//	                                         (1-256 bytes), xorTail8MAC (257-512) or
//	                                         xorChunkPartMAC (513-1023)
//	          1984-, no IFMA pathHead        XORKeyStreamHead, XORKeyStream, the MAC
//	AVX2      0-64           pathAVX2x1      sealAVX2x1: a set of two blocks
//	          65-192         pathAVX2        sealAVX2: two sets
//	          193-320        pathAVX2x3      sealAVX2x3: three sets
//	          321-448        pathAVX2x4      sealAVX2x4: four sets
//	          449-           pathAVX2Chunks  sealAVX2Chunks: eight vertical blocks
//	arm64     all            pathNEON        sealNEON: xorKeyStreamNEON (block 0 and
//	                                         the data), polyBlocksARM64
//	other     all            pathPortable    keyAndHead (block 0 and 448 bytes),
//	                                         XORKeyStream, the MAC
//
// Each kernel takes the messages whose blocks, with block 0 (the Poly1305
// key), fill its sets. Open in place (the output over the ciphertext)
// runs openInPlace on pathWide and openWith with the sixteen-block head on
// pathChunks and pathHead, which compute the MAC before the cipher
// overwrites the ciphertext. The lengths and the CPU's features are
// public.
func choosePath(n, adLen int) path {
	if useFused {
		switch {
		case n <= shortMax && adLen <= shortMaxAD:
			return pathShort
		case n <= sets4Max:
			// The kernel of k sets takes up to 4k - 1 blocks of data:
			// its index is the data's blocks over four.
			return pathFused + path((n+blockSize-1)/blockSize/4)
		case n < chacha20.HeadSize+1024:
			return pathWide
		case useChunks:
			return pathChunks
		}
		return pathHead
	}
	if useAVX2Fused {
		if n <= avx2Max {
			// The kernel of k sets takes up to 2k - 1 blocks of data.
			return pathAVX2x1 + path((n+blockSize-1)/blockSize/2)
		}
		return pathAVX2Chunks
	}
	if useNEON {
		return pathNEON
	}
	return pathPortable
}

// shortMax is the longest message shortSeal and shortOpen take: one block,
// the size of TLS and QUIC's smallest records, for which they leave out
// the work of the other three.
const shortMax = blockSize

// shortMaxAD is the most additional data shortSeal and shortOpen take: one
// Poly1305 block, more than the 13 bytes of TLS 1.2's record header and the
// 5 of TLS 1.3's.
const shortMaxAD = 16

// fusedMax is the longest message sealFused and openFused take: three
// blocks, which with block 0 fill one set of four.
const fusedMax = 3 * blockSize

// setsMax, sets3Max and sets4Max are the longest messages the kernels of
// two, three and four sets of four blocks take (seven, eleven and fifteen
// blocks, with block 0); each takes the lengths past the one before it.
// Past four sets, the wide head and the vector MAC after it are faster.
const (
	setsMax  = 7 * blockSize
	sets3Max = 11 * blockSize
	sets4Max = 15 * blockSize
)

// avx2Max is the longest message the AVX2 short kernels take: seven
// blocks, which with block 0 fill four sets of two (sealAVX2x4,
// openAVX2x4).
const avx2Max = 7 * blockSize
