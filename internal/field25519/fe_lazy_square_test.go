package field25519

import (
	"testing"
	"testing/quick"
)

// lazySquareMax are the inclusive maxima of squareLimbsLazy's output limbs, as
// derived in its comment.
var lazySquareMax = [5]uint64{1<<51 + 27986, 1<<51 + 6080, 1<<51 + 4928, 1<<51 + 3776, 1<<51 + 2624}

// TestSquareLazyBounds checks the squarings of a run but the last, which
// SquareN reduces by squareLimbsLazy: their value against math/big and their
// limbs against the bounds, for loose inputs at the bound and at random.
func TestSquareLazyBounds(t *testing.T) {
	check := func(a Element) bool {
		var v Element
		v.l0, v.l1, v.l2, v.l3, v.l4 = squareLimbsLazy(a.l0, a.l1, a.l2, a.l3, a.l4)
		if toBig(&v).Cmp(wantMul(&a, &a)) != 0 {
			t.Errorf("lazy square of %v = %v, want %v", a, v, wantMul(&a, &a))
			return false
		}
		for i, l := range [5]uint64{v.l0, v.l1, v.l2, v.l3, v.l4} {
			if l > lazySquareMax[i] {
				t.Errorf("lazy square of %v = %v: limb %d above %d", a, v, i, lazySquareMax[i])
				return false
			}
		}
		return true
	}
	for _, max := range []uint64{looseMax, tightMax, lazySquareMax[0]} {
		for m := range 1 << 5 {
			var l [5]uint64
			for i := range l {
				if m>>i&1 == 1 {
					l[i] = max
				}
			}
			check(Element{l[0], l[1], l[2], l[3], l[4]})
		}
	}
	if err := quick.Check(func(a looseElement) bool { return check(Element(a)) }, quickConfig(20000)); err != nil {
		t.Error(err)
	}
	// A run of lazy squarings from the loose maximum stays within the
	// bounds, and SquareN's last squaring makes it tight again.
	a := maxLoose
	for range 300 {
		if !check(a) {
			break
		}
		a.l0, a.l1, a.l2, a.l3, a.l4 = squareLimbsLazy(a.l0, a.l1, a.l2, a.l3, a.l4)
	}
	var v Element
	v.SquareN(&maxLoose, 300)
	want := new(Element).Set(&maxLoose)
	for range 300 {
		want.Square(want)
	}
	if v.Equal(want) != 1 || !isMulOutput(&v) {
		t.Errorf("SquareN(max, 300) = %v, want %v", v, want)
	}
}
