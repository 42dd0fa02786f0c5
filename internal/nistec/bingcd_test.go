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

// binGCDs are the inversions of bingcdIterations' iterations, by modulus,
// with the word count of their values: the dispatch (the assembly where
// the build and the CPU have it) and the generated Go.
var binGCDs = []struct {
	name  string
	m     *big.Int
	words int
	f     func(out, y []uint64)
}{
	{"p256", elliptic.P256().Params().P, 4, func(out, y []uint64) { p256BinGCD((*[4]uint64)(out), (*[4]uint64)(y)) }},
	{"p256Generic", elliptic.P256().Params().P, 4, func(out, y []uint64) { p256BinGCDGeneric((*[4]uint64)(out), (*[4]uint64)(y)) }},
	{"p256Ord", elliptic.P256().Params().N, 4, func(out, y []uint64) { p256OrdBinGCD((*[4]uint64)(out), (*[4]uint64)(y)) }},
	{"p256OrdGeneric", elliptic.P256().Params().N, 4, func(out, y []uint64) { p256OrdBinGCDGeneric((*[4]uint64)(out), (*[4]uint64)(y)) }},
	{"p384", elliptic.P384().Params().P, 6, func(out, y []uint64) { p384BinGCD((*[6]uint64)(out), (*[6]uint64)(y)) }},
	{"p384Generic", elliptic.P384().Params().P, 6, func(out, y []uint64) { p384BinGCDGeneric((*[6]uint64)(out), (*[6]uint64)(y)) }},
	{"p384Ord", elliptic.P384().Params().N, 6, func(out, y []uint64) { p384OrdBinGCD((*[6]uint64)(out), (*[6]uint64)(y)) }},
	{"p384OrdGeneric", elliptic.P384().Params().N, 6, func(out, y []uint64) { p384OrdBinGCDGeneric((*[6]uint64)(out), (*[6]uint64)(y)) }},
	{"p521", elliptic.P521().Params().P, 9, func(out, y []uint64) { p521BinGCD((*[9]uint64)(out), (*[9]uint64)(y)) }},
	{"p521Generic", elliptic.P521().Params().P, 9, func(out, y []uint64) { p521BinGCDGeneric((*[9]uint64)(out), (*[9]uint64)(y)) }},
	{"p521Ord", elliptic.P521().Params().N, 9, func(out, y []uint64) { p521OrdBinGCD((*[9]uint64)(out), (*[9]uint64)(y)) }},
	{"p521OrdGeneric", elliptic.P521().Params().N, 9, func(out, y []uint64) { p521OrdBinGCDGeneric((*[9]uint64)(out), (*[9]uint64)(y)) }},
}

// TestBinGCD checks the inversions against binaryInvert, whose results they
// must equal word for word, and against math/big: on amd64 (without purego)
// the assembly and the Go, compared on the same values.
func TestBinGCD(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, g := range binGCDs {
		t.Run(g.name, func(t *testing.T) {
			iters := bingcdIterations(g.m.BitLen())
			mw := limbsOf(g.m, g.words)
			m0inv := new(big.Int).ModInverse(g.m, two64)
			m0inv.Sub(two64, m0inv)
			factor := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(33*iters)), g.m)
			random := 300
			if testing.Short() {
				random = 50
			}
			if *long {
				random = 100000
			}
			for _, y := range interestingValues(t, g.m, g.words, random) {
				yw := limbsOf(y, g.words)
				got := make([]uint64, g.words)
				g.f(got, yw)
				ref := make([]uint64, g.words)
				binaryInvert(ref, yw, mw, m0inv.Uint64(), iters)
				for i := range got {
					if got[i] != ref[i] {
						t.Fatalf("%sBinGCD(%x) = %x, binaryInvert gives %x", g.name, y, got, ref)
					}
				}
				inv := new(big.Int).Mul(wordsToBig(got), factor)
				inv.Mod(inv, g.m)
				want := new(big.Int).ModInverse(y, g.m)
				if want == nil {
					want = new(big.Int)
				}
				if inv.Cmp(want) != 0 {
					t.Fatalf("%sBinGCD(%x)·2^(33·%d) = %x, want %x", g.name, y, iters, inv, want)
				}
				// Aliasing: out may be y.
				g.f(yw, yw)
				for i := range got {
					if yw[i] != got[i] {
						t.Fatalf("%sBinGCD(%x) in place = %x, want %x", g.name, y, yw, got)
					}
				}
			}
		})
	}
}
