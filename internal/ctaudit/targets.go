package ctaudit

import (
	"maps"
	"slices"
)

// Target is a package to audit: the functions that handle secrets, with
// their allowances, and the functions that handle none. Every function the
// compiled package defines must be in one of the two lists, so that a new
// function is not left out of the audit unnoticed.
type Target struct {
	// Package is the import path.
	Package string
	// Tags are the build tags to compile with.
	Tags []string
	// Funcs are the functions to audit.
	Funcs []Func
	// Public lists the symbols of the functions that handle no secret, and
	// why, which the audit skips.
	Public map[string]string
	// Arch is the GOARCH to compile for, amd64 if empty (arm64 is the
	// other the audit reads).
	Arch string
}

const (
	module = "github.com/carry-crypto/carry/"
	fe     = module + "internal/field25519."
	x255   = module + "x25519."
	ed     = module + "internal/edwards25519."
)

// Why texts shared by several entries.
const (
	whyCompare32 = "the loop of subtle.ConstantTimeCompare over 32 bytes"
	whyBitLoop   = "the ladder's loop over the bit index 254 down to 0"
	whySquareN   = "the loop over the public count of squarings n"
	whyRegister  = "registers the package's implementations with internal/impl"

	whyInvertSteps = "the binary GCD's loop over its 31 steps"
	whyBatchLoop   = "the divsteps' loop over the public batch count"
	whyRoundSteps  = "the divsteps' loop over a round's 20 steps"
)

// fieldFuncs are the functions of internal/field25519 compiled with and
// without assembly: every one of them may carry secret field elements.
var fieldFuncs = []Func{
	{Symbol: fe + "(*Element).Zero"},
	{Symbol: fe + "(*Element).One"},
	{Symbol: fe + "(*Element).Set"},
	{Symbol: fe + "(*Element).SetBytes", AllowedBranches: 1, Why: "len(x) != 32: the length is public"},
	{Symbol: fe + "(*Element).SetWords"},
	{Symbol: fe + "(*Element).FillBytes"},
	{Symbol: fe + "(*Element).Add"},
	{Symbol: fe + "(*Element).Sub"},
	{Symbol: fe + "(*Element).Negate"},
	{Symbol: fe + "(*Element).Mul"},
	{Symbol: fe + "(*Element).Square"},
	{Symbol: fe + "(*Element).SquareN"}, // n < 1 panics; the loop is in squareNGeneric
	{Symbol: fe + "(*Element).Select"},
	{Symbol: fe + "(*Element).Equal", AllowedLoopJumps: 1, Why: whyCompare32},
	{Symbol: fe + "(*Element).IsZero", AllowedLoopJumps: 1, Why: whyCompare32},
	{Symbol: fe + "(*Element).IsNegative"},
	{Symbol: fe + "(*Element).Absolute"},
	{Symbol: fe + "(*Element).CondNegate"},
	{Symbol: fe + "(*Element).Invert"},
	{Symbol: fe + "(*Element).Pow22523"},
	{Symbol: fe + "(*Element).SqrtRatio"},
	{Symbol: fe + "pow2250"},
	{Symbol: fe + "mulGeneric"},
	{Symbol: fe + "mulRow"},
	{Symbol: fe + "squareGeneric"},
	{Symbol: fe + "squareNGeneric", AllowedLoopJumps: 1, Why: whySquareN},
	{Symbol: fe + "reduce"},
	{Symbol: fe + "fold"},
	{Symbol: fe + "addWord"},
	{Symbol: fe + "mulSmall"},
	{Symbol: fe + "add"},
	{Symbol: fe + "sub"},
	{Symbol: fe + "selectWords"},
	{Symbol: fe + "Ladder"},
	{Symbol: fe + "ladderGeneric", AllowedLoopJumps: 1, Why: whyBitLoop},
	{Symbol: fe + "addLadder"},
	{Symbol: fe + "subLadder"},
	{Symbol: fe + "canonical"},
	{Symbol: fe + "invert", AllowedLoopJumps: 1, Why: whyBatchLoop},
	{Symbol: fe + "divstepsRoundGeneric", AllowedLoopJumps: 1, Why: whyRoundSteps},
	{Symbol: fe + "divstepsRow"},
	{Symbol: fe + "divstepsBatchGeneric"},
	{Symbol: fe + "mulSigned"},
	{Symbol: fe + "linShift"},
	{Symbol: fe + "linModP"},
	{Symbol: fe + "mulMod"},
	{Symbol: fe + "(*Element).Limbs51"},
	{Symbol: fe + "(*Element).SetLimbs51"},
	{Symbol: fe + "limbs51"},
	{Symbol: fe + "words51"},
}

// fieldAsm are the functions of internal/field25519 that differ with
// assembly: the dispatchers and the kernels.
var fieldAsm = []Func{
	{Symbol: fe + "feMul", AllowedBranches: 1, Why: whyUseADX},
	{Symbol: fe + "feSquareN", AllowedBranches: 1, Why: whyUseADX},
	{Symbol: fe + "ladder", AllowedBranches: 2, Why: "useIFMA and useADX, the choice of implementation by CPU features"},
	{Symbol: fe + "ladderVec", AllowedLoopJumps: 2, Why: "the loops that clear the state and place the five limbs of u: fixed counts"},
	{Symbol: fe + "ladderIFMA", AllowedLoopJumps: 1, Why: whyBitLoop},
	{Symbol: fe + "mulADX"},
	{Symbol: fe + "squareNADX", AllowedLoopJumps: 1, Why: whySquareN},
	{Symbol: fe + "mul4"},
	{Symbol: fe + "square4"},
	{Symbol: fe + "ladderADX", AllowedLoopJumps: 1, Why: whyBitLoop},
	{Symbol: fe + "divstepsBatch"},
}

// x25519Common are the functions of x25519, the same with and without
// assembly (which is in internal/field25519).
var x25519Common = []Func{
	{Symbol: x255 + "X25519"},
	{Symbol: x255 + "x25519", AllowedLoopJumps: 1, AllowedBranches: 7, Why: "whether FIPS 140 mode is on (a process setting, " +
		"two jumps of the inlined fips140.Enabled and its use); the public lengths of the scalar and the point; " +
		"copy's check whether source and destination are one buffer (addresses); whether the point, which is public, " +
		"is the base point; whether the result is all zeros, " +
		"which X25519 reports as an error and so makes public; and " + whyCompare32},
	{Symbol: x255 + "ScalarMult", AllowedBranches: 1, Why: "whether x25519 failed: the all-zero result, which the caller sees"},
	{Symbol: x255 + "ScalarBaseMult", AllowedBranches: 1, Why: "whether x25519 failed, which only FIPS 140-only mode's refusal makes it do"},
	{Symbol: x255 + "clamp"},
	{Symbol: x255 + "scalarMult"},
}

// x25519Public are the functions of x25519 that handle no secret.
var x25519Public = map[string]string{
	x255 + "init.0":    "sets Basepoint",
	x255 + "x25519Std": "FIPS 140 mode: crypto/ecdh computes the result, and its errors are branched on",
}

// edwardsFuncs are the functions of internal/edwards25519 compiled with and
// without assembly.
var edwardsFuncs = []Func{
	{Symbol: ed + "(*completed).addCached"},
	{Symbol: ed + "(*completed).subCached"},
	{Symbol: ed + "(*completed).addNiels"},
	{Symbol: ed + "(*completed).double"},
	{Symbol: ed + "(*Point).Add"},
	{Symbol: ed + "(*Point).Subtract"},
	{Symbol: ed + "(*Point).Double"},
	{Symbol: ed + "signedRadix32", AllowedLoopJumps: 2, AllowedBranches: 1, Why: "the loops over the 51 windows and the 50 carries of the scalar's digits; copy's test of equal addresses (k into a local array)"},
	{Symbol: ed + "(*niels).selectBase"},
	{Symbol: ed + "selectBaseGeneric", AllowedLoopJumps: 1, Why: "the loop over the 4 words of the conditional swap"},
	{Symbol: ed + "scanBaseGeneric", AllowedLoopJumps: 1, Why: "the loop over the 8 table entries"},
	{Symbol: ed + "(*Point).ScalarBaseMult"},
	{Symbol: ed + "(*completed).scalarBaseMult", AllowedLoopJumps: 1, Why: "the loop over the 8 words of the starting point"},
	{Symbol: ed + "(*completed).addBaseRowsGeneric", AllowedLoopJumps: 1, Why: "the loop over the 51 table rows"},
	{Symbol: ed + "(*completed).identity"},
	{Symbol: ed + "(*completed).fromPoint"},
	{Symbol: ed + "(*cached).fromCompleted"},
	{Symbol: ed + "(*completed).addNielsGeneric"},
	{Symbol: ed + "(*completed).subNielsGeneric"},
	{Symbol: ed + "(*completed).addCachedGeneric"},
	{Symbol: ed + "(*completed).subCachedGeneric"},
	{Symbol: ed + "(*completed).doubleGeneric"},
	{Symbol: ed + "X25519Base"},
	{Symbol: ed + "(*Point).Identity"},
	{Symbol: ed + "(*Point).Set"},
	{Symbol: ed + "(*Point).Bytes"},
	{Symbol: ed + "(*Point).bytes"},
	{Symbol: ed + "(*Point).Equal"},
	{Symbol: ed + "(*Point).Negate"},
	{Symbol: ed + "(*Point).fromCompleted"},
	{Symbol: ed + "(*projective).fromCompleted"},
	{Symbol: ed + "(*projective).fromPoint"},
	{Symbol: ed + "(*cached).fromPoint"},

	// The scalar field.
	{Symbol: ed + "(*Scalar).Set"},
	{Symbol: ed + "(*Scalar).SetCanonicalBytes", AllowedBranches: 2, Why: "len(x) != 32, a public length; " +
		"whether x is canonical, which the error reveals by design (RFC 8032 rejects S >= l)"},
	{Symbol: ed + "(*Scalar).SetUniformBytes", AllowedBranches: 1, Why: "len(x) != 64: the length is public"},
	{Symbol: ed + "(*Scalar).SetBytesWithClamping", AllowedBranches: 1, Why: "len(x) != 32: the length is public"},
	{Symbol: ed + "(*Scalar).setWide"},
	{Symbol: ed + "(*Scalar).Bytes"},
	{Symbol: ed + "(*Scalar).FillBytes"},
	{Symbol: ed + "(*Scalar).words"},
	{Symbol: ed + "(*Scalar).Add"},
	{Symbol: ed + "(*Scalar).Subtract"},
	{Symbol: ed + "(*Scalar).Negate"},
	{Symbol: ed + "(*Scalar).Multiply"},
	{Symbol: ed + "(*Scalar).MultiplyAdd"},
	{Symbol: ed + "loadWords"},
	{Symbol: ed + "madd"},
	{Symbol: ed + "montMul"},
	{Symbol: ed + "reduceOnce"},
	{Symbol: ed + "isBelowL"},
	{Symbol: ed + "addMod"},
	{Symbol: ed + "subMod"},

	// Decoding. Its input is public in Ed25519 (keys and signatures), but it
	// runs in constant time all the same.
	{Symbol: ed + "(*Point).SetBytes", AllowedBranches: 2, Why: "len(x) != 32, a public length; " +
		"whether x encodes a point, which the error reveals by design"},

	// Multiplication by a secret scalar.
	{Symbol: ed + "(*Point).ScalarBaseMultScalar"},
	{Symbol: ed + "(*Point).MultByCofactor"},
	{Symbol: ed + "(*completed).subNiels"},
	{Symbol: ed + "(*oddTable).fill", AllowedLoopJumps: 1, Why: "the loop over the 8 table entries"},
}

// edwardsPublic are the functions of internal/edwards25519 that handle no
// secret.
var edwardsPublic = map[string]string{
	ed + "init.0":            whyRegister,
	ed + "mustElement":       "decodes the package's constants at initialisation",
	ed + "NewIdentityPoint":  "returns the identity, a public constant",
	ed + "NewGeneratorPoint": "returns the base point, a public constant",
	ed + "init.func1":        "computes the base point, a public constant, at initialisation",

	ed + "nafVarTime":                                  "recodes a public scalar of verification (VarTime)",
	ed + "(*completed).addDigitVarTime":                "adds the multiple of a public point chosen by a public digit (VarTime)",
	ed + "(*Point).VarTimeDoubleScalarBaseMult":        "a·A + b·B for verification: public scalars and point (VarTime)",
	ed + "baseOddTable":                                "returns the odd multiples of B, a public constant",
	ed + "initBaseOddTable":                            "computes the odd multiples of B, a public constant",
	ed + "nielsBatchVarTime":                           "normalises public points (the table of B, the points of a multi-scalar multiplication)",
	ed + "(*Point).VarTimeMultiScalarMult":             "Σ s_i·P_i for batch verification: public scalars and points (VarTime)",
	ed + "(*Point).straussVarTime":                     "Straus's method on public scalars and points (VarTime)",
	ed + "(*Point).pippengerVarTime":                   "Pippenger's method on public scalars and points (VarTime)",
	ed + "pippengerWindow":                             "chooses a window width from the public number of terms",
	ed + "signedRadixVarTime":                          "recodes a public scalar of batch verification (VarTime)",
	ed + "(*Point).varTimeDoubleScalarBaseMult":        "VarTimeDoubleScalarBaseMult with a given table of B (VarTime)",
	ed + "baseOddMultiples":                            "computes odd multiples of B, public constants",
	ed + "(*completed).doubleScalarLoopVarTime":        "the loop of varTimeDoubleScalarBaseMult, public digits and points (VarTime)",
	ed + "(*completed).doubleScalarLoopVarTimeGeneric": "the loop of varTimeDoubleScalarBaseMult, public digits and points (VarTime)",
}

// Targets are the packages carry audits.
var Targets = []Target{
	{
		Package: module + "internal/field25519",
		Funcs:   append(slices.Clone(fieldFuncs), fieldAsm...),
		Public:  map[string]string{fe + "init.0": whyRegister},
	},
	{
		Package: module + "internal/field25519",
		Tags:    []string{"purego"},
		Funcs: append(slices.Clone(fieldFuncs),
			Func{Symbol: fe + "feMul"}, Func{Symbol: fe + "feSquareN"}, Func{Symbol: fe + "ladder"},
			Func{Symbol: fe + "divstepsBatch"}),
		Public: map[string]string{fe + "init.0": whyRegister},
	},
	{
		Package: module + "x25519",
		Funcs:   x25519Common,
		Public:  x25519Public,
	},
	{
		Package: module + "internal/edwards25519",
		Funcs: append([]Func{
			{Symbol: ed + "selectBase", AllowedBranches: 1, Why: "useAVX2, the choice of implementation by CPU features"},
			{Symbol: ed + "selectBaseAVX2"},
			{Symbol: ed + "(*completed).addBaseRows", AllowedBranches: 4, Why: "useIFMA, useADX and useAVX2, the choice of " +
				"implementation by CPU features, and whether the rows are baseTable (an address, public)"},
			{Symbol: ed + "addBaseRowsADX", AllowedLoopJumps: 1, Why: "the loop over the 51 table rows (a row's 16 entries are unrolled)"},
			{Symbol: ed + "(*completed).addBaseRowsVec", AllowedLoopJumps: 1, Why: "the copy of the 51 digits: a fixed count"},
			{Symbol: ed + "putState", AllowedLoopJumps: 3, Why: "the loops over the lanes and their five limbs into the vector form (back-edges and exit): public counts"},
			{Symbol: ed + "getState", AllowedLoopJumps: 2, Why: "the loop over the lanes out of the vector form (back-edge and exit): a public count"},
			{Symbol: ed + "addBaseRowsIFMA", AllowedLoopJumps: 1, Why: "the loop over the 26 pairs of table rows (a row's 16 entries are unrolled)"},
			{Symbol: ed + "(*completed).addNielsStep", AllowedBranches: 1, Why: whyUseADX},
			{Symbol: ed + "(*completed).subNielsStep", AllowedBranches: 1, Why: whyUseADX},
			{Symbol: ed + "(*completed).addCachedStep", AllowedBranches: 1, Why: whyUseADX},
			{Symbol: ed + "(*completed).subCachedStep", AllowedBranches: 1, Why: whyUseADX},
			{Symbol: ed + "(*completed).doubleStep", AllowedBranches: 1, Why: whyUseADX},
			{Symbol: ed + "addNielsADX"},
			{Symbol: ed + "subNielsADX"},
			{Symbol: ed + "addCachedADX"},
			{Symbol: ed + "subCachedADX"},
			{Symbol: ed + "doubleADX"},
			{Symbol: ed + "mul4"},
			{Symbol: ed + "square4"},
		}, edwardsFuncs...),
		Public: merge(edwardsPublic, map[string]string{
			ed + "init.func2": "builds baseTable's vector form (baseTableVec), public constants, on first use",
			ed + "init.func3": "builds baseOddTable's vector form (baseOddTableVec), public constants, on first use",
			ed + "putLanes":   "writes public table entries (B's and verification's A's) in the vector form",
			ed + "(*completed).doubleScalarLoopVarTimeVec": "the vector loop of varTimeDoubleScalarBaseMult, public digits and points (VarTime)",
			ed + "doubleScalarMultVarTimeIFMA":             "the vector loop of verification, public digits and points (VarTime)",
		}),
	},
	{
		Package: module + "internal/edwards25519",
		Tags:    []string{"purego"},
		Funcs: append([]Func{
			{Symbol: ed + "selectBase"},
			{Symbol: ed + "(*completed).addBaseRows"},
			{Symbol: ed + "(*completed).addNielsStep"},
			{Symbol: ed + "(*completed).subNielsStep"},
			{Symbol: ed + "(*completed).addCachedStep"},
			{Symbol: ed + "(*completed).subCachedStep"},
			{Symbol: ed + "(*completed).doubleStep"},
		}, edwardsFuncs...),
		Public: edwardsPublic,
	},
	{
		Package: module + "x25519",
		Tags:    []string{"purego"},
		Funcs:   x25519Common,
		Public:  x25519Public,
	},
}

// merge returns the union of two maps.
func merge(a, b map[string]string) map[string]string {
	m := make(map[string]string, len(a)+len(b))
	maps.Copy(m, a)
	maps.Copy(m, b)
	return m
}

// AuditTarget builds t into dir and audits it. Besides the reports of its
// functions, it returns as unlisted the functions of the package that are
// neither audited nor declared public.
func AuditTarget(dir string, t Target) (reports []Report, unlisted []string, err error) {
	arch := t.Arch
	if arch == "" {
		arch = "amd64"
	}
	p, err := buildArch(dir, t.Package, arch, t.Tags...)
	if err != nil {
		return nil, nil, err
	}
	reports, err = Audit(p, t.Funcs)
	if err != nil {
		return nil, nil, err
	}
	syms, err := p.Functions()
	if err != nil {
		return nil, nil, err
	}
	listed := make(map[string]bool)
	for _, f := range t.Funcs {
		listed[f.Symbol] = true
	}
	for _, s := range syms {
		if _, public := t.Public[s]; !public && !listed[s] {
			unlisted = append(unlisted, s)
		}
	}
	return reports, unlisted, nil
}
