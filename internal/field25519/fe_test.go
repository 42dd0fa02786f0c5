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

// mulBound is the bound on the outputs of Mul, Square and the
// exponentiations, 2^255 + 2^12.
var mulBound = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1<<12))

var (
	bigP   = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigOne = big.NewInt(1)
)

// limbsBig returns the integer w0 + w1·2^64 + w2·2^128 + w3·2^192 held by
// v, not reduced.
func limbsBig(v *Element) *big.Int {
	r := new(big.Int)
	for i := 3; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(v.w[i]))
	}
	return r
}

// toBig returns the residue of v mod p.
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

// fromBig returns an element whose words hold x mod p.
func fromBig(x *big.Int) *Element {
	return fromBigLimbs(new(big.Int).Mod(x, bigP))
}

// fromBigLimbs returns the element whose words hold 0 <= x < 2^256.
func fromBigLimbs(x *big.Int) *Element {
	var v Element
	for i := range v.w {
		v.w[i] = new(big.Int).Rsh(x, uint(64*i)).Uint64()
	}
	if limbsBig(&v).Cmp(x) != 0 {
		panic("fromBigLimbs: value too large")
	}
	return &v
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

// isMulOutput reports whether v meets the output bound of Mul and Square.
func isMulOutput(v *Element) bool {
	return limbsBig(v).Cmp(mulBound) < 0
}

func (v Element) String() string {
	return fmt.Sprintf("{%#x %#x %#x %#x}", v.w[0], v.w[1], v.w[2], v.w[3])
}

// weirdWords are word values at the edges of carries and of p; a generated
// element takes each word from here half of the time.
var weirdWords = []uint64{
	0, 0, 0, 1, 18, 19, 37, 38,
	1<<63 - 1, 1 << 63, 1<<63 + 1,
	^uint64(0) - 38, ^uint64(0) - 37, ^uint64(0) - 19, ^uint64(0) - 18,
	^uint64(0), ^uint64(0), ^uint64(0),
}

// Generate makes elements for testing/quick: any four words, each a weird
// word or a random one.
func (Element) Generate(r *mathrand.Rand, size int) reflect.Value {
	var v Element
	for i := range v.w {
		if r.Intn(2) == 0 {
			v.w[i] = weirdWords[r.Intn(len(weirdWords))]
		} else {
			v.w[i] = r.Uint64()
		}
	}
	return reflect.ValueOf(v)
}

// specialValues are integers of interest as field element values, below
// 2^256.
var specialValues = []string{
	"0", "1", "2", "19", "37", "38", "121665", "121666",
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec", // p-1
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", // p
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffee", // p+1
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffef",
	"0x7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
	"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // 2^255-1
	"0x8000000000000000000000000000000000000000000000000000000000000000", // 2^255
	"0x8000000000000000000000000000000000000000000000000000000000000fff", // below the Mul bound
	"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd9", // 2p-1
	"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffda", // 2p
	"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdb", // 2p+1
	"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // 2^256-1
	"0x10000000000000000",
	"0x1db42b4e7db1b1e5c3db4c9e7e04d71d2c0c9b2a5d9e8e4c1d7c2b1a0f0e0d0c", // random
}

func specialElements() []*Element {
	var out []*Element
	for _, s := range specialValues {
		out = append(out, fromBigLimbs(bigString(s)))
	}
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
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 {
		t.Errorf("Add(%v, %v) = %v, want %v", a, b, v, want)
	}
}

func checkSub(t *testing.T, a, b *Element) {
	t.Helper()
	var v Element
	v.Sub(a, b)
	want := new(big.Int).Sub(limbsBig(a), limbsBig(b))
	if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 {
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
		return toBig(&s).Cmp(sum.Mod(sum, bigP)) == 0 &&
			toBig(&d).Cmp(diff.Mod(diff, bigP)) == 0 &&
			toBig(&n).Cmp(neg.Mod(neg, bigP)) == 0
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
		return l.Equal(&r) == 1
	}
	if err := quick.Check(f, quickConfig(10000)); err != nil {
		t.Error(err)
	}
}

func TestMulSmall(t *testing.T) {
	bound := new(big.Int).Add(new(big.Int).Lsh(bigOne, 255), big.NewInt(1<<23))
	consts := []uint64{0, 1, 2, 19, 121665, 121666, 1<<17 - 1}
	f := func(a Element, c uint64) bool {
		for _, k := range append(consts, c%(1<<17)) {
			var v Element
			mulSmall(&v.w, &a.w, k)
			want := new(big.Int).Mul(limbsBig(&a), new(big.Int).SetUint64(k))
			if toBig(&v).Cmp(want.Mod(want, bigP)) != 0 || limbsBig(&v).Cmp(bound) >= 0 {
				return false
			}
		}
		return true
	}
	if err := quick.Check(f, quickConfig(5000)); err != nil {
		t.Error(err)
	}
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
	orig := Element{[4]uint64{1, 2, 3, 4}}
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
	f := func(w0, w1, w2, w3 uint64) bool {
		v := Element{[4]uint64{w0, w1, w2, w3}}
		orig := v
		want := leBytes(toBig(&v))
		return bytes.Equal(v.Bytes(), want) && v == orig
	}
	if err := quick.Check(f, quickConfig(20000)); err != nil {
		t.Error(err)
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
	if R != &r || toBig(&r).Cmp(want) != 0 || was != wantWas {
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

func TestSelect(t *testing.T) {
	f := func(x, y Element) bool {
		var s Element
		return *s.Select(&x, &y, 1) == x && *s.Select(&x, &y, 0) == y
	}
	if err := quick.Check(f, quickConfig(2000)); err != nil {
		t.Error(err)
	}
}

func TestEqualIsZeroDoNotModify(t *testing.T) {
	f := func(x Element, w0, w1, w2, w3 uint64) bool {
		raw := Element{[4]uint64{w0, w1, w2, w3}}
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
		*fromBigLimbs(bigString("0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffda")),
		{[4]uint64{^uint64(0) - 18, ^uint64(0), ^uint64(0), 1<<63 - 1}},
	}
	nonZeros := []Element{
		*fromBigLimbs(new(big.Int).Add(bigP, bigOne)),
		*fromBigLimbs(new(big.Int).Sub(bigP, bigOne)),
		{[4]uint64{0, 0, 0, 1 << 63}},                               // 2^255 = 19
		{[4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}, // 2^256-1 = 37
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
	one, pPlus1 := Element{[4]uint64{1, 0, 0, 0}}, *fromBigLimbs(new(big.Int).Add(bigP, bigOne))
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
	v := Element{[4]uint64{7, 7, 7, 7}}
	if *v.Zero() != (Element{}) || (&Element{}).IsZero() != 1 {
		t.Error("Zero")
	}
	if *v.One() != (Element{[4]uint64{1, 0, 0, 0}}) || toBig(&v).Cmp(bigOne) != 0 {
		t.Error("One")
	}
	w := Element{[4]uint64{^uint64(0), 1, 2, 3}}
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
		v.Add(&v, &x).Sub(&v, &y)
		var out [32]byte
		v.FillBytes(&out)
		sink ^= out[1] ^ byte(v.Equal(&x)+v.IsZero()+v.IsNegative())
		var k [32]byte
		k[0] = sink
		var x2, z2 Element
		Ladder(&x2, &z2, &k, &y)
		sink ^= byte(x2.IsZero() + z2.IsZero())
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

// TestLadderAnyInput checks that Ladder takes any element as u: the words of
// the special values, up to 2^256 - 1, give the result of their canonical
// encodings, as a ratio x2/z2.
func TestLadderAnyInput(t *testing.T) {
	k := [32]byte{0: 0x48, 7: 0x99, 31: 0x5a}
	for _, u := range specialElements() {
		var c Element
		if _, err := c.SetBytes(u.Bytes()); err != nil {
			t.Fatal(err)
		}
		var x1, z1, x2, z2 Element
		Ladder(&x1, &z1, &k, u)
		Ladder(&x2, &z2, &k, &c)
		var l, r Element
		l.Mul(&x1, &z2)
		r.Mul(&x2, &z1)
		if l.Equal(&r) != 1 || z1.IsZero() != z2.IsZero() {
			t.Errorf("Ladder(%v) = %v/%v, on its encoding %v/%v", u, x1, z1, x2, z2)
		}
	}
}
