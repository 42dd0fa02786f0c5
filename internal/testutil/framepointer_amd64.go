//go:build !purego

package testutil

import (
	"runtime"
	"testing"
	"unsafe"
)

// framePointer returns BP as its caller left it: a function without a frame
// does not push one of its own, so this is its caller's frame pointer, the
// address of the slot where the caller saved its own caller's.
func framePointer() unsafe.Pointer

// FramePointerProbe returns a probe for the frame pointer (BP) that
// assembly functions must return with. A test calls the probe right after
// an assembly function, in the same Go function F: the probe finds the BP
// it saved on entry, which is F's, and checks that it points into the
// stack just above the probe's frame at a saved return address into F's
// caller (as runtime.Callers finds it by the frame tables), failing tb
// otherwise. A function that wrote a frame slot over its saved frame
// pointer returns with that slot's value in BP; the probe sees it whatever
// it is, zero included.
func FramePointerProbe(tb testing.TB) (probe func()) {
	return func() {
		tb.Helper()
		// The physical function of F (inlined frames share its entry)
		// and the one that called it.
		var pcs [32]uintptr
		n := runtime.Callers(2, pcs[:])
		var want *runtime.Func
		for _, pc := range pcs[1:n] {
			if fn := runtime.FuncForPC(pc - 1); fn.Entry() != runtime.FuncForPC(pcs[0]-1).Entry() {
				want = fn
				break
			}
		}
		if want == nil {
			tb.Fatal("FramePointerProbe: no function above the probe's caller")
		}
		fp := framePointer()
		bp := *(*uintptr)(fp)
		// F's frame lies above the probe's (the stack grows down); a
		// megabyte bounds any frame of F.
		if bp <= uintptr(fp) || bp-uintptr(fp) > 1<<20 || bp%8 != 0 {
			tb.Errorf("the frame pointer is %#x, not a stack address above %p: an assembly function called last did not restore it", bp, fp)
			return
		}
		ret := *(*uintptr)(unsafe.Add(fp, bp-uintptr(fp)+8))
		if got := runtime.FuncForPC(ret - 1); got == nil || got.Entry() != want.Entry() {
			tb.Errorf("the frame pointer %#x leads to a return into %s, not %s: an assembly function called last did not restore it", bp, funcName(got), want.Name())
		}
	}
}

// funcName returns f's name, or "no function" for nil.
func funcName(f *runtime.Func) string {
	if f == nil {
		return "no function"
	}
	return f.Name()
}
