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
