package ctaudit

// The entries of P-521's point formulas in assembly (p521_field_amd64.s,
// from internal/nistec/_asm): straight-line code with no conditional jump,
// the same in every call, calling the multiplication and the squaring
// (p521MulInner and p521SquareInner, straight-line too). They exist only without the purego tag, and join the
// internal/nistec target built that way. This file's init runs after
// targets_nistec.go's, whose target it extends.

var nistecP521Asm = []Func{
	{Symbol: ne + "p521MulInner"},
	{Symbol: ne + "p521SquareInner"},
	{Symbol: ne + "p521DoubleADX"},
	{Symbol: ne + "p521AddDistinctADX"},
	{Symbol: ne + "p521AddAffineDistinctADX"},
	{Symbol: ne + "p521PointAddADX"},
	{Symbol: ne + "p521PointAddAffineADX"},
	{Symbol: ne + "p521WindowsADX", AllowedLoopJumps: 2, Why: "the loops over the five doublings and the digits, public counts"},
}

func init() {
	n := 0
	for i := range Targets {
		if Targets[i].Package == module+"internal/nistec" && len(Targets[i].Tags) == 0 && Targets[i].Arch == "" {
			Targets[i].Funcs = append(Targets[i].Funcs, nistecP521Asm...)
			n++
		}
	}
	if n != 1 {
		panic("ctaudit: no single internal/nistec target without tags for P-521's formulas")
	}
}
