package field25519

import (
	"math/big"
	"testing"
	"testing/quick"
)

// lazyMax is the largest limb LazyAdd and LazySub accept on a (and LazyAdd
// on b): 2^53 - 1.
const lazyMax = 1<<53 - 1

var maxLazyIn = Element{lazyMax, lazyMax, lazyMax, lazyMax, lazyMax}

func isLoose(v *Element) bool {
	return v.l0 <= looseMax && v.l1 <= looseMax && v.l2 <= looseMax &&
		v.l3 <= looseMax && v.l4 <= looseMax
}

func checkLazy(t *testing.T, a, b *Element) {
	t.Helper()
	var s, d Element
	s.LazyAdd(a, b)
	d.LazySub(a, b)
	sum := new(big.Int).Add(limbsBig(a), limbsBig(b))
	diff := new(big.Int).Sub(limbsBig(a), limbsBig(b))
	if toBig(&s).Cmp(sum.Mod(sum, bigP)) != 0 || !isLoose(&s) {
		t.Fatalf("LazyAdd(%v, %v) = %v", a, b, s)
	}
	if toBig(&d).Cmp(diff.Mod(diff, bigP)) != 0 || !isLoose(&d) {
		t.Fatalf("LazySub(%v, %v) = %v", a, b, d)
	}
	// The loose results are valid inputs of the multiplications.
	var m, q Element
	m.Mul(&s, &d)
	q.Square(&s)
	prod := new(big.Int).Mul(limbsBig(&s), limbsBig(&d))
	sq := new(big.Int).Mul(limbsBig(&s), limbsBig(&s))
	if toBig(&m).Cmp(prod.Mod(prod, bigP)) != 0 || toBig(&q).Cmp(sq.Mod(sq, bigP)) != 0 {
		t.Fatalf("Mul/Square of lazy results of %v, %v are wrong", a, b)
	}
}

func TestLazyAddSubAtBound(t *testing.T) {
	// a at the largest accepted limbs; b at the largest LazySub accepts
	// (2p's limbs), at the tight maximum, and zero.
	for _, a := range []Element{maxLazyIn, maxTight, {}} {
		for _, b := range []Element{*twoP, maxTight, {}} {
			checkLazy(t, &a, &b)
		}
	}
	var s Element
	s.LazyAdd(&maxLazyIn, &maxLazyIn)
	if !isLoose(&s) {
		t.Errorf("LazyAdd(max, max) = %v is not loose", s)
	}
}

func TestLazyAddSubRandom(t *testing.T) {
	f := func(a, b Element) bool {
		// Element's generator gives tight elements, which both
		// operands of LazyAdd and LazySub may be.
		checkLazy(t, &a, &b)
		return true
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}
