package edwards25519

import (
	"bytes"
	"encoding/binary"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// bigLE64 returns the 64-byte little-endian encoding of x < 2^512.
func bigLE64(x *big.Int) []byte {
	be := x.FillBytes(make([]byte, 64))
	out := make([]byte, 64)
	for i := range out {
		out[i] = be[63-i]
	}
	return out
}

// leBigSlice returns the little-endian integer b of any length.
func leBigSlice(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// edgeScalarValues are integers below l at the edges: 0, 1, 2, l−1, l−2,
// the words of l, and powers of two around the size of l.
func edgeScalarValues() []*big.Int {
	one := big.NewInt(1)
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(bigL, one), new(big.Int).Sub(bigL, big.NewInt(2)),
		new(big.Int).Rsh(bigL, 1), new(big.Int).Lsh(one, 252),
		new(big.Int).Sub(new(big.Int).Lsh(one, 252), one),
		new(big.Int).SetUint64(^uint64(0)),
		new(big.Int).Lsh(one, 128),
	}
	return vals
}

// randScalarValue returns an integer below l, biased towards words that are
// all zeros or all ones.
func randScalarValue(r *mathrand.Rand) *big.Int {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	switch r.IntN(4) {
	case 0:
		for w := range 4 {
			if r.IntN(2) == 0 {
				for i := range 8 {
					b[8*w+i] = byte(-r.IntN(2)) // 0x00 or 0xff
				}
			}
		}
	}
	return new(big.Int).Mod(leBig(&b), bigL)
}

func scalarFromBig(t testing.TB, x *big.Int) *Scalar {
	t.Helper()
	s, err := new(Scalar).SetCanonicalBytes(bigLE(x)[:])
	if err != nil {
		t.Fatalf("SetCanonicalBytes(%v): %v", x, err)
	}
	return s
}

func scalarToBig(s *Scalar) *big.Int {
	return leBigSlice(s.Bytes())
}

func testScalarValues(t *testing.T) []*big.Int {
	r := testutil.Rand(t)
	vals := edgeScalarValues()
	for range iterations(200) {
		vals = append(vals, randScalarValue(r))
	}
	return vals
}

func TestScalarArithmetic(t *testing.T) {
	vals := testScalarValues(t)
	r := testutil.Rand(t)
	mod := func(x *big.Int) *big.Int { return x.Mod(x, bigL) }
	for i, x := range vals {
		y := vals[(i*7+3)%len(vals)]
		z := vals[r.IntN(len(vals))]
		sx, sy, sz := scalarFromBig(t, x), scalarFromBig(t, y), scalarFromBig(t, z)
		if got := scalarToBig(sx); got.Cmp(x) != 0 {
			t.Fatalf("Bytes round trip of %v gives %v", x, got)
		}
		checks := []struct {
			name string
			got  *Scalar
			want *big.Int
		}{
			{"Add", new(Scalar).Add(sx, sy), mod(new(big.Int).Add(x, y))},
			{"Subtract", new(Scalar).Subtract(sx, sy), mod(new(big.Int).Sub(x, y))},
			{"Negate", new(Scalar).Negate(sx), mod(new(big.Int).Neg(x))},
			{"Multiply", new(Scalar).Multiply(sx, sy), mod(new(big.Int).Mul(x, y))},
			{"MultiplyAdd", new(Scalar).MultiplyAdd(sx, sy, sz), mod(new(big.Int).Add(new(big.Int).Mul(x, y), z))},
			{"Set", new(Scalar).Set(sx), x},
		}
		for _, c := range checks {
			if got := scalarToBig(c.got); got.Cmp(c.want) != 0 {
				t.Errorf("%s(%v, %v, %v) = %v, want %v", c.name, x, y, z, got, c.want)
			}
		}
		if got, want := sx.Equal(sy), x.Cmp(y) == 0; (got == 1) != want || got > 1 {
			t.Errorf("Equal(%v, %v) = %d", x, y, got)
		}
		if sx.Equal(new(Scalar).Set(sx)) != 1 {
			t.Errorf("Equal(%v, itself) = 0", x)
		}
	}
}

func TestScalarSetCanonicalBytes(t *testing.T) {
	r := testutil.Rand(t)
	one := big.NewInt(1)
	two256 := new(big.Int).Lsh(one, 256)
	bad := []*big.Int{
		bigL, new(big.Int).Add(bigL, one), new(big.Int).Lsh(one, 253),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(two256, one),
		new(big.Int).Add(bigL, new(big.Int).Lsh(one, 64)),
		new(big.Int).Mul(bigL, big.NewInt(2)),
	}
	for range iterations(200) {
		// Uniform in [l, 2^256).
		x := randBig(r, new(big.Int).Sub(two256, bigL))
		bad = append(bad, x.Add(x, bigL))
		// Just above l.
		bad = append(bad, new(big.Int).Add(bigL, big.NewInt(int64(r.IntN(1<<20)))))
	}
	for _, x := range bad {
		s := scalarFromBig(t, big.NewInt(5))
		if got, err := s.SetCanonicalBytes(bigLE(x)[:]); err == nil || got != nil {
			t.Errorf("SetCanonicalBytes(%v) accepted", x)
		}
		if scalarToBig(s).Cmp(big.NewInt(5)) != 0 {
			t.Errorf("SetCanonicalBytes(%v) changed the receiver", x)
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		if _, err := new(Scalar).SetCanonicalBytes(make([]byte, n)); err == nil {
			t.Errorf("SetCanonicalBytes accepted %d bytes", n)
		}
	}
	// Every word at the bounds around l's word, and at 0, 1 and 2^64 − 1,
	// with the top word around l's: the borrow of the comparison with l
	// has to pass through each word both ways.
	near := func(li uint64) []uint64 {
		return []uint64{0, 1, li - 1, li, li + 1, ^uint64(0)}
	}
	for _, w3 := range []uint64{scalarL[3] - 1, scalarL[3], scalarL[3] + 1} {
		for _, w2 := range near(scalarL[2]) {
			for _, w1 := range near(scalarL[1]) {
				for _, w0 := range near(scalarL[0]) {
					var b [32]byte
					binary.LittleEndian.PutUint64(b[0:], w0)
					binary.LittleEndian.PutUint64(b[8:], w1)
					binary.LittleEndian.PutUint64(b[16:], w2)
					binary.LittleEndian.PutUint64(b[24:], w3)
					want := leBig(&b).Cmp(bigL) < 0
					if _, err := new(Scalar).SetCanonicalBytes(b[:]); (err == nil) != want {
						t.Errorf("SetCanonicalBytes(%x): error %v, want below l = %v", b, err, want)
					}
				}
			}
		}
	}
	for _, x := range testScalarValues(t) {
		b := bigLE(x)[:]
		s, err := new(Scalar).SetCanonicalBytes(b)
		if err != nil {
			t.Fatalf("SetCanonicalBytes(%v): %v", x, err)
		}
		if !bytes.Equal(s.Bytes(), b) {
			t.Errorf("SetCanonicalBytes(%v).Bytes() = %x", x, s.Bytes())
		}
	}
}

// randBig returns a random integer in [0, max), for max of at most 512
// bits (reduced from 640 random bits, so close to uniform).
func randBig(r *mathrand.Rand, max *big.Int) *big.Int {
	b := make([]byte, 80)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return new(big.Int).Mod(new(big.Int).SetBytes(b), max)
}

func TestScalarSetUniformBytes(t *testing.T) {
	r := testutil.Rand(t)
	one := big.NewInt(1)
	two512 := new(big.Int).Lsh(one, 512)
	inputs := []*big.Int{
		big.NewInt(0), one, bigL, new(big.Int).Sub(bigL, one),
		new(big.Int).Sub(two512, one), // 64 bytes of ones
		new(big.Int).Lsh(one, 256), new(big.Int).Sub(new(big.Int).Lsh(one, 256), one),
		new(big.Int).Mul(bigL, bigL), new(big.Int).Lsh(bigL, 256),
		new(big.Int).Sub(new(big.Int).Lsh(bigL, 259), one),
	}
	for range iterations(300) {
		inputs = append(inputs, randBig(r, two512))
	}
	for _, x := range inputs {
		s, err := new(Scalar).SetUniformBytes(bigLE64(x))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := scalarToBig(s), new(big.Int).Mod(x, bigL); got.Cmp(want) != 0 {
			t.Errorf("SetUniformBytes(%v) = %v, want %v", x, got, want)
		}
	}
	for _, n := range []int{0, 32, 63, 65} {
		s := new(Scalar)
		if got, err := s.SetUniformBytes(make([]byte, n)); err == nil || got != nil {
			t.Errorf("SetUniformBytes accepted %d bytes", n)
		}
	}
}

func TestScalarSetBytesWithClamping(t *testing.T) {
	r := testutil.Rand(t)
	inputs := [][]byte{make([]byte, 32), bytes.Repeat([]byte{0xff}, 32)}
	for range iterations(300) {
		inputs = append(inputs, randBytes(r)[:])
	}
	for _, in := range inputs {
		orig := bytes.Clone(in)
		s, err := new(Scalar).SetBytesWithClamping(in)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(in, orig) {
			t.Fatal("SetBytesWithClamping modified its input")
		}
		k := leBigSlice(in)
		k.SetBit(k, 0, 0).SetBit(k, 1, 0).SetBit(k, 2, 0).SetBit(k, 255, 0).SetBit(k, 254, 1)
		if got, want := scalarToBig(s), k.Mod(k, bigL); got.Cmp(want) != 0 {
			t.Errorf("SetBytesWithClamping(%x) = %v, want %v", in, got, want)
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		if _, err := new(Scalar).SetBytesWithClamping(make([]byte, n)); err == nil {
			t.Errorf("SetBytesWithClamping accepted %d bytes", n)
		}
	}
}

func TestScalarAliasing(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(50) {
		x := scalarFromBig(t, randScalarValue(r))
		y := scalarFromBig(t, randScalarValue(r))
		z := scalarFromBig(t, randScalarValue(r))
		binary := map[string]func(s, x, y *Scalar) *Scalar{
			"Add":      (*Scalar).Add,
			"Subtract": (*Scalar).Subtract,
			"Multiply": (*Scalar).Multiply,
		}
		for name, f := range binary {
			want := f(new(Scalar), x, y)
			if v := new(Scalar).Set(x); f(v, v, y).Equal(want) != 1 {
				t.Errorf("%s(v, v, y) differs", name)
			}
			if v := new(Scalar).Set(y); f(v, x, v).Equal(want) != 1 {
				t.Errorf("%s(v, x, v) differs", name)
			}
			if v := new(Scalar).Set(x); f(v, v, v).Equal(f(new(Scalar), x, x)) != 1 {
				t.Errorf("%s(v, v, v) differs", name)
			}
		}
		if v := new(Scalar).Set(x); v.Negate(v).Equal(new(Scalar).Negate(x)) != 1 {
			t.Error("Negate(v, v) differs")
		}
		want := new(Scalar).MultiplyAdd(x, y, z)
		for i := range 4 {
			v := new(Scalar)
			in := [3]*Scalar{new(Scalar).Set(x), new(Scalar).Set(y), new(Scalar).Set(z)}
			switch i {
			case 0:
				v.Set(x)
				in[0] = v
			case 1:
				v.Set(y)
				in[1] = v
			case 2:
				v.Set(z)
				in[2] = v
			case 3:
				v.Set(x)
				in = [3]*Scalar{v, v, v}
			}
			w := want
			if i == 3 {
				w = new(Scalar).MultiplyAdd(x, x, x)
			}
			if v.MultiplyAdd(in[0], in[1], in[2]).Equal(w) != 1 {
				t.Errorf("MultiplyAdd with the receiver as argument %d differs", i)
			}
		}
	}
}

func TestScalarAllocs(t *testing.T) {
	x, y := new(Scalar), new(Scalar)
	var out [32]byte
	if n := testing.AllocsPerRun(100, func() {
		x.MultiplyAdd(x, y, x)
		x.FillBytes(&out)
		_ = x.Bytes()
	}); n > 0 {
		t.Errorf("Scalar operations allocate %v times", n)
	}
}

// FuzzScalar compares the arithmetic with math/big on two scalars reduced
// from 64 bytes each, and SetCanonicalBytes on the first 32 bytes.
func FuzzScalar(f *testing.F) {
	f.Add(make([]byte, 128))
	f.Add(bytes.Repeat([]byte{0xff}, 128))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) != 128 {
			return
		}
		x, _ := new(Scalar).SetUniformBytes(in[:64])
		y, _ := new(Scalar).SetUniformBytes(in[64:])
		bx := new(big.Int).Mod(leBigSlice(in[:64]), bigL)
		by := new(big.Int).Mod(leBigSlice(in[64:]), bigL)
		mod := func(v *big.Int) *big.Int { return v.Mod(v, bigL) }
		if scalarToBig(x).Cmp(bx) != 0 {
			t.Fatalf("SetUniformBytes(%x) = %v, want %v", in[:64], scalarToBig(x), bx)
		}
		checks := []struct {
			name string
			got  *Scalar
			want *big.Int
		}{
			{"Add", new(Scalar).Add(x, y), mod(new(big.Int).Add(bx, by))},
			{"Subtract", new(Scalar).Subtract(x, y), mod(new(big.Int).Sub(bx, by))},
			{"Multiply", new(Scalar).Multiply(x, y), mod(new(big.Int).Mul(bx, by))},
			{"MultiplyAdd", new(Scalar).MultiplyAdd(x, y, x), mod(new(big.Int).Add(new(big.Int).Mul(bx, by), bx))},
		}
		for _, c := range checks {
			if got := scalarToBig(c.got); got.Cmp(c.want) != 0 {
				t.Fatalf("%s = %v, want %v", c.name, got, c.want)
			}
		}
		c := leBigSlice(in[:32])
		s, err := new(Scalar).SetCanonicalBytes(in[:32])
		if (err == nil) != (c.Cmp(bigL) < 0) {
			t.Fatalf("SetCanonicalBytes(%x): error %v", in[:32], err)
		}
		if err == nil && !bytes.Equal(s.Bytes(), in[:32]) {
			t.Fatalf("SetCanonicalBytes(%x).Bytes() = %x", in[:32], s.Bytes())
		}
	})
}

// TestAddSubModEdges checks addMod and subMod on their words against
// math/big, for every pair of values at the bounds of the words and of l,
// where the carries and borrows run through all four words; their results
// must be below l, not only congruent.
func TestAddSubModEdges(t *testing.T) {
	one := big.NewInt(1)
	var vals []*big.Int
	for _, k := range []uint{0, 64, 128, 192, 252} {
		p := new(big.Int).Lsh(one, k)
		vals = append(vals, p, new(big.Int).Add(p, one), new(big.Int).Sub(p, one))
	}
	for _, d := range []int64{1, 2, 3} {
		vals = append(vals, new(big.Int).Sub(bigL, big.NewInt(d)))
	}
	vals = append(vals, new(big.Int).Rsh(bigL, 1), new(big.Int).Add(new(big.Int).Rsh(bigL, 1), one))
	wordsOf := func(x *big.Int) (w [4]uint64) {
		loadWords(&w, bigLE(x))
		return w
	}
	check := func(op string, got [4]uint64, want *big.Int, a, b *big.Int) {
		t.Helper()
		if got != wordsOf(want) {
			t.Errorf("%s(%v, %v) = %x, want %v", op, a, b, got, want)
		}
	}
	for _, a := range vals {
		if a.Sign() < 0 || a.Cmp(bigL) >= 0 {
			continue
		}
		for _, b := range vals {
			if b.Sign() < 0 || b.Cmp(bigL) >= 0 {
				continue
			}
			wa, wb := wordsOf(a), wordsOf(b)
			var out [4]uint64
			addMod(&out, &wa, &wb)
			check("addMod", out, new(big.Int).Mod(new(big.Int).Add(a, b), bigL), a, b)
			subMod(&out, &wa, &wb)
			check("subMod", out, new(big.Int).Mod(new(big.Int).Sub(a, b), bigL), a, b)
		}
	}
}
