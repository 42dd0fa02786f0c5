package ctaudit

// The entries of internal/bigmod, the arithmetic of RSA: every function,
// with and without assembly. The secrets are the primes (as moduli), the
// private exponents and the messages. Every allowed jump tests a public size
// (limb, digit and byte counts, which follow from the modulus's bit length),
// a loop counter over such a size or over the window positions of an
// exponent of public length, the implementation chosen by CPU features,
// copy's test of equal addresses, the runtime's write barrier, or the
// validity of an input (an error the caller sees).

const bm = module + "internal/bigmod."

// Why texts of the bigmod entries, by kind of jump; each function's jumps
// were read against their source lines.
const (
	whyBMLoops    = "loops over public limb, digit, byte, window or entry counts"
	whyBMBranches = "branches on public sizes (limb and byte counts, capacity), the choice of kernel by size and CPU features, copy's test of equal addresses, the write barrier, and the validity of an input (an error the caller sees)"
	whyBMKernel   = "the loop over the public count of limbs, digits or table entries"
)

// bigmodFuncs are the functions compiled with and without assembly.
var bigmodFuncs = []Func{
	{Symbol: bm + "(*Modulus).BitLen"},
	{Symbol: bm + "(*Modulus).Nat", AllowedBranches: 2, Why: whyBMBranches},
	{Symbol: bm + "(*Modulus).Size"},
	{Symbol: bm + "(*Nat).Add", AllowedLoopJumps: 3, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "(*Nat).Bytes"},
	{Symbol: bm + "(*Nat).Equal", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "(*Nat).ExpandFor", AllowedBranches: 4, Why: whyBMBranches},
	{Symbol: bm + "(*Nat).FillBytes", AllowedLoopJumps: 2, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "(*Nat).Mod", AllowedLoopJumps: 4, AllowedBranches: 7, AllowedDivisions: 1, Why: whyBMLoops + "; " + whyBMBranches + "; one division of public sizes: the count of n-limb blocks of x, (len(x)+n-1)/n"},
	{Symbol: bm + "(*Nat).Mul", AllowedLoopJumps: 3, AllowedBranches: 3, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "(*Nat).SetBytes", AllowedLoopJumps: 7, AllowedBranches: 4, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "(*Nat).Sub", AllowedLoopJumps: 4, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "(*Nat).expWindow", AllowedLoopJumps: 6, AllowedBranches: 10, AllowedDivisions: 1, Why: whyBMLoops + "; " + whyBMBranches + "; one division of public sizes: the count of windows of the exponent, (8·len(e)+w-1)/w"},
	{Symbol: bm + "(*Nat).grow", AllowedBranches: 2, Why: whyBMBranches},
	{Symbol: bm + "NewModulus"},
	{Symbol: bm + "NewModulusProduct", AllowedLoopJumps: 4, AllowedBranches: 4, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "NewNat", AllowedBranches: 1, Why: whyBMBranches},
	{Symbol: bm + "addMulRowPair", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "addMulWordVec", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "bitLenUint", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "checkSize", AllowedLoopJumps: 2, Why: whyBMLoops},
	{Symbol: bm + "choice.mask"},
	{Symbol: bm + "ctEq"},
	{Symbol: bm + "ctIsZero"},
	{Symbol: bm + "ctSelect", AllowedLoopJumps: 10, AllowedDivisions: 1, Why: whyBMLoops + "; one division of public sizes: the count of table entries, len(table)/len(z)"},
	{Symbol: bm + "digitsToLimbs", AllowedLoopJumps: 3, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "expWindow", AllowedBranches: 1, Why: whyBMBranches},
	{Symbol: bm + "limbFromBytes", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "limbsFromBytes", AllowedLoopJumps: 4, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "limbsToDigits", AllowedLoopJumps: 3, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "minusInverseModW", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "modDouble", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "montMul16", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "montMul24", AllowedLoopJumps: 2, Why: whyBMLoops},
	{Symbol: bm + "montMul32", AllowedLoopJumps: 2, Why: whyBMLoops},
	{Symbol: bm + "montMul48", AllowedLoopJumps: 2, Why: whyBMLoops},
	{Symbol: bm + "montMul64", AllowedLoopJumps: 2, Why: whyBMLoops},
	{Symbol: bm + "montMul8", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "montMulGeneric", AllowedLoopJumps: 2, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedc", AllowedBranches: 7, Why: whyBMBranches},
	{Symbol: bm + "montRedc16", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedc24", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedc32", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedc48", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedc64", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedc8", AllowedLoopJumps: 1, AllowedBranches: 1, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montRedcGeneric", AllowedLoopJumps: 3, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montSqr16", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "montSqr24", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "montSqr32", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "montSqr48", AllowedLoopJumps: 4, Why: whyBMLoops},
	{Symbol: bm + "montSqr64", AllowedLoopJumps: 3, Why: whyBMLoops},
	{Symbol: bm + "montSqr8"},
	{Symbol: bm + "montSqrGeneric", AllowedLoopJumps: 8, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "montgomeryConstants", AllowedLoopJumps: 3, AllowedBranches: 2, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "newModulus", AllowedLoopJumps: 5, AllowedBranches: 3, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "not"},
	{Symbol: bm + "redcRowPair", AllowedLoopJumps: 1, Why: whyBMLoops},
	{Symbol: bm + "scratch", AllowedBranches: 1, Why: whyBMBranches},
	{Symbol: bm + "subIfGeq", AllowedLoopJumps: 2, Why: whyBMLoops},
	{Symbol: bm + "windowBits", AllowedBranches: 1, Why: whyBMBranches},
}

// bigmodAsm are the functions of the assembly build only.
var bigmodAsm = []Func{
	{Symbol: bm + "(*Nat).Exp", AllowedBranches: 2, Why: whyBMBranches},
	{Symbol: bm + "(*Nat).expIFMA", AllowedLoopJumps: 10, AllowedBranches: 12, AllowedDivisions: 1, Why: whyBMLoops + "; " + whyBMBranches + "; one division of public sizes: the count of windows of the exponent, (8·len(e)+w-1)/w"},
	{Symbol: bm + "(*Nat).expIFMA.func1"},
	{Symbol: bm + "(*Nat).expWindow.func1"},
	{Symbol: bm + "ExpPair", AllowedBranches: 6, Why: whyBMBranches},
	{Symbol: bm + "aligned64"},
	{Symbol: bm + "amm", AllowedBranches: 4, Why: whyBMBranches},
	{Symbol: bm + "amm2", AllowedBranches: 2, Why: whyBMBranches},
	{Symbol: bm + "ammIFMA20", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA20x2", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA30", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA30x2", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA40", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA40x2", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA60", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "ammIFMA80", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "expPairIFMA", AllowedLoopJumps: 17, AllowedBranches: 35, AllowedDivisions: 1, Why: whyBMLoops + "; " + whyBMBranches + "; one division of public sizes: the count of windows of the exponents, (8·len(e)+w-1)/w"},
	{Symbol: bm + "expPairIFMA.func1"},
	{Symbol: bm + "expPairIFMA.func2"},
	{Symbol: bm + "expPairIFMA.func3"},
	{Symbol: bm + "montMul", AllowedBranches: 9, Why: whyBMBranches},
	{Symbol: bm + "montMulADX", AllowedBranches: 6, Why: whyBMBranches},
	{Symbol: bm + "montMulADX16", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montMulADX24", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montMulADX32", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montMulADX48", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montMulADX64", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montSqr", AllowedBranches: 9, Why: whyBMBranches},
	{Symbol: bm + "montSqrADX", AllowedBranches: 3, Why: whyBMBranches},
	{Symbol: bm + "montSqrADX16", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montSqrADX24", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "montSqrADX32", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "newModulusFromLimbs", AllowedLoopJumps: 1, AllowedBranches: 7, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "newRadix52", AllowedLoopJumps: 7, AllowedBranches: 14, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "selectIFMA", AllowedBranches: 4, Why: whyBMBranches},
	{Symbol: bm + "selectIFMA24", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "selectIFMA32", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "selectIFMA40", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "selectIFMA64", AllowedLoopJumps: 1, Why: whyBMKernel},
	{Symbol: bm + "selectIFMA80", AllowedLoopJumps: 1, Why: whyBMKernel},
}

// bigmodPurego are the functions of the purego build only.
var bigmodPurego = []Func{
	{Symbol: bm + "(*Nat).Exp"},
	{Symbol: bm + "(*Nat).expIFMA"},
	{Symbol: bm + "ExpPair"},
	{Symbol: bm + "expPairIFMA"},
	{Symbol: bm + "montMul", AllowedBranches: 7, Why: whyBMBranches},
	{Symbol: bm + "montMulADX"},
	{Symbol: bm + "montSqr", AllowedBranches: 7, Why: whyBMBranches},
	{Symbol: bm + "montSqrADX"},
	{Symbol: bm + "newModulusFromLimbs", AllowedLoopJumps: 1, AllowedBranches: 13, Why: whyBMLoops + "; " + whyBMBranches},
	{Symbol: bm + "newRadix52", AllowedBranches: 6, Why: whyBMBranches},
}

// bigmodPublic are the functions that handle no secret, or are variable
// time by name in public inputs only.
var bigmodPublic = map[string]string{
	bm + "(*Nat).ExpShortVarTime":     "variable time by name in the exponent, which is public (e = 65537); the base is public in verification and the check by re-encryption releases its result",
	bm + "(*Nat).expShortIFMAVarTime": "variable time by name in the public exponent (see ExpShortVarTime)",
	bm + "bitLenVarTime":              "variable time by name: the bit length of a modulus, public",
	bm + "bitLenVarTime64":            "variable time by name: the bit length of a modulus, public",
	bm + "ifmaDigits":                 "maps a public limb count to a digit count",
	bm + "ifmaPairs":                  "tests a public digit count",
	bm + "init.0":                     whyRegister,
	bm + "init.1":                     whyRegister,
}

func init() {
	Targets = append(Targets,
		Target{Package: module + "internal/bigmod", Funcs: append(append([]Func(nil), bigmodFuncs...), bigmodAsm...), Public: bigmodPublic},
		Target{Package: module + "internal/bigmod", Tags: []string{"purego"}, Funcs: append(append([]Func(nil), bigmodFuncs...), bigmodPurego...), Public: bigmodPublic},
	)
}
