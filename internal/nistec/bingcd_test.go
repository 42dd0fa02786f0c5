package nistec

import (
	"crypto/elliptic"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// testBinaryInvert checks binaryInvert against math/big for a modulus.
func testBinaryInvert(t *testing.T, m *big.Int, words int) {
	iters := bingcdIterations(m.BitLen())
	mw := limbsOf(m, words)
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	m0inv := new(big.Int).ModInverse(m, two64)
	m0inv.Sub(two64, m0inv)
	// y⁻¹ = v·2^(33·iters)
	factor := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(33*iters)), m)
	random := 200
	if testing.Short() {
		random = 50
	}
	if *long {
		random = 100000
	}
	for _, y := range interestingValues(t, m, words, random) {
		v := make([]uint64, words)
		binaryInvert(v, limbsOf(y, words), mw, m0inv.Uint64(), iters)
		got := new(big.Int).Mul(wordsToBig(v), factor)
		got.Mod(got, m)
		want := new(big.Int).ModInverse(y, m)
		if want == nil {
			want = new(big.Int)
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("binaryInvert(%x) mod %x = %x, want %x", y, m, got, want)
		}
	}
}

func limbsOf(x *big.Int, n int) []uint64 {
	out := make([]uint64, n)
	b := x.FillBytes(make([]byte, 8*n))
	for i := range out {
		for j := 0; j < 8; j++ {
			out[i] |= uint64(b[8*n-1-8*i-j]) << (8 * j)
		}
	}
	return out
}

func wordsToBig(w []uint64) *big.Int {
	x := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(w[i]))
	}
	return x
}

func TestBinaryInvert(t *testing.T) {
	for _, c := range []struct {
		params *elliptic.CurveParams
		words  int
	}{{elliptic.P256().Params(), 4}, {elliptic.P384().Params(), 6}, {elliptic.P521().Params(), 9}} {
		testBinaryInvert(t, c.params.P, c.words)
		testBinaryInvert(t, c.params.N, c.words)
	}
	_ = testutil.Rand
}
