package bigmod

import (
	"bytes"
	"math/big"
	"strings"
	"testing"
)

// TestNewModulusErrors checks every refusal of NewModulus.
func TestNewModulusErrors(t *testing.T) {
	r := rng(t)
	even := randModulusBig(r, 1024)
	even.SetBit(even, 0, 0)
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "greater than one"},
		{"zero", []byte{0}, "greater than one"},
		{"zeros", make([]byte, 128), "greater than one"},
		{"one", []byte{1}, "greater than one"},
		{"one-padded", append(make([]byte, 127), 1), "greater than one"},
		{"three", []byte{3}, "too small"},
		{"511 bits", randModulusBig(r, 511).Bytes(), "too small"},
		{"8193 bits", randModulusBig(r, 8193).Bytes(), "too large"},
		{"even", even.Bytes(), "odd"},
		{"2^1024", pow2(1024).Bytes(), "odd"},
	} {
		m, err := NewModulus(tc.b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: NewModulus = %v, %v; want an error containing %q", tc.name, m, err, tc.want)
		}
	}
	// newModulus with a lower bound of 2 bits still refuses 0, 1 and evens.
	for _, b := range [][]byte{nil, {0}, {1}, {2}, {4}, {0, 0, 6}} {
		if m, err := newModulus(b, 2); err == nil {
			t.Errorf("newModulus(%x, 2) = %v, want an error", b, m)
		}
	}
	// 1 is refused as not greater than one, whatever the lower bound.
	if m, err := newModulus([]byte{1}, 0); err == nil || !strings.Contains(err.Error(), "greater than one") {
		t.Errorf("newModulus(01, 0) = %v, %v; want an error containing %q", m, err, "greater than one")
	}
}

// TestNewModulusBounds checks the sizes at the bounds are accepted, with
// leading zero bytes or without, and that BitLen, Size and Nat say so.
func TestNewModulusBounds(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{MinModulusBits, MinModulusBits + 1, 1023, 1024, 2048, 4095, MaxModulusBits} {
		mb := randModulusBig(r, bits)
		for _, pad := range []int{0, 1, 9} {
			b := append(make([]byte, pad), mb.Bytes()...)
			m, err := NewModulus(b)
			if err != nil {
				t.Fatalf("NewModulus(%d bits, %d zero bytes): %v", bits, pad, err)
			}
			if m.BitLen() != bits || m.Size() != (bits+7)/8 || len(m.limbs) != (bits+63)/64 {
				t.Errorf("%d bits: BitLen %d, Size %d, %d limbs", bits, m.BitLen(), m.Size(), len(m.limbs))
			}
			if m.toBig().Cmp(mb) != 0 || m.Nat().toBig().Cmp(mb) != 0 || len(m.Nat().limbs) != len(m.limbs) {
				t.Errorf("%d bits: modulus value or Nat wrong", bits)
			}
		}
	}
}

// TestModulusConstants checks m0inv, R mod m and R² mod m against math/big
// for extreme moduli of many sizes, one limb and two included.
func TestModulusConstants(t *testing.T) {
	r := rng(t)
	W := pow2(64)
	for _, bits := range []int{2, 3, 5, 63, 64, 65, 127, 128, 129, 191, 511, 512, 1000, 1024, 1025, 2047, 2048, 3072, 4096, 8191, 8192} {
		for _, nm := range extremeModuli(r, bits) {
			m := modulusFromBig(t, nm.m)
			n := len(m.limbs)
			// m0inv·m ≡ -1 mod W.
			prod := new(big.Int).Mul(new(big.Int).SetUint64(m.m0inv), nm.m)
			prod.Add(prod, big.NewInt(1)).Mod(prod, W)
			if prod.Sign() != 0 {
				t.Errorf("%s: m0inv·m ≠ -1 mod 2^64", nm.name)
			}
			R := pow2(64 * n)
			if want := new(big.Int).Mod(R, nm.m); limbsToBig(m.one).Cmp(want) != 0 {
				t.Errorf("%s: R mod m = %x, want %x", nm.name, limbsToBig(m.one), want)
			}
			rr := new(big.Int).Mul(R, R)
			if want := rr.Mod(rr, nm.m); limbsToBig(m.rr).Cmp(want) != 0 {
				t.Errorf("%s: R² mod m = %x, want %x", nm.name, limbsToBig(m.rr), want)
			}
			if len(m.one) != n || len(m.rr) != n {
				t.Errorf("%s: constants of the wrong size", nm.name)
			}
		}
	}
}

// TestMinusInverseModW checks the Newton iteration on every odd low byte and
// on extreme words.
func TestMinusInverseModW(t *testing.T) {
	r := rng(t)
	xs := []uint64{1, 3, 0xffffffffffffffff, 0x8000000000000001, 0xaaaaaaaaaaaaaaab}
	for i := range 1000 {
		xs = append(xs, uint64(2*i+1), r.Uint64()|1)
	}
	for _, x := range xs {
		if got := x * minusInverseModW(x); got != 0xffffffffffffffff {
			t.Fatalf("x·minusInverseModW(x) = %#x for x = %#x, want -1", got, x)
		}
	}
}

// TestModulusIsACopy checks that a Modulus does not keep the caller's bytes
// and that Nat returns a copy.
func TestModulusIsACopy(t *testing.T) {
	r := rng(t)
	b := randModulusBig(r, 1024).Bytes()
	orig := bytes.Clone(b)
	m, err := NewModulus(b)
	if err != nil {
		t.Fatal(err)
	}
	clear(b)
	x := m.Nat()
	clear(x.limbs)
	if !bytes.Equal(m.toBig().Bytes(), orig) {
		t.Error("the Modulus changed with the caller's bytes or with m.Nat()")
	}
}

// TestNewModulusProduct checks NewModulusProduct against math/big on RSA-like
// pairs of sizes that make the product fill its top limb or not, with
// leading zero bytes, and its refusals.
func TestNewModulusProduct(t *testing.T) {
	r := rng(t)
	for _, sizes := range [][2]int{{257, 256}, {512, 512}, {511, 513}, {1024, 1024}, {1000, 1048}, {1536, 1536}, {2048, 2048}, {4096, 4096}, {1, 600}, {4100, 4030}, {4100, 4092}, {8000, 192}, {576, 63}} {
		pb := randModulusBig(r, sizes[0])
		if sizes[0] == 1 {
			pb = big.NewInt(1)
		}
		qb := randModulusBig(r, sizes[1])
		want := new(big.Int).Mul(pb, qb)
		m, err := NewModulusProduct(append([]byte{0, 0}, pb.Bytes()...), qb.Bytes())
		if err != nil {
			t.Fatalf("NewModulusProduct(%d bits, %d bits): %v", sizes[0], sizes[1], err)
		}
		if m.toBig().Cmp(want) != 0 || m.BitLen() != want.BitLen() || len(m.limbs) != (want.BitLen()+63)/64 {
			t.Fatalf("NewModulusProduct(%x, %x) = %x (%d bits, %d limbs), want %x", pb, qb, m.toBig(), m.BitLen(), len(m.limbs), want)
		}
		if limbsToBig(m.rr).Cmp(new(big.Int).Mod(pow2(128*len(m.limbs)), want)) != 0 {
			t.Fatalf("NewModulusProduct: wrong R² mod m")
		}
	}
	even := randModulusBig(r, 600)
	for _, tc := range [][2][]byte{
		{nil, randModulusBig(r, 600).Bytes()},
		{{0, 0}, randModulusBig(r, 600).Bytes()},
		{big.NewInt(2).Bytes(), randModulusBig(r, 600).Bytes()},
		{randModulusBig(r, 200).Bytes(), randModulusBig(r, 200).Bytes()},
		{randModulusBig(r, 4097).Bytes(), randModulusBig(r, 4097).Bytes()},
		{randModulusBig(r, 8000).Bytes(), randModulusBig(r, 200).Bytes()},
		{big.NewInt(3).Bytes(), even.SetBit(even, 0, 0).Bytes()},
	} {
		if m, err := NewModulusProduct(tc[0], tc[1]); err == nil {
			t.Errorf("NewModulusProduct(%x, %x) = %x, want an error", tc[0], tc[1], m.toBig())
		}
	}
}

// TestNewModulusProductZero checks that a zero factor, empty or of zero
// bytes, is refused as a modulus not greater than one.
func TestNewModulusProductZero(t *testing.T) {
	r := rng(t)
	q := randModulusBig(r, 1024).Bytes()
	for _, z := range [][]byte{nil, {0}, make([]byte, 9)} {
		for _, ab := range [][2][]byte{{z, q}, {q, z}} {
			m, err := NewModulusProduct(ab[0], ab[1])
			if err == nil || !strings.Contains(err.Error(), "greater than one") {
				t.Errorf("NewModulusProduct(%x, %x) = %v, %v; want an error containing %q", ab[0], ab[1], m, err, "greater than one")
			}
		}
	}
}

// TestNewModulusProductTooLargeEarly checks that a product with more limbs
// than MaxModulusBits allows is refused before the product is allocated:
// the only allocations are the two factors' limbs.
func TestNewModulusProductTooLargeEarly(t *testing.T) {
	r := rng(t)
	// 65 + 65 limbs: at least 64·128 + 1 bits.
	a, b := randModulusBig(r, 4097).Bytes(), randModulusBig(r, 4097).Bytes()
	var err error
	allocs := testing.AllocsPerRun(5, func() { _, err = NewModulusProduct(a, b) })
	if err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("NewModulusProduct(4097 bits, 4097 bits) = %v, want an error containing %q", err, "too large")
	}
	if allocs > 2 {
		t.Errorf("NewModulusProduct(4097 bits, 4097 bits) made %v allocations before refusing, want 2", allocs)
	}
}
