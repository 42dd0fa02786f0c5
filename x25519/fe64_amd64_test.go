//go:build !purego

package x25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var p25519 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

func requireADX(t *testing.T) {
	t.Helper()
	if !useADX {
		t.Skip("the CPU has no BMI2 and ADX: the assembly cannot run (the generic path is tested elsewhere)")
	}
}

func words64ToBig(v *[4]uint64) *big.Int {
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(v[i]))
	}
	return x
}

// edgeWords64 returns a weakly reduced element biased towards the limits of
// the representation: words of 0, 1, 2^63, 2^64 - 1 and neighbours of the
// 38 and 19 folds, p and 2p.
func edgeWords64(r *rand.Rand) [4]uint64 {
	special := [][4]uint64{
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
		{0, 0, 0, 1 << 63}, // 2^255
		{37, 0, 0, 0},
		{38, 0, 0, 0},
	}
	if r.IntN(3) == 0 {
		return special[r.IntN(len(special))]
	}
	var v [4]uint64
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
	return v
}

// boundM is the bound on the outputs of the assembly's multiplications and
// squarings, 2^255 + 2^23, on which its additions and subtractions rely.
var boundM = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1<<23))

func checkWeak(t *testing.T, what string, got *[4]uint64, want *big.Int) {
	t.Helper()
	g := words64ToBig(got)
	if g.Cmp(boundM) >= 0 {
		t.Fatalf("%s: result %x is not below M = 2^255 + 2^23", what, g)
	}
	if new(big.Int).Mod(g, p25519).Cmp(new(big.Int).Mod(want, p25519)) != 0 {
		t.Fatalf("%s: got %x, want %x mod p", what, g, new(big.Int).Mod(want, p25519))
	}
}

func TestMulADX(t *testing.T) {
	requireADX(t)
	r := testutil.Rand(t)
	for i := 0; i < 100000; i++ {
		a, b := edgeWords64(r), edgeWords64(r)
		want := new(big.Int).Mul(words64ToBig(&a), words64ToBig(&b))
		var out [4]uint64
		mulADX(&out, &a, &b)
		checkWeak(t, "mulADX", &out, want)
		// Aliasing: out = a, out = b, out = a = b.
		aa, bb := a, b
		mulADX(&aa, &aa, &b)
		mulADX(&bb, &a, &bb)
		if aa != out || bb != out {
			t.Fatalf("mulADX with aliased output differs")
		}
		sq := a
		mulADX(&sq, &sq, &sq)
		checkWeak(t, "mulADX(a, a)", &sq, new(big.Int).Mul(words64ToBig(&a), words64ToBig(&a)))
	}
}

func TestSquareNADX(t *testing.T) {
	requireADX(t)
	r := testutil.Rand(t)
	for i := 0; i < 20000; i++ {
		a := edgeWords64(r)
		n := 1 + r.IntN(6)
		var out [4]uint64
		squareNADX(&out, &a, n)
		want := words64ToBig(&a)
		for j := 0; j < n; j++ {
			want.Mul(want, want).Mod(want, p25519)
		}
		checkWeak(t, "squareNADX", &out, want)
		in := a
		squareNADX(&in, &in, n)
		if in != out {
			t.Fatalf("squareNADX with aliased output differs")
		}
	}
}

func TestInvertADX(t *testing.T) {
	requireADX(t)
	r := testutil.Rand(t)
	for i := 0; i < 2000; i++ {
		a := edgeWords64(r)
		var out [4]uint64
		invertADX(&out, &a)
		x := words64ToBig(&a)
		want := new(big.Int).Exp(x, new(big.Int).Sub(p25519, big.NewInt(2)), p25519)
		checkWeak(t, "invertADX", &out, want)
	}
}

func TestStore64(t *testing.T) {
	requireADX(t)
	r := testutil.Rand(t)
	for i := 0; i < 100000; i++ {
		a := edgeWords64(r)
		want := new(big.Int).Mod(words64ToBig(&a), p25519)
		var dst [32]byte
		in := a
		store64(&dst, &in)
		var wantBytes [32]byte
		want.FillBytes(wantBytes[:])
		for j := 0; j < 16; j++ {
			wantBytes[j], wantBytes[31-j] = wantBytes[31-j], wantBytes[j]
		}
		if dst != wantBytes {
			t.Fatalf("store64(%x) = %x, want %x", words64ToBig(&a), dst, wantBytes)
		}
	}
}
