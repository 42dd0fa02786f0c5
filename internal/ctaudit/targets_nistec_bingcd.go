package ctaudit

// The entries of internal/nistec's binary GCD beyond those of
// targets_nistec.go: the inversions written out for each modulus by _gen
// (bingcd.go's emitBinGCD) and the inner loop of 31 steps, in Go and, by
// default on amd64, in assembly. Each allowed jump is the loop over the
// public iteration count or over the 31 steps.

const whyBingcdLoops = "loops over the public iteration count and the 31 steps"

// nistecBingcdFuncs are the functions of both builds.
var nistecBingcdFuncs = []Func{
	{Symbol: ne + "bingcdInnerGeneric", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p256OrdBinGCD", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p384BinGCD", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p384OrdBinGCD", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p521BinGCD", AllowedLoopJumps: 1, Why: whyBingcdLoops},
	{Symbol: ne + "p521OrdBinGCD", AllowedLoopJumps: 1, Why: whyBingcdLoops},
}

// nistecBingcdAsm is the assembly of the inner loop (written out: no loop);
// nistecBingcdPurego its forwarder to the Go loop.
var (
	nistecBingcdAsm    = []Func{{Symbol: ne + "bingcdInner"}}
	nistecBingcdPurego = []Func{{Symbol: ne + "bingcdInner", AllowedLoopJumps: 1, Why: whyBingcdLoops}}
)

// init adds the entries to the two targets of internal/nistec, which
// targets_nistec.go's init (run before this one: files initialize in the
// order of their names) has appended.
func init() {
	for i := range Targets {
		t := &Targets[i]
		if t.Package != module+"internal/nistec" {
			continue
		}
		t.Funcs = append(t.Funcs, nistecBingcdFuncs...)
		if len(t.Tags) == 1 && t.Tags[0] == "purego" {
			t.Funcs = append(t.Funcs, nistecBingcdPurego...)
		} else {
			t.Funcs = append(t.Funcs, nistecBingcdAsm...)
		}
	}
}
