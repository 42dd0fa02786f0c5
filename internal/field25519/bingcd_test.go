package field25519

import (
	"math/big"
	"testing"
	"testing/quick"

	"github.com/carry-crypto/carry/internal/bingcd"
	"github.com/carry-crypto/carry/internal/testutil"
)

// invertEdges are the inputs of the inversion at the edges: the special
// values, 2^k and 2^k ± 1 near the word boundaries and 2^255, values whose
// binary GCD takes many steps (small numbers, p - small, (p ± 1)/2), and
// every mix of words 0, 1 and all ones.
func invertEdges() [][4]uint64 {
	var out [][4]uint64
	for _, x := range specialElements() {
		out = append(out, x.w)
	}
	out = append(out, wordsSpecial...)
	add := func(x *big.Int) {
		x = new(big.Int).Mod(x, new(big.Int).Lsh(bigOne, 256))
		out = append(out, fromBigLimbs(x).w)
	}
	for _, k := range []uint{31, 32, 33, 63, 64, 65, 127, 128, 191, 192, 253, 254, 255} {
		pow := new(big.Int).Lsh(bigOne, k)
		add(pow)
		add(new(big.Int).Sub(pow, bigOne))
		add(new(big.Int).Add(pow, bigOne))
	}
	for _, s := range []int64{2, 3, 5, 7, 19, 38, 1 << 31, 1<<31 - 1, 1<<62 + 1} {
		add(big.NewInt(s))
		add(new(big.Int).Sub(bigP, big.NewInt(s)))
		add(new(big.Int).Add(bigP, big.NewInt(s)))
	}
	half := new(big.Int).Rsh(bigP, 1)
	add(half)
	add(new(big.Int).Add(half, bigOne))
	words := []uint64{0, 1, ^uint64(0)}
	for i := range 81 {
		var w [4]uint64
		for j, k := 0, i; j < 4; j, k = j+1, k/3 {
			w[j] = words[k%3]
		}
		out = append(out, w)
	}
	return out
}

// checkInvert fails unless Invert(x) is x⁻¹ mod p (0 for 0), below 2^255 +
// 2^12, with the receiver aliasing the input or not.
func checkInvert(t *testing.T, w [4]uint64) bool {
	t.Helper()
	x := Element{w}
	want := new(big.Int).ModInverse(new(big.Int).Mod(limbsBig(&x), bigP), bigP)
	if want == nil {
		want = new(big.Int)
	}
	var got Element
	got.Invert(&x)
	alias := x
	alias.Invert(&alias)
	if alias != got {
		t.Errorf("Invert(%v) in place = %v, not %v", x, alias, got)
		return false
	}
	if limbsBig(&got).Cmp(mulBound) >= 0 || toBig(&got).Cmp(want) != 0 {
		t.Errorf("Invert(%v) = %v, want %x", x, got, want)
		return false
	}
	return true
}

// TestInvertEdges checks Invert against math/big on the edges, with every
// implementation of the multiplication.
func TestInvertEdges(t *testing.T) {
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, w := range invertEdges() {
			checkInvert(t, w)
		}
	})
}

// TestInvertRandom checks Invert against math/big on generated elements
// (10^6 with -long), with every implementation of the multiplication.
func TestInvertRandom(t *testing.T) {
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		f := func(x Element) bool { return checkInvert(t, x.w) }
		if err := quick.Check(f, quickConfig(3000)); err != nil {
			t.Error(err)
		}
	})
}

func FuzzInvert(f *testing.F) {
	for _, w := range invertEdges()[:20] {
		f.Add(w[0], w[1], w[2], w[3])
	}
	f.Fuzz(func(t *testing.T, w0, w1, w2, w3 uint64) {
		checkInvert(t, [4]uint64{w0, w1, w2, w3})
	})
}

func bigMax(x, y *big.Int) *big.Int {
	if x.Cmp(y) >= 0 {
		return x
	}
	return y
}

// bingcdBig runs invert's outer iterations on a and b as math/big integers,
// with the same approximations and bingcd.Inner's matrix, and returns
// the number of iterations after which a was first 0, and b then. It fails
// if an iteration's division by 2^31 is not exact, or if the larger of a
// and b grows. y must be below p.
func bingcdBig(t *testing.T, y *big.Int) (iters int, b *big.Int) {
	a, b := new(big.Int).Set(y), new(big.Int).Set(bigP)
	mask64 := new(big.Int).SetUint64(^uint64(0))
	for i := 1; i <= bingcdIterations; i++ {
		// The top 64 bits at the length of the larger (at least 64), the
		// low 31 replaced.
		shift := max(a.BitLen(), b.BitLen(), 64) - 64
		approx := func(x *big.Int) uint64 {
			hi := new(big.Int).And(new(big.Int).Rsh(x, uint(shift)), mask64).Uint64()
			lo := new(big.Int).And(x, mask64).Uint64()
			return hi&^(1<<bingcd.Steps-1) | lo&(1<<bingcd.Steps-1)
		}
		fg0, fg1 := bingcd.Inner(approx(a), approx(b))
		coef := func(w uint64) *big.Int { return big.NewInt(int64(w) - (1<<31 - 1)) }
		fg0 += bingcd.Offset
		fg1 += bingcd.Offset
		f0, g0 := coef(fg0&0xffffffff), coef(fg0>>32)
		f1, g1 := coef(fg1&0xffffffff), coef(fg1>>32)
		lin := func(f, g *big.Int) *big.Int {
			r := new(big.Int).Add(new(big.Int).Mul(f, a), new(big.Int).Mul(g, b))
			if r.Sign() != 0 && r.TrailingZeroBits() < 31 {
				t.Fatalf("iteration %d: %x·a + %x·b is not divisible by 2^31", i, f, g)
			}
			return r.Abs(r.Rsh(r, 31))
		}
		na, nb := lin(f0, g0), lin(f1, g1)
		// The values never grow, so a + b stays below 2^256.
		if m := bigMax(a, b); bigMax(na, nb).Cmp(m) > 0 {
			t.Fatalf("iteration %d: max(a, b) grew from %x to %x", i, m, bigMax(na, nb))
		}
		a, b = na, nb
		if a.Sign() == 0 && iters == 0 {
			iters = i
		}
	}
	return iters, b
}

// TestBingcdIterationBound checks the argument for bingcdIterations on
// math/big: for the edges and random values, a reaches 0 within one
// iteration fewer than invert runs, and b is then gcd(y, p) = 1.
func TestBingcdIterationBound(t *testing.T) {
	r := testutil.Rand(t)
	var ys []*big.Int
	for _, w := range invertEdges() {
		ys = append(ys, new(big.Int).Mod(wordsToBig(&w), bigP))
	}
	for range testutil.Runs(*long, 2000, 100000, 200) {
		w := randWords(r, false)
		ys = append(ys, new(big.Int).Mod(wordsToBig(&w), bigP))
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint64())
		}
		ys = append(ys, new(big.Int).Mod(new(big.Int).SetBytes(b[:]), bigP))
	}
	worst := 0
	for _, y := range ys {
		if y.Sign() == 0 {
			continue
		}
		iters, b := bingcdBig(t, y)
		if iters == 0 || iters > bingcdIterations-1 || b.Cmp(bigOne) != 0 {
			t.Fatalf("y = %x: a reached 0 after %d iterations (of %d), b = %x", y, iters, bingcdIterations, b)
		}
		worst = max(worst, iters)
	}
	t.Logf("most iterations needed: %d of %d", worst, bingcdIterations)
}
