package bigmod

import (
	"math/big"
	"testing"
)

// TestInverseVarTime checks InverseVarTime against math/big on extreme
// moduli and values, non-invertible ones included (moduli with small
// factors), and that a refusal leaves the receiver unchanged.
func TestInverseVarTime(t *testing.T) {
	r := rng(t)
	moduli := []*big.Int{big.NewInt(3), big.NewInt(9), big.NewInt(15), big.NewInt(105), pow2(64).Add(pow2(64), big.NewInt(1))}
	for _, bits := range []int{3, 64, 65, 200, 1024, 2048} {
		for _, nm := range extremeModuli(r, bits) {
			moduli = append(moduli, nm.m)
		}
		// A product of three odd numbers: many values share a factor.
		p := new(big.Int).Mul(randModulusBig(r, bits/3+2), randModulusBig(r, bits/3+2))
		moduli = append(moduli, p.Mul(p, big.NewInt(3)))
	}
	for _, mb := range moduli {
		m := modulusFromBig(t, mb)
		n := len(m.limbs)
		vals := extremeValues(r, mb)
		vals = append(vals, big.NewInt(3), new(big.Int).Mod(big.NewInt(15), mb))
		for _, ab := range vals {
			a := natFromBig(ab, n)
			want := new(big.Int).ModInverse(ab, mb)
			z := natFromBig(big.NewInt(42), 1)
			got, ok := z.InverseVarTime(a, m)
			if want == nil || ab.Sign() == 0 {
				if ok || z.toBig().Int64() != 42 || len(z.limbs) != 1 {
					t.Fatalf("InverseVarTime(%x) mod %x = %x, %v; want a refusal", ab, mb, got.toBig(), ok)
				}
				continue
			}
			if !ok || got.toBig().Cmp(want) != 0 || len(got.limbs) != n {
				t.Fatalf("InverseVarTime(%x) mod %x = %x, %v; want %x", ab, mb, got.toBig(), ok, want)
			}
		}
		// Aliasing: z = a.
		ab := new(big.Int).Mod(randBig(r, mb.BitLen()), mb)
		if want := new(big.Int).ModInverse(ab, mb); want != nil && ab.Sign() != 0 {
			a := natFromBig(ab, n)
			if got, ok := a.InverseVarTime(a, m); !ok || got.toBig().Cmp(want) != 0 {
				t.Fatalf("InverseVarTime(%x) mod %x in place = %x, %v; want %x", ab, mb, got.toBig(), ok, want)
			}
		}
	}
}
