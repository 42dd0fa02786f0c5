// Copyright carry authors. Hand-written: five instructions do not need avo.

//go:build amd64 && !purego

#include "textflag.h"

// func cyclesRDTSCP() uint64
//
// RDTSCP waits until every earlier instruction has executed before it reads
// the time-stamp counter; the LFENCE after it keeps later instructions (the
// timed function) from starting before the read.
TEXT ·cyclesRDTSCP(SB), NOSPLIT, $0-8
	RDTSCP
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func cyclesLFENCE() uint64
//
// For processors without RDTSCP: the first LFENCE waits for earlier
// instructions, the second keeps later ones from starting early.
TEXT ·cyclesLFENCE(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func hasRDTSCP() bool
//
// CPUID leaf 0x80000001, EDX bit 27.
TEXT ·hasRDTSCP(SB), NOSPLIT, $0-1
	MOVL $0x80000000, AX
	CPUID
	CMPL AX, $0x80000001
	JB   no
	MOVL $0x80000001, AX
	MOVL $0, CX
	CPUID
	SHRL $27, DX
	ANDL $1, DX
	MOVB DX, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET
