package field25519

import (
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestLimbs51 checks the conversions of the vector code against math/big:
// limbs51 on values up to 2^256 - 1, words51 on limbs up to 2^51 + 2^15,
// and Limbs51 and SetLimbs51 on elements.
func TestLimbs51(t *testing.T) {
	r := testutil.Rand(t)
	var ins [][4]uint64
	for _, u := range specialElements() {
		ins = append(ins, u.w)
	}
	for range 1000 {
		ins = append(ins, randWords(r, false))
	}
	two51 := new(big.Int).Lsh(big.NewInt(1), 51)
	for _, u := range ins {
		l := limbs51(&u)
		v := new(big.Int)
		for k := 4; k >= 0; k-- {
			if l[k] > 1<<51 {
				t.Fatalf("limbs51(%x) = %x: limb %d above 2^51", u, l, k)
			}
			v.Mul(v, two51).Add(v, new(big.Int).SetUint64(l[k]))
		}
		want := limbsBig(&Element{u})
		if new(big.Int).Sub(v, want).Mod(new(big.Int).Sub(v, want), bigP).Sign() != 0 || v.BitLen() > 256 {
			t.Fatalf("limbs51(%x) = %x, value %x", u, l, v)
		}
	}
	const top = 1<<51 + 1<<15 - 1
	limbSets := [][5]uint64{{}, {top, top, top, top, top}, {1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1}}
	for range 1000 {
		var l [5]uint64
		for k := range l {
			l[k] = r.Uint64() % (top + 1)
		}
		limbSets = append(limbSets, l)
	}
	for _, l := range limbSets {
		w := words51(l[0], l[1], l[2], l[3], l[4])
		want := new(big.Int)
		for k := 4; k >= 0; k-- {
			want.Mul(want, two51).Add(want, new(big.Int).SetUint64(l[k]))
		}
		if limbsBig(&Element{w}).Cmp(want) != 0 {
			t.Fatalf("words51(%x) = %x, want %x", l, w, want)
		}
	}
	for _, u := range ins {
		e := Element{u}
		l := e.Limbs51()
		var back Element
		back.SetLimbs51(&l)
		if back.Equal(&e) != 1 {
			t.Fatalf("SetLimbs51(Limbs51(%x)) = %x", u, back.w)
		}
	}
}
