#include "textflag.h"

// func BranchAsm(a, b, secret uint64) uint64
TEXT ·BranchAsm(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DX
	MOVQ b+8(FP), BX
	MULXQ BX, AX, CX
	MOVQ secret+16(FP), SI
	TESTQ $1, SI
	JEQ  done
	ADDQ $1, AX

done:
	MOVQ AX, ret+24(FP)
	RET

// func LoopAsm(a, b uint64, n int) uint64
TEXT ·LoopAsm(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DX
	MOVQ b+8(FP), BX
	MOVQ n+16(FP), CX

loop:
	MULXQ BX, DX, AX
	DECQ  CX
	JNE   loop
	MOVQ DX, ret+24(FP)
	RET
