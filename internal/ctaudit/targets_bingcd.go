package ctaudit

import "slices"

// The entries of internal/bingcd, the binary GCD's inner loop that
// internal/nistec calls: by default on amd64 Inner
// is the assembly (the 31 steps written out: no jump at all); with the
// purego tag and on arm64 it forwards to innerGeneric, the Go loop.

const bg = module + "internal/bingcd."

func init() {
	common := []Func{
		{Symbol: bg + "innerGeneric", AllowedLoopJumps: 1, Why: whyInvertSteps},
		{Symbol: bg + "NonzeroMask"},
	}
	goInner := Func{Symbol: bg + "Inner", AllowedLoopJumps: 1, Why: whyInvertSteps}
	Targets = append(Targets,
		Target{Package: module + "internal/bingcd", Funcs: slices.Concat(common, []Func{{Symbol: bg + "Inner"}})},
		Target{Package: module + "internal/bingcd", Tags: []string{"purego"}, Funcs: slices.Concat(common, []Func{goInner})},
		Target{Package: module + "internal/bingcd", Arch: "arm64", Funcs: slices.Concat(common, []Func{goInner})},
	)
}
