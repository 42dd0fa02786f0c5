//go:build !purego

package chacha20poly1305

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ctAuditAsm audits Go assembly src (a generated kernel file) for the
// constant-time rules, by a taint analysis of each TEXT function's general
// registers, flags and opmask registers, to a fixed point over its jumps:
// public are immediates, the arguments (pointers and lengths, read from
// FP), read-only constants (SB), what is computed from them only and the
// stack slots they are stored to; secret is everything loaded through a
// pointer or from the rest of the frame, taken from a vector register, and
// every register before it is written.
// It returns a problem for each conditional jump on secret flags (but one
// to a label ending in "_fail": Open's public result), each memory
// operand whose address uses a secret register, each masked access under a
// secret mask, and each division. CMOV on secret flags, and masked moves
// between registers under a secret mask, are allowed.
func ctAuditAsm(src string) (problems []string) {
	type insn struct {
		line      int
		label, op string
		args      []string
	}
	// Byte registers are their whole register's.
	alias := map[string]string{}
	for _, r := range []string{"AX", "BX", "CX", "DX"} {
		alias[r[:1]+"L"] = r
	}
	for _, r := range []string{"SI", "DI", "BP", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"} {
		alias[r+"B"] = r
	}
	var funcs [][]insn
	for i, l := range strings.Split(src, "\n") {
		if j := strings.Index(l, "//"); j >= 0 {
			l = l[:j]
		}
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "DATA") || strings.HasPrefix(l, "GLOBL"):
		case strings.HasPrefix(l, "TEXT"):
			funcs = append(funcs, nil)
		case len(funcs) == 0:
		case strings.HasSuffix(l, ":"):
			funcs[len(funcs)-1] = append(funcs[len(funcs)-1], insn{line: i + 1, label: strings.TrimSuffix(l, ":")})
		default:
			for _, one := range strings.Split(l, ";") {
				f := strings.Fields(strings.TrimSpace(one))
				if len(f) == 0 {
					continue
				}
				var args []string
				if len(f) > 1 {
					for _, a := range strings.Split(strings.Join(f[1:], ""), ",") {
						a = strings.TrimSpace(a)
						if r, ok := alias[a]; ok {
							a = r
						}
						args = append(args, a)
					}
				}
				funcs[len(funcs)-1] = append(funcs[len(funcs)-1], insn{line: i + 1, op: f[0], args: args})
			}
		}
	}
	gp := map[string]bool{"AX": true, "BX": true, "CX": true, "DX": true, "SI": true, "DI": true, "BP": true,
		"R8": true, "R9": true, "R10": true, "R11": true, "R12": true, "R13": true, "R14": true, "R15": true}
	isK := func(a string) bool { return len(a) == 2 && a[0] == 'K' && a[1] >= '0' && a[1] <= '7' }
	isVec := func(a string) bool {
		return len(a) > 1 && (a[0] == 'X' || a[0] == 'Y' || a[0] == 'Z') && a[1] >= '0' && a[1] <= '9'
	}
	isMem := func(a string) bool { return strings.Contains(a, "(") }
	type state map[string]bool // secret registers, "flags" and opmasks
	entry := func() state {
		s := state{"flags": true}
		for r := range gp {
			s[r] = true
		}
		for k := range 8 {
			s[fmt.Sprintf("K%d", k)] = true
		}
		return s
	}
	// A state's "pub:N" entries are the 8-byte stack slots at N(SP)
	// known to hold a public value (the rest of the frame is secret).
	isPub := func(k string) bool { return strings.HasPrefix(k, "pub:") }
	join := func(a, b state) state {
		c := state{}
		for r, v := range a {
			if isPub(r) {
				c[r] = v && b[r]
			} else {
				c[r] = v || b[r]
			}
		}
		for r, v := range b {
			if !isPub(r) {
				c[r] = v || a[r]
			}
		}
		return c
	}
	clone := func(a state) state {
		c := state{}
		for r, v := range a {
			c[r] = v
		}
		return c
	}
	// slot returns N for the operand N(SP), or ok false.
	slot := func(a string) (n int, ok bool) {
		off, found := strings.CutSuffix(a, "(SP)")
		if !found || strings.Contains(off, "(") {
			return 0, false
		}
		if off == "" {
			return 0, true
		}
		n, err := strconv.Atoi(off)
		return n, err == nil
	}
	same := func(a, b state) bool {
		for r := range a {
			if a[r] != b[r] {
				return false
			}
		}
		for r := range b {
			if a[r] != b[r] {
				return false
			}
		}
		return true
	}
	for _, fn := range funcs {
		in := map[string]state{}
		tagBranch := 0 // the line of the one branch on Open's tag comparison
		// pass runs fn once from the states at its labels so far; it
		// reports whether any of them grew, and with check, the problems.
		pass := func(check bool) (grew bool) {
			st, live := entry(), true
			seen := map[string]bool{}
			report := func(ins insn, why string) {
				p := fmt.Sprintf("line %d: %s %s: %s", ins.line, ins.op, strings.Join(ins.args, ", "), why)
				if check && !seen[p] {
					seen[p] = true
					problems = append(problems, p)
				}
			}
			// val is an operand's taint as a source; a memory operand's
			// address must be public.
			val := func(ins insn, a string) bool {
				switch {
				case strings.HasPrefix(a, "$"):
					return false
				case gp[a] || isK(a):
					return st[a]
				case isVec(a):
					return true
				case isMem(a):
					if strings.HasSuffix(a, "(FP)") || strings.HasSuffix(a, "(SB)") {
						return false
					}
					if n, ok := slot(a); ok {
						return !st[fmt.Sprintf("pub:%d", n)]
					}
					for _, part := range strings.Split(a, "(")[1:] {
						r := strings.TrimSuffix(strings.Split(part, "*")[0], ")")
						if r != "SP" && st[r] {
							report(ins, "address from a secret register "+r)
						}
					}
					return true
				}
				report(ins, "unknown operand "+a)
				return true
			}
			jump := func(l string) {
				n := st
				if old, ok := in[l]; ok {
					n = join(old, st)
					if same(old, n) {
						return
					}
				}
				in[l] = clone(n)
				grew = true
			}
			for _, ins := range fn {
				if ins.label != "" {
					if s, ok := in[ins.label]; ok {
						if live {
							st = join(st, s)
						} else {
							st, live = clone(s), true
						}
					}
					continue
				}
				if !live {
					continue
				}
				op, args := ins.op, ins.args
				last := ""
				if len(args) > 0 {
					last = args[len(args)-1]
				}
				// srcs is the taint of the sources: every operand but a
				// three-operand instruction's destination. (Every memory
				// operand's address is checked here; a jump's label and
				// LEAQ's address, not a memory access, are not operands.)
				var srcs bool
				for i, a := range args {
					if op[0] == 'J' || op == "LEAQ" {
						break
					}
					t := val(ins, a)
					if i < 2 || i < len(args)-1 {
						srcs = t || srcs
					}
				}
				if slices.ContainsFunc(args, isMem) {
					for _, a := range args {
						if isK(a) && st[a] && !strings.HasPrefix(op, "KMOV") {
							report(ins, "a memory access under a secret mask "+a)
						}
					}
				}
				// A store to the frame: a MOVQ to a slot makes it as
				// public as the value; any other secret store makes the
				// slots it may reach secret.
				if isMem(last) && strings.Contains(last, "(SP)") && op[0] != 'J' {
					t := srcs
					if strings.HasPrefix(op, "MOV") && len(args) == 2 {
						t = val(ins, args[0])
					}
					n, plain := slot(last)
					switch {
					case plain && op == "MOVQ":
						st[fmt.Sprintf("pub:%d", n)] = !t
					case t:
						for k := range st {
							var m int
							if _, err := fmt.Sscanf(k, "pub:%d", &m); err == nil && (!plain || m > n-8 && m < n+64) {
								delete(st, k)
							}
						}
					}
				}
				switch {
				case strings.Contains(op, "DIV"):
					report(ins, "a division")
				case op == "JMP":
					jump(args[0])
					live = false
				case op == "RET":
					live = false
				case op[0] == 'J':
					switch {
					case !st["flags"]:
					case !strings.HasSuffix(args[0], "_fail"):
						report(ins, "a branch on secret flags")
					case tagBranch != 0 && tagBranch != ins.line:
						report(ins, "a second branch on the tag (an early exit?)")
					default:
						tagBranch = ins.line
					}
					jump(args[0])
				case strings.HasPrefix(op, "CMOV"):
					st[last] = st[last] || val(ins, args[0]) || st["flags"]
				case op == "MULXQ":
					t := val(ins, args[0]) || st["DX"]
					st[args[1]], st[args[2]] = t, t
				case op == "LEAQ":
					// The address's registers, not memory.
					t := false
					for _, part := range strings.Split(args[0], "(")[1:] {
						t = st[strings.TrimSuffix(strings.Split(part, "*")[0], ")")] || t
					}
					st[last] = t
				case strings.HasPrefix(op, "MOV") || op == "KMOVQ":
					if gp[last] || isK(last) {
						st[last] = val(ins, args[0])
					}
				case strings.HasPrefix(op, "V") || strings.HasPrefix(op, "K"):
					// Vector data is secret; a general register written
					// from it is too.
					if gp[last] {
						st[last] = true
					}
				case (op == "XORQ" || op == "XORL" || op == "SUBQ") && len(args) == 2 && args[0] == args[1]:
					st[last], st["flags"] = false, false
				case strings.HasPrefix(op, "CMP") || strings.HasPrefix(op, "TEST"):
					st["flags"] = srcs
				case strings.HasPrefix(op, "ADC") || strings.HasPrefix(op, "SBB"):
					t := srcs || st["flags"]
					if gp[last] {
						st[last] = t
					}
					st["flags"] = t
				default:
					// Arithmetic: the destination (last) from every
					// operand, and the flags from it.
					t := srcs
					if gp[last] {
						st[last] = t
					}
					st["flags"] = t
				}
			}
			return grew
		}
		for pass(false) {
		}
		pass(true)
	}
	return problems
}

// TestSetsConstantTimeAsm audits sets_amd64.s with ctAuditAsm: no
// branch but on public lengths and counters and Open's tag comparison, no
// address or mask from secret data, no division. It first checks that the
// audit finds a branch on the MAC's accumulator, an address from it and a
// division added to the file, a load under a mask made from the key, an
// early exit from Open's tag comparison, and a branch and an address on
// secret values stored to the frame and reloaded; and that it finds none
// for a public count stored and reloaded.
func TestSetsConstantTimeAsm(t *testing.T) {
	b, err := os.ReadFile("sets_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, bad := range []struct{ after, insert, want string }{
		{"R12, R9\n", "TESTQ R9, R9; JZ openSets_stitch\n", "a branch on secret flags"},
		{"R12, R9\n", "MOVQ (SI)(R8*1), AX\n", "address from a secret register R8"},
		{"R12, R9\n", "DIVQ R9\n", "a division"},
		{"key+0(FP), SI\n", "MOVQ (SI), AX; KMOVQ AX, K3; VMOVDQU8.Z 16(SI), K3, Z13\n", "under a secret mask K3"},
		{"XORQ (SI), R8\n", "JNZ openSets_fail\n", "a second branch on the tag"},
		{"R12, R9\n", "MOVQ R8, 24(SP); MOVQ 24(SP), AX; TESTQ AX, AX; JZ openSets_stitch\n", "a branch on secret flags"},
		{"R12, R9\n", "MOVQ AX, 24(SP); MOVQ 24(SP), AX; MOVQ AX, 32(SP); MOVQ 32(SP), AX; MOVQ (SI)(AX*1), AX\n", "address from a secret register AX"},
	} {
		i := strings.LastIndex(src, bad.after)
		if i < 0 {
			t.Fatalf("sets_amd64.s has no %q to insert after", bad.after)
		}
		i += len(bad.after)
		if ps := ctAuditAsm(src[:i] + bad.insert + src[i:]); len(ps) != 1 || !strings.Contains(ps[0], bad.want) {
			t.Fatalf("%q inserted: the audit found %q, not %s alone", bad.insert, ps, bad.want)
		}
	}
	// A public counter spilled to the frame and reloaded stays public.
	i := strings.LastIndex(src, "$0x0c, DI\n") + len("$0x0c, DI\n")
	if ps := ctAuditAsm(src[:i] + "MOVQ DI, 24(SP); MOVQ 24(SP), DI\n" + src[i:]); len(ps) > 0 {
		t.Fatalf("a public count spilled and reloaded: the audit found %q", ps)
	}
	if ps := ctAuditAsm(src); len(ps) > 0 {
		t.Fatalf("sets_amd64.s:\n%s", strings.Join(ps, "\n"))
	}
}

// TestKernelsConstantTimeAsm runs ctAuditAsm over the generated assembly
// that TestSetsConstantTimeAsm and TestHeadWideConstantTimeAsm do not: the
// short and fused kernels, the AVX2 kernels and Poly1305's. It first
// checks that the audit sees the secrets of each of those files, and of
// the four-set kernels in sets_amd64.s: an address made from the
// low word of the first Poly1305 product (of the file, or of the
// function) is found.
func TestKernelsConstantTimeAsm(t *testing.T) {
	for _, p := range []struct{ file, fn string }{
		{"fused_amd64.s", ""},
		{"fused_avx2_amd64.s", ""},
		{"chunks_avx2_amd64.s", ""},
		{"internal/poly1305/sum_amd64.s", ""},
		{"sets_amd64.s", "sealSets4"},
		{"sets_amd64.s", "openSets4"},
	} {
		b, err := os.ReadFile(p.file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		from := 0
		if p.fn != "" {
			from = strings.Index(src, "TEXT ·"+p.fn+"(SB)")
			if from < 0 {
				t.Fatalf("%s has no %s", p.file, p.fn)
			}
		}
		i := strings.Index(src[from:], "MULXQ ")
		if i < 0 {
			t.Fatalf("%s %s has no MULXQ", p.file, p.fn)
		}
		i += from
		end := i + strings.IndexByte(src[i:], '\n')
		lo := strings.Split(strings.TrimSpace(src[i+len("MULXQ "):end]), ", ")[1]
		bad := src[:end+1] + "\tMOVQ (SP)(" + lo + "*1), " + lo + "\n" + src[end+1:]
		ps := ctAuditAsm(bad)
		if len(ps) == 0 || !strings.Contains(strings.Join(ps, "\n"), "address from a secret register "+lo) || p.fn != "" && len(ps) != 1 {
			t.Errorf("%s %s: an address from the product in %s: the audit found %q", p.file, p.fn, lo, ps)
		}
		if p.fn != "" {
			continue
		}
		if ps := ctAuditAsm(src); len(ps) > 0 {
			t.Errorf("%s:\n%s", p.file, strings.Join(ps, "\n"))
		}
	}
}

// headWideFuncs are the TEXT functions of the wide head (chacha20's
// XORKeyStreamHeadWide) and of xorChunkPartMAC, with their files.
var headWideFuncs = []struct{ file, name string }{
	{"internal/chacha20/chacha20_amd64.s", "chacha24HeadAVX512"},
	{"chunks_amd64.s", "xorChunkPartMAC"},
}

// asmFunction returns the TEXT function name of the assembly file, from
// its TEXT line to the next one.
func asmFunction(t *testing.T, file, name string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	i := strings.Index(src, "TEXT ·"+name+"(SB)")
	if i < 0 {
		t.Fatalf("%s has no TEXT %s", file, name)
	}
	body := src[i:]
	if j := strings.Index(body[1:], "\nTEXT "); j >= 0 {
		body = body[:j+1]
	}
	return body
}

// TestHeadWideConstantTimeAsm audits the kernels of headWideFuncs with
// ctAuditAsm: no branch but on public lengths and counts, no address or
// mask from secret data (the masks of the partial blocks come from the
// length alone), no division; and the whole of
// internal/chacha20/chacha20_amd64.s and chunks_amd64.s too. It first
// checks, in each of those kernels, that the audit finds a mask made from the
// key, an address from the state, a branch on the keystream and a length
// replaced by a word of the source (every mask after it secret).
func TestHeadWideConstantTimeAsm(t *testing.T) {
	for _, f := range headWideFuncs {
		body := asmFunction(t, f.file, f.name)
		// The first instruction loads s, the state's pointer; the line
		// after the TEXT line is where to insert.
		i := strings.Index(body, "\n") + 1
		if first, _, _ := strings.Cut(body[i:], "\n"); strings.Join(strings.Fields(first), " ") != "MOVQ s+0(FP), AX" {
			t.Fatalf("%s: does not start by loading s into AX", f.name)
		}
		i += strings.Index(body[i:], "\n") + 1
		for _, bad := range []struct{ insert, want string }{
			{"MOVQ 16(AX), R15; KMOVQ R15, K2; VMOVDQU8.Z (AX), K2, Z31\n", "under a secret mask K2"},
			{"MOVL 16(AX), R15; MOVQ (AX)(R15*1), R15\n", "address from a secret register R15"},
			{"VMOVQ X31, R15; TESTQ R15, R15; JZ probe_branch\nprobe_branch:\n", "a branch on secret flags"},
		} {
			if ps := ctAuditAsm(body[:i] + bad.insert + body[i:]); len(ps) != 1 || !strings.Contains(ps[0], bad.want) {
				t.Fatalf("%s: %q inserted: the audit found %q, not %s alone", f.name, bad.insert, ps, bad.want)
			}
		}
		// The length from memory: every masked access after it is
		// under a secret mask.
		lenLoad := ""
		for _, l := range strings.Split(body, "\n") {
			if strings.Contains(l, "src_len+") {
				lenLoad = strings.TrimSpace(l)
			}
		}
		reg := lenLoad[strings.LastIndex(lenLoad, " ")+1:]
		bad := strings.Replace(body, lenLoad, "MOVQ 8(AX), "+reg, 1)
		ps := ctAuditAsm(bad)
		if len(ps) == 0 {
			t.Fatalf("%s: the length replaced by a word of the state: the audit found nothing", f.name)
		}
		for _, p := range ps {
			if !strings.Contains(p, "under a secret mask") && !strings.Contains(p, "a branch on secret flags") {
				t.Fatalf("%s: the length replaced by a word of the state: unexpected %q", f.name, p)
			}
		}
		if ps := ctAuditAsm(body); len(ps) > 0 {
			t.Fatalf("%s:\n%s", f.name, strings.Join(ps, "\n"))
		}
	}
	for _, file := range []string{"internal/chacha20/chacha20_amd64.s", "chunks_amd64.s"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if ps := ctAuditAsm(string(b)); len(ps) > 0 {
			t.Fatalf("%s:\n%s", file, strings.Join(ps, "\n"))
		}
	}
}

// TestHeadWideFrames checks that the kernels of headWideFuncs have no
// frame and touch no stack slot (NOSPLIT with $0: a slot below SP would be
// another goroutine's memory or unmapped).
func TestHeadWideFrames(t *testing.T) {
	for _, f := range headWideFuncs {
		body := asmFunction(t, f.file, f.name)
		line, _, _ := strings.Cut(body, "\n")
		if !strings.Contains(line, ", NOSPLIT, $0-") {
			t.Fatalf("%s: %q: not NOSPLIT with no frame", f.name, line)
		}
		if strings.Contains(body, "(SP)") {
			t.Fatalf("%s: uses the stack", f.name)
		}
	}
}
