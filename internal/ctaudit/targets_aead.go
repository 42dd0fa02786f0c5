package ctaudit

import "slices"

const (
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
	whyImplName = "the implementation's name, a test's public input, and the CPU features"
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
	{Symbol: cc + "UseImplementation.func1"},
}

// chachaPublic are the functions of chacha20 that handle no secret.
var chachaPublic = map[string]string{
	cc + "Implementations": "lists the implementations the CPU runs, for tests",
}

// polyFuncs are the functions of poly1305 compiled with and without
// assembly.
var polyFuncs = []Func{
	{Symbol: pm + "(*MAC).Init"},
	{Symbol: pm + "(*MAC).Write", AllowedBranches: 5, Why: "the count of buffered bytes and the length of p, both public"},
	{Symbol: pm + "(*MAC).WritePadded", AllowedBranches: 3, Why: "the count of buffered bytes and the length of p, both public"},
	{Symbol: pm + "(*MAC).Sum", AllowedBranches: 2, Why: "the count of buffered bytes, public"},
	{Symbol: pm + "Sum"},
	{Symbol: pm + "blocksGeneric", AllowedLoopJumps: 1, Why: "the loop over the public count of blocks"},
	{Symbol: pm + "finish"},
	{Symbol: pm + "UseImplementation.func1"},
}

// polyPublic are the functions of poly1305 that handle no secret.
var polyPublic = map[string]string{
	pm + "Implementations": "lists the implementations the CPU runs, for tests",
}

// aeadTargets are the AEAD's packages, with assembly and without.
var aeadTargets = []Target{
	{
		Package: module + "chacha20poly1305/internal/chacha20",
		Funcs: append([]Func{
			{Symbol: cc + "xorKeyStream", AllowedBranches: 2, Why: "useAVX512 and useAVX2, the choice of implementation by CPU features"},
			{Symbol: cc + "xorKeyStreamAVX512", AllowedLoopJumps: 2, AllowedBranches: 2, Why: "the loop over the data and the choice of kernel by its length, both public"},
			{Symbol: cc + "xorKeyStreamAVX2", AllowedLoopJumps: 1, AllowedBranches: 4, Why: "the choice of kernel and tail handling by the data's public length (the loop is subtle.XORBytes's, inlined)"},
			{Symbol: cc + "chacha16AVX512", AllowedLoopJumps: 2, AllowedBranches: 1, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "chacha8AVX512", AllowedLoopJumps: 3, AllowedBranches: 16, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "chacha4AVX512", AllowedLoopJumps: 3, AllowedBranches: 8, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "chacha6AVX2", AllowedLoopJumps: 2, AllowedBranches: 1, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "chacha2AVX2", AllowedLoopJumps: 2, AllowedBranches: 1, Why: whyKernel + " (and the fixed 10 double rounds)"},
			{Symbol: cc + "UseImplementation", AllowedBranches: 9, Why: whyImplName},
		}, chachaFuncs...),
		Public: merge(chachaPublic, map[string]string{
			cc + "init": "reads the CPU features into useAVX512 and useAVX2",
		}),
	},
	{
		Package: module + "chacha20poly1305/internal/chacha20",
		Tags:    []string{"purego"},
		Funcs: append([]Func{
			{Symbol: cc + "xorKeyStream"},
			{Symbol: cc + "UseImplementation", AllowedBranches: 2, Why: whyImplName},
		}, chachaFuncs...),
		Public: chachaPublic,
	},
	{
		Package: module + "chacha20poly1305/internal/poly1305",
		Funcs: append([]Func{
			{Symbol: pm + "blocks", AllowedBranches: 5, Why: whyUseImpl + " of p and whether it is the last partial block (hibit), both public"},
			{Symbol: pm + "blocksVector", AllowedLoopJumps: 1, Why: "the loop clearing the 48 words of powers of r"},
			{Symbol: pm + "blocksMULX", AllowedLoopJumps: 1, AllowedBranches: 1, Why: "the loop over the public count of blocks, and whether it is 0"},
			{Symbol: pm + "blocksIFMA", AllowedLoopJumps: 1, AllowedBranches: 1, Why: "the loop over the public count of 8-block groups, and whether it is the last"},
			{Symbol: pm + "powersIFMA"},
			{Symbol: pm + "to64"},
			{Symbol: pm + "from64"},
			{Symbol: pm + "carryColumns"},
			{Symbol: pm + "UseImplementation", AllowedBranches: 8, Why: whyImplName},
		}, polyFuncs...),
		Public: merge(polyPublic, map[string]string{
			pm + "init": "reads the CPU features into useMULX and useIFMA",
		}),
	},
	{
		Package: module + "chacha20poly1305/internal/poly1305",
		Tags:    []string{"purego"},
		Funcs: append([]Func{
			{Symbol: pm + "blocks"},
			{Symbol: pm + "UseImplementation", AllowedBranches: 2, Why: whyImplName},
		}, slices.Clone(polyFuncs)...),
		Public: polyPublic,
	},
}

func init() { Targets = append(Targets, aeadTargets...) }
