// Package ctaudit audits the compiled code of secret-handling functions for
// the instructions whose timing can depend on their operands' values: the
// conditional jumps and the divisions.
//
// [Build] compiles a package for linux/amd64 exactly as a program using it
// would (the Go code into an archive, the assembly with the assembler's
// listing, -S); [Audit] reads the Go functions with go tool objdump from the
// archive and the assembly functions from the assembler's listing (go tool
// objdump cannot decode BMI2 and ADX instructions such as MULX and ADCX, so
// it would misread the assembly), and classifies every conditional jump of
// every listed function:
//
//   - a stack check, whose target calls runtime.morestack (the prologue of
//     every function that may grow its stack);
//   - a panic check, whose target calls a runtime panic: bounds checks
//     (runtime.panicIndex, panicBounds and the like), division by zero, or
//     panic on a broken invariant (runtime.gopanic);
//   - a loop jump: a back-edge, or an exit from a loop to past its end;
//   - any other conditional jump, a branch.
//
// A function passes when its loop jumps and its branches are exactly as
// many as its [Func] entry allows, its divisions (DIV, IDIV and the
// floating-point divisions) exactly as many as the entry allows of public
// values (usually none), and it has no indirect jump (a jump table). The counts
// are exact so that the list is read again when the code changes: every
// allowed loop runs over a public counter, and every allowed branch tests a
// public value (a length, the choice of implementation), which the entry's
// Why explains.
//
// The audit sees instructions, not data: it does not find secret-dependent
// memory indices, nor a branch hidden in a function called from outside the
// list. Those are what cttest measures.
package ctaudit

import (
	"fmt"
	"strings"
)

// Func is a function to audit.
type Func struct {
	// Symbol is the function's full symbol name, for example
	// "github.com/carry-crypto/carry/internal/field25519.(*Element).Mul".
	Symbol string
	// AllowedLoopJumps is the exact number of conditional jumps of loops
	// (back-edges and exits) over public counters.
	AllowedLoopJumps int
	// AllowedBranches is the exact number of other conditional jumps, on
	// public values only, that the function may have.
	AllowedBranches int
	// AllowedDivisions is the exact number of divisions the function may
	// have, each of public values only (sizes and counts, never a secret
	// operand: a division's time depends on its operands).
	AllowedDivisions int
	// Why says what the allowed jumps test.
	Why string
}

// JumpKind classifies a conditional jump.
type JumpKind int

const (
	StackCheck JumpKind = iota // to a call of runtime.morestack
	PanicCheck                 // to a call of a runtime panic
	LoopBack                   // a back-edge of a loop
	LoopExit                   // from inside a loop to past its end
	Branch                     // any other conditional jump
)

var (
	jumpKindNames  = [...]string{"stack check", "panic check", "loop back-edge", "loop exit", "branch"}
	jumpKindPlural = [...]string{"stack checks", "panic checks", "loop back-edges", "loop exits", "branches"}
)

func (k JumpKind) String() string {
	if k < 0 || int(k) >= len(jumpKindNames) {
		return fmt.Sprintf("JumpKind(%d)", int(k))
	}
	return jumpKindNames[k]
}

// Jump is one conditional jump of an audited function.
type Jump struct {
	Pos  string // file:line
	Inst string // the instruction, e.g. "JGE 0x954b"
	Cmp  string // the last instruction before it, which usually sets the flags
	Kind JumpKind
}

// Report is the audit of one function from one source.
type Report struct {
	Symbol string
	// Source is "objdump" for compiled Go, "asm" for the assembler's
	// listing of assembly.
	Source       string
	Instructions int
	// Why is the list's explanation of the allowed jumps.
	Why   string
	Jumps []Jump
	// Problems lists every finding that fails the audit: branches and
	// loop jumps beyond the allowance, divisions, indirect jumps, a
	// missing function, instructions the disassembler could not decode.
	Problems []string
}

// OK reports whether the function passed.
func (r Report) OK() bool { return len(r.Problems) == 0 }

// Count returns the number of jumps of kind k.
func (r Report) Count(k JumpKind) int {
	n := 0
	for _, j := range r.Jumps {
		if j.Kind == k {
			n++
		}
	}
	return n
}

// String returns a summary line, then one line per loop jump and branch and
// per problem.
func (r Report) String() string {
	var b strings.Builder
	verdict := "ok"
	if !r.OK() {
		verdict = "FAIL"
	}
	plural := "s"
	if len(r.Jumps) == 1 {
		plural = ""
	}
	fmt.Fprintf(&b, "%s [%s]: %d instructions, %d conditional jump%s", shortName(r.Symbol), r.Source, r.Instructions, len(r.Jumps), plural)
	var parts []string
	for k := StackCheck; k <= Branch; k++ {
		switch n := r.Count(k); n {
		case 0:
		case 1:
			parts = append(parts, fmt.Sprintf("1 %s", k))
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n, jumpKindPlural[k]))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	fmt.Fprintf(&b, ": %s", verdict)
	for _, j := range r.Jumps {
		if j.Kind >= LoopBack {
			fmt.Fprintf(&b, "\n\t%s %s: %s after %s", j.Kind, j.Pos, j.Inst, j.Cmp)
		}
	}
	if r.Why != "" && (r.Count(LoopBack)+r.Count(LoopExit)+r.Count(Branch)) > 0 {
		fmt.Fprintf(&b, "\n\tallowed: %s", r.Why)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "\n\tproblem: %s", p)
	}
	return b.String()
}

// shortName strips the module path from a symbol.
func shortName(sym string) string {
	return strings.TrimPrefix(sym, "github.com/carry-crypto/carry/")
}

// Audit audits the functions funcs of the package p. It returns one report
// per function and source (a function written in assembly is reported from
// the assembler's listing, and its Go ABI wrapper, if any, from objdump),
// and an error only if the disassembler fails.
func Audit(p *Package, funcs []Func) ([]Report, error) {
	goFuncs, err := p.goFunctions()
	if err != nil {
		return nil, err
	}
	asmFuncs, err := p.asmFunctions()
	if err != nil {
		return nil, err
	}
	var reports []Report
	for _, f := range funcs {
		found := false
		if fn, ok := asmFuncs[f.Symbol]; ok {
			reports = append(reports, check(fn, f))
			found = true
		}
		if fn, ok := goFuncs[f.Symbol]; ok {
			found = true
			if fn.wrapper {
				// The ABI wrapper of an assembly function: it may
				// have no conditional jump of its own.
				reports = append(reports, check(fn, Func{Symbol: f.Symbol}))
			} else {
				reports = append(reports, check(fn, f))
			}
		}
		if !found {
			reports = append(reports, Report{Symbol: f.Symbol, Source: "none",
				Problems: []string{"function not found in the compiled package"}})
		}
	}
	return reports, nil
}

// Functions returns the symbols of all the functions the package defines,
// in Go and in assembly, without the ABI wrappers of the assembly ones.
func (p *Package) Functions() ([]string, error) {
	goFuncs, err := p.goFunctions()
	if err != nil {
		return nil, err
	}
	asmFuncs, err := p.asmFunctions()
	if err != nil {
		return nil, err
	}
	var syms []string
	for s, fn := range goFuncs {
		if _, isAsm := asmFuncs[s]; !isAsm && !fn.wrapper {
			syms = append(syms, s)
		}
	}
	for s := range asmFuncs {
		syms = append(syms, s)
	}
	return syms, nil
}

// check audits one function against its allowance.
func check(fn *function, f Func) Report {
	r := Report{Symbol: f.Symbol, Source: fn.source, Instructions: len(fn.insts), Why: f.Why}
	jumps, problems := classify(fn)
	r.Jumps = jumps
	// Divisions fail the audit unless the entry allows exactly as many,
	// of public values.
	var divisions, others []string
	for _, p := range problems {
		if strings.Contains(p, ": division ") {
			divisions = append(divisions, p)
		} else {
			others = append(others, p)
		}
	}
	r.Problems = others
	if len(divisions) != f.AllowedDivisions {
		r.Problems = append(r.Problems, divisions...)
		r.Problems = append(r.Problems, fmt.Sprintf("%d divisions, the list allows exactly %d", len(divisions), f.AllowedDivisions))
	}
	loops := r.Count(LoopBack) + r.Count(LoopExit)
	if loops != f.AllowedLoopJumps {
		r.Problems = append(r.Problems, fmt.Sprintf("%d loop jumps, the list allows exactly %d", loops, f.AllowedLoopJumps))
	}
	if n := r.Count(Branch); n != f.AllowedBranches {
		r.Problems = append(r.Problems, fmt.Sprintf("%d branches, the list allows exactly %d", n, f.AllowedBranches))
	}
	return r
}
