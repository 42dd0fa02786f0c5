package edwards25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAliasing checks every method whose receiver may alias its arguments
// against the same call into a fresh receiver.
func TestAliasing(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(20) {
		P := pointFromRef(t, r, refRandom(r))
		Q := pointFromRef(t, r, refRandom(r))

		binary := map[string]func(v, p, q *Point) *Point{
			"Add":      (*Point).Add,
			"Subtract": (*Point).Subtract,
		}
		for name, f := range binary {
			want := f(new(Point), P, Q)
			v := new(Point).Set(P)
			if f(v, v, Q).Equal(want) != 1 {
				t.Errorf("%s(v, v, q) differs", name)
			}
			v = new(Point).Set(Q)
			if f(v, P, v).Equal(want) != 1 {
				t.Errorf("%s(v, p, v) differs", name)
			}
			v = new(Point).Set(P)
			if f(v, v, v).Equal(f(new(Point), P, P)) != 1 {
				t.Errorf("%s(v, v, v) differs", name)
			}
		}
		unary := map[string]func(v, p *Point) *Point{
			"Double": (*Point).Double,
			"Negate": (*Point).Negate,
			"Set":    (*Point).Set,
		}
		for name, f := range unary {
			want := f(new(Point), P)
			v := new(Point).Set(P)
			if f(v, v).Equal(want) != 1 {
				t.Errorf("%s(v, v) differs", name)
			}
		}
		// X25519Base with dst and k the same array.
		k := clamp(randBytes(r))
		var wantU [32]byte
		X25519Base(&wantU, k)
		X25519Base(k, k)
		if *k != wantU {
			t.Error("X25519Base(k, k) differs")
		}
	}
}
