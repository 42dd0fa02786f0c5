package chacha20poly1305

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// arm64Audit lists, for each function of aead_arm64.s, the registers that
// its conditional branches may test (directly, or through the CMP before
// a B.cond) and that its loads and stores may address through: all hold
// lengths, loop counters and pointers derived from the arguments, none key
// or data. Every other register of the functions may hold secrets.
var arm64Audit = map[string]struct{ branch, address []string }{
	// R3 the bytes left, R4 block0 (nil or not), R5 the rounds left; R0
	// the state, R1 dst, R2 src, R4 block0, R6 the constants, R7 and R8
	// words 12 and 13 of the state, R9 words 4 and 8 of it (before the
	// loop; after, R9 holds keystream and is never an address).
	"xorKeyStreamNEON": {branch: []string{"R3", "R4", "R5"}, address: []string{"R0", "R1", "R2", "R4", "R6", "R7", "R8", "R9", "FP"}},
	// R2 the block pointer, R3 its end (from p's length); R0 h, R1 r.
	"polyBlocksARM64": {branch: []string{"R2", "R3"}, address: []string{"R0", "R1", "R2", "FP"}},
}

// TestARM64Branches audits aead_arm64.s, on every architecture, as
// ctaudit audits the compiled amd64 code: each conditional branch tests
// only a register of arm64Audit's branch list; each memory operand has a
// base register of its address list and no index register; and there is
// no division, whose time depends on its operands. R9 is checked not to
// be an address after it has held keystream.
func TestARM64Branches(t *testing.T) {
	src, err := os.ReadFile("aead_arm64.s")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`^TEXT ·(\w+)\(SB\)`)
	mem := regexp.MustCompile(`\((R\d+|RSP|FP|SB)\)(\((R\d+)\))?`)
	reg := regexp.MustCompile(`\bR\d+\b`)
	var fn, lastCmp string
	keystreamInR9 := false
	branches := 0
	for n, line := range strings.Split(string(src), "\n") {
		if m := text.FindStringSubmatch(line); m != nil {
			fn, keystreamInR9 = m[1], false
			continue
		}
		line = strings.TrimSpace(line)
		if fn == "" || line == "" || strings.HasPrefix(line, "//") || strings.HasSuffix(line, ":") || strings.HasPrefix(line, "DATA") || strings.HasPrefix(line, "GLOBL") {
			continue
		}
		op, args, _ := strings.Cut(line, "\t")
		audit, ok := arm64Audit[fn]
		if !ok {
			t.Fatalf("line %d: %s is not in arm64Audit", n+1, fn)
		}
		switch {
		case op == "CMP":
			lastCmp = args
		case op == "CBZ" || op == "CBNZ" || op == "TBZ" || op == "TBNZ":
			branches++
			fields := strings.Split(args, ", ")
			if r := fields[len(fields)-2]; !slices.Contains(audit.branch, r) {
				t.Errorf("line %d: %s branches on %s", n+1, fn, r)
			}
		case op == "BLT" || op == "BNE" || op == "BEQ" || op == "BGT" || op == "BGE" || op == "BLE" || op == "BLO" || op == "BHI" || op == "BLS" || op == "BHS":
			branches++
			for _, r := range reg.FindAllString(lastCmp, -1) {
				if !slices.Contains(audit.branch, r) {
					t.Errorf("line %d: %s branches on a comparison of %s", n+1, fn, r)
				}
			}
			if lastCmp == "" {
				t.Errorf("line %d: %s branches on flags not set by CMP", n+1, fn)
			}
		case strings.Contains(op, "DIV"):
			t.Errorf("line %d: %s divides", n+1, fn)
		}
		if strings.HasPrefix(args, "V16.D[0], R9") {
			keystreamInR9 = true
		}
		for _, m := range mem.FindAllStringSubmatch(args, -1) {
			if m[1] == "SB" {
				continue
			}
			if !slices.Contains(audit.address, m[1]) || m[3] != "" || m[1] == "R9" && keystreamInR9 {
				t.Errorf("line %d: %s addresses memory through %s", n+1, fn, m[0])
			}
		}
		if op == "ADDS" || op == "ADCS" || op == "SUBS" || op == "SBCS" || op == "ANDS" {
			// These set the flags too: a B.cond must follow a CMP
			// with nothing that sets them in between.
			lastCmp = ""
		}
	}
	if branches < 10 {
		t.Errorf("found %d conditional branches in aead_arm64.s; the audit is not reading it", branches)
	}
}
