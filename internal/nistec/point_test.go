package nistec

import (
	"bytes"
	"crypto/ecdh"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// pointPtr is the method set the point types share.
type pointPtr[T any] interface {
	*T
	Set(*T) *T
	SetBytes([]byte) (*T, error)
	Bytes() []byte
	BytesX() ([]byte, error)
	Add(*T, *T) *T
	Select(*T, *T, int) *T
	ScalarMult(*T, []byte) (*T, error)
	ScalarBaseMult([]byte) (*T, error)
	VarTimeDoubleScalarBaseMult([]byte, *T, []byte) (*T, error)
	HasXVarTime([]byte) bool
}

// curveCase is what the generic tests need to know of a curve.
type curveCase struct {
	ecdh       ecdh.Curve
	params     *elliptic.CurveParams
	size       int // field element and scalar length in bytes
	scalarSize int
}

var (
	p256Case = curveCase{ecdh.P256(), elliptic.P256().Params(), 32, 32}
	p384Case = curveCase{ecdh.P384(), elliptic.P384().Params(), 48, 48}
	p521Case = curveCase{ecdh.P521(), elliptic.P521().Params(), 66, 66}
)

// refBaseMult returns the uncompressed encoding of (k mod n)·G from the
// standard library's crypto/ecdh, or {0} if k ≡ 0.
func (c *curveCase) refBaseMult(t *testing.T, k *big.Int) []byte {
	t.Helper()
	r := new(big.Int).Mod(k, c.params.N)
	if r.Sign() == 0 {
		return []byte{0}
	}
	priv, err := c.ecdh.NewPrivateKey(fixedBytes(r, c.scalarSize))
	if err != nil {
		t.Fatal(err)
	}
	return priv.PublicKey().Bytes()
}

// scalarEdges returns scalars at the edges: 0, 1, 2, n-2, n-1, n, n+1,
// 2n, the largest value of the length, long runs of zeros and ones.
func (c *curveCase) scalarEdges(t *testing.T, random int) []*big.Int {
	n := c.params.N
	top := new(big.Int).Lsh(big.NewInt(1), uint(8*c.scalarSize))
	ks := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(15), big.NewInt(16), big.NewInt(17), big.NewInt(31), big.NewInt(32),
		new(big.Int).Sub(n, big.NewInt(2)), new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Set(n), new(big.Int).Add(n, big.NewInt(1)),
		new(big.Int).Lsh(n, 1), new(big.Int).Sub(top, big.NewInt(1))}
	for _, k := range []int{5, 64, 100, 8*c.scalarSize - 5, 8*c.scalarSize - 1} {
		v := new(big.Int).Lsh(big.NewInt(1), uint(k))
		ks = append(ks, v, new(big.Int).Sub(v, big.NewInt(1)), new(big.Int).Sub(top, v))
	}
	r := testutil.Rand(t)
	for range random {
		ks = append(ks, randomBelow(r, top))
	}
	for i, k := range ks {
		if k.Cmp(top) >= 0 {
			ks[i] = new(big.Int).Sub(top, big.NewInt(1))
		}
	}
	return ks
}

func testPoints[T any, P pointPtr[T]](t *testing.T, c *curveCase, newPoint, newGenerator func() P) {
	random := 10
	if *long {
		random = 300
	}
	ks := c.scalarEdges(t, random)
	if testing.Short() {
		// Every third edge, and two random scalars.
		var some []*big.Int
		for i := 0; i < len(ks)-random+2; i += 3 {
			some = append(some, ks[i])
		}
		ks = some
	}
	g := newGenerator()
	if !bytes.Equal(g.Bytes(), c.refBaseMult(t, big.NewInt(1))) {
		t.Fatal("the generator is wrong")
	}
	if !bytes.Equal(newPoint().Bytes(), []byte{0}) {
		t.Fatal("the identity does not encode as {0}")
	}
	q3 := big.NewInt(0x1234567)
	q := P(new(T))
	if _, err := q.ScalarBaseMult(fixedBytes(q3, c.scalarSize)); err != nil {
		t.Fatal(err)
	}
	for _, k := range ks {
		kb := fixedBytes(k, c.scalarSize)
		want := c.refBaseMult(t, k)
		p := P(new(T))
		_, err := p.ScalarBaseMult(kb)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("ScalarBaseMult(%x) = %x, want %x", k, got, want)
		}
		p = P(new(T))
		_, err = p.ScalarMult(g, kb)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("ScalarMult(G, %x) = %x, want %x", k, got, want)
		}
		// k·(q3·G) = (k·q3)·G
		kq := new(big.Int).Mul(k, q3)
		wantQ := c.refBaseMult(t, kq)
		p = P(new(T))
		_, err = p.ScalarMult(q, kb)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Bytes(); !bytes.Equal(got, wantQ) {
			t.Fatalf("ScalarMult(Q, %x) = %x, want %x", k, got, wantQ)
		}
		// u1·G + u2·Q, with u1 = k and u2 = the reverse of k's bytes.
		u2b := bytes.Clone(kb)
		for i, j := 0, len(u2b)-1; i < j; i, j = i+1, j-1 {
			u2b[i], u2b[j] = u2b[j], u2b[i]
		}
		u2 := new(big.Int).SetBytes(u2b)
		wantD := c.refBaseMult(t, new(big.Int).Add(k, new(big.Int).Mul(u2, q3)))
		p = P(new(T))
		_, err = p.VarTimeDoubleScalarBaseMult(kb, q, u2b)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Bytes(); !bytes.Equal(got, wantD) {
			t.Fatalf("VarTimeDoubleScalarBaseMult(%x, Q, %x) = %x, want %x", k, u2, got, wantD)
		}
		// The same from the constant-time operations.
		a, b := P(new(T)), P(new(T))
		a.ScalarBaseMult(kb)
		b.ScalarMult(q, u2b)
		if got := P(a.Add(a, b)).Bytes(); !bytes.Equal(got, wantD) {
			t.Fatalf("ScalarBaseMult + ScalarMult = %x, want %x", got, wantD)
		}
		// ECDH against the standard library, for scalars in [1, n-1].
		if k.Sign() > 0 && k.Cmp(c.params.N) < 0 {
			priv, err := c.ecdh.NewPrivateKey(kb)
			if err != nil {
				t.Fatal(err)
			}
			pub, err := c.ecdh.NewPublicKey(q.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			want, err := priv.ECDH(pub)
			if err != nil {
				t.Fatal(err)
			}
			p := P(new(T))
			p.ScalarMult(q, kb)
			got, err := p.BytesX()
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("ScalarMult(Q, %x).BytesX() = %x, %v; want %x", k, got, err, want)
			}
		}
	}
	// Wrong scalar lengths.
	for _, l := range []int{0, c.scalarSize - 1, c.scalarSize + 1} {
		if _, err := P(new(T)).ScalarBaseMult(make([]byte, l)); err == nil {
			t.Errorf("ScalarBaseMult accepted a %d-byte scalar", l)
		}
		if _, err := P(new(T)).ScalarMult(g, make([]byte, l)); err == nil {
			t.Errorf("ScalarMult accepted a %d-byte scalar", l)
		}
		if _, err := P(new(T)).VarTimeDoubleScalarBaseMult(make([]byte, l), g, make([]byte, c.scalarSize)); err == nil {
			t.Errorf("VarTimeDoubleScalarBaseMult accepted a %d-byte scalar", l)
		}
	}
}

// testGroupLaw checks completeness: the identity, P + P, P + (-P), through Add.
func testGroupLaw[T any, P pointPtr[T]](t *testing.T, c *curveCase, newPoint, newGenerator func() P) {
	n := c.params.N
	mul := func(k *big.Int) P {
		p := P(new(T))
		_, err := p.ScalarBaseMult(fixedBytes(new(big.Int).Mod(k, n), c.scalarSize))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	id := newPoint()
	r := testutil.Rand(t)
	rounds := 10
	if testing.Short() {
		rounds = 3
	}
	for range rounds {
		a := randomBelow(r, n)
		b := randomBelow(r, n)
		pa, pb := mul(a), mul(b)
		cases := []struct {
			name string
			got  P
			want *big.Int
		}{
			{"A + B", P(new(T)).Add(pa, pb), new(big.Int).Add(a, b)},
			{"A + A", P(new(T)).Add(pa, pa), new(big.Int).Add(a, a)},
			{"A + (-A)", P(new(T)).Add(pa, mul(new(big.Int).Neg(a))), new(big.Int)},
			{"A + O", P(new(T)).Add(pa, id), a},
			{"O + A", P(new(T)).Add(id, pa), a},
			{"O + O", P(new(T)).Add(id, id), new(big.Int)},
			{"Select 1", P(new(T)).Select(pa, pb, 1), a},
			{"Select 0", P(new(T)).Select(pa, pb, 0), b},
		}
		for _, tc := range cases {
			if got, want := tc.got.Bytes(), c.refBaseMult(t, tc.want); !bytes.Equal(got, want) {
				t.Fatalf("%s = %x, want %x", tc.name, got, want)
			}
		}
		// Aliasing: the receiver as an operand.
		x := P(new(T)).Set(pa)
		P(x).Add(x, x)
		if got, want := P(x).Bytes(), c.refBaseMult(t, new(big.Int).Add(a, a)); !bytes.Equal(got, want) {
			t.Fatalf("x.Add(x, x) = %x, want %x", got, want)
		}
		x = P(new(T)).Set(pa)
		P(x).ScalarMult(x, fixedBytes(b, c.scalarSize))
		if got, want := P(x).Bytes(), c.refBaseMult(t, new(big.Int).Mul(a, b)); !bytes.Equal(got, want) {
			t.Fatalf("x.ScalarMult(x, b) = %x, want %x", got, want)
		}
	}
	// Multiples of the identity.
	for _, k := range c.scalarEdges(t, 2) {
		p := P(new(T))
		if _, err := p.ScalarMult(id, fixedBytes(k, c.scalarSize)); err != nil || !bytes.Equal(p.Bytes(), []byte{0}) {
			t.Fatalf("ScalarMult(O, %x) = %x, %v", k, p.Bytes(), err)
		}
	}
	if _, err := newPoint().BytesX(); err == nil {
		t.Fatal("BytesX of the identity did not fail")
	}
	_ = newGenerator
}

func TestP256Point(t *testing.T) { testPoints(t, &p256Case, NewP256Point, newP256Generator) }
func TestP384Point(t *testing.T) { testPoints(t, &p384Case, NewP384Point, newP384Generator) }
func TestP521Point(t *testing.T) { testPoints(t, &p521Case, NewP521Point, newP521Generator) }

func TestP256GroupLaw(t *testing.T) { testGroupLaw(t, &p256Case, NewP256Point, newP256Generator) }
func TestP384GroupLaw(t *testing.T) { testGroupLaw(t, &p384Case, NewP384Point, newP384Generator) }
func TestP521GroupLaw(t *testing.T) { testGroupLaw(t, &p521Case, NewP521Point, newP521Generator) }

// testVarTimeExceptions drives VarTimeDoubleScalarBaseMult into the
// branches of its incomplete formulas: the identity as q or as the
// accumulator, and sums of equal or opposite points.
func testVarTimeExceptions[T any, P pointPtr[T]](t *testing.T, c *curveCase, newPoint, newGenerator func() P) {
	n := c.params.N
	g := newGenerator()
	negG := P(new(T))
	negG.ScalarBaseMult(fixedBytes(new(big.Int).Sub(n, big.NewInt(1)), c.scalarSize))
	small := []*big.Int{varTimeCollision(t, c), big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(16), big.NewInt(17), new(big.Int).Sub(n, big.NewInt(1)),
		new(big.Int).Sub(n, big.NewInt(2)), new(big.Int).Sub(n, big.NewInt(16)), new(big.Int).Set(n), new(big.Int).Add(n, big.NewInt(1))}
	for _, q := range []struct {
		p P
		k *big.Int
	}{{newPoint(), big.NewInt(0)}, {g, big.NewInt(1)}, {negG, new(big.Int).Sub(n, big.NewInt(1))}} {
		for _, u1 := range small {
			for _, u2 := range small {
				want := c.refBaseMult(t, new(big.Int).Add(u1, new(big.Int).Mul(u2, q.k)))
				p := P(new(T))
				if _, err := p.VarTimeDoubleScalarBaseMult(fixedBytes(u1, c.scalarSize), q.p, fixedBytes(u2, c.scalarSize)); err != nil {
					t.Fatal(err)
				}
				if got := p.Bytes(); !bytes.Equal(got, want) {
					t.Fatalf("VarTimeDoubleScalarBaseMult(%x, %x·G, %x) = %x, want %x", u1, q.k, u2, got, want)
				}
			}
		}
	}
}

// varTimeCollision returns a scalar u2 = n + 2d whose width-5 NAF ends in
// the digit d (d ≡ -n mod 32, odd, in [-15, 15]), so that
// VarTimeDoubleScalarBaseMult's accumulator is (u2 - d)·q ≡ d·q before its
// last addition of d·q: the doubling branch of the Jacobian addition.
func varTimeCollision(t *testing.T, c *curveCase) *big.Int {
	n := c.params.N
	d := new(big.Int).Neg(n)
	d.Mod(d, big.NewInt(32))
	if d.Int64() > 15 {
		d.Sub(d, big.NewInt(32))
	}
	u := new(big.Int).Add(n, new(big.Int).Lsh(d, 1))
	naf := make([]int8, 8*c.scalarSize+1)
	wnafVarTime(naf, fixedBytes(u, c.scalarSize))
	if int64(naf[0]) != d.Int64() {
		t.Fatalf("the NAF of %x ends in %d, not %d", u, naf[0], d)
	}
	return u
}

func TestP256VarTimeExceptions(t *testing.T) {
	testVarTimeExceptions(t, &p256Case, NewP256Point, newP256Generator)
}
func TestP384VarTimeExceptions(t *testing.T) {
	testVarTimeExceptions(t, &p384Case, NewP384Point, newP384Generator)
}
func TestP521VarTimeExceptions(t *testing.T) {
	testVarTimeExceptions(t, &p521Case, NewP521Point, newP521Generator)
}

// TestBaseSafeDigits checks the bound ScalarBaseMult's incomplete additions
// rely on: for every digit i below pNNNBaseSafeDigits, with w the base
// window, a point of the digit (up to 2^(w-1)·2^(wi)) plus the largest sum
// of the digits below it (under 2^(wi)) stays below n, so that neither
// c + d·2^(wi) nor c - d·2^(wi) is a nonzero multiple of n; and that the
// table's rows cover the digits.
func TestBaseSafeDigits(t *testing.T) {
	for _, c := range []struct {
		c                   *curveCase
		safe, total, w, row int
	}{
		{&p256Case, p256BaseSafeDigits, p256BaseDigits, 7, len(p256BaseTable[0])},
		{&p384Case, p384BaseSafeDigits, p384BaseDigits, 5, len(p384BaseTable[0])},
		{&p521Case, p521BaseSafeDigits, p521BaseDigits, 5, len(p521BaseTable[0])},
	} {
		if c.safe < 1 || c.safe > c.total {
			t.Fatalf("%s: %d safe digits of %d", c.c.params.Name, c.safe, c.total)
		}
		if c.row != 1<<(c.w-1) || c.w*c.total < 8*c.c.scalarSize+1 {
			t.Fatalf("%s: %d digits of %d bits, rows of %d", c.c.params.Name, c.total, c.w, c.row)
		}
		// One digit fewer must not do: a spare digit is always zero and
		// costs a table row and an addition of every ScalarBaseMult.
		if c.w*(c.total-1) >= 8*c.c.scalarSize+1 {
			t.Errorf("%s: %d digits of %d bits, one more than %d bits need", c.c.params.Name, c.total, c.w, 8*c.c.scalarSize+1)
		}
		i := c.safe - 1
		bound := new(big.Int).Lsh(big.NewInt(int64(c.row)), uint(c.w*i))
		below := new(big.Int).Lsh(big.NewInt(1), uint(c.w*i)) // > 2^(w-1)·Σ 2^(wk), k < i
		if bound.Add(bound, below).Cmp(c.c.params.N) >= 0 {
			t.Errorf("%s: digit %d is not safe", c.c.params.Name, i)
		}
		// The first unsafe digit is used by every scalar of full length, so
		// the complete formulas after it are not dead code.
		if c.w*c.safe >= 8*c.c.scalarSize {
			t.Errorf("%s: %d safe digits cover the whole scalar", c.c.params.Name, c.safe)
		}
	}
}

// testHasX checks HasXVarTime against BytesX on points with Z ≠ 1, and its
// refusals: other x, the identity, x ≥ p and wrong lengths.
func testHasX[T any, P pointPtr[T]](t *testing.T, c *curveCase, newPoint, newGenerator func() P) {
	r := testutil.Rand(t)
	top := new(big.Int).Lsh(big.NewInt(1), uint(8*c.scalarSize))
	for range 20 {
		p := P(new(T))
		if _, err := p.ScalarMult(newGenerator(), fixedBytes(randomBelow(r, top), c.scalarSize)); err != nil {
			t.Fatal(err)
		}
		x, err := p.BytesX()
		if err != nil {
			continue // the identity
		}
		if !p.HasXVarTime(x) {
			t.Fatalf("HasXVarTime(%x) of its own x is false", x)
		}
		y := slices.Clone(x)
		y[len(y)-1] ^= 1
		if p.HasXVarTime(y) {
			t.Fatalf("HasXVarTime(%x) is true for x = %x", y, x)
		}
		if p.HasXVarTime(x[1:]) || p.HasXVarTime(append(x, 0)) {
			t.Fatal("HasXVarTime accepted a wrong length")
		}
		// x + p, when it fits, is the same residue but not canonical.
		xp := new(big.Int).Add(new(big.Int).SetBytes(x), c.params.P)
		if xp.BitLen() <= 8*c.size && p.HasXVarTime(xp.FillBytes(make([]byte, c.size))) {
			t.Fatal("HasXVarTime accepted x + p")
		}
	}
	zero := make([]byte, c.size)
	if newPoint().HasXVarTime(zero) {
		t.Fatal("HasXVarTime is true for the identity")
	}
}

func TestP256HasX(t *testing.T) { testHasX(t, &p256Case, NewP256Point, newP256Generator) }
func TestP384HasX(t *testing.T) { testHasX(t, &p384Case, NewP384Point, newP384Generator) }
func TestP521HasX(t *testing.T) { testHasX(t, &p521Case, NewP521Point, newP521Generator) }

// TestScalarMultLow checks the number of ScalarMult's digits (the fewest
// that hold one bit more than the scalar) and the bound its incomplete
// additions rely on: above digit pNNNScalarMultLow - 1, the largest sum of
// the digits above (16·Σ 2^(5m)) plus 16 is below n, and it is not below
// the digit under it, so that the complete formulas there are needed.
func TestScalarMultLow(t *testing.T) {
	for _, c := range []struct {
		c           *curveCase
		low, digits int
	}{
		{&p256Case, p256ScalarMultLow, p256Digits},
		{&p384Case, p384ScalarMultLow, p384Digits},
		{&p521Case, p521ScalarMultLow, p521Digits},
	} {
		bound := func(i int) *big.Int {
			sum := big.NewInt(16)
			for m := 1; m <= c.digits-1-i; m++ {
				sum.Add(sum, new(big.Int).Lsh(big.NewInt(16), uint(5*m)))
			}
			return sum
		}
		// The digits hold one bit more than the scalar, and one fewer would not.
		if bits := 8*c.c.scalarSize + 1; 5*c.digits < bits || 5*(c.digits-1) >= bits {
			t.Errorf("%s: %d digits of 5 bits for %d bits", c.c.params.Name, c.digits, bits)
		}
		if c.low < 1 || bound(c.low).Cmp(c.c.params.N) >= 0 {
			t.Errorf("%s: digit %d is not safe", c.c.params.Name, c.low)
		}
		if bound(c.low-1).Cmp(c.c.params.N) < 0 {
			t.Errorf("%s: digit %d would be safe too", c.c.params.Name, c.low-1)
		}
	}
}

// testScalarMultCollisions runs ScalarMult on the scalars that make its
// accumulator equal ± the digit's point in the low digits, where only the
// complete formulas are right: (j·n ± 2d)·2^(5i), and on the identity.
func testScalarMultCollisions[T any, P pointPtr[T]](t *testing.T, c *curveCase, low int, newPoint, newGenerator func() P) {
	n := c.params.N
	top := new(big.Int).Lsh(big.NewInt(1), uint(8*c.scalarSize))
	g := newGenerator()
	count := 0
	for i := 0; i <= low; i++ {
		for j := int64(1); j <= 3; j++ {
			for d := int64(-16); d <= 16; d++ {
				k := new(big.Int).Mul(n, big.NewInt(j))
				k.Add(k, big.NewInt(2*d))
				k.Lsh(k, uint(5*i))
				if k.Sign() <= 0 || k.Cmp(top) >= 0 {
					continue
				}
				count++
				want := c.refBaseMult(t, k)
				p := P(new(T))
				if _, err := p.ScalarMult(g, fixedBytes(k, c.scalarSize)); err != nil {
					t.Fatal(err)
				}
				if got := p.Bytes(); !bytes.Equal(got, want) {
					t.Fatalf("ScalarMult(G, %x) = %x, want %x", k, got, want)
				}
			}
		}
	}
	if count < 33 {
		t.Fatalf("only %d colliding scalars", count)
	}
	id := newPoint()
	p := P(new(T))
	if _, err := p.ScalarMult(id, fixedBytes(big.NewInt(12345), c.scalarSize)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.Bytes(), []byte{0}) {
		t.Fatalf("ScalarMult(identity, k) = %x", p.Bytes())
	}
}

func TestP256ScalarMultCollisions(t *testing.T) {
	testScalarMultCollisions(t, &p256Case, p256ScalarMultLow, NewP256Point, newP256Generator)
}
func TestP384ScalarMultCollisions(t *testing.T) {
	testScalarMultCollisions(t, &p384Case, p384ScalarMultLow, NewP384Point, newP384Generator)
}
func TestP521ScalarMultCollisions(t *testing.T) {
	testScalarMultCollisions(t, &p521Case, p521ScalarMultLow, NewP521Point, newP521Generator)
}

// TestWNAF checks wnafVarTimeW's digits for widths 5 to 8: their sum is
// the scalar, each nonzero one is odd, in [-2^(w-1) + 1, 2^(w-1) - 1] and
// followed by w - 1 zeros. The scalars are of the three curves' lengths and
// of 72 bytes, the longest wnafVarTimeW takes, and d holds other digits
// before the call, which it must overwrite.
func TestWNAF(t *testing.T) {
	r := testutil.Rand(t)
	for w := 5; w <= 8; w++ {
		testWNAF(t, r, w)
	}
}

func testWNAF(t *testing.T, r *rand.Rand, w int) {
	for _, size := range []int{32, 48, 66, 72} {
		top := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
		ks := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(1<<(w-1) - 1), big.NewInt(1 << (w - 1)), big.NewInt(1<<w - 1),
			new(big.Int).Sub(top, big.NewInt(1)), new(big.Int).Rsh(top, 1)}
		for range 200 {
			ks = append(ks, randomBelow(r, top))
		}
		for _, k := range ks {
			d := make([]int8, 8*size+1)
			for i := range d {
				d[i] = int8(r.Uint32())
			}
			wnafVarTimeW(d, fixedBytes(k, size), uint(w))
			sum := new(big.Int)
			for i := len(d) - 1; i >= 0; i-- {
				sum.Lsh(sum, 1)
				sum.Add(sum, big.NewInt(int64(d[i])))
				if d[i] == 0 {
					continue
				}
				if max := int8(1<<(w-1) - 1); d[i]%2 == 0 || d[i] > max || d[i] < -max {
					t.Fatalf("width-%d NAF of %x: digit %d at %d", w, k, d[i], i)
				}
				for j := i + 1; j < i+w && j < len(d); j++ {
					if d[j] != 0 {
						t.Fatalf("width-%d NAF of %x: digits at %d and %d", w, k, i, j)
					}
				}
			}
			if sum.Cmp(k) != 0 {
				t.Fatalf("width-%d NAF of %x sums to %x", w, k, sum)
			}
		}
	}
}

// TestSignedDigitsW checks the recoding into signed w-bit digits for every
// width: the digits' sum is the scalar, each in [-2^(w-1) + 1, 2^(w-1)].
func TestSignedDigitsW(t *testing.T) {
	r := testutil.Rand(t)
	for w := uint(2); w <= 8; w++ {
		for _, size := range []int{32, 48, 66} {
			top := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
			ks := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(top, big.NewInt(1)), new(big.Int).Rsh(top, 1)}
			for range 50 {
				ks = append(ks, randomBelow(r, top))
			}
			for _, k := range ks {
				d := make([]int32, (8*size+1+int(w)-1)/int(w))
				signedDigitsW(d, fixedBytes(k, size), w)
				sum := new(big.Int)
				for i := len(d) - 1; i >= 0; i-- {
					if d[i] > 1<<(w-1) || d[i] < -(1<<(w-1))+1 {
						t.Fatalf("w = %d: digit %d of %x is %d", w, i, k, d[i])
					}
					sum.Lsh(sum, w)
					sum.Add(sum, big.NewInt(int64(d[i])))
				}
				if sum.Cmp(k) != 0 {
					t.Fatalf("w = %d: the digits of %x sum to %x", w, k, sum)
				}
			}
		}
	}
}
