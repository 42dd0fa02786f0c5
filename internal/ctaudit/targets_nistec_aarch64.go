package ctaudit

import (
	"slices"
	"strings"
)

// The entries of internal/nistec on arm64, where P-256's field
// multiplication and squaring, its point formulas and its table scans are
// the assembly of p256_field_arm64.s (straight lines: no jump at all), which
// the forwarders of p256_field_arch_arm64.go call without a choice, and
// P-384's and P-521's are the Go code, as with the purego tag.

// nistecARM64 are the assembly and its forwarders.
var nistecARM64 = []Func{
	{Symbol: ne + "p256Mul"},
	{Symbol: ne + "p256Square"},
	{Symbol: ne + "p256Invert"},
	{Symbol: ne + "(*p256Jacobian).double"},
	{Symbol: ne + "(*p256Jacobian).double5"},
	{Symbol: ne + "(*p256Jacobian).baseStep"},
	{Symbol: ne + "(*P256Point).Add"},
	{Symbol: ne + "(*P256Point).addAffine"},
	{Symbol: ne + "(*p256Jacobian).addAffineDistinct"},
	{Symbol: ne + "(*p256Jacobian).addDistinct"},
	{Symbol: ne + "p256SelectBase"},
	{Symbol: ne + "p256MulARM64"},
	{Symbol: ne + "p256SquareARM64"},
	{Symbol: ne + "p256DoubleARM64"},
	{Symbol: ne + "p256Double5ARM64"},
	{Symbol: ne + "p256BaseStepARM64"},
	{Symbol: ne + "p256AddARM64"},
	{Symbol: ne + "p256AddAffineARM64"},
	{Symbol: ne + "p256AddAffineDistinctARM64"},
	{Symbol: ne + "p256AddDistinctARM64"},
	{Symbol: ne + "p256SelectARM64"},
	{Symbol: ne + "p256SelectBaseARM64"},
}

// nistecARM64Counts are the entries whose compiled arm64 code has other
// loops than amd64's: the compiler clears arrays (ScalarMult's table and
// digits) with a loop where amd64 uses DUFFZERO or vector stores, and does
// not unroll selectInto's loop over y's four words.
var nistecARM64Counts = []Func{
	{Symbol: ne + "(*P256Point).ScalarMult", AllowedLoopJumps: 5, AllowedBranches: 1, Why: "len(scalar): the length is public; loops over the public digit counts, the word count of an inlined selection, and the compiler's clearing of the table and the digits"},
	{Symbol: ne + "(*P384Point).ScalarMult", AllowedLoopJumps: 9, AllowedBranches: 1, Why: "len(scalar): the length is public; loops over the public digit count of the complete part, its doublings, the word counts of inlined copies and selections, and the compiler's clearing of locals"},
	{Symbol: ne + "(*P521Point).ScalarMult", AllowedLoopJumps: 15, AllowedBranches: 1, Why: "len(scalar): the length is public; loops over the public digit count of the complete part, its doublings, the word counts of inlined copies and selections, and the compiler's clearing of locals"},
	{Symbol: ne + "(*p256Table).selectInto", AllowedLoopJumps: 1, Why: "the loop over y's four words, which takes 1 for n = 0"},
}

func init() {
	funcs := slices.Clone(nistecFuncs)
	for _, f := range nistecARM64Counts {
		funcs = slices.DeleteFunc(funcs, func(g Func) bool { return g.Symbol == f.Symbol })
	}
	funcs = append(funcs, nistecARM64Counts...)
	for _, f := range nistecPurego {
		if !strings.Contains(f.Symbol, "p256") && !strings.Contains(f.Symbol, "P256") {
			funcs = append(funcs, f)
		}
	}
	Targets = append(Targets, Target{
		Package: module + "internal/nistec",
		Arch:    "arm64",
		Funcs:   append(funcs, nistecARM64...),
		Public:  nistecPublic,
	})
}
