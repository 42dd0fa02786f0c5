package field25519

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// boundM is the bound on the outputs of mulSmall, 2^255 + 2^23, on which the
// assembly ladder's add and sub rely; the other products are below mulBound.
var boundM = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1<<23))

var two256 = new(big.Int).Lsh(big.NewInt(1), 256)

func wordsToBig(v *[4]uint64) *big.Int {
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(v[i]))
	}
	return x
}

// wordsSpecial are values at the limits of the representation: 0, 1, p and
// its neighbours, 2p and its neighbours, 2^255 and 2^256 - 1, and the largest
// values below M.
var wordsSpecial = [][4]uint64{
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

// randWords returns a value below 2^256 biased towards the special values and
// towards words of 0, all ones and near all ones. With belowM, the value is
// below M (as the inputs of the assembly ladder's add and sub must be).
func randWords(r *rand.Rand, belowM bool) [4]uint64 {
	for {
		var v [4]uint64
		if r.IntN(3) == 0 {
			v = wordsSpecial[r.IntN(len(wordsSpecial))]
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
		if !belowM || wordsToBig(&v).Cmp(boundM) < 0 {
			return v
		}
	}
}

// checkWords fails if got is not below bound or not congruent to want.
func checkWords(t *testing.T, what string, got *[4]uint64, want, bound *big.Int) {
	t.Helper()
	g := wordsToBig(got)
	if g.Cmp(bound) >= 0 {
		t.Fatalf("%s: result %x is not below %x", what, g, bound)
	}
	if new(big.Int).Mod(g, bigP).Cmp(new(big.Int).Mod(want, bigP)) != 0 {
		t.Fatalf("%s: got %x, want %x mod p", what, g, new(big.Int).Mod(want, bigP))
	}
}

func TestWordsArithmetic(t *testing.T) {
	r := testutil.Rand(t)
	n := 100000
	if *long {
		n = 2000000
	}
	for i := 0; i < n; i++ {
		a, b := randWords(r, false), randWords(r, false)
		A, B := wordsToBig(&a), wordsToBig(&b)
		var v [4]uint64
		mulGeneric(&v, &a, &b)
		checkWords(t, "mul64", &v, new(big.Int).Mul(A, B), boundM)
		squareGeneric(&v, &a)
		checkWords(t, "square64", &v, new(big.Int).Mul(A, A), boundM)
		for _, c := range []uint64{9, 121666, 1 << 17} {
			mulSmall(&v, &a, c)
			checkWords(t, "mulSmall64", &v, new(big.Int).Mul(A, new(big.Int).SetUint64(c)), boundM)
		}
		// Aliasing: the output may be either input.
		x, y := a, b
		mulGeneric(&x, &x, &b)
		mulGeneric(&y, &a, &y)
		var z [4]uint64
		mulGeneric(&z, &a, &b)
		if x != z || y != z {
			t.Fatalf("mul64 with aliased output differs")
		}

		// The ladder's add and sub take words below M.
		am, bm := randWords(r, true), randWords(r, true)
		Am, Bm := wordsToBig(&am), wordsToBig(&bm)
		addLadder(&v, &am, &bm)
		checkWords(t, "addLadder", &v, new(big.Int).Add(Am, Bm), two256)
		subLadder(&v, &am, &bm)
		checkWords(t, "subLadder", &v, new(big.Int).Sub(Am, Bm), two256)

		// add and sub take any words.
		add(&v, &a, &b)
		checkWords(t, "add", &v, new(big.Int).Add(A, B), two256)
		sub(&v, &a, &b)
		checkWords(t, "sub", &v, new(big.Int).Sub(A, B), two256)
	}
}

func TestWordsSquareNInvert(t *testing.T) {
	testutil.SelectImplementation(t, "field25519", "")
	r := testutil.Rand(t)
	for i := 0; i < 2000; i++ {
		a := randWords(r, false)
		A := wordsToBig(&a)
		n := 1 + r.IntN(6)
		var v [4]uint64
		squareNGeneric(&v, &a, n)
		want := new(big.Int).Set(A)
		for j := 0; j < n; j++ {
			want.Mul(want, want).Mod(want, bigP)
		}
		checkWords(t, "squareNGeneric", &v, want, mulBound)
		var e Element
		e.Invert(&Element{a})
		checkWords(t, "Invert", &e.w, new(big.Int).Exp(A, new(big.Int).Sub(bigP, big.NewInt(2)), bigP), mulBound)
	}
}

// FillBytes gives the canonical encoding of any value below 2^256, including
// those that need both the bit-255 fold and the subtraction of p.
func TestFillBytesWords(t *testing.T) {
	r := testutil.Rand(t)
	for i := 0; i < 100000; i++ {
		a := randWords(r, false)
		if i < len(wordsSpecial) {
			a = wordsSpecial[i]
		}
		want := new(big.Int).Mod(wordsToBig(&a), bigP)
		var dst, wantBytes [32]byte
		(&Element{a}).FillBytes(&dst)
		want.FillBytes(wantBytes[:])
		for j := 0; j < 16; j++ {
			wantBytes[j], wantBytes[31-j] = wantBytes[31-j], wantBytes[j]
		}
		if dst != wantBytes {
			t.Fatalf("FillBytes(%x) = %x, want %x", wordsToBig(&a), dst, wantBytes)
		}
	}
}

// reduceWords are words w whose multiple 38·w has a low word within 38 of
// 2^64 (or zero) and a high word from 0 to 37, so that the carries of reduce
// between 38·r4..r7's words, which random products almost never raise, are
// all taken.
func reduceWords() []uint64 {
	ws := []uint64{0, 1, ^uint64(0), ^uint64(0) - 1}
	for m := int64(1); m <= 38; m++ {
		w := new(big.Int).Lsh(big.NewInt(m), 64)
		ws = append(ws, w.Div(w, big.NewInt(38)).Uint64())
	}
	return ws
}

// TestReduceCarries runs reduce on every pair of reduceWords in adjacent
// upper words, the other words random, against math/big.
func TestReduceCarries(t *testing.T) {
	r := testutil.Rand(t)
	ws := reduceWords()
	for hi := 4; hi < 7; hi++ {
		for _, x := range ws {
			for _, y := range ws {
				var w [8]uint64
				for i := range w {
					w[i] = ws[r.IntN(len(ws))]
					if r.IntN(2) == 0 {
						w[i] = r.Uint64()
					}
				}
				w[hi], w[hi+1] = x, y
				lo, up := [4]uint64(w[0:4]), [4]uint64(w[4:8])
				want := new(big.Int).Lsh(wordsToBig(&up), 256)
				want.Add(want, wordsToBig(&lo))
				var v [4]uint64
				v[0], v[1], v[2], v[3] = reduce(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])
				checkWords(t, "reduce", &v, want, mulBound)
			}
		}
	}
}

// SetWords is SetBytes of the words' little-endian encoding: the words as
// they are, bit 255 cleared, whatever the receiver held.
func TestSetWords(t *testing.T) {
	r := testutil.Rand(t)
	for i := 0; i < 10000; i++ {
		w := randWords(r, false)
		if i < len(wordsSpecial) {
			w = wordsSpecial[i]
		}
		var x [32]byte
		for j := range w {
			binary.LittleEndian.PutUint64(x[8*j:], w[j])
		}
		var want Element
		if _, err := want.SetBytes(x[:]); err != nil {
			t.Fatal(err)
		}
		got := Element{randWords(r, false)}
		if got.SetWords(&w) != &got || got != want {
			t.Fatalf("SetWords(%x) = %x, want %x", w, got.w, want.w)
		}
	}
}
