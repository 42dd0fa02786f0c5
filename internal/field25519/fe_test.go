package field25519

import (
	"bytes"
	"crypto/rand"
	"flag"
	"fmt"
	"math/big"
	mathrand "math/rand"
	"reflect"
	"testing"
	"testing/quick"
)

var long = flag.Bool("long", false, "run long tests (10^6 random iterations per property)")

// quickConfig returns a quick.Config running n iterations, or 10^6 with -long.
func quickConfig(n int) *quick.Config {
	if *long {
		n = 1_000_000
	}
	return &quick.Config{MaxCount: n}
}

// Bounds of the package documentation, as inclusive maxima.
const (
	tightMax = 1<<51 + 1<<13 - 1 // every method's output
	looseMax = 1<<54 - 1         // inputs of Mul, Square, Add, ...
)

var (
	bigP   = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigOne = big.NewInt(1)
)

// limbsBig returns the integer l0 + l1·2^51 + ... + l4·2^204 held by v,
// not reduced.
func limbsBig(v *Element) *big.Int {
	r := new(big.Int)
	for _, l := range []uint64{v.l4, v.l3, v.l2, v.l1, v.l0} {
		r.Lsh(r, 51)
		r.Add(r, new(big.Int).SetUint64(l))
	}
	return r
}

// toBig returns the residue of v mod p, computed from the limbs.
func toBig(v *Element) *big.Int {
	return new(big.Int).Mod(limbsBig(v), bigP)
}

// Bytes returns the canonical 32-byte little-endian encoding of v, as
// FillBytes writes it.
func (v *Element) Bytes() []byte {
	var out [32]byte
	v.FillBytes(&out)
	return out[:]
}

// fromBig returns an element with limbs below 2^51 whose value is x mod p.
func fromBig(x *big.Int) *Element {
	return fromBigLimbs(new(big.Int).Mod(x, bigP))
}

// fromBigLimbs splits a non-negative x into 51-bit limbs, the top limb
// taking all bits from 204 up (it must fit in a uint64).
func fromBigLimbs(x *big.Int) *Element {
	mask := new(big.Int).SetUint64(maskLow51Bits)
	limb := func(i int) uint64 {
		return new(big.Int).And(new(big.Int).Rsh(x, uint(51*i)), mask).Uint64()
	}
	top := new(big.Int).Rsh(x, 204)
	if !top.IsUint64() {
		panic("fromBigLimbs: value too large")
	}
	return &Element{limb(0), limb(1), limb(2), limb(3), top.Uint64()}
}

// bigString parses a decimal or 0x-prefixed integer.
func bigString(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic("bad integer " + s)
	}
	return x
}

// leBytes returns the 32-byte little-endian encoding of 0 ≤ x < 2^256.
func leBytes(x *big.Int) []byte {
	b := x.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// isTight reports whether every limb of v is at most tightMax.
func isTight(v *Element) bool {
	return v.l0 <= tightMax && v.l1 <= tightMax && v.l2 <= tightMax &&
		v.l3 <= tightMax && v.l4 <= tightMax
}

// isMulOutput reports whether v meets the output bound of Mul and Square:
// l1 < 2^51 + 2^13, the others < 2^51.
func isMulOutput(v *Element) bool {
	return v.l0 <= maskLow51Bits && v.l1 <= tightMax && v.l2 <= maskLow51Bits &&
		v.l3 <= maskLow51Bits && v.l4 <= maskLow51Bits
}

// isAddOutput reports whether v meets the output bound of Add and Sub:
// l0 < 2^51 + 285, the others < 2^51 + 15.
func isAddOutput(v *Element) bool {
	return v.l0 < 1<<51+285 && v.l1 < 1<<51+15 && v.l2 < 1<<51+15 &&
		v.l3 < 1<<51+15 && v.l4 < 1<<51+15
}

func (v Element) String() string {
	return fmt.Sprintf("{%#x %#x %#x %#x %#x}", v.l0, v.l1, v.l2, v.l3, v.l4)
}

// weirdLimbs are limb values at the edges of the tight bound; a generated
// element takes each limb from here half of the time.
var weirdLimbs = []uint64{
	0, 0, 0,
	1,
	18, 19,
	0x2aaaaaaaaaaaa,
	0x5555555555555,
	1<<51 - 20, 1<<51 - 19,
	1<<51 - 1, 1<<51 - 1, 1<<51 - 1,
	1 << 51,
	1<<51 + 1,
	tightMax,
}

// Generate makes tight elements for testing/quick: each limb is a weird limb,
// a random 51-bit value, or a random value up to tightMax.
func (Element) Generate(r *mathrand.Rand, size int) reflect.Value {
	var l [5]uint64
	for i := range l {
		switch r.Intn(4) {
		case 0, 1:
			l[i] = weirdLimbs[r.Intn(len(weirdLimbs))]
		case 2:
			l[i] = r.Uint64() & maskLow51Bits
		default:
			l[i] = r.Uint64() % (tightMax + 1)
		}
	}
	return reflect.ValueOf(Element{l[0], l[1], l[2], l[3], l[4]})
}

// specialValues are integers of interest as field element values; those of
// 2^255 and more are given as limbs by fromBigLimbs.
var specialValues = []string{
	"0", "1", "2", "19", "121665", "121666",
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec", // p-1
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", // p
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffee", // p+1
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffef",
	"0x7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // 2^255-1
	"0x8000000000000000000000000000000000000000000000000000000000000000", // 2^255
	"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffda", // 2p
	"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // 2^256-1
	"0x0007ffffffffffff", // 2^51-1
	"0x0008000000000000", // 2^51
	"0x1db42b4e7db1b1e5c3db4c9e7e04d71d2c0c9b2a5d9e8e4c1d7c2b1a0f0e0d0c", // random
}

func specialElements() []*Element {
	var out []*Element
	for _, s := range specialValues {
		out = append(out, fromBigLimbs(bigString(s)))
	}
	// p-1 and 2^255-1 with the highest limbs a tight element may have,
	// while keeping the value.
	out = append(out,
		&Element{1<<51 - 20 + 1<<51, 1<<51 - 2, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1},
		&Element{tightMax, tightMax, tightMax, tightMax, tightMax},
		&Element{tightMax, 0, tightMax, 0, tightMax},
	)
	return out
}

func TestSpecialValuesArithmetic(t *testing.T) {
	elems := specialElements()
	for _, a := range elems {
		for _, b := range elems {
			checkMul(t, a, b)
			checkSquare(t, a)
			checkAdd(t, a, b)
			checkSub(t, a, b)
		}
	}
	// (p-1)² = 1.
	pm1 := fromBig(new(big.Int).Sub(bigP, bigOne))
	var sq Element
	if sq.Mul(pm1, pm1).Equal(feOne) != 1 || sq.Square(pm1).Equal(feOne) != 1 {
		t.Errorf("(p-1)² = %v, want 1", toBig(&sq))
	}
}

func checkMul(t *testing.T, a, b *Element) {
	t.Helper()
	var v Element
	v.Mul(a, b)
	want := new(big.Int).Mul(limbsBig(a), limbsBig(b))
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isMulOutput(&v) {
		t.Errorf("Mul(%v, %v) = %v (%v), want %v", a, b, v, toBig(&v), want)
	}
}

func checkSquare(t *testing.T, a *Element) {
	t.Helper()
	var v Element
	v.Square(a)
	want := new(big.Int).Mul(limbsBig(a), limbsBig(a))
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isMulOutput(&v) {
		t.Errorf("Square(%v) = %v, want %v", a, v, want)
	}
}

func checkAdd(t *testing.T, a, b *Element) {
	t.Helper()
	var v Element
	v.Add(a, b)
	want := new(big.Int).Add(limbsBig(a), limbsBig(b))
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
		t.Errorf("Add(%v, %v) = %v, want %v", a, b, v, want)
	}
}

func checkSub(t *testing.T, a, b *Element) {
	t.Helper()
	if b.l0 > twoP.l0 || b.l1 > twoP.l1 || b.l2 > twoP.l2 || b.l3 > twoP.l3 || b.l4 > twoP.l4 {
		return // outside Sub's documented domain
	}
	var v Element
	v.Sub(a, b)
	want := new(big.Int).Sub(limbsBig(a), limbsBig(b))
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isAddOutput(&v) {
		t.Errorf("Sub(%v, %v) = %v, want %v", a, b, v, want)
	}
}

func TestMulRandom(t *testing.T) {
	f := func(a, b Element) bool {
		var v Element
		v.Mul(&a, &b)
		want := new(big.Int).Mul(limbsBig(&a), limbsBig(&b))
		return toBig(&v).Cmp(want.Mod(want, bigP)) == 0 && isMulOutput(&v)
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestSquareRandom(t *testing.T) {
	f := func(a Element) bool {
		var v, w Element
		v.Square(&a)
		w.Mul(&a, &a)
		want := new(big.Int).Mul(limbsBig(&a), limbsBig(&a))
		return toBig(&v).Cmp(want.Mod(want, bigP)) == 0 && isMulOutput(&v) && v == w
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestAddSubNegateRandom(t *testing.T) {
	f := func(a, b Element) bool {
		var s, d, n Element
		s.Add(&a, &b)
		d.Sub(&a, &b)
		n.Negate(&a)
		sum := new(big.Int).Add(limbsBig(&a), limbsBig(&b))
		diff := new(big.Int).Sub(limbsBig(&a), limbsBig(&b))
		neg := new(big.Int).Neg(limbsBig(&a))
		return toBig(&s).Cmp(sum.Mod(sum, bigP)) == 0 && isAddOutput(&s) &&
			toBig(&d).Cmp(diff.Mod(diff, bigP)) == 0 && isAddOutput(&d) &&
			toBig(&n).Cmp(neg.Mod(neg, bigP)) == 0 && isAddOutput(&n)
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestMultiplyDistributesOverAdd(t *testing.T) {
	// (a + b)·c = a·c + b·c, with Add output fed to Mul unreduced and
	// the sums of products of the Montgomery ladder shape.
	f := func(a, b, c Element) bool {
		var l, r, t Element
		l.Add(&a, &b)
		l.Mul(&l, &c)
		r.Mul(&a, &c)
		t.Mul(&b, &c)
		r.Add(&r, &t)
		return l.Equal(&r) == 1 && isTight(&l) && isTight(&r)
	}
	if err := quick.Check(f, quickConfig(10000)); err != nil {
		t.Error(err)
	}
}

func TestMulSmall(t *testing.T) {
	consts := []uint32{0, 1, 2, 19, 121665, 121666, 1<<31 - 1, 1 << 31, 1<<32 - 1}
	f := func(a Element, c uint32) bool {
		for _, k := range append(consts, c) {
			var v Element
			v.MulSmall(&a, k)
			want := new(big.Int).Mul(limbsBig(&a), new(big.Int).SetUint64(uint64(k)))
			if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || !isMulSmallOutput(&v) {
				return false
			}
		}
		return true
	}
	if err := quick.Check(f, quickConfig(5000)); err != nil {
		t.Error(err)
	}
}

// isMulSmallOutput reports whether v meets MulSmall's output bound:
// l1 ≤ 2^51, the others < 2^51.
func isMulSmallOutput(v *Element) bool {
	return v.l0 <= maskLow51Bits && v.l1 <= 1<<51 && v.l2 <= maskLow51Bits &&
		v.l3 <= maskLow51Bits && v.l4 <= maskLow51Bits
}

func TestSquareN(t *testing.T) {
	f := func(a Element) bool {
		for _, n := range []int{1, 2, 3, 5, 10, 50, 100, 254} {
			var v Element
			v.SquareN(&a, n)
			e := new(big.Int).Lsh(bigOne, uint(n))
			want := new(big.Int).Exp(limbsBig(&a), e, bigP)
			if toBig(&v).Cmp(want) != 0 || !isMulOutput(&v) {
				return false
			}
		}
		return true
	}
	if err := quick.Check(f, quickConfig(300)); err != nil {
		t.Error(err)
	}
}

func TestSquareNPanicsOnZero(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("SquareN(a, 0) did not panic")
		}
	}()
	var v Element
	v.SquareN(feOne, 0)
}

func TestSetBytesRoundTrip(t *testing.T) {
	f := func(in [32]byte) bool {
		var v Element
		if _, err := v.SetBytes(in[:]); err != nil {
			return false
		}
		// The integer is the input with bit 255 cleared...
		x := new(big.Int).SetBytes(reverse(in[:]))
		x.SetBit(x, 255, 0)
		if limbsBig(&v).Cmp(x) != 0 || !isMulOutput(&v) {
			return false
		}
		// ...and Bytes returns its residue mod p.
		want := leBytes(x.Mod(x, bigP))
		var filled [32]byte
		v.FillBytes(&filled)
		return bytes.Equal(v.Bytes(), want) && bytes.Equal(filled[:], want)
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
	g := func(v Element) bool {
		var w Element
		if _, err := w.SetBytes(v.Bytes()); err != nil {
			return false
		}
		return w.Equal(&v) == 1 && bytes.Equal(w.Bytes(), v.Bytes())
	}
	if err := quick.Check(g, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func reverse(b []byte) []byte {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return r
}

func TestSetBytesEdgeCases(t *testing.T) {
	cases := []struct {
		in   string // integer encoded in 32 bytes, little-endian
		want string // expected value of Bytes
	}{
		{"0", "0"},
		{"1", "1"},
		{"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec", "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec"},
		{"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", "0"},
		{"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffee", "1"},
		{"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "18"},
		// Bit 255 is ignored.
		{"0x8000000000000000000000000000000000000000000000000000000000000000", "0"},
		{"0x8000000000000000000000000000000000000000000000000000000000000009", "9"},
		{"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec", "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec"},
		{"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", "0"},
		{"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "18"},
	}
	// 2^255-19 .. 2^255-1 are p .. p+18.
	for k := 0; k < 19; k++ {
		x := new(big.Int).Add(bigP, big.NewInt(int64(k)))
		cases = append(cases, struct{ in, want string }{x.String(), fmt.Sprint(k)})
		x.SetBit(x, 255, 1)
		cases = append(cases, struct{ in, want string }{x.String(), fmt.Sprint(k)})
	}
	for _, c := range cases {
		var v Element
		if _, err := v.SetBytes(leBytes(bigString(c.in))); err != nil {
			t.Fatal(err)
		}
		if got, want := v.Bytes(), leBytes(bigString(c.want)); !bytes.Equal(got, want) {
			t.Errorf("SetBytes(%s).Bytes() = %x, want %x", c.in, got, want)
		}
		if toBig(&v).Cmp(bigString(c.want)) != 0 {
			t.Errorf("SetBytes(%s) = %v, want %s mod p", c.in, v, c.want)
		}
	}
}

func TestSetBytesWrongLength(t *testing.T) {
	orig := Element{1, 2, 3, 4, 5}
	for _, n := range []int{0, 1, 31, 33, 64} {
		v := orig
		out, err := v.SetBytes(make([]byte, n))
		if err == nil || out != nil {
			t.Errorf("SetBytes(%d bytes) = %v, %v; want nil, error", n, out, err)
		}
		if v != orig {
			t.Errorf("SetBytes(%d bytes) changed the receiver to %v", n, v)
		}
	}
	v := orig
	if _, err := v.SetBytes(nil); err == nil || v != orig {
		t.Errorf("SetBytes(nil): err = %v, receiver %v", err, v)
	}
}

func TestBytesNonCanonicalLimbs(t *testing.T) {
	f := func(l0, l1, l2, l3, l4 uint64) bool {
		v := Element{l0, l1, l2, l3, l4}
		orig := v
		want := leBytes(toBig(&v))
		return bytes.Equal(v.Bytes(), want) && v == orig
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

// TestBytesSecondCarryPass checks encodings whose limbs are still above the
// bound needed by the final subtraction after one weak carry pass, so that the
// second pass of reduce matters.
func TestBytesSecondCarryPass(t *testing.T) {
	const m = 1<<64 - 1
	cases := []Element{
		{m, m, m, m, m},
		{1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, m},
		{1<<51 - 19, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, m},
		{1<<51 - 1, m, 1<<51 - 1, m, m},
		{m, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1},
		{1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<64 - 1<<51}, // l4 ≡ 0 above 2^51
	}
	for _, v := range cases {
		once := v
		once.carryPropagate()
		if once.l0 <= 1<<51+18 && once.l1 <= 1<<51 && once.l2 <= 1<<51 &&
			once.l3 <= 1<<51 && once.l4 <= 1<<51 {
			t.Errorf("%v: one carry pass already reaches the final bound; not a second-pass case", v)
		}
		twice := once
		twice.carryPropagate()
		if twice.l0 > 1<<51+18 || twice.l1 > 1<<51 || twice.l2 > 1<<51 ||
			twice.l3 > 1<<51 || twice.l4 > 1<<51 {
			t.Errorf("%v: two carry passes give %v, above the bound", v, twice)
		}
		if got, want := v.Bytes(), leBytes(toBig(&v)); !bytes.Equal(got, want) {
			t.Errorf("%v.Bytes() = %x, want %x", v, got, want)
		}
	}
}

func TestCarryPropagateBounds(t *testing.T) {
	f := func(l0, l1, l2, l3, l4 uint64) bool {
		v := Element{l0, l1, l2, l3, l4}
		before := toBig(&v)
		v.carryPropagate()
		return toBig(&v).Cmp(before) == 0 && v.l0 < 1<<51+19<<13 &&
			v.l1 < 1<<51+1<<13 && v.l2 < 1<<51+1<<13 && v.l3 < 1<<51+1<<13 &&
			v.l4 < 1<<51+1<<13
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
	m := Element{1<<64 - 1, 1<<64 - 1, 1<<64 - 1, 1<<64 - 1, 1<<64 - 1}
	if !f(m.l0, m.l1, m.l2, m.l3, m.l4) {
		t.Error("carryPropagate bound fails at all-ones limbs")
	}
}

func TestInvert(t *testing.T) {
	f := func(x Element) bool {
		var inv, prod Element
		inv.Invert(&x)
		prod.Mul(&inv, &x)
		xb := toBig(&x)
		if xb.Sign() == 0 {
			return inv.IsZero() == 1 && isMulOutput(&inv)
		}
		want := new(big.Int).ModInverse(xb, bigP)
		return toBig(&inv).Cmp(want) == 0 && prod.Equal(feOne) == 1 && isMulOutput(&inv)
	}
	if err := quick.Check(f, quickConfig(2000)); err != nil {
		t.Error(err)
	}
	for _, x := range specialElements() {
		if !f(*x) {
			t.Errorf("Invert(%v) wrong", x)
		}
	}
	var zero, v Element
	if v.Invert(&zero).IsZero() != 1 {
		t.Errorf("Invert(0) = %v, want 0", v)
	}
	var pElem Element
	pElem.SetBytes(leBytes(bigP))
	if v.Invert(&pElem).IsZero() != 1 {
		t.Errorf("Invert(p) = %v, want 0", v)
	}
}

func TestPow22523(t *testing.T) {
	e := new(big.Int).Sub(bigP, big.NewInt(5))
	e.Rsh(e, 3) // (p-5)/8 = 2^252 - 3
	if e.Cmp(new(big.Int).Sub(new(big.Int).Lsh(bigOne, 252), big.NewInt(3))) != 0 {
		t.Fatal("bad exponent")
	}
	f := func(x Element) bool {
		var v Element
		v.Pow22523(&x)
		return toBig(&v).Cmp(new(big.Int).Exp(limbsBig(&x), e, bigP)) == 0 && isMulOutput(&v)
	}
	if err := quick.Check(f, quickConfig(2000)); err != nil {
		t.Error(err)
	}
	for _, x := range specialElements() {
		if !f(*x) {
			t.Errorf("Pow22523(%v) wrong", x)
		}
	}
}

// sqrtRatioBig is the reference SqrtRatio, on residues mod p.
func sqrtRatioBig(u, v *big.Int) (*big.Int, int) {
	if v.Sign() == 0 {
		if u.Sign() == 0 {
			return new(big.Int), 1
		}
		return new(big.Int), 0
	}
	w := new(big.Int).ModInverse(v, bigP)
	w.Mul(w, u).Mod(w, bigP)
	wasSquare := 1
	r := new(big.Int).ModSqrt(w, bigP)
	if r == nil {
		wasSquare = 0
		w.Mul(w, toBig(sqrtM1)).Mod(w, bigP)
		r = new(big.Int).ModSqrt(w, bigP)
		if r == nil {
			panic("i·u/v is not a square")
		}
	}
	if r.Bit(0) == 1 {
		r.Sub(bigP, r)
	}
	return r, wasSquare
}

func checkSqrtRatio(u, v *Element) error {
	var r Element
	R, was := r.SqrtRatio(u, v)
	want, wantWas := sqrtRatioBig(toBig(u), toBig(v))
	if R != &r || toBig(&r).Cmp(want) != 0 || was != wantWas || !isTight(&r) {
		return fmt.Errorf("SqrtRatio(%v, %v) = %v, %d; want %v, %d",
			toBig(u), toBig(v), toBig(&r), was, want, wantWas)
	}
	return nil
}

func TestSqrtRatio(t *testing.T) {
	if toBig(sqrtM1).Cmp(new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(bigP, bigOne), 2), bigP)) != 0 {
		t.Fatal("sqrtM1 is not 2^((p-1)/4)")
	}
	var sq Element
	if sq.Square(sqrtM1); toBig(&sq).Cmp(new(big.Int).Sub(bigP, bigOne)) != 0 {
		t.Fatal("sqrtM1² ≠ -1")
	}

	var squares, nonSquares int
	f := func(u, v, s Element) bool {
		// u/v random; then u = v·s² (a square); then u = i·v·s² (not a
		// square, i·u/v is).
		var us, ui Element
		us.Square(&s)
		us.Mul(&us, &v)
		ui.Mul(&us, sqrtM1)
		for _, x := range []*Element{&u, &us, &ui} {
			if err := checkSqrtRatio(x, &v); err != nil {
				t.Log(err)
				return false
			}
			_, w := new(Element).SqrtRatio(x, &v)
			squares += w
			nonSquares += 1 - w
		}
		return true
	}
	if err := quick.Check(f, quickConfig(1000)); err != nil {
		t.Error(err)
	}
	if squares == 0 || nonSquares == 0 {
		t.Errorf("squares %d, non-squares %d: a case was not exercised", squares, nonSquares)
	}

	one := feOne
	var zero, two, minus1, pElem Element
	two.Add(one, one)
	minus1.Negate(one)
	pElem.SetBytes(leBytes(bigP))
	cases := [][2]*Element{
		{&zero, &zero}, {&zero, one}, {one, &zero}, {&two, &zero},
		{&pElem, one}, {one, &pElem}, {&pElem, &pElem},
		{one, one}, {&two, one}, {&minus1, one}, {one, &minus1},
		{sqrtM1, one}, {one, sqrtM1}, {&two, &two},
	}
	for _, e := range specialElements() {
		cases = append(cases, [2]*Element{e, one}, [2]*Element{one, e}, [2]*Element{e, &two})
	}
	for _, c := range cases {
		if err := checkSqrtRatio(c[0], c[1]); err != nil {
			t.Error(err)
		}
	}
}

func TestSelectSwap(t *testing.T) {
	a := Element{1, 2, 3, 4, 5}
	b := Element{10, 20, 30, 40, tightMax}
	var v Element
	if v.Select(&a, &b, 1); v != a {
		t.Errorf("Select(a, b, 1) = %v", v)
	}
	if v.Select(&a, &b, 0); v != b {
		t.Errorf("Select(a, b, 0) = %v", v)
	}
	c, d := a, b
	c.Swap(&d, 0)
	if c != a || d != b {
		t.Errorf("Swap(0) changed: %v %v", c, d)
	}
	c.Swap(&d, 1)
	if c != b || d != a {
		t.Errorf("Swap(1) = %v %v", c, d)
	}
	f := func(x, y Element) bool {
		var s Element
		p, q := x, y
		p.Swap(&q, 1)
		return *s.Select(&x, &y, 1) == x && *s.Select(&x, &y, 0) == y && p == y && q == x
	}
	if err := quick.Check(f, quickConfig(2000)); err != nil {
		t.Error(err)
	}
}

func TestEqualIsZeroDoNotModify(t *testing.T) {
	f := func(x Element, l0, l1, l2, l3, l4 uint64) bool {
		raw := Element{l0, l1, l2, l3, l4}
		x1, raw1 := x, raw
		eq := x.Equal(&raw)
		wantEq := 0
		if toBig(&x).Cmp(toBig(&raw)) == 0 {
			wantEq = 1
		}
		z := raw.IsZero()
		wantZ := 0
		if toBig(&raw).Sign() == 0 {
			wantZ = 1
		}
		n := raw.IsNegative()
		wantN := int(toBig(&raw).Bit(0))
		return eq == wantEq && z == wantZ && n == wantN && x == x1 && raw == raw1 &&
			x.Equal(&x) == 1
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}

	// Non-canonical zeros, and values next to them.
	zeros := []Element{
		{},
		*fromBigLimbs(bigP),
		*fromBigLimbs(new(big.Int).Lsh(bigP, 1)),
		{1<<51 - 19, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1},
		{1<<52 - 19, 1<<51 - 2, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1},
	}
	nonZeros := []Element{
		{1<<51 - 18, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1}, // p+1
		{1<<51 - 20, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1}, // p-1
		{0, 0, 0, 0, 1 << 51}, // 2^255 = 19
	}
	for _, z := range append(zeros, nonZeros...) {
		want := 0
		if toBig(&z).Sign() == 0 {
			want = 1
		}
		z1 := z
		if got := z.IsZero(); got != want || z != z1 {
			t.Errorf("%v.IsZero() = %d, want %d (receiver now %v)", z1, got, want, z)
		}
		if got := z.Equal(&Element{}); got != want {
			t.Errorf("%v.Equal(0) = %d, want %d", z1, got, want)
		}
	}
	if len(zeros) != 5 || toBig(&zeros[4]).Sign() != 0 {
		t.Fatal("zeros list is wrong")
	}
	one, pPlus1 := Element{1, 0, 0, 0, 0}, *fromBigLimbs(new(big.Int).Add(bigP, bigOne))
	if one.Equal(&pPlus1) != 1 || pPlus1.IsNegative() != 1 || one.IsNegative() != 1 {
		t.Error("p+1 is not treated as 1")
	}
}

func TestAbsoluteCondNegate(t *testing.T) {
	f := func(x Element) bool {
		var a, n0, n1 Element
		a.Absolute(&x)
		n0.CondNegate(&x, 0)
		n1.CondNegate(&x, 1)
		xb := toBig(&x)
		neg := new(big.Int).Mod(new(big.Int).Neg(xb), bigP)
		wantAbs := xb
		if xb.Bit(0) == 1 {
			wantAbs = neg
		}
		return toBig(&a).Cmp(wantAbs) == 0 && a.IsNegative() == 0 &&
			n0 == x && toBig(&n1).Cmp(neg) == 0
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
	}
}

func TestZeroOneSet(t *testing.T) {
	v := Element{7, 7, 7, 7, 7}
	if *v.Zero() != (Element{}) || (&Element{}).IsZero() != 1 {
		t.Error("Zero")
	}
	if *v.One() != (Element{1, 0, 0, 0, 0}) || toBig(&v).Cmp(bigOne) != 0 {
		t.Error("One")
	}
	w := Element{tightMax, 1, 2, 3, 4}
	if *v.Set(&w) != w {
		t.Error("Set")
	}
}

func TestNoAllocations(t *testing.T) {
	var x, y Element
	x.SetBytes(bytes.Repeat([]byte{0x42}, 32))
	y.SetBytes(bytes.Repeat([]byte{0x17}, 32))
	var sink byte
	allocs := testing.AllocsPerRun(100, func() {
		var v Element
		v.Mul(&x, &y)
		v.Square(&v)
		v.SquareN(&v, 3)
		v.Invert(&v)
		v.SqrtRatio(&v, &y)
		v.MulSmall(&v, 121666)
		v.Add(&v, &x).Sub(&v, &y)
		var out [32]byte
		v.FillBytes(&out)
		sink ^= out[1] ^ byte(v.Equal(&x)+v.IsZero()+v.IsNegative())
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
	_ = sink
}

func TestRandomBytesMatchBig(t *testing.T) {
	// Products of elements from crypto/rand, through SetBytes and Bytes.
	n := 2000
	if *long {
		n = 1_000_000
	}
	var in [64]byte
	for range n {
		rand.Read(in[:])
		var a, b, v Element
		a.SetBytes(in[:32])
		b.SetBytes(in[32:])
		v.Mul(&a, &b)
		want := new(big.Int).Mul(toBig(&a), toBig(&b))
		if got := v.Bytes(); !bytes.Equal(got, leBytes(want.Mod(want, bigP))) {
			t.Fatalf("%x × %x = %x, want %v", a.Bytes(), b.Bytes(), got, want)
		}
	}
}
