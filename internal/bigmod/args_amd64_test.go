//go:build !purego

package bigmod

import (
	"reflect"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// callByReflect calls f through package reflect, with args converted to
// f's parameter types (slices to array pointers). reflect passes the
// arguments in Go's register ABI, each in its place and every other
// argument register zero, and the wrapper to an assembly function stores
// them to the stack: a function that took an argument from a register
// its usual caller happens to leave it in, without loading it, finds a
// zero instead.
func callByReflect(f any, args ...any) {
	fv := reflect.ValueOf(f)
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		in[i] = reflect.ValueOf(a).Convert(fv.Type().In(i))
	}
	fv.Call(in)
}

// TestADXKernelsLoadArguments calls each ADX multiplication and squaring
// by callByReflect, on a random modulus of its size and values below it,
// and compares the result with the generic code's.
func TestADXKernelsLoadArguments(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "adx")
	r := rng(t)
	for _, k := range []struct {
		n        int
		mul, sqr any
	}{
		{16, montMulADX16, montSqrADX16},
		{24, montMulADX24, montSqrADX24},
		{32, montMulADX32, montSqrADX32},
		{48, montMulADX48, nil},
		{64, montMulADX64, nil},
	} {
		for range 3 {
			a := newMontArgs(t, r, k.n)
			want := make([]uint64, k.n)
			montMulGeneric(want, a.x, a.y, a.m, a.m0inv)
			callByReflect(k.mul, a.z, a.x, a.y, a.m, a.m0inv)
			if !slices.Equal(a.z, want) {
				t.Fatalf("montMulADX%d differs from montMulGeneric", k.n)
			}
			if k.sqr == nil {
				continue
			}
			montSqrGeneric(want, a.x, a.m, a.m0inv)
			callByReflect(k.sqr, a.z, a.x, a.m, a.m0inv)
			if !slices.Equal(a.z, want) {
				t.Fatalf("montSqrADX%d differs from montSqrGeneric", k.n)
			}
		}
	}
}
