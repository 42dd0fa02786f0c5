package ctaudit

import (
	"strings"
	"testing"
)

// A function as go tool objdump prints it from a linked binary, where calls
// name their target in the operand.
const linkedObjdump = `TEXT example.com/p.f(SB) /src/p/f.go
  f.go:3		0x401000		493b6610		CMPQ SP, 0x10(R14)
  f.go:3		0x401004		7630			JBE 0x401036
  f.go:4		0x401006		4839c8			CMPQ CX, AX
  f.go:4		0x401009		7320			JAE 0x40102b
  f.go:5		0x40100b		4885db			TESTQ BX, BX
  f.go:5		0x40100e		7405			JE 0x401015
  f.go:6		0x401010		48ffc0			INCQ AX
  f.go:7		0x401013		ebf1			JMP 0x401006
  f.go:8		0x401015		4883f803		CMPQ AX, $0x3
  f.go:8		0x401019		7ceb			JL 0x401006
  f.go:9		0x40101b		c3			RET
  f.go:4		0x40102b		eb02			JMP 0x40102f
  f.go:4		0x40102d		90			NOPL
  f.go:4		0x40102f		e800000000		CALL runtime.panicIndex(SB)
  f.go:3		0x401036		e800000000		CALL runtime.morestack_noctxt.abi0(SB)
  f.go:3		0x40103b		ebc3			JMP example.com/p.f(SB)
`

func TestParseObjdumpLinked(t *testing.T) {
	fns, err := parseObjdump(linkedObjdump)
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) != 1 || fns[0].symbol != "example.com/p.f" || fns[0].file != "/src/p/f.go" || len(fns[0].insts) != 16 {
		t.Fatalf("parsed %+v", fns)
	}
	if c := fns[0].insts[13].call; c != "runtime.panicIndex" {
		t.Errorf("callee %q, want runtime.panicIndex", c)
	}
	jumps, problems := classify(fns[0])
	if len(problems) != 0 {
		t.Errorf("problems %q", problems)
	}
	// JE jumps forward inside the loop (from 0x401006 to 0x401019), past
	// the JMP that also goes back to its header: a branch, not an exit.
	want := []JumpKind{StackCheck, PanicCheck, Branch, LoopBack}
	if len(jumps) != len(want) {
		t.Fatalf("jumps %+v, want kinds %v", jumps, want)
	}
	for i, j := range jumps {
		if j.Kind != want[i] {
			t.Errorf("jump %d (%s): %v, want %v", i, j.Inst, j.Kind, want[i])
		}
	}
	if jumps[3].Cmp != "CMPQ AX, $0x3" {
		t.Errorf("Cmp = %q, want the comparison before the back-edge", jumps[3].Cmp)
	}
}

// A function as the assembler lists it, with a hex dump and relocations.
const asmListing = `# example.com/p
example.com/p.g STEXT nosplit size=20 args=0x10 locals=0x0 funcid=0x0 align=0x0
	0x0000 00000 (/src/p/g.s:5)	TEXT	example.com/p.g(SB), NOSPLIT, $0-16
	0x0000 00000 (/src/p/g.s:5)	FUNCDATA	$0, example.com/p.g.args_stackmap(SB)
	0x0000 00000 (/src/p/g.s:6)	MOVQ	a+0(FP), AX
	0x0005 00005 (/src/p/g.s:8)	IDIVQ	BX
	0x0008 00008 (/src/p/g.s:9)	DECQ	CX
	0x000b 00011 (/src/p/g.s:10)	JNE	5
	0x000d 00013 (/src/p/g.s:11)	JMP	(AX)
	0x000f 00015 (/src/p/g.s:12)	CALL	example.com/p.h(SB)
	0x0013 00019 (/src/p/g.s:13)	RET
	0x0000 48 8b 44 24 08 48 f7 fb 48 ff c9 75 f8 ff e0 e8  H.D$.H..H..u....
	rel 16+4 t=R_CALL example.com/p.h+0
`

func TestParseAsmListing(t *testing.T) {
	fns, err := parseAsmListing(asmListing)
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) != 1 || fns[0].symbol != "example.com/p.g" || len(fns[0].insts) != 7 {
		t.Fatalf("parsed %+v", fns)
	}
	f := fns[0]
	if in := f.insts[3]; in.op != "JNE" || !in.direct || in.target != 5 || in.pos != "g.s:10" {
		t.Errorf("jump parsed as %+v", in)
	}
	if c := f.insts[5].call; c != "example.com/p.h" {
		t.Errorf("callee %q", c)
	}
	jumps, problems := classify(f)
	if len(jumps) != 1 || jumps[0].Kind != LoopBack {
		t.Errorf("jumps %+v, want one back-edge", jumps)
	}
	if len(problems) != 2 || !hasProblem([]Report{{Problems: problems}}, "division IDIVQ") ||
		!hasProblem([]Report{{Problems: problems}}, "indirect jump JMP (AX)") {
		t.Errorf("problems %q, want the division and the indirect jump", problems)
	}
}

func TestCalleeKind(t *testing.T) {
	for name, want := range map[string]JumpKind{
		"runtime.morestack_noctxt": StackCheck,
		"runtime.morestack":        StackCheck,
		"runtime.panicIndex":       PanicCheck,
		"runtime.panicBounds":      PanicCheck,
		"runtime.panicdivide":      PanicCheck,
		"runtime.goPanicIndex":     PanicCheck,
		"runtime.gopanic":          PanicCheck,
		"runtime.memmove":          Branch,
		"example.com/p.panicky":    Branch,
		"":                         Branch,
	} {
		if got := calleeKind(name); got != want {
			t.Errorf("calleeKind(%q) = %v, want %v", name, got, want)
		}
	}
}

// A function as go tool objdump prints it from an arm64 object file:
// branch targets counted in instructions from the branch, calls by
// relocation, and zero words of padding after the last instruction.
const arm64Objdump = `TEXT example.com/p.h(SB) /src/p/h.go
  h.go:3		0x1001			f9400b90		MOVD 16(R28), R16		
  h.go:3		0x1005			eb3063ff		CMP R16, RSP			
  h.go:3		0x1009			54000129		BLS 9(PC)			
  h.go:4		0x100d			aa1f03e1		MOVD ZR, R1			
  h.go:5		0x1011			f100103f		CMP $4, R1			
  h.go:5		0x1015			540000a2		BCS 5(PC)			
  h.go:6		0x1019			91000421		ADD $1, R1, R1			
  h.go:6		0x101d			b5ffffa1		CBNZ R1, -3(PC)			
  h.go:7		0x1021			9ac10800		UDIV R1, R0, R0			
  h.go:8		0x1025			d65f03c0		RET				
  h.go:5		0x1029			94000000		CALL 0(PC)			[0:4]R_CALLARM64:runtime.panicIndex<1>
  h.go:3		0x102d			aa1e03e3		MOVD R30, R3			
  h.go:3		0x1031			94000000		CALL 0(PC)			[0:4]R_CALLARM64:runtime.morestack_noctxt
  h.go:3		0x1035			17fffff3		JMP -13(PC)			
  h.go:3		0x1039			00000000		?				
`

func TestParseObjdumpARM64(t *testing.T) {
	fns, err := parseObjdump(arm64Objdump)
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) != 1 || len(fns[0].insts) != 14 {
		t.Fatalf("parsed %+v", fns)
	}
	if c := fns[0].insts[10].call; c != "runtime.panicIndex" {
		t.Errorf("callee %q, want runtime.panicIndex", c)
	}
	if in := fns[0].insts[7]; !in.direct || in.target != 0x1011 {
		t.Errorf("CBNZ target %#x (direct %v), want 0x1011", in.target, in.direct)
	}
	jumps, problems := classify(fns[0])
	if len(problems) != 1 || !strings.Contains(problems[0], "division UDIV") {
		t.Errorf("problems %q, want the division", problems)
	}
	want := []JumpKind{StackCheck, PanicCheck, LoopBack}
	if len(jumps) != len(want) {
		t.Fatalf("jumps %+v, want kinds %v", jumps, want)
	}
	for i, j := range jumps {
		if j.Kind != want[i] {
			t.Errorf("jump %d (%s): %v, want %v", i, j.Inst, j.Kind, want[i])
		}
	}
}
