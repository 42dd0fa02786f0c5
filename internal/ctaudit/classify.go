package ctaudit

import (
	"fmt"
	"strings"
)

// classify classifies the conditional jumps of fn and returns them, with the
// problems that fail the audit whatever the allowance: divisions, indirect
// jumps and undecoded instructions.
func classify(fn *function) ([]Jump, []string) {
	index := make(map[uint64]int, len(fn.insts))
	for i, in := range fn.insts {
		if _, dup := index[in.addr]; !dup {
			index[in.addr] = i
		}
	}

	// Every backward jump, conditional or not, closes a loop that spans
	// from its target, the loop header, to itself; the backward jumps to
	// one header (the back-edge and any continue) make one loop, which
	// ends at the last of them.
	loopEnd := make(map[uint64]uint64)
	for _, in := range fn.insts {
		if isJump(in.op) && in.direct && in.target <= in.addr {
			loopEnd[in.target] = max(loopEnd[in.target], in.addr)
		}
	}

	var jumps []Jump
	var problems []string
	for i, in := range fn.insts {
		switch {
		case in.op == "?" || strings.HasPrefix(in.op, "?"):
			problems = append(problems, fmt.Sprintf("%s: the disassembler could not decode an instruction", in.pos))
		case strings.HasPrefix(in.op, "DIV") || strings.HasPrefix(in.op, "IDIV"),
			// arm64: UDIV, SDIV (and W forms), FDIVD, FDIVS
			strings.HasPrefix(in.op, "UDIV") || strings.HasPrefix(in.op, "SDIV") || strings.HasPrefix(in.op, "FDIV"):
			problems = append(problems, fmt.Sprintf("%s: division %s", in.pos, in.text()))
		case in.op == "JMP" && !in.direct && !strings.HasSuffix(in.args, "(SB)"):
			problems = append(problems, fmt.Sprintf("%s: indirect jump %s", in.pos, in.text()))
		}
		if !isCondJump(in.op) {
			continue
		}
		j := Jump{Pos: in.pos, Inst: in.text(), Kind: Branch}
		if i > 0 {
			j.Cmp = fn.insts[i-1].text()
		}
		switch {
		case !in.direct:
			problems = append(problems, fmt.Sprintf("%s: conditional jump %s to an unknown target", in.pos, in.text()))
		case targetCalls(fn, index, in.target) == StackCheck:
			j.Kind = StackCheck
		case targetCalls(fn, index, in.target) == PanicCheck:
			j.Kind = PanicCheck
		case in.target <= in.addr:
			j.Kind = LoopBack
		default:
			for start, end := range loopEnd {
				if start <= in.addr && in.addr <= end && in.target > end {
					j.Kind = LoopExit
					break
				}
			}
		}
		jumps = append(jumps, j)
	}
	return jumps, problems
}

// targetCalls follows the code at addr (through up to four unconditional
// jumps, over at most 16 instructions each) to the first call, and returns
// StackCheck if it calls runtime.morestack, PanicCheck if it calls a runtime
// panic, and Branch otherwise (also if the code returns, jumps conditionally
// or jumps indirectly first).
func targetCalls(fn *function, index map[uint64]int, addr uint64) JumpKind {
	for hops := 0; hops <= 4; hops++ {
		i, ok := index[addr]
		if !ok {
			return Branch
		}
		next := false
		for end := min(i+16, len(fn.insts)); i < end && !next; i++ {
			in := fn.insts[i]
			switch {
			case in.op == "CALL":
				return calleeKind(in.call)
			case (in.op == "JMP" || in.op == "B") && in.direct:
				addr, next = in.target, true
			case isJump(in.op) || strings.HasPrefix(in.op, "RET"):
				return Branch
			}
		}
		if !next {
			return Branch
		}
	}
	return Branch
}

// calleeKind classifies a called runtime function.
func calleeKind(name string) JumpKind {
	switch {
	case strings.HasPrefix(name, "runtime.morestack"):
		return StackCheck
	case strings.HasPrefix(name, "runtime.panic"), // panicIndex, panicBounds, panicdivide, panicshift, ...
		strings.HasPrefix(name, "runtime.goPanic"), // goPanicIndex and the like
		name == "runtime.gopanic":
		return PanicCheck
	}
	return Branch
}
