package bigmod

import (
	"fmt"
	"math/big"
	"testing"
)

// TestAllocations checks that the operations of the private and public RSA
// operations do not allocate, at every size whose scratch space is on the
// stack (up to stackLimbs), once the receiver has its size: RSA's sizes, and
// 4032 bits (63 limbs), where the generic kernels' scratch is on the stack.
func TestAllocations(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{1024, 2048, 4032, 4096} {
		mb := randModulusBig(r, bits)
		m := modulusFromBig(t, mb)
		n := len(m.limbs)
		x := natFromBig(new(big.Int).Mod(randBig(r, bits), mb), n)
		y := natFromBig(new(big.Int).Mod(randBig(r, bits), mb), n)
		wide := natFromBig(randBig(r, 2*bits), 2*n)
		e := randBig(r, bits).Bytes()
		xb := x.Bytes(m)
		z := &Nat{make([]uint64, n)}
		z2 := &Nat{make([]uint64, n)}
		buf := make([]byte, m.Size())
		for _, op := range []struct {
			name string
			f    func()
		}{
			{"Exp", func() { z.Exp(x, e, m) }},
			{"ExpPair", func() { ExpPair(z, x, e, m, z2, y, e, m) }},
			{"ExpShortVarTime", func() { z.ExpShortVarTime(x, 65537, m) }},
			{"Mul", func() { z.Mul(x, y, m) }},
			{"Add", func() { z.Add(x, y, m) }},
			{"Sub", func() { z.Sub(x, y, m) }},
			{"Mod", func() { z.Mod(wide, m) }},
			{"SetBytes", func() { z.SetBytes(xb, m) }},
			{"FillBytes", func() { x.FillBytes(buf) }},
			{"Equal", func() { x.Equal(y) }},
		} {
			runs := 5
			if (op.name == "Exp" || op.name == "ExpPair") && bits > 2048 {
				runs = 1
			}
			if a := testing.AllocsPerRun(runs, op.f); a != 0 {
				t.Errorf("%s at %d bits: %v allocations, want 0", op.name, bits, a)
			}
		}
	}
}

// TestExpLargeModulus checks Exp and Mod above stackLimbs, where the scratch
// space is allocated, against math/big.
func TestExpLargeModulus(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{64*stackLimbs + 1, MaxModulusBits} {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			mb := randModulusBig(r, bits)
			m := modulusFromBig(t, mb)
			n := len(m.limbs)
			xb := new(big.Int).Mod(randBig(r, bits), mb)
			e := randBig(r, 200).Bytes()
			want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
			if got := NewNat().Exp(natFromBig(xb, n), e, m).toBig(); got.Cmp(want) != 0 {
				t.Fatalf("Exp(%x, %x) mod %x = %x, want %x", xb, e, mb, got, want)
			}
			wb := randBig(r, 2*bits)
			if got, want := NewNat().Mod(natFromBig(wb, 2*n), m).toBig(), new(big.Int).Mod(wb, mb); got.Cmp(want) != 0 {
				t.Fatalf("Mod(%x) mod %x = %x, want %x", wb, mb, got, want)
			}
			yb := new(big.Int).Mod(randBig(r, bits), mb)
			if got, want := NewNat().Mul(natFromBig(xb, n), natFromBig(yb, n), m).toBig(), new(big.Int).Mod(new(big.Int).Mul(xb, yb), mb); got.Cmp(want) != 0 {
				t.Fatalf("Mul(%x, %x) mod %x = %x, want %x", xb, yb, mb, got, want)
			}
		})
	}
}
