package ctaudit

import "slices"

const (
	ap = module + "chacha20poly1305."
	cc = module + "chacha20poly1305/internal/chacha20."
	pm = module + "chacha20poly1305/internal/poly1305."
)

// Why texts of the AEAD's entries. The secrets of ChaCha20 are its key and
// the data it encrypts; those of Poly1305 its one-time key and, in Open
// before the tag is checked, nothing else (the MAC reads the ciphertext,
// which is public). Every allowed jump tests a length, a fixed round or
// word count, or the implementation chosen by CPU features.
const (
	whyLength   = "the lengths of the data, which are public"
	whyKernel   = "the loops over whole chunks and the tail's length, both public lengths"
	whyWords    = "the loops over the fixed counts of key and nonce words"
	whyUseImpl  = "the choice of implementation by CPU features, and the length"
	whyZeroMAC  = "the loop zeroing a MAC (its 56 words of vector multipliers)"
	whySealLong = "the loops of State.Init over the fixed counts of key and nonce words, and " + whyZeroMAC
)

// chachaFuncs are the functions of chacha20 compiled with and without
// assembly.
var chachaFuncs = []Func{
	{Symbol: cc + "(*State).Init", AllowedLoopJumps: 2, Why: whyWords},
	{Symbol: cc + "(*State).Counter"},
	{Symbol: cc + "(*State).SetCounter"},
	{Symbol: cc + "(*State).XORKeyStream", AllowedBranches: 1, Why: "len(src) == 0, a public length"},
	{Symbol: cc + "HChaCha20", AllowedLoopJumps: 4, Why: "the loops over the fixed counts of words and of double rounds"},
	{Symbol: cc + "doubleRound"},
	{Symbol: cc + "quarterRound"},
	{Symbol: cc + "xorKeyStreamGeneric", AllowedLoopJumps: 7, Why: "the loops over the fixed 10 double rounds, the public count of blocks and the public tail length"},
	{Symbol: cc + "xorWord"},
	{Symbol: cc + "(*State).XORKeyStreamHead"}, // its checks of lengths and counter compile to panic checks
	{Symbol: cc + "xorKeyStreamHeadGeneric"},
	{Symbol: cc + "(*State).XORKeyStreamHeadWide"}, // its checks of lengths and counter compile to panic checks
	{Symbol: cc + "xorKeyStreamHeadWideGeneric"},
}

// chachaPublic are the functions of chacha20 that handle no secret.
var chachaPublic = map[string]string{
	cc + "init.0": whyRegister,
}

// polyFuncs are the functions of poly1305 compiled with and without
// assembly.
var polyFuncs = []Func{
	{Symbol: pm + "(*MAC).Init"},
	{Symbol: pm + "(*MAC).Write", AllowedBranches: 5, Why: "the count of buffered bytes and the length of p, both public"},
	{Symbol: pm + "(*MAC).WritePadded", AllowedBranches: 3, Why: "the count of buffered bytes and the length of p, both public"},
	{Symbol: pm + "(*MAC).Sum", AllowedBranches: 2, Why: "the count of buffered bytes, public"},
	{Symbol: pm + "Sum", AllowedLoopJumps: 1, Why: whyZeroMAC},
	{Symbol: pm + "blocksGeneric", AllowedLoopJumps: 1, Why: "the loop over the public count of blocks"},
	{Symbol: pm + "to64"},
	{Symbol: pm + "from64"},
	{Symbol: pm + "finish"},
}

// polyPublic are the functions of poly1305 that handle no secret.
var polyPublic = map[string]string{
	pm + "init.0": whyRegister,
}

// aeadTargets are the AEAD's packages, with assembly and without.
var aeadTargets = []Target{
	{
		Package: module + "chacha20poly1305/internal/chacha20",
		Funcs: append([]Func{
			{Symbol: cc + "xorKeyStream", AllowedBranches: 2, Why: "useAVX512 and useAVX2, the choice of implementation by CPU features"},
			{Symbol: cc + "xorKeyStreamAVX512", AllowedLoopJumps: 2, AllowedBranches: 1, Why: "the loop over the data and the choice of kernel by its length, both public"},
			{Symbol: cc + "xorKeyStreamAVX2", AllowedLoopJumps: 1, AllowedBranches: 2, Why: "whole chunks and the tail's path by the data's public length (the loop zeroes the 512-byte keystream buffer)"},
			{Symbol: cc + "chacha16AVX512", AllowedLoopJumps: 2, AllowedBranches: 1, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "chacha16HeadAVX512", AllowedLoopJumps: 1, Why: "the loop over the fixed 10 double rounds"},
			{Symbol: cc + "xorKeyStreamHead", AllowedBranches: 1, Why: "useAVX512, the choice of implementation by CPU features"},
			{Symbol: cc + "xorKeyStreamHeadWide", AllowedBranches: 2, Why: "useAVX512 (CPU features) and the choice of kernel by the public length"},
			{Symbol: cc + "chacha24HeadAVX512", AllowedLoopJumps: 1, AllowedBranches: 15, Why: whyHeadWide},
			{Symbol: cc + "chacha8AVX512", AllowedLoopJumps: 3, AllowedBranches: 16, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "chacha8AVX2", AllowedLoopJumps: 2, AllowedBranches: 1, Why: whyKernel + " (and the fixed 10 double rounds)"},
		}, chachaFuncs...),
		Public: chachaPublic,
	},
	{
		Package: module + "chacha20poly1305/internal/chacha20",
		Tags:    []string{"purego"},
		Funcs: append([]Func{
			{Symbol: cc + "xorKeyStream"},
			{Symbol: cc + "xorKeyStreamHead"},
			{Symbol: cc + "xorKeyStreamHeadWide"},
		}, chachaFuncs...),
		Public: chachaPublic,
	},
	{
		Package: module + "chacha20poly1305/internal/poly1305",
		Funcs: append([]Func{
			{Symbol: pm + "blocks", AllowedBranches: 5, Why: whyUseImpl + " of p and whether it is the last partial block (hibit), both public"},
			{Symbol: pm + "blocksVector", AllowedLoopJumps: 1, AllowedBranches: 2, Why: "whether r^16 and r^24 are needed (a public count of groups) and computed already (pwReady, public) (prepareTriples), and the loop zeroing the fixed 24 words of the lanes"},
			{Symbol: pm + "(*MAC).StartLanes"}, // its check of m.n compiles to a panic check
			{Symbol: pm + "(*MAC).lanesFrom", AllowedLoopJumps: 1, AllowedBranches: 1, Why: "whether the multipliers are computed already (pwReady, public), and the loop zeroing the fixed 24 words of the lanes"},
			{Symbol: pm + "(*MAC).FinishLanes", AllowedBranches: 2, Why: "whether r^16 and r^24 are needed (a public count of groups) and computed already (pwReady, public) (prepareTriples)"},
			{Symbol: pm + "(*MAC).WriteGroups", AllowedLoopJumps: 1, AllowedBranches: 3, Why: "the pieces' length checks (public), whether r^16 and r^24 are needed (a public count of groups) and computed already (pwReady, public) (prepareTriples), and the loop zeroing the fixed 24 words of the lanes"},
			{Symbol: pm + "blocksIFMASplit", AllowedLoopJumps: 3, AllowedBranches: 4, Why: "the loops over the head's groups, the first (count mod 3) groups of the middle and its triples of groups, and whether there is no head, whether the middle's count of groups is a multiple of 3, or leaves no triple or one: public lengths"},
			{Symbol: pm + "prepare", AllowedBranches: 2, Why: "useIFMA and whether the multipliers are computed already (pwReady, public)"},
			{Symbol: pm + "(*MAC).Prepare", AllowedBranches: 2, Why: "useIFMA and whether the multipliers are computed already (pwReady, public)"},
			{Symbol: pm + "blocksMULX", AllowedLoopJumps: 1, Why: "the loop over the public count of blocks"},
			{Symbol: pm + "blocksIFMA", AllowedLoopJumps: 2, AllowedBranches: 3, Why: "the loops over the first (count mod 3) 8-block groups and over the triples of groups, and whether the count of groups before the last is a multiple of 3, or leaves no triple or one: public lengths"},
			{Symbol: pm + "powersIFMA"},
			{Symbol: pm + "powers24IFMA"},
			{Symbol: pm + "prepareTriples", AllowedBranches: 2, Why: "whether r^16 and r^24 are needed (a public count of groups) and computed already (pwReady, public)"},
			{Symbol: pm + "carryColumns"},
		}, polyFuncs...),
		Public: polyPublic,
	},
	{
		Package: module + "chacha20poly1305/internal/poly1305",
		Tags:    []string{"purego"},
		Funcs: append([]Func{
			{Symbol: pm + "blocks"},
			{Symbol: pm + "prepare"},
			{Symbol: pm + "(*MAC).Prepare"},
		}, slices.Clone(polyFuncs)...),
		Public: polyPublic,
	},
}

// Why texts of chacha20poly1305's entries.
const (
	whyAEADCall = "the lengths and capacities of dst, ciphertext and additional data (sliceForAppend), " +
		"their addresses (the overlap checks), the path (choosePath's, from the public lengths and the CPU features), " +
		"and the length of the output (clear)"
	whyOpenPieces = "the path (choosePath's, from the public lengths and the CPU features) and whether output and " +
		"ciphertext overlap (their public addresses and lengths); the loops clear the head buffer"
	whySealCall = "the lengths and capacities of dst, plaintext and additional data (sliceForAppend), " +
		"their addresses (the overlap checks), and the path (choosePath's, from the public lengths and the CPU features); " +
		"the loop clears the short head buffer"
	whyOpenLong = whySealLong + ", the loop and result of subtle.ConstantTimeCompare over the 16-byte tag, " +
		"and whether the tag was right (Open's public result)"
	whyAEADOpen = whyAEADCall + "; and whether the tag was right, which is Open's public result"
	whyFused    = "the loops over the fixed 10 double rounds and over the whole blocks of the additional " +
		"data and of the ciphertext, whether the additional data's last block is partial and which " +
		"block the MAC starts from: public lengths"
	whyFusedOpen = whyFused + "; and whether the tag was right, which is Open's public result"
	whyShort     = "the loop over the fixed 10 double rounds, and which block the MAC starts from and how " +
		"many blocks the data has: public lengths"
	whyShortOpen = whyShort + "; and whether the tag was right, which is Open's public result"
	whyPageTail  = "; and pageTail's: whether an AVX-512 kernel's masked access of the last block of the data or " +
		"the output reaches a page past the data's end (public addresses and length)"
	whyBounced = "the copies in and out of the frame (public addresses and length)"
	whyADPage  = "; and whether the additional data's last partial block reaches a page past its " +
		"end (public address and length), read then through a window ending there"
	whyAVX2 = "the loops over the fixed 10 double rounds, over the whole blocks of the additional data and of " +
		"the MAC's blocks on the stack, and over the data's 32-byte pieces (copied in and out), which pieces of " +
		"16, 8, 4, 2 and 1 bytes the data and the additional data's last block have, and which block the MAC " +
		"starts from: public lengths"
	whyAVX2Open   = whyAVX2 + "; and whether the tag was right, which is Open's public result"
	whyAVX2Chunks = "the loops over the fixed 10 double rounds (five of them: chunk 0, the whole chunks, and the tail on " +
		"one or two horizontal sets or the eight vertical blocks), over the whole 512-byte chunks, over the whole blocks " +
		"of the additional data, over the MAC's pending blocks (two drains) and over the tail's 32-byte pieces (copied " +
		"in and out); in the four round loops with the MAC, whether a block is pending (four places each, and two " +
		"before the loop in the two vertical ones: the first diagonal round); which " +
		"pieces of 16, 8, 4, 2 and 1 bytes the tail and the additional data's last block have, whether the additional " +
		"data has whole blocks and a partial one, and whether there is a tail and which kernel takes it: public " +
		"lengths and counts"
	whyMethodShort = "choosePath (useFused, useChunks, useAVX2Fused, the length and that of the additional data) and, on the short path, " +
		"the capacity of dst (sliceForAppend) and the addresses and lengths of the buffers (the overlap checks), public"
)

// whySets is the two-set kernels' branches and loops (sets_amd64.s).
const whySets = "the loops over the fixed 6 double rounds of both sets and 4 of set 0 (set 1's last 4 are unrolled), " +
	"over the additional data's whole blocks and over the MAC's blocks left on the stack, whether the additional " +
	"data's last block is partial and whether it has a whole one (which block the MAC starts from): public lengths"

// whySets3 is the three-set kernels' branches and loops (sets_amd64.s).
const whySets3 = "Seal: the loops over set 0's first 5 double rounds and sets 0 and 1's next 5 (sets 1 and 2's next 5 and set 2's last 5 " +
	"are unrolled); Open: the loops over set 0's first 7 and the three sets' next 3 (sets 1 and 2's last 7 are unrolled); " +
	"the loops over the additional data's whole blocks and over the MAC's blocks left on the stack, whether the additional " +
	"data's last block is partial and whether it has a whole one (which block the MAC starts from): public lengths; " +
	"and the prologue's stack check"

// whySetsN is the four-set kernels' branches and loops
// (sets_amd64.s).
const whySetsN = "the loops over set 0's first double rounds and sets 0 and 1's next (Seal 5 and 5, Open 3 and 7; the other stages, two sets or the " +
	"last alone, are unrolled), over the additional data's whole blocks and over the MAC's blocks left on the stack, whether " +
	"the additional data's last block is partial and whether it has a whole one (which block the MAC starts from), and " +
	"whether each of the last set's blocks 2..4 holds a byte of the message (Seal: their load and store; Open: their copy " +
	"to the stack and their store): public lengths; and the prologue's stack check"

// whyAuthenticate is why authenticate branches.
const whyAuthenticate = "the lengths of the additional data and ciphertext, public (the loop rounds them up)"

// whyHeadWide is why chacha24HeadAVX512 branches.
const whyHeadWide = "the loop over the fixed 10 double rounds, and for each of the woven sets' blocks whether it is whole and whether the data ends before the next (public length)"

// whyPathUse is why sealLong and openLong branch on their path.
const whyPathUse = "the path (choosePath's: which head, and whether chunked takes the rest; public lengths and CPU features)"

// aeadFuncs are the functions of chacha20poly1305 compiled with and
// without assembly.
var aeadFuncs = []Func{
	{Symbol: ap + "sealWith", AllowedLoopJumps: 1, Why: whyZeroMAC},
	{Symbol: ap + "openWith", AllowedLoopJumps: 2, AllowedBranches: 2, Why: whyZeroMAC + ", the loop and result of subtle.ConstantTimeCompare over the 16-byte tag, " +
		"and whether the tag was right (Open's public result)"},
	{Symbol: ap + "lengthsBlock"},
	{Symbol: ap + "writeTail", AllowedBranches: 2, Why: "the copies of the tail and the lengths block (whether source and destination are one, public addresses and lengths)"},
	{Symbol: ap + "keyAndHead", AllowedLoopJumps: 2, Why: "the loops of State.Init over the fixed counts of key and nonce words"},
	{Symbol: ap + "(*xchacha20poly1305).subKey", AllowedBranches: 1, Why: "the copy of the nonce's public length"},
	{Symbol: ap + "New", AllowedBranches: 4, Why: "FIPS 140-only mode and the key's length, public"},
	{Symbol: ap + "NewX", AllowedBranches: 4, Why: "FIPS 140-only mode and the key's length, public"},
}

// aeadPublic are the functions of chacha20poly1305 that handle no secret.
var aeadPublic = map[string]string{
	ap + "(*chacha20poly1305).NonceSize":  "returns a constant",
	ap + "(*chacha20poly1305).Overhead":   "returns a constant",
	ap + "(*xchacha20poly1305).NonceSize": "returns a constant",
	ap + "(*xchacha20poly1305).Overhead":  "returns a constant",
	ap + "sliceForAppend":                 "extends a slice: lengths and capacities only",
	ap + "anyOverlap":                     "compares addresses, which are public",
	ap + "inexactOverlap":                 "compares addresses, which are public",
	ap + "choosePath":                     "reads the CPU features and compares public lengths",
	ap + "mappedOut":                      "tests a public length and returns one of two slices",
	ap + "init.0":                         whyRegister,
	ap + "init.1":                         whyRegister,
	ap + "sealNEON":                       "off arm64 a stub that panics; choosePath never takes pathNEON there",
	ap + "openNEON":                       "off arm64 a stub that panics; choosePath never takes pathNEON there",
}

func init() {
	Targets = append(Targets, aeadTargets...)
	Targets = append(Targets, Target{
		Package: module + "chacha20poly1305",
		Funcs: append([]Func{
			{Symbol: ap + "seal", AllowedLoopJumps: 1, AllowedBranches: 12, Why: whySealCall + whyPageTail},
			{Symbol: ap + "open", AllowedBranches: 15, Why: whyAEADOpen + whyPageTail},
			{Symbol: ap + "openPieces", AllowedLoopJumps: 2, AllowedBranches: 6, Why: whyOpenPieces},
			{Symbol: ap + "openInPlace", AllowedLoopJumps: 4, AllowedBranches: 6, Why: whyOpenLong + "; " + whyPathUse + "; MAC.Prepare's useIFMA and pwReady (public); the buffer's copy (whether source and destination are one: public addresses); and the lengths of out and the buffer (clear)"},
			{Symbol: ap + "sealKernel", AllowedBranches: 9, Why: "the path (which kernel), public"},
			{Symbol: ap + "pageTail", AllowedBranches: 1, Why: "the addresses and the length, public"},
			{Symbol: ap + "sealBounced", AllowedLoopJumps: 1, AllowedBranches: 2, Why: whyBounced},
			{Symbol: ap + "openBounced", AllowedLoopJumps: 1, AllowedBranches: 3, Why: whyBounced + "; and whether the tag was right, which is Open's public result"},
			{Symbol: ap + "sealLong", AllowedLoopJumps: 3, AllowedBranches: 4, Why: whySealLong + "; " + whyPathUse + "; and MAC.Prepare's useIFMA and pwReady (public)"},
			{Symbol: ap + "openLong", AllowedLoopJumps: 4, AllowedBranches: 6, Why: whyOpenLong + "; " + whyPathUse + "; MAC.Prepare's useIFMA and pwReady (public); and the length of out (clear)"},
			{Symbol: ap + "openKernel", AllowedBranches: 11, Why: "the path (which kernel), whether out is empty (given the tag's address for the masked store), public; and whether the tag was right, which is Open's public result"},
			{Symbol: ap + "authenticate", AllowedLoopJumps: 1, AllowedBranches: 5, Why: whyAuthenticate + ", and whether macGroups did the work (CPU features and lengths, public)"},
			{Symbol: ap + "macGroups", AllowedLoopJumps: 1, AllowedBranches: 3, Why: "whether groups.plan took the input (CPU features and lengths, public), the copies into the tail buffer (public addresses and lengths), and the loop zeroing the fixed groups buffers"},
			{Symbol: ap + "(*groups).plan", AllowedBranches: 6, Why: "useFused, useChunks and the lengths of the additional data and ciphertext (public), and the copies into the head buffer (public addresses and lengths)"},
			{Symbol: ap + "(*groups).mid"},
			{Symbol: ap + "(*groups).fillTail", AllowedBranches: 2, Why: "the copies into the tail buffer (public addresses and lengths)"},
			{Symbol: ap + "xorTail8MAC", AllowedLoopJumps: 2, AllowedBranches: 16, Why: "the loops over the fixed 10 double rounds, the first of them as many as the MAC's groups after the head's (public length), whether there is none, and for each of the eight blocks whether it is whole and whether the data ends before the next (public length)"},
			{Symbol: ap + "chunked", AllowedLoopJumps: 1, AllowedBranches: 4, Why: "the loop zeroing the fixed 24 words of the lanes, and which kernel takes the data after the chunks (its public length)"},
			{Symbol: ap + "xorChunkPartMAC", AllowedLoopJumps: 2, Why: "the loops over the fixed 10 double rounds (the first seven with a MAC group each; the masks come from the public length by CMOV and BZHI)"},
			{Symbol: ap + "xorTailMAC", AllowedLoopJumps: 2, AllowedBranches: 8, Why: "the loops over the fixed 10 double rounds, the first of them as many as the MAC's groups (public length), whether there is none, and for each of the four blocks whether it is whole and whether the data ends before the next (public length)"},
			{Symbol: ap + "finishLanes"},
			{Symbol: ap + "xorChunksMAC", AllowedLoopJumps: 3, AllowedBranches: 1, Why: "the loop over the whole chunks and whether there is none (public lengths), and the loops over the fixed 7 and 3 double rounds"},
			{Symbol: ap + "sealFused", AllowedLoopJumps: 3, AllowedBranches: 13, Why: whyFused + "; and whether each of the keystream's blocks 1..3 holds a byte of the message (its load and store jumped past if not): public length" + whyADPage},
			{Symbol: ap + "openFused", AllowedLoopJumps: 3, AllowedBranches: 14, Why: whyFusedOpen + "; and whether each of the keystream's blocks 1..3 holds a byte of the message (its load and store jumped past if not): public length" + whyADPage},
			{Symbol: ap + "sealSets", AllowedLoopJumps: 4, AllowedBranches: 12, Why: whySets + "; and whether each of the keystream's blocks 5..7 holds a byte of the message (its load and store jumped past if not): public length" + whyADPage},
			{Symbol: ap + "openSets", AllowedLoopJumps: 4, AllowedBranches: 13, Why: whySets + "; and whether each of the keystream's blocks 5..7 holds a byte of the message (its load and store jumped past if not): public length" + "; and whether the tag was right, which is Open's public result" + whyADPage},
			{Symbol: ap + "sealSets3", AllowedLoopJumps: 4, AllowedBranches: 9, Why: whySets3 + "; and whether each of the keystream's blocks 9..11 holds a byte of the message (its load and store jumped past if not): public length" + whyADPage},
			{Symbol: ap + "openSets3", AllowedLoopJumps: 4, AllowedBranches: 13, Why: whySets3 + "; and whether each of the keystream's blocks 9..11 holds a byte of the message (its copy to the stack and its store jumped past if not): public length; and whether the tag was right, which is Open's public result" + whyADPage},
			{Symbol: ap + "sealSets4", AllowedLoopJumps: 4, AllowedBranches: 9, Why: whySetsN + whyADPage},
			{Symbol: ap + "openSets4", AllowedLoopJumps: 4, AllowedBranches: 13, Why: whySetsN + "; and whether the tag was right, which is Open's public result" + whyADPage},
			{Symbol: ap + "shortSeal", AllowedLoopJumps: 1, AllowedBranches: 10, Why: whyShort + "; and whether the data and the additional data are empty (their loads and the store jumped past: src and ad may be nil): public lengths" + whyADPage},
			{Symbol: ap + "shortOpen", AllowedLoopJumps: 1, AllowedBranches: 11, Why: whyShortOpen + "; and whether the data and the additional data are empty (their loads and the store jumped past: src and ad may be nil): public lengths" + whyADPage},
			{Symbol: ap + "sealAVX2", AllowedLoopJumps: 5, AllowedBranches: 19, Why: whyAVX2},
			{Symbol: ap + "openAVX2", AllowedLoopJumps: 5, AllowedBranches: 20, Why: whyAVX2Open},
			{Symbol: ap + "sealAVX2x1", AllowedLoopJumps: 5, AllowedBranches: 19, Why: whyAVX2},
			{Symbol: ap + "openAVX2x1", AllowedLoopJumps: 5, AllowedBranches: 20, Why: whyAVX2Open},
			{Symbol: ap + "sealAVX2x3", AllowedLoopJumps: 5, AllowedBranches: 19, Why: whyAVX2},
			{Symbol: ap + "openAVX2x3", AllowedLoopJumps: 5, AllowedBranches: 20, Why: whyAVX2Open},
			{Symbol: ap + "sealAVX2x4", AllowedLoopJumps: 5, AllowedBranches: 19, Why: whyAVX2},
			{Symbol: ap + "openAVX2x4", AllowedLoopJumps: 5, AllowedBranches: 20, Why: whyAVX2Open},
			{Symbol: ap + "sealAVX2Chunks", AllowedLoopJumps: 11, AllowedBranches: 39, Why: whyAVX2Chunks},
			{Symbol: ap + "openAVX2Chunks", AllowedLoopJumps: 11, AllowedBranches: 40, Why: whyAVX2Chunks + "; and whether the tag was right, which is Open's public result"},
			{Symbol: ap + "(*chacha20poly1305).Seal", AllowedBranches: 18, Why: whyMethodShort},
			{Symbol: ap + "(*chacha20poly1305).Open", AllowedBranches: 22, Why: whyMethodShort + "; len(ciphertext) < Overhead, whether the output is empty (mappedOut, a public length), and whether the tag was right (Open's public result)"},
			{Symbol: ap + "(*xchacha20poly1305).Seal", AllowedBranches: 9, Why: "the nonce's length check of subKey, and choosePath (useFused, useChunks, useAVX2Fused and the lengths), public"},
			{Symbol: ap + "(*xchacha20poly1305).Open", AllowedBranches: 10, Why: "len(ciphertext) < Overhead, the nonce's length check of subKey, and choosePath (useFused, useChunks, useAVX2Fused and the lengths), public"},
		}, aeadFuncs...),
		Public: aeadPublic,
	}, Target{
		Package: module + "chacha20poly1305",
		Tags:    []string{"purego"},
		Funcs: append([]Func{
			{Symbol: ap + "seal", AllowedLoopJumps: 1, AllowedBranches: 8, Why: whySealCall},
			{Symbol: ap + "open", AllowedBranches: 11, Why: whyAEADOpen},
			{Symbol: ap + "openPieces", AllowedLoopJumps: 2, AllowedBranches: 6, Why: whyOpenPieces},
			{Symbol: ap + "sealKernel"},
			{Symbol: ap + "sealLong", AllowedLoopJumps: 3, AllowedBranches: 1, Why: whySealLong + "; " + whyPathUse},
			{Symbol: ap + "openLong", AllowedLoopJumps: 4, AllowedBranches: 3, Why: whyOpenLong + "; " + whyPathUse},
			{Symbol: ap + "openInPlace", AllowedLoopJumps: 4, AllowedBranches: 4, Why: whyOpenLong + "; " + whyPathUse + "; the buffer's copy (whether source and destination are one: public addresses); and the lengths of out and the buffer (clear)"},
			{Symbol: ap + "openKernel"},
			{Symbol: ap + "pageTail"},
			{Symbol: ap + "sealBounced"},
			{Symbol: ap + "openBounced"},
			{Symbol: ap + "chunked"},
			{Symbol: ap + "authenticate", AllowedLoopJumps: 1, AllowedBranches: 4, Why: whyAuthenticate},
			{Symbol: ap + "macGroups"},
			{Symbol: ap + "shortSeal"},
			{Symbol: ap + "shortOpen"},
			{Symbol: ap + "(*chacha20poly1305).Seal"},
			{Symbol: ap + "(*chacha20poly1305).Open", AllowedBranches: 1, Why: "len(ciphertext) < Overhead, a public length"},
			{Symbol: ap + "(*xchacha20poly1305).Seal", AllowedBranches: 1, Why: "the nonce's length check of subKey, public"},
			{Symbol: ap + "(*xchacha20poly1305).Open", AllowedBranches: 2, Why: "len(ciphertext) < Overhead and the nonce's length check of subKey, public"},
		}, slices.Clone(aeadFuncs)...),
		Public: aeadPublic,
	})
}
