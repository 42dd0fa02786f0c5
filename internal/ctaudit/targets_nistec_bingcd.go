package ctaudit

import "slices"

// The entries of internal/nistec's binary GCD beyond those of
// targets_nistec.go: the inversions written out for each modulus by _gen
// (bingcd.go's emitBinGCD), in Go (calling internal/bingcd's inner loop)
// and, by default on amd64, in assembly (the whole inversion), with the
// dispatch between them. Each allowed jump is the loop over the public
// iteration count or over the 31 steps, or the choice of implementation by
// CPU features.

const whyBingcdLoops = "loops over the public iteration count and the 31 steps"

// nistecBingcdFuncs are the functions of both builds.
var nistecBingcdFuncs = []Func{
	{Symbol: ne + "p256BinGCDGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p256OrdBinGCDGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p384BinGCDGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p384OrdBinGCDGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p521BinGCDGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p521OrdBinGCDGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
}

// nistecBingcdAsm is the dispatch and the assembly of the whole inversions;
// nistecBingcdPurego the forwarders to the Go.
var (
	nistecBingcdAsm = []Func{
		{Symbol: ne + "p256BinGCD", AllowedBranches: 1, Why: whyUseADX},
		{Symbol: ne + "p256OrdBinGCD", AllowedBranches: 1, Why: whyUseADX},
		{Symbol: ne + "p384BinGCD", AllowedBranches: 1, Why: whyUseADX},
		{Symbol: ne + "p384OrdBinGCD", AllowedBranches: 1, Why: whyUseADX},
		{Symbol: ne + "p521BinGCD", AllowedBranches: 1, Why: whyUseADX},
		{Symbol: ne + "p521OrdBinGCD", AllowedBranches: 1, Why: whyUseADX},
		{Symbol: ne + "p256BinGCDADX", AllowedLoopJumps: 1, Why: whyBingcdLoops},
		{Symbol: ne + "p256OrdBinGCDADX", AllowedLoopJumps: 1, Why: whyBingcdLoops},
		{Symbol: ne + "p384BinGCDADX", AllowedLoopJumps: 1, Why: whyBingcdLoops},
		{Symbol: ne + "p384OrdBinGCDADX", AllowedLoopJumps: 1, Why: whyBingcdLoops},
		{Symbol: ne + "p521BinGCDADX", AllowedLoopJumps: 1, Why: whyBingcdLoops},
		{Symbol: ne + "p521OrdBinGCDADX", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	}
	nistecBingcdPurego = []Func{
		{Symbol: ne + "p256BinGCD"},
		{Symbol: ne + "p256OrdBinGCD"},
		{Symbol: ne + "p384BinGCD"},
		{Symbol: ne + "p384OrdBinGCD"},
		{Symbol: ne + "p521BinGCD"},
		{Symbol: ne + "p521OrdBinGCD"},
	}
)

// init adds the entries to the two targets of internal/nistec, which
// targets_nistec.go's init (run before this one: files initialize in the
// order of their names) has appended, in place of any entry there for the
// same functions (the binary GCD's entries belong to this file).
func init() {
	for i := range Targets {
		t := &Targets[i]
		if t.Package != module+"internal/nistec" {
			continue
		}
		add := nistecBingcdAsm
		if slices.Contains(t.Tags, "purego") || t.Arch == "arm64" {
			add = nistecBingcdPurego // the Go code, as on arm64
		}
		add = append(slices.Clone(nistecBingcdFuncs), add...)
		t.Funcs = slices.DeleteFunc(t.Funcs, func(f Func) bool {
			return slices.ContainsFunc(add, func(g Func) bool { return g.Symbol == f.Symbol })
		})
		t.Funcs = append(t.Funcs, add...)
	}
}
