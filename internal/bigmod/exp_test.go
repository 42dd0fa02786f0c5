package bigmod

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"
)

// extremeExponents returns exponents as big-endian bytes: empty, zero of one
// and of many bytes, 1, 2, m-1, m-2, all ones of m's size and of one byte,
// one bit at the top, a long one (twice m's size) and random ones of several
// lengths, some not a multiple of any window width.
func extremeExponents(r interface{ Uint64() uint64 }, m *big.Int) [][]byte {
	size := (m.BitLen() + 7) / 8
	mm1 := new(big.Int).Sub(m, big.NewInt(1))
	mm2 := new(big.Int).Sub(m, big.NewInt(2))
	rnd := func(l int) []byte {
		b := make([]byte, l)
		for i := range b {
			b[i] = byte(r.Uint64())
		}
		return b
	}
	return [][]byte{
		nil,
		{0},
		make([]byte, size),
		{1},
		append(make([]byte, size-1), 1),
		{2},
		mm1.Bytes(),
		mm2.Bytes(),
		bytes.Repeat([]byte{0xff}, size),
		{0xff},
		append([]byte{0x80}, make([]byte, size-1)...),
		rnd(2 * size),
		rnd(1),
		rnd(3),
		rnd(7),
		rnd(size),
	}
}

// TestExp checks Exp against math/big on extreme moduli, bases and
// exponents: every pair, except that above 600 bits only four of the bases
// are tried unless -long is given, and with -short only two bases and four
// exponents.
func TestExp(t *testing.T) {
	r := rng(t)
	for _, m := range testModuli(t) {
		mb := m.toBig()
		n := len(m.limbs)
		vals := extremeValues(r, mb)
		exps := extremeExponents(r, mb)
		if m.BitLen() > 600 && !*long {
			vals = []*big.Int{vals[0], vals[1], vals[3], vals[len(vals)-1]} // 0, 1, m-1, limb-biased
		}
		if short() {
			vals = []*big.Int{vals[len(vals)-2], vals[len(vals)-1]}
			exps = [][]byte{exps[0], exps[3], exps[6], exps[8]} // empty, 1, m-1, all ones
		}
		for _, xb := range vals {
			for _, e := range exps {
				want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
				z := NewNat().Exp(natFromBig(xb, n), e, m)
				if z.toBig().Cmp(want) != 0 || len(z.limbs) != n {
					t.Fatalf("Exp(%x, %x) mod %x = %x, want %x", xb, e, mb, z.toBig(), want)
				}
			}
		}
	}
}

// TestExpUnreducedBase checks Exp and ExpShortVarTime with a base of m or
// more (but below R), which both allow.
func TestExpUnreducedBase(t *testing.T) {
	r := rng(t)
	for _, m := range testModuli(t) {
		mb := m.toBig()
		n := len(m.limbs)
		R := pow2(64 * n)
		for _, xb := range []*big.Int{mb, new(big.Int).Sub(R, big.NewInt(1)), randBig(r, 64*n)} {
			e := []byte{0x01, 0x23, 0x45}
			want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
			if got := NewNat().Exp(natFromBig(xb, n), e, m).toBig(); got.Cmp(want) != 0 {
				t.Fatalf("Exp(%x, %x) mod %x = %x, want %x", xb, e, mb, got, want)
			}
			if got := NewNat().ExpShortVarTime(natFromBig(xb, n), 0x012345, m).toBig(); got.Cmp(want) != 0 {
				t.Fatalf("ExpShortVarTime(%x, %x) mod %x = %x, want %x", xb, e, mb, got, want)
			}
		}
	}
}

// TestExpWindows checks that every window width from 1 to 8 computes the
// same as the others and as math/big, at the widths 4 to 6 that were measured
// and at the ones that were not.
func TestExpWindows(t *testing.T) {
	r := rng(t)
	sizes := []int{2, 64, 70, 512, 1024, 1030}
	if short() {
		sizes = []int{2, 70, 1030}
	}
	for _, bits := range sizes {
		for k := 0; k < iterations(3); k++ {
			mb := randModulusBig(r, bits)
			m := modulusFromBig(t, mb)
			n := len(m.limbs)
			xb := new(big.Int).Mod(weirdBig(r, bits), mb)
			for _, e := range extremeExponents(r, mb) {
				want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
				for w := 1; w <= maxWindowBits; w++ {
					z := NewNat().expWindow(natFromBig(xb, n), e, m, w)
					if z.toBig().Cmp(want) != 0 {
						t.Fatalf("window %d: Exp(%x, %x) mod %x = %x, want %x", w, xb, e, mb, z.toBig(), want)
					}
				}
			}
		}
	}
}

// TestExpShortVarTime checks ExpShortVarTime against Exp and math/big for
// small exponents, 65537, 3, and the largest uint.
func TestExpShortVarTime(t *testing.T) {
	r := rng(t)
	wide := uint64(1<<32 + 1) // truncated where uint is 32 bits
	exps := []uint{0, 1, 2, 3, 4, 5, 17, 255, 256, 65537, uint(wide), ^uint(0), ^uint(0) >> 1}
	for k := 0; k < 5; k++ {
		exps = append(exps, uint(r.Uint64()))
	}
	for _, m := range testModuli(t) {
		mb := m.toBig()
		n := len(m.limbs)
		vals := extremeValues(r, mb)
		if short() {
			vals = vals[len(vals)-2:]
		}
		for _, xb := range vals {
			for _, e := range exps {
				want := new(big.Int).Exp(xb, new(big.Int).SetUint64(uint64(e)), mb)
				x := natFromBig(xb, n)
				z := NewNat().ExpShortVarTime(x, e, m)
				if z.toBig().Cmp(want) != 0 || len(z.limbs) != n {
					t.Fatalf("ExpShortVarTime(%x, %d) mod %x = %x, want %x", xb, e, mb, z.toBig(), want)
				}
				eb := new(big.Int).SetUint64(uint64(e)).Bytes()
				if z2 := NewNat().Exp(x, eb, m); z2.Equal(z) != 1 {
					t.Fatalf("Exp and ExpShortVarTime differ on %x^%d mod %x", xb, e, mb)
				}
			}
		}
	}
}

// TestExpRSA checks an RSA round trip at the CRT sizes: with random odd
// "primes" p the exponents are random, and x^(a·b) = (x^a)^b.
func TestExpRSA(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{1024, 1536, 2048} {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			for k := 0; k < iterations(2); k++ {
				mb := randModulusBig(r, bits)
				m := modulusFromBig(t, mb)
				n := len(m.limbs)
				xb := new(big.Int).Mod(randBig(r, bits), mb)
				e := randBig(r, bits).Bytes()
				want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
				if got := NewNat().Exp(natFromBig(xb, n), e, m).toBig(); got.Cmp(want) != 0 {
					t.Fatalf("Exp(%x, %x) mod %x = %x, want %x", xb, e, mb, got, want)
				}
			}
		})
	}
}

// TestExpLong runs random moduli of random sizes from 2 to 8192 bits through
// Exp and ExpShortVarTime against math/big: a few by default, many with
// -long.
func TestExpLong(t *testing.T) {
	r := rng(t)
	count := 6
	if *long {
		count = 400
	}
	for k := 0; k < count; k++ {
		bits := 2 + r.IntN(MaxModulusBits-1)
		if k%3 == 0 {
			bits = 2 + r.IntN(300)
		}
		mb := randModulusBig(r, bits)
		if k%2 == 1 {
			mb = weirdBig(r, bits)
			mb.SetBit(mb, bits-1, 1)
			mb.SetBit(mb, 0, 1)
		}
		m := modulusFromBig(t, mb)
		n := len(m.limbs)
		xb := new(big.Int).Mod(weirdBig(r, bits), mb)
		e := weirdBig(r, 1+r.IntN(bits)).Bytes()
		want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
		if got := NewNat().Exp(natFromBig(xb, n), e, m).toBig(); got.Cmp(want) != 0 {
			t.Fatalf("Exp(%x, %x) mod %x = %x, want %x", xb, e, mb, got, want)
		}
		es := uint(r.Uint64() >> r.IntN(64))
		want = new(big.Int).Exp(xb, new(big.Int).SetUint64(uint64(es)), mb)
		if got := NewNat().ExpShortVarTime(natFromBig(xb, n), es, m).toBig(); got.Cmp(want) != 0 {
			t.Fatalf("ExpShortVarTime(%x, %d) mod %x = %x, want %x", xb, es, mb, got, want)
		}
	}
}

// TestWindowBits checks windowBits against math/big's bits of e.
func TestWindowBits(t *testing.T) {
	r := rng(t)
	for _, l := range []int{1, 2, 3, 9} {
		e := make([]byte, l)
		for i := range e {
			e[i] = byte(r.Uint64())
		}
		eb := new(big.Int).SetBytes(e)
		for w := 1; w <= 9; w++ { // windowBits's contract
			for lo := 0; lo < 8*l; lo++ { // windows reaching above the top too
				want := new(big.Int).Rsh(eb, uint(lo))
				want.And(want, big.NewInt(1<<w-1))
				if got := windowBits(e, lo, w); got != want.Uint64() {
					t.Fatalf("windowBits(%x, %d, %d) = %d, want %d", e, lo, w, got, want)
				}
			}
		}
	}
}

// TestCtSelect checks that ctSelect picks each entry of a table.
func TestCtSelect(t *testing.T) {
	const n, entries = 3, 16
	table := make([]uint64, n*entries)
	for i := range table {
		table[i] = uint64(i)*0x9e3779b97f4a7c15 + 1
	}
	z := make([]uint64, n)
	for k := range entries {
		ctSelect(z, table, uint64(k))
		for j := range n {
			if z[j] != table[k*n+j] {
				t.Fatalf("ctSelect(%d) word %d = %x, want %x", k, j, z[j], table[k*n+j])
			}
		}
	}
}

// TestExpWindowWidths checks that expWindow refuses the widths its tables
// have no room for, by a panic.
func TestExpWindowWidths(t *testing.T) {
	m := modulusFromBig(t, big.NewInt(1000003))
	x := natFromBig(big.NewInt(2), 1)
	for _, w := range []int{0, maxWindowBits + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("expWindow with width %d did not panic", w)
				}
			}()
			NewNat().expWindow(x, []byte{1, 2}, m, w)
		}()
	}
}
