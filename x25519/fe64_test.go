package x25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var p25519 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// boundM is the bound on the outputs of the four-word multiplications, 2^255
// + 2^23, on which add64 and sub64 (and the assembly's) rely.
var boundM = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1<<23))

var two256 = new(big.Int).Lsh(big.NewInt(1), 256)

func fe64ToBig(v *fe64) *big.Int {
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(v[i]))
	}
	return x
}

// fe64Special are values at the limits of the representation: 0, 1, p and
// its neighbours, 2p and its neighbours, 2^255 and 2^256 - 1, and the largest
// values below M.
var fe64Special = []fe64{
	{0, 0, 0, 0},
	{1, 0, 0, 0},
	{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)},      // 2^256 - 1
	{^uint64(0) - 18, ^uint64(0), ^uint64(0), 1<<63 - 1},  // p
	{^uint64(0) - 19, ^uint64(0), ^uint64(0), 1<<63 - 1},  // p - 1
	{^uint64(0) - 17, ^uint64(0), ^uint64(0), 1<<63 - 1},  // p + 1
	{^uint64(0) - 37, ^uint64(0), ^uint64(0), ^uint64(0)}, // 2p
	{^uint64(0) - 36, ^uint64(0), ^uint64(0), ^uint64(0)}, // 2p + 1
	{^uint64(0) - 38, ^uint64(0), ^uint64(0), ^uint64(0)}, // 2p - 1
	{^uint64(0), ^uint64(0), ^uint64(0), 1<<63 - 1},       // 2^255 - 1
	{0, 0, 0, 1 << 63},         // 2^255
	{1<<23 - 1, 0, 0, 1 << 63}, // M - 1
	{1<<23 - 2, 0, 0, 1 << 63}, // M - 2
	{37, 0, 0, 0},
	{38, 0, 0, 0},
	{19, 0, 0, 0},
}

// randFE64 returns a value below 2^256 biased towards the special values and
// towards words of 0, all ones and near all ones. With belowM, the value is
// below M (as the inputs of add64 and sub64 must be).
func randFE64(r *rand.Rand, belowM bool) fe64 {
	for {
		var v fe64
		if r.IntN(3) == 0 {
			v = fe64Special[r.IntN(len(fe64Special))]
		} else {
			for i := range v {
				switch r.IntN(5) {
				case 0:
					v[i] = 0
				case 1:
					v[i] = ^uint64(0)
				case 2:
					v[i] = ^uint64(0) - uint64(r.IntN(40))
				default:
					v[i] = r.Uint64()
				}
			}
			if belowM && r.IntN(2) == 0 {
				v[3] = 1 << 63 // just above 2^255, often below M
				v[2], v[1] = 0, 0
				v[0] &= 1<<23 - 1
			}
		}
		if !belowM || fe64ToBig(&v).Cmp(boundM) < 0 {
			return v
		}
	}
}

// checkFE64 fails if got is not below bound or not congruent to want.
func checkFE64(t *testing.T, what string, got *fe64, want, bound *big.Int) {
	t.Helper()
	g := fe64ToBig(got)
	if g.Cmp(bound) >= 0 {
		t.Fatalf("%s: result %x is not below %x", what, g, bound)
	}
	if new(big.Int).Mod(g, p25519).Cmp(new(big.Int).Mod(want, p25519)) != 0 {
		t.Fatalf("%s: got %x, want %x mod p", what, g, new(big.Int).Mod(want, p25519))
	}
}

func TestFE64Arithmetic(t *testing.T) {
	r := testutil.Rand(t)
	n := 100000
	if *long {
		n = 2000000
	}
	for i := 0; i < n; i++ {
		a, b := randFE64(r, false), randFE64(r, false)
		A, B := fe64ToBig(&a), fe64ToBig(&b)
		var v fe64
		mul64(&v, &a, &b)
		checkFE64(t, "mul64", &v, new(big.Int).Mul(A, B), boundM)
		square64(&v, &a)
		checkFE64(t, "square64", &v, new(big.Int).Mul(A, A), boundM)
		for _, c := range []uint64{9, 121666, 1 << 17} {
			mulSmall64(&v, &a, c)
			checkFE64(t, "mulSmall64", &v, new(big.Int).Mul(A, new(big.Int).SetUint64(c)), boundM)
		}
		// Aliasing: the output may be either input.
		x, y := a, b
		mul64(&x, &x, &b)
		mul64(&y, &a, &y)
		var z fe64
		mul64(&z, &a, &b)
		if x != z || y != z {
			t.Fatalf("mul64 with aliased output differs")
		}

		am, bm := randFE64(r, true), randFE64(r, true)
		Am, Bm := fe64ToBig(&am), fe64ToBig(&bm)
		add64(&v, &am, &bm)
		checkFE64(t, "add64", &v, new(big.Int).Add(Am, Bm), two256)
		sub64(&v, &am, &bm)
		checkFE64(t, "sub64", &v, new(big.Int).Sub(Am, Bm), two256)
	}
}

func TestFE64SquareNInvert(t *testing.T) {
	testutil.SelectImplementation(t, "x25519", "")
	r := testutil.Rand(t)
	for i := 0; i < 2000; i++ {
		a := randFE64(r, false)
		A := fe64ToBig(&a)
		n := 1 + r.IntN(6)
		var v fe64
		squareN64(&v, &a, n)
		want := new(big.Int).Set(A)
		for j := 0; j < n; j++ {
			want.Mul(want, want).Mod(want, p25519)
		}
		checkFE64(t, "squareN64", &v, want, boundM)
		invert64(&v, &a)
		checkFE64(t, "invert64", &v, new(big.Int).Exp(A, new(big.Int).Sub(p25519, big.NewInt(2)), p25519), boundM)
	}
}

// store64 gives the canonical encoding of any value below 2^256, including
// those that need both the bit-255 fold and the subtraction of p.
func TestStore64(t *testing.T) {
	r := testutil.Rand(t)
	for i := 0; i < 100000; i++ {
		a := randFE64(r, false)
		if i < len(fe64Special) {
			a = fe64Special[i]
		}
		want := new(big.Int).Mod(fe64ToBig(&a), p25519)
		var dst, wantBytes [32]byte
		store64(&dst, &a)
		want.FillBytes(wantBytes[:])
		for j := 0; j < 16; j++ {
			wantBytes[j], wantBytes[31-j] = wantBytes[31-j], wantBytes[j]
		}
		if dst != wantBytes {
			t.Fatalf("store64(%x) = %x, want %x", fe64ToBig(&a), dst, wantBytes)
		}
	}
}
