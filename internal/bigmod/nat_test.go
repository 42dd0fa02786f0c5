package bigmod

import (
	"bytes"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// testModuli returns extreme moduli at bit lengths that exercise byte and
// limb boundaries; the small ones are below MinModulusBits and made with
// newModulus.
func testModuli(t *testing.T) []*Modulus {
	r := rng(t)
	var ms []*Modulus
	for _, bits := range []int{2, 9, 64, 65, 130, 512, 513, 1021, 1024, 2048} {
		for _, nm := range extremeModuli(r, bits) {
			ms = append(ms, modulusFromBig(t, nm.m))
		}
	}
	return ms
}

// bytesOf returns x big-endian, zero-padded on the left to size bytes.
func bytesOf(x *big.Int, size int) []byte {
	return x.FillBytes(make([]byte, size))
}

// TestSetBytes checks SetBytes on values below m, of every length up to
// Size, and its refusals: m, m+1, the largest value of Size bytes, and
// inputs one byte too long, which leave the receiver unchanged.
func TestSetBytes(t *testing.T) {
	r := rng(t)
	for _, m := range testModuli(t) {
		mb := m.toBig()
		size := m.Size()
		for _, v := range extremeValues(r, mb) {
			for _, l := range []int{(v.BitLen() + 7) / 8, size} {
				x, err := NewNat().SetBytes(bytesOf(v, l), m)
				if err != nil {
					t.Fatalf("SetBytes(%x, %d bytes) mod %x: %v", v, l, mb, err)
				}
				if x.toBig().Cmp(v) != 0 || len(x.limbs) != len(m.limbs) {
					t.Fatalf("SetBytes(%x) = %x with %d limbs", v, x.toBig(), len(x.limbs))
				}
				if !bytes.Equal(x.Bytes(m), bytesOf(v, size)) {
					t.Fatalf("Bytes(%x) = %x", v, x.Bytes(m))
				}
			}
		}
		bad := [][]byte{
			bytesOf(mb, size),
			bytes.Repeat([]byte{0xff}, size),
			append([]byte{0}, bytesOf(big.NewInt(1), size)...), // too long, though small
			append([]byte{1}, make([]byte, size)...),
		}
		if m1 := new(big.Int).Add(mb, big.NewInt(1)); m1.BitLen() <= 8*size {
			bad = append(bad, bytesOf(m1, size))
		}
		for _, b := range bad {
			x := natFromBig(big.NewInt(42), 3)
			if got, err := x.SetBytes(b, m); err == nil {
				t.Fatalf("SetBytes(%x) mod %x = %x, want an error", b, mb, got.toBig())
			}
			if x.toBig().Int64() != 42 || len(x.limbs) != 3 {
				t.Fatalf("a refused SetBytes changed its receiver")
			}
		}
	}
}

// TestFillBytes checks FillBytes at buffer lengths around the value's, and
// that it panics when the value does not fit.
func TestFillBytes(t *testing.T) {
	r := rng(t)
	for _, limbs := range []int{1, 2, 5} {
		for k := 0; k < 20; k++ {
			v := weirdBig(r, 64*limbs)
			x := natFromBig(v, limbs)
			need := (v.BitLen() + 7) / 8
			for _, l := range []int{need, need + 1, 8 * limbs, 8*limbs + 3} {
				buf := bytes.Repeat([]byte{0xaa}, l)
				if got := x.FillBytes(buf); !bytes.Equal(got, bytesOf(v, l)) {
					t.Fatalf("FillBytes(%x, %d) = %x", v, l, got)
				}
			}
			if need > 0 {
				func() {
					defer func() {
						if recover() == nil {
							t.Errorf("FillBytes(%x) into %d bytes did not panic", v, need-1)
						}
					}()
					x.FillBytes(make([]byte, need-1))
				}()
			}
		}
	}
}

// TestEqual checks Equal on values that differ in one limb or one bit.
func TestEqual(t *testing.T) {
	r := rng(t)
	for _, n := range []int{1, 2, 16} {
		for k := 0; k < 50; k++ {
			a := natFromBig(weirdBig(r, 64*n), n)
			b := &Nat{slices.Clone(a.limbs)}
			if a.Equal(b) != 1 || b.Equal(a) != 1 {
				t.Fatal("Equal of equal values is not 1")
			}
			b.limbs[r.IntN(n)] ^= 1 << r.IntN(64)
			if a.Equal(b) != 0 || b.Equal(a) != 0 {
				t.Fatal("Equal of different values is not 0")
			}
		}
	}
}

// TestExpandFor checks that ExpandFor keeps the value, zeroes the new limbs
// even over stale storage, and panics on a Nat larger than the modulus.
func TestExpandFor(t *testing.T) {
	r := rng(t)
	m := modulusFromBig(t, randModulusBig(r, 1024))
	x := NewNat()
	x.limbs = append(x.limbs, 1, 2, 3, 4, 5)
	x.limbs = x.limbs[:2] // stale limbs 3, 4, 5 behind the length
	x.ExpandFor(m)
	if len(x.limbs) != 16 || x.toBig().Cmp(new(big.Int).SetBits(nil).Add(big.NewInt(1), new(big.Int).Lsh(big.NewInt(2), 64))) != 0 {
		t.Fatalf("ExpandFor = %x with %d limbs", x.toBig(), len(x.limbs))
	}
	small := &Nat{[]uint64{7}}
	small.ExpandFor(m)
	if len(small.limbs) != 16 || small.toBig().Int64() != 7 {
		t.Fatal("ExpandFor of a one-limb Nat without capacity wrong")
	}
	defer func() {
		// The package's own message, not a runtime error on the way.
		if msg, ok := recover().(string); !ok || !strings.Contains(msg, "bigmod:") {
			t.Errorf("ExpandFor of a larger Nat: panic %q, want the package's message", msg)
		}
	}()
	(&Nat{make([]uint64, 17)}).ExpandFor(m)
}

// TestNewNat checks NewNat's contract: zero limbs, with room for 2048 bits.
func TestNewNat(t *testing.T) {
	x := NewNat()
	if len(x.limbs) != 0 || cap(x.limbs) < 2048/64 {
		t.Fatalf("NewNat has %d limbs and capacity %d, want 0 and at least %d", len(x.limbs), cap(x.limbs), 2048/64)
	}
}

// TestSetBytesStaleReceiver checks that SetBytes into a receiver whose spare
// capacity holds stale limbs sets every limb.
func TestSetBytesStaleReceiver(t *testing.T) {
	r := rng(t)
	m := modulusFromBig(t, randModulusBig(r, 1024))
	stale := make([]uint64, 16)
	for i := range stale {
		stale[i] = ^uint64(i)
	}
	x := &Nat{stale[:1]}
	if _, err := x.SetBytes([]byte{2, 1}, m); err != nil {
		t.Fatal(err)
	}
	if x.toBig().Int64() != 0x201 || len(x.limbs) != 16 {
		t.Fatalf("SetBytes(0201) over stale limbs = %x with %d limbs", x.toBig(), len(x.limbs))
	}
}

// TestFillBytesDroppedCancel checks that FillBytes panics when the bytes
// that do not fit would cancel if combined by XOR rather than OR: two equal
// bytes above the buffer, or one above a limb of bytes that fit.
func TestFillBytesDroppedCancel(t *testing.T) {
	for _, c := range []struct {
		limbs []uint64
		size  int
	}{
		{[]uint64{0x0101_0000_0000_0000}, 6},
		{[]uint64{0, 0x0101}, 8},
		{[]uint64{0, 0x0100_0000_0000_0000, 1}, 8},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("FillBytes(%x) into %d bytes did not panic", c.limbs, c.size)
				}
			}()
			(&Nat{c.limbs}).FillBytes(make([]byte, c.size))
		}()
	}
}

// TestEqualCancel checks Equal on values that differ by the same bits in two
// limbs, which an XOR of the limb differences would cancel.
func TestEqualCancel(t *testing.T) {
	a := &Nat{[]uint64{5, 7, 9}}
	b := &Nat{[]uint64{5 ^ 0x10, 7 ^ 0x10, 9}}
	if a.Equal(b) != 0 || b.Equal(a) != 0 {
		t.Fatal("Equal of values differing by the same bits in two limbs is not 0")
	}
}

// TestEqualSizeMismatch checks that Equal panics, with the package's
// message, on Nats of different limb counts either way round, rather than
// comparing a prefix.
func TestEqualSizeMismatch(t *testing.T) {
	short, long := &Nat{[]uint64{1, 2}}, &Nat{[]uint64{1, 2, 0}}
	for _, c := range [][2]*Nat{{short, long}, {long, short}} {
		func() {
			defer func() {
				if msg, ok := recover().(string); !ok || !strings.Contains(msg, "bigmod:") {
					t.Errorf("Equal of %d and %d limbs: panic %q, want the package's message", len(c[0].limbs), len(c[1].limbs), msg)
				}
			}()
			c[0].Equal(c[1])
		}()
	}
}
