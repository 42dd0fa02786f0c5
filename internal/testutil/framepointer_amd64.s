//go:build !purego

#include "textflag.h"

// func framePointer() unsafe.Pointer
TEXT ·framePointer(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ BP, ret+0(FP)
	RET
