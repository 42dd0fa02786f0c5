package nistec

import (
	"bytes"
	"crypto/elliptic"
	"math/big"
	"testing"
)

// scalarPtr is the method set the scalar types share.
type scalarPtr[S any] interface {
	*S
	Set(*S) *S
	SetCanonicalBytes([]byte) (*S, error)
	SetReducedBytes([]byte) (*S, error)
	Bytes() []byte
	Add(*S, *S) *S
	Mul(*S, *S) *S
	Invert(*S) *S
	Equal(*S) int
	IsZero() int
}

func testScalar[S any, P scalarPtr[S]](t *testing.T, n *big.Int, size, words int) {
	random := 30
	if testing.Short() {
		random = 8
	}
	if *long {
		random = 1000
	}
	vs := interestingValues(t, n, words, random)
	scalar := func(v *big.Int) P {
		s, err := P(new(S)).SetCanonicalBytes(fixedBytes(v, size))
		if err != nil {
			t.Fatalf("SetCanonicalBytes(%x): %v", v, err)
		}
		return s
	}
	check := func(op string, got *S, want *big.Int, a, b *big.Int) {
		t.Helper()
		want = new(big.Int).Mod(want, n)
		if g := P(got).Bytes(); !bytes.Equal(g, fixedBytes(want, size)) {
			t.Fatalf("%s(%x, %x) = %x, want %x", op, a, b, g, want)
		}
	}
	for _, a := range vs {
		sa := scalar(a)
		check("round trip", sa, a, a, a)
		inv := new(big.Int).ModInverse(a, n)
		if inv == nil {
			inv = new(big.Int)
		}
		check("Invert", P(new(S)).Invert(sa), inv, a, a)
		if got := sa.IsZero(); (got == 1) != (a.Sign() == 0) {
			t.Fatalf("IsZero(%x) = %d", a, got)
		}
		// SetReducedBytes of a + n, when below 2^bitlen(n), gives a.
		if an := new(big.Int).Add(a, n); an.BitLen() <= n.BitLen() {
			s, err := P(new(S)).SetReducedBytes(fixedBytes(an, size))
			if err != nil {
				t.Fatalf("SetReducedBytes(%x): %v", an, err)
			}
			check("SetReducedBytes", s, a, an, an)
		}
		s, err := P(new(S)).SetReducedBytes(fixedBytes(a, size))
		if err != nil {
			t.Fatalf("SetReducedBytes(%x): %v", a, err)
		}
		check("SetReducedBytes", s, a, a, a)
		for _, b := range vs[:len(vs)/2+1] {
			sb := scalar(b)
			check("Add", P(new(S)).Add(sa, sb), new(big.Int).Add(a, b), a, b)
			check("Mul", P(new(S)).Mul(sa, sb), new(big.Int).Mul(a, b), a, b)
			if got := sa.Equal(sb); (got == 1) != (a.Cmp(b) == 0) {
				t.Fatalf("Equal(%x, %x) = %d", a, b, got)
			}
			c := P(P(new(S)).Set(sa))
			check("Mul alias", c.Mul(c, c), new(big.Int).Mul(a, a), a, a)
		}
	}
	// Refusals, leaving the receiver unchanged.
	top := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
	bitTop := new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen()))
	for _, v := range []*big.Int{n, new(big.Int).Add(n, big.NewInt(1)), new(big.Int).Sub(top, big.NewInt(1))} {
		s := scalar(big.NewInt(7))
		if _, err := s.SetCanonicalBytes(fixedBytes(v, size)); err == nil {
			t.Fatalf("SetCanonicalBytes(%x) accepted a value not below n", v)
		}
		check("unchanged", s, big.NewInt(7), v, v)
	}
	if bitTop.Cmp(top) < 0 {
		for _, v := range []*big.Int{bitTop, new(big.Int).Sub(top, big.NewInt(1))} {
			s := scalar(big.NewInt(7))
			if _, err := s.SetReducedBytes(fixedBytes(v, size)); err == nil {
				t.Fatalf("SetReducedBytes(%x) accepted a value of more than %d bits", v, n.BitLen())
			}
			check("unchanged", s, big.NewInt(7), v, v)
		}
	}
	// 2^bitlen(n) - 1, the largest reduced input.
	m := new(big.Int).Sub(bitTop, big.NewInt(1))
	s, err := P(new(S)).SetReducedBytes(fixedBytes(m, size))
	if err != nil {
		t.Fatal(err)
	}
	check("SetReducedBytes", s, m, m, m)
	for _, l := range []int{0, size - 1, size + 1} {
		if _, err := P(new(S)).SetCanonicalBytes(make([]byte, l)); err == nil {
			t.Fatalf("SetCanonicalBytes accepted %d bytes", l)
		}
		if _, err := P(new(S)).SetReducedBytes(make([]byte, l)); err == nil {
			t.Fatalf("SetReducedBytes accepted %d bytes", l)
		}
	}
}

func TestP256Scalar(t *testing.T) { testScalar[P256Scalar](t, elliptic.P256().Params().N, 32, 4) }
func TestP384Scalar(t *testing.T) { testScalar[P384Scalar](t, elliptic.P384().Params().N, 48, 6) }
func TestP521Scalar(t *testing.T) { testScalar[P521Scalar](t, elliptic.P521().Params().N, 66, 9) }
