package field25519

import (
	"encoding/binary"
	"math/big"
	mathrand "math/rand"
	"reflect"
	"testing"
	"testing/quick"
)

// These tests check the limb bounds of the package documentation at the
// bounds themselves: every input limb at its largest allowed value, and
// random limbs over the whole loose range, against math/big.

// looseElement is an Element whose limbs span the loose range [0, 2^54).
type looseElement Element

var looseLimbs = []uint64{
	0, 1, 19,
	1<<51 - 1, 1 << 51, tightMax,
	1<<52 - 1, 1 << 52, 1<<53 - 1, 1 << 53,
	looseMax - 1<<51, looseMax - 19, looseMax, looseMax,
}

func (looseElement) Generate(r *mathrand.Rand, size int) reflect.Value {
	var l [5]uint64
	for i := range l {
		switch r.Intn(3) {
		case 0:
			l[i] = looseLimbs[r.Intn(len(looseLimbs))]
		default:
			l[i] = r.Uint64() & looseMax
		}
	}
	return reflect.ValueOf(looseElement{l[0], l[1], l[2], l[3], l[4]})
}

// maxLoose has every limb at the loose maximum 2^54 - 1.
var maxLoose = Element{looseMax, looseMax, looseMax, looseMax, looseMax}

// maxTight has every limb at the tight maximum 2^51 + 2^13 - 1.
var maxTight = Element{tightMax, tightMax, tightMax, tightMax, tightMax}

func wantMul(a, b *Element) *big.Int {
	x := new(big.Int).Mul(limbsBig(a), limbsBig(b))
	return x.Mod(x, bigP)
}

func TestMulAtBound(t *testing.T) {
	// Every combination of each of the ten limbs being 0 or maximal, with
	// maximal meaning the loose and, separately, the tight bound.
	for _, max := range []uint64{looseMax, tightMax, 1<<51 - 1} {
		for m := range 1 << 10 {
			var l [10]uint64
			for i := range l {
				if m>>i&1 == 1 {
					l[i] = max
				}
			}
			a := Element{l[0], l[1], l[2], l[3], l[4]}
			b := Element{l[5], l[6], l[7], l[8], l[9]}
			var v Element
			v.Mul(&a, &b)
			if toBig(&v).Cmp(wantMul(&a, &b)) != 0 || !isMulOutput(&v) {
				t.Fatalf("Mul(%v, %v) = %v, want %v", a, b, v, wantMul(&a, &b))
			}
			if m < 1<<5 {
				v.Square(&a)
				if toBig(&v).Cmp(wantMul(&a, &a)) != 0 || !isMulOutput(&v) {
					t.Fatalf("Square(%v) = %v, want %v", a, v, wantMul(&a, &a))
				}
			}
		}
	}
}

func TestMulLooseRandom(t *testing.T) {
	f := func(a, b looseElement) bool {
		x, y := Element(a), Element(b)
		var v, s Element
		v.Mul(&x, &y)
		s.Square(&x)
		return toBig(&v).Cmp(wantMul(&x, &y)) == 0 && isMulOutput(&v) &&
			toBig(&s).Cmp(wantMul(&x, &x)) == 0 && isMulOutput(&s)
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestAddSubAtBound(t *testing.T) {
	var v Element
	v.Add(&maxLoose, &maxLoose)
	want := new(big.Int).Add(limbsBig(&maxLoose), limbsBig(&maxLoose))
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
		t.Errorf("Add(max loose, max loose) = %v", v)
	}

	// Sub: minuend at the loose maximum or zero, subtrahend at 2p's limbs
	// (the largest allowed) or zero.
	for _, a := range []Element{maxLoose, {}, maxTight} {
		for _, b := range []Element{*twoP, {}, maxTight} {
			v.Sub(&a, &b)
			want := new(big.Int).Sub(limbsBig(&a), limbsBig(&b))
			if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
				t.Errorf("Sub(%v, %v) = %v, want %v", a, b, v, want)
			}
		}
	}
	for _, a := range []Element{*twoP, maxTight, {}} {
		v.Negate(&a)
		want := new(big.Int).Neg(limbsBig(&a))
		if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
			t.Errorf("Negate(%v) = %v, want %v", a, v, want)
		}
	}

	f := func(a, b looseElement, c Element) bool {
		x, y := Element(a), Element(b)
		var s, d Element
		s.Add(&x, &y)
		d.Sub(&x, &c)
		sum := new(big.Int).Add(limbsBig(&x), limbsBig(&y))
		diff := new(big.Int).Sub(limbsBig(&x), limbsBig(&c))
		return toBig(&s).Cmp(sum.Mod(sum, bigP)) == 0 && isAddOutput(&s) &&
			toBig(&d).Cmp(diff.Mod(diff, bigP)) == 0 && isAddOutput(&d)
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestMulSmallAtBound(t *testing.T) {
	for _, a := range []Element{maxLoose, maxTight, {looseMax, 0, looseMax, 0, looseMax}} {
		for _, c := range []uint32{1<<32 - 1, 121666, 1, 0} {
			var v Element
			v.MulSmall(&a, c)
			want := new(big.Int).Mul(limbsBig(&a), new(big.Int).SetUint64(uint64(c)))
			if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isMulSmallOutput(&v) {
				t.Errorf("MulSmall(%v, %d) = %v, want %v", a, c, v, want)
			}
		}
	}
	f := func(a looseElement, c uint32) bool {
		x := Element(a)
		var v Element
		v.MulSmall(&x, c)
		want := new(big.Int).Mul(limbsBig(&x), new(big.Int).SetUint64(uint64(c)))
		return toBig(&v).Cmp(want.Mod(want, bigP)) == 0 && isMulSmallOutput(&v)
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestExponentiationsAtBound(t *testing.T) {
	pm2 := new(big.Int).Sub(bigP, big.NewInt(2))
	e22523 := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(5)), 3)
	for _, a := range []Element{maxLoose, maxTight, {looseMax, 1, 0, looseMax, 1 << 52}} {
		var v Element
		x := limbsBig(&a)
		v.SquareN(&a, 7)
		if toBig(&v).Cmp(new(big.Int).Exp(x, big.NewInt(128), bigP)) != 0 || !isMulOutput(&v) {
			t.Errorf("SquareN(%v, 7) = %v", a, v)
		}
		v.Invert(&a)
		if toBig(&v).Cmp(new(big.Int).Exp(x, pm2, bigP)) != 0 || !isMulOutput(&v) {
			t.Errorf("Invert(%v) = %v", a, v)
		}
		v.Pow22523(&a)
		if toBig(&v).Cmp(new(big.Int).Exp(x, e22523, bigP)) != 0 || !isMulOutput(&v) {
			t.Errorf("Pow22523(%v) = %v", a, v)
		}
		for _, b := range []Element{maxLoose, maxTight, *feOne} {
			if err := checkSqrtRatio(&a, &b); err != nil {
				t.Error(err)
			}
			if err := checkSqrtRatio(&b, &a); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestLadderAndPointShapes runs the operation sequences of an X25519
// Montgomery ladder step (RFC 7748, Section 5) and of an extended-coordinates
// edwards25519 addition, with every input at the tight maximum, and checks
// each intermediate against math/big and the bounds.
func TestLadderAndPointShapes(t *testing.T) {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, bigP) }
	check := func(name string, v *Element, want *big.Int) {
		t.Helper()
		if toBig(v).Cmp(mod(want)) != 0 || !isTight(v) {
			t.Fatalf("%s = %v, want %v", name, v, want)
		}
	}
	inputs := []Element{maxTight, *twoP, {tightMax, 0, tightMax, 0, tightMax}}
	for _, x2 := range inputs {
		for _, z3 := range inputs {
			x1, z2, x3 := maxTight, x2, z3
			bx1, bx2, bz2, bx3, bz3 := limbsBig(&x1), limbsBig(&x2), limbsBig(&z2), limbsBig(&x3), limbsBig(&z3)
			var a, aa, b, bb, e, c, d, da, cb, t1, t2 Element
			a.Add(&x2, &z2)
			ba := new(big.Int).Add(bx2, bz2)
			check("A", &a, ba)
			aa.Square(&a)
			check("AA", &aa, new(big.Int).Mul(ba, ba))
			b.Sub(&x2, &z2)
			bb2 := new(big.Int).Sub(bx2, bz2)
			check("B", &b, bb2)
			bb.Square(&b)
			check("BB", &bb, new(big.Int).Mul(bb2, bb2))
			e.Sub(&aa, &bb)
			be := new(big.Int).Sub(toBig(&aa), toBig(&bb))
			check("E", &e, be)
			c.Add(&x3, &z3)
			d.Sub(&x3, &z3)
			da.Mul(&d, &a)
			check("DA", &da, new(big.Int).Mul(new(big.Int).Sub(bx3, bz3), ba))
			cb.Mul(&c, &b)
			check("CB", &cb, new(big.Int).Mul(new(big.Int).Add(bx3, bz3), bb2))
			t1.Add(&da, &cb)
			t1.Square(&t1)
			s := new(big.Int).Add(toBig(&da), toBig(&cb))
			check("x3", &t1, s.Mul(s, s))
			t2.Sub(&da, &cb)
			t2.Square(&t2)
			t2.Mul(&t2, &x1)
			s = new(big.Int).Sub(toBig(&da), toBig(&cb))
			check("z3", &t2, s.Mul(s, s).Mul(s, bx1))
			t1.MulSmall(&e, 121665)
			t1.Add(&aa, &t1)
			t1.Mul(&t1, &e)
			s = new(big.Int).Mul(be, big.NewInt(121665))
			s.Add(s, toBig(&aa))
			check("z2", &t1, s.Mul(s, be))

			// Edwards addition shape (RFC 8032, Section 5.1.4): products of
			// sums and differences, and a doubled product.
			var pp, mm, tt, zz Element
			pp.Add(&x2, &x3)
			mm.Sub(&x2, &x3)
			tt.Mul(&pp, &mm)
			check("(Y+X)(Y-X)", &tt, new(big.Int).Mul(new(big.Int).Add(bx2, bx3), new(big.Int).Sub(bx2, bx3)))
			zz.Add(&tt, &tt)
			zz.Sub(&zz, &aa)
			zz.Mul(&zz, &pp)
			s = new(big.Int).Lsh(toBig(&tt), 1)
			s.Sub(s, toBig(&aa))
			check("(2T-AA)(Y+X)", &zz, s.Mul(s, new(big.Int).Add(bx2, bx3)))
		}
	}
}

// FuzzMul compares Mul, Square, Add, Sub and MulSmall with math/big on two
// loose elements and one tight element read from the fuzz input.
func FuzzMul(f *testing.F) {
	seeds := [][]byte{
		make([]byte, 120),
		bytesOf(0xff, 120),
		bytesOf(0x7f, 120),
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 120 {
			in = append(in, make([]byte, 120-len(in))...)
		}
		var l [15]uint64
		for i := range l {
			l[i] = binary.LittleEndian.Uint64(in[8*i:])
		}
		a := Element{l[0] % (looseMax + 1), l[1] % (looseMax + 1), l[2] % (looseMax + 1), l[3] % (looseMax + 1), l[4] % (looseMax + 1)}
		b := Element{l[5] % (looseMax + 1), l[6] % (looseMax + 1), l[7] % (looseMax + 1), l[8] % (looseMax + 1), l[9] % (looseMax + 1)}
		c := Element{l[10] % (tightMax + 1), l[11] % (tightMax + 1), l[12] % (tightMax + 1), l[13] % (tightMax + 1), l[14] % (tightMax + 1)}
		var v Element
		if v.Mul(&a, &b); toBig(&v).Cmp(wantMul(&a, &b)) != 0 || !isMulOutput(&v) {
			t.Fatalf("Mul(%v, %v) = %v", a, b, v)
		}
		if v.Square(&a); toBig(&v).Cmp(wantMul(&a, &a)) != 0 || !isMulOutput(&v) {
			t.Fatalf("Square(%v) = %v", a, v)
		}
		want := new(big.Int).Add(limbsBig(&a), limbsBig(&b))
		if v.Add(&a, &b); toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
			t.Fatalf("Add(%v, %v) = %v", a, b, v)
		}
		want.Sub(limbsBig(&a), limbsBig(&c))
		if v.Sub(&a, &c); toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
			t.Fatalf("Sub(%v, %v) = %v", a, c, v)
		}
		k := uint32(l[14] >> 32)
		want.Mul(limbsBig(&a), new(big.Int).SetUint64(uint64(k)))
		if v.MulSmall(&a, k); toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isMulSmallOutput(&v) {
			t.Fatalf("MulSmall(%v, %d) = %v", a, k, v)
		}
	})
}

func bytesOf(b byte, n int) []byte {
	s := make([]byte, n)
	for i := range s {
		s[i] = b
	}
	return s
}
