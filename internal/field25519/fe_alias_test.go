package field25519

import (
	"testing"
	"testing/quick"
)

// checkAliasing1 returns a property that f(v, x) gives the same result and
// returns its receiver whether or not the receiver is x.
func checkAliasing1(f func(v, x *Element) *Element) func(x Element) bool {
	return func(x Element) bool {
		x0 := x
		var want Element
		if f(&want, &x) != &want || x != x0 {
			return false
		}
		v := x
		return f(&v, &v) == &v && v == want
	}
}

// checkAliasing2 returns a property that f(v, x, y) gives the same result
// and returns its receiver for every way the receiver and the two arguments
// can share memory.
func checkAliasing2(f func(v, x, y *Element) *Element) func(x, y Element) bool {
	return func(x, y Element) bool {
		x0, y0 := x, y

		// Distinct operands.
		var want Element
		if f(&want, &x, &y) != &want || x != x0 || y != y0 {
			return false
		}
		v := x
		if f(&v, &v, &y) != &v || v != want || y != y0 {
			return false
		}
		v = y
		if f(&v, &x, &v) != &v || v != want || x != x0 {
			return false
		}

		// Equal operands: x with a copy of itself, with itself, and with
		// the receiver in each position.
		xc := x
		var wantXX Element
		if f(&wantXX, &x, &xc) != &wantXX {
			return false
		}
		var w Element
		if f(&w, &x, &x) != &w || w != wantXX || x != x0 {
			return false
		}
		v = x
		if f(&v, &v, &xc) != &v || v != wantXX {
			return false
		}
		v = x
		if f(&v, &xc, &v) != &v || v != wantXX {
			return false
		}
		v = x
		return f(&v, &v, &v) == &v && v == wantXX && xc == x0
	}
}

// TestAliasing checks that every method may be called with its receiver
// equal to any of its arguments, as in v.Invert(v) or v.Mul(v, v).
func TestAliasing(t *testing.T) {
	one := map[string]func(v, x *Element) *Element{
		"Set":         (*Element).Set,
		"Square":      (*Element).Square,
		"Negate":      (*Element).Negate,
		"Invert":      (*Element).Invert,
		"Pow22523":    (*Element).Pow22523,
		"Absolute":    (*Element).Absolute,
		"SquareN1":    func(v, x *Element) *Element { return v.SquareN(x, 1) },
		"SquareN9":    func(v, x *Element) *Element { return v.SquareN(x, 9) },
		"CondNegate0": func(v, x *Element) *Element { return v.CondNegate(x, 0) },
		"CondNegate1": func(v, x *Element) *Element { return v.CondNegate(x, 1) },
		"SetBytes":    func(v, x *Element) *Element { r, _ := v.SetBytes(x.Bytes()); return r },
	}
	for name, f := range one {
		if err := quick.Check(checkAliasing1(f), quickConfig(200)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}

	two := map[string]func(v, x, y *Element) *Element{
		"Add":     (*Element).Add,
		"Sub":     (*Element).Sub,
		"Mul":     (*Element).Mul,
		"Select0": func(v, x, y *Element) *Element { return v.Select(x, y, 0) },
		"Select1": func(v, x, y *Element) *Element { return v.Select(x, y, 1) },
		"SqrtRatio": func(v, x, y *Element) *Element {
			r, was := v.SqrtRatio(x, y)
			// Fold wasSquare into the result so that it is compared too.
			var w Element
			w.w[0] = uint64(was + 1)
			return r.Mul(r, &w)
		},
	}
	for name, f := range two {
		if err := quick.Check(checkAliasing2(f), quickConfig(200)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
