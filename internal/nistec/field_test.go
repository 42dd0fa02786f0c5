package nistec

import (
	"bytes"
	"crypto/elliptic"
	"flag"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long randomized tests")

// elementPtr is the method set the field element types share.
type elementPtr[E any] interface {
	*E
	One() *E
	Set(*E) *E
	Add(*E, *E) *E
	Sub(*E, *E) *E
	Negate(*E) *E
	Mul(*E, *E) *E
	Square(*E) *E
	Invert(*E) *E
	Sqrt(*E) (*E, int)
	Select(*E, *E, int) *E
	Equal(*E) int
	IsZero() int
	SetBytes([]byte) (*E, error)
	Bytes() []byte
}

// interestingValues returns values biased to the limb bounds: small values,
// m - small, 2^k - 1 and 2^k for k up to the width, words of all ones or zeros,
// all reduced modulo m, and random values.
func interestingValues(t *testing.T, m *big.Int, words int, random int) []*big.Int {
	var vs []*big.Int
	one := big.NewInt(1)
	for i := int64(0); i < 4; i++ {
		vs = append(vs, big.NewInt(i), new(big.Int).Sub(m, big.NewInt(i+1)))
	}
	step := 7
	if testing.Short() {
		step = 29
	}
	for k := 1; k <= 64*words; k += step {
		v := new(big.Int).Lsh(one, uint(k))
		vs = append(vs, v, new(big.Int).Sub(v, one))
	}
	w := new(big.Int).Lsh(one, uint(64*words))
	vs = append(vs, new(big.Int).Sub(w, one), new(big.Int).Sub(w, big.NewInt(2)))
	// Alternating words of all ones and zeros, and single all-ones words.
	for j := 0; j < words; j++ {
		v := new(big.Int).Lsh(new(big.Int).SetUint64(^uint64(0)), uint(64*j))
		vs = append(vs, v)
	}
	alt := new(big.Int)
	for j := 0; j < words; j += 2 {
		alt.Or(alt, new(big.Int).Lsh(new(big.Int).SetUint64(^uint64(0)), uint(64*j)))
	}
	vs = append(vs, alt)
	r := testutil.Rand(t)
	for range random {
		vs = append(vs, randomBelow(r, m))
	}
	for i := range vs {
		vs[i].Mod(vs[i], m)
	}
	return vs
}

func randomBelow(r *rand.Rand, m *big.Int) *big.Int {
	b := make([]byte, (m.BitLen()+7)/8+8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	v := new(big.Int).SetBytes(b)
	// Bias a third of them to long runs of ones or zeros.
	switch r.IntN(3) {
	case 0:
		v.Rsh(v, uint(r.IntN(m.BitLen())))
	case 1:
		v.Sub(m, new(big.Int).Rsh(v, uint(r.IntN(m.BitLen()))))
	}
	return v.Mod(v, m)
}

func fixedBytes(v *big.Int, size int) []byte {
	return v.FillBytes(make([]byte, size))
}

func testField[E any, P elementPtr[E]](t *testing.T, m *big.Int, size, words int) {
	random := 40
	if testing.Short() {
		random = 10
	}
	if *long {
		random = 2000
	}
	vs := interestingValues(t, m, words, random)
	elem := func(v *big.Int) P {
		e, err := P(new(E)).SetBytes(fixedBytes(v, size))
		if err != nil {
			t.Fatalf("SetBytes(%x): %v", v, err)
		}
		return e
	}
	check := func(op string, got P, want *big.Int, a, b *big.Int) {
		t.Helper()
		want = new(big.Int).Mod(want, m)
		if g := got.Bytes(); !bytes.Equal(g, fixedBytes(want, size)) {
			t.Fatalf("%s(%x, %x) = %x, want %x", op, a, b, g, want)
		}
	}
	for _, a := range vs {
		ea := elem(a)
		if !bytes.Equal(ea.Bytes(), fixedBytes(a, size)) {
			t.Fatalf("round trip of %x: %x", a, ea.Bytes())
		}
		check("Square", P(new(E)).Square(ea), new(big.Int).Mul(a, a), a, a)
		check("Negate", P(new(E)).Negate(ea), new(big.Int).Neg(a), a, a)
		inv := new(big.Int).ModInverse(a, m)
		if inv == nil {
			inv = new(big.Int)
		}
		check("Invert", P(new(E)).Invert(ea), inv, a, a)
		sq, ok := P(new(E)).Sqrt(ea)
		isSquare := new(big.Int).ModSqrt(a, m) != nil
		if (ok == 1) != isSquare {
			t.Fatalf("Sqrt(%x) reported %d, square: %v", a, ok, isSquare)
		}
		if ok == 1 {
			s := new(big.Int).SetBytes(P(sq).Bytes())
			check("Sqrt²", P(new(E)).Square(sq), a, s, s)
		}
		if got, want := ea.IsZero(), a.Sign() == 0; (got == 1) != want {
			t.Fatalf("IsZero(%x) = %d", a, got)
		}
		for _, b := range vs[:len(vs)/2+1] {
			eb := elem(b)
			check("Add", P(new(E)).Add(ea, eb), new(big.Int).Add(a, b), a, b)
			check("Sub", P(new(E)).Sub(ea, eb), new(big.Int).Sub(a, b), a, b)
			check("Mul", P(new(E)).Mul(ea, eb), new(big.Int).Mul(a, b), a, b)
			check("Select1", P(new(E)).Select(ea, eb, 1), a, a, b)
			check("Select0", P(new(E)).Select(ea, eb, 0), b, a, b)
			if got, want := ea.Equal(eb), a.Cmp(b) == 0; (got == 1) != want {
				t.Fatalf("Equal(%x, %x) = %d", a, b, got)
			}
			// Aliasing: the receiver as an operand.
			c := P(P(new(E)).Set(ea))
			check("Mul alias", c.Mul(c, eb), new(big.Int).Mul(a, b), a, b)
			c = P(P(new(E)).Set(ea))
			check("Sub alias", c.Sub(c, c), new(big.Int), a, a)
		}
	}
	if P(P(new(E)).One()).Bytes()[size-1] != 1 {
		t.Fatal("One is not 1")
	}
	// SetBytes refuses m and above, and wrong lengths, leaving the receiver.
	one := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
	for _, v := range []*big.Int{m, new(big.Int).Add(m, big.NewInt(1)), new(big.Int).Sub(one, big.NewInt(1)),
		new(big.Int).Lsh(m, uint(8*size-m.BitLen()))} {
		if v.Cmp(one) >= 0 {
			continue
		}
		e := P(P(new(E)).One())
		if _, err := e.SetBytes(fixedBytes(v, size)); err == nil {
			t.Fatalf("SetBytes(%x) accepted a value above the modulus", v)
		}
		if e.Equal(P(new(E)).One()) != 1 {
			t.Fatal("SetBytes changed the receiver on error")
		}
	}
	for _, n := range []int{0, size - 1, size + 1} {
		if _, err := P(new(E)).SetBytes(make([]byte, n)); err == nil {
			t.Fatalf("SetBytes accepted %d bytes", n)
		}
	}
}

func TestP256Field(t *testing.T) {
	testField[p256Element](t, elliptic.P256().Params().P, 32, 4)
}

func TestP384Field(t *testing.T) {
	testField[p384Element](t, elliptic.P384().Params().P, 48, 6)
}

func TestP521Field(t *testing.T) {
	testField[p521Element](t, elliptic.P521().Params().P, 66, 9)
}
