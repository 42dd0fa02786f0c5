package nistec

import (
	"testing"
)

// testAllocs asserts that the scalar multiplications and the group law do
// not allocate.
func testAllocs[T any, P pointPtr[T]](t *testing.T, c *curveCase, newGenerator func() P) {
	k := make([]byte, c.scalarSize)
	for i := range k {
		k[i] = byte(3*i + 1)
	}
	g := newGenerator()
	p := P(new(T))
	for name, f := range map[string]func(){
		"ScalarMult":                  func() { p.ScalarMult(g, k) },
		"ScalarBaseMult":              func() { p.ScalarBaseMult(k) },
		"VarTimeDoubleScalarBaseMult": func() { p.VarTimeDoubleScalarBaseMult(k, g, k) },
		"Add":                         func() { p.Add(g, g) },
	} {
		if n := testing.AllocsPerRun(3, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}

func TestP256Allocs(t *testing.T) { testAllocs(t, &p256Case, newP256Generator) }
func TestP384Allocs(t *testing.T) { testAllocs(t, &p384Case, newP384Generator) }
func TestP521Allocs(t *testing.T) { testAllocs(t, &p521Case, newP521Generator) }

// TestInvertAllocs asserts that the field and scalar inversions do not
// allocate with their operands and their binary GCD's on the stack: the
// assembly they call on amd64 is declared not to let its pointers escape.
func TestInvertAllocs(t *testing.T) {
	for name, f := range map[string]func(){
		"p256Invert": func() {
			var z, x [4]uint64
			x[0] = 3
			p256Invert(&z, &x)
		},
		"p256OrdInvert": func() {
			var z, x [4]uint64
			x[0] = 3
			p256OrdInvert(&z, &x)
		},
		"p384Invert": func() {
			var z, x [6]uint64
			x[0] = 3
			p384Invert(&z, &x)
		},
		"p384OrdInvert": func() {
			var z, x [6]uint64
			x[0] = 3
			p384OrdInvert(&z, &x)
		},
		"p521Invert": func() {
			var z, x [9]uint64
			x[0] = 3
			p521Invert(&z, &x)
		},
		"p521OrdInvert": func() {
			var z, x [9]uint64
			x[0] = 3
			p521OrdInvert(&z, &x)
		},
	} {
		if n := testing.AllocsPerRun(3, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}
