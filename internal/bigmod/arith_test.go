package bigmod

import (
	"math/big"
	"testing"
)

// TestAddSubMul checks Add, Sub and Mul against math/big on extreme moduli
// and values, every pair in both orders.
func TestAddSubMul(t *testing.T) {
	r := rng(t)
	for _, m := range testModuli(t) {
		mb := m.toBig()
		n := len(m.limbs)
		vals := extremeValues(r, mb)
		for _, xb := range vals {
			for _, yb := range vals {
				x, y := natFromBig(xb, n), natFromBig(yb, n)
				for _, op := range []struct {
					name string
					f    func(z, x, y *Nat, m *Modulus) *Nat
					want *big.Int
				}{
					{"Add", (*Nat).Add, new(big.Int).Add(xb, yb)},
					{"Sub", (*Nat).Sub, new(big.Int).Sub(xb, yb)},
					{"Mul", (*Nat).Mul, new(big.Int).Mul(xb, yb)},
				} {
					want := op.want.Mod(op.want, mb)
					z := op.f(NewNat(), x, y, m)
					if z.toBig().Cmp(want) != 0 || len(z.limbs) != n {
						t.Fatalf("%s(%x, %x) mod %x = %x, want %x", op.name, xb, yb, mb, z.toBig(), want)
					}
					if x.toBig().Cmp(xb) != 0 || y.toBig().Cmp(yb) != 0 {
						t.Fatalf("%s changed its operands", op.name)
					}
				}
			}
		}
	}
}

// TestArithAliasing checks every aliasing of receiver and operands Add, Sub,
// Mul, Mod and Exp allow: z = x, z = y, x = y and z = x = y.
func TestArithAliasing(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{2, 100, 1024, 1100} {
		mb := randModulusBig(r, bits)
		m := modulusFromBig(t, mb)
		n := len(m.limbs)
		xb := new(big.Int).Mod(randBig(r, bits), mb)
		yb := new(big.Int).Mod(randBig(r, bits), mb)
		ops := []struct {
			name string
			f    func(z, x, y *Nat) *Nat
			want func(x, y *big.Int) *big.Int
		}{
			{"Add", func(z, x, y *Nat) *Nat { return z.Add(x, y, m) }, func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) }},
			{"Sub", func(z, x, y *Nat) *Nat { return z.Sub(x, y, m) }, func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }},
			{"Mul", func(z, x, y *Nat) *Nat { return z.Mul(x, y, m) }, func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) }},
			{"Mod", func(z, x, _ *Nat) *Nat { return z.Mod(x, m) }, func(x, _ *big.Int) *big.Int { return new(big.Int).Set(x) }},
			{"Exp", func(z, x, _ *Nat) *Nat { return z.Exp(x, []byte{1, 0, 1}, m) }, func(x, _ *big.Int) *big.Int { return new(big.Int).Exp(x, big.NewInt(65537), mb) }},
			{"ExpShortVarTime", func(z, x, _ *Nat) *Nat { return z.ExpShortVarTime(x, 65537, m) }, func(x, _ *big.Int) *big.Int { return new(big.Int).Exp(x, big.NewInt(65537), mb) }},
		}
		for _, op := range ops {
			check := func(how string, got *Nat, want *big.Int) {
				t.Helper()
				want = new(big.Int).Mod(want, mb)
				if got.toBig().Cmp(want) != 0 || len(got.limbs) != n {
					t.Errorf("%s, %s, %d bits: got %x, want %x", op.name, how, bits, got.toBig(), want)
				}
			}
			x, y := natFromBig(xb, n), natFromBig(yb, n)
			check("z = x", op.f(x, x, y), op.want(xb, yb))
			x, y = natFromBig(xb, n), natFromBig(yb, n)
			check("z = y", op.f(y, x, y), op.want(xb, yb))
			x = natFromBig(xb, n)
			check("x = y", op.f(NewNat(), x, x), op.want(xb, xb))
			x = natFromBig(xb, n)
			check("z = x = y", op.f(x, x, x), op.want(xb, xb))
		}
	}
}

// TestMod checks Mod against math/big for values of every limb count from 0
// to 2n+1 (2n is the CRT case: a value below p·q reduced modulo p), at the
// edges: zero, all ones, m·k and m·k ± 1, and random and limb-biased values.
func TestMod(t *testing.T) {
	r := rng(t)
	for _, m := range testModuli(t) {
		mb := m.toBig()
		n := len(m.limbs)
		for l := 0; l <= 2*n+1; l++ {
			top := pow2(64 * l)
			vals := []*big.Int{
				big.NewInt(0),
				new(big.Int).Sub(top, big.NewInt(1)),
				randBig(r, 64*l),
				weirdBig(r, 64*l),
			}
			if l > 0 {
				k := new(big.Int).Div(new(big.Int).Sub(top, big.NewInt(1)), mb) // the largest multiple that fits
				mk := new(big.Int).Mul(mb, k)
				vals = append(vals, mk, new(big.Int).Sub(mk, big.NewInt(1)))
				if mk1 := new(big.Int).Add(mk, big.NewInt(1)); mk1.Cmp(top) < 0 {
					vals = append(vals, mk1)
				}
			}
			for _, v := range vals {
				if v.Sign() < 0 {
					continue
				}
				x := natFromBig(v, l)
				want := new(big.Int).Mod(v, mb)
				z := NewNat().Mod(x, m)
				if z.toBig().Cmp(want) != 0 || len(z.limbs) != n {
					t.Fatalf("Mod(%x, %d limbs) mod %x = %x, want %x", v, l, mb, z.toBig(), want)
				}
			}
		}
	}
}

// TestModCRT checks Mod on the case RSA needs: random products p·q of two
// primes-sized odd numbers, and values below them, reduced modulo p.
func TestModCRT(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{512, 1024, 1536, 2048} {
		for k := 0; k < iterations(10); k++ {
			p := randModulusBig(r, bits)
			q := randModulusBig(r, bits)
			N := new(big.Int).Mul(p, q)
			mN := modulusFromBig(t, N)
			mp := modulusFromBig(t, p)
			c := new(big.Int).Mod(randBig(r, 2*bits), N)
			cN, err := NewNat().SetBytes(c.Bytes(), mN)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := NewNat().Mod(cN, mp).toBig(), new(big.Int).Mod(c, p); got.Cmp(want) != 0 {
				t.Fatalf("%x mod %x = %x, want %x", c, p, got, want)
			}
		}
	}
}

// TestSizeMismatchPanics checks that every operation panics on an operand
// whose limb count is not the modulus's, rather than reading a prefix of
// it.
func TestSizeMismatchPanics(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{100, 1024} {
		mb := randModulusBig(r, bits)
		m := modulusFromBig(t, mb)
		n := len(m.limbs)
		ok := natFromBig(big.NewInt(3), n)
		long := natFromBig(big.NewInt(3), n+1)
		e := []byte{5}
		for name, f := range map[string]func(){
			"Add x":           func() { NewNat().Add(long, ok, m) },
			"Add y":           func() { NewNat().Add(ok, long, m) },
			"Sub x":           func() { NewNat().Sub(long, ok, m) },
			"Sub y":           func() { NewNat().Sub(ok, long, m) },
			"Mul x":           func() { NewNat().Mul(long, ok, m) },
			"Mul y":           func() { NewNat().Mul(ok, long, m) },
			"Exp":             func() { NewNat().Exp(long, e, m) },
			"ExpShortVarTime": func() { NewNat().ExpShortVarTime(long, 5, m) },
			"ExpPair x1":      func() { ExpPair(NewNat(), long, e, m, NewNat(), ok, e, m) },
			"ExpPair x2":      func() { ExpPair(NewNat(), ok, e, m, NewNat(), long, e, m) },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%d bits: %s with %d limbs for %d did not panic", bits, name, n+1, n)
					}
				}()
				f()
			}()
		}
	}
}

// TestReceiverSizes checks that results are right whatever the receiver
// held before: more limbs than the modulus, and fewer with stale values in
// spare capacity.
func TestReceiverSizes(t *testing.T) {
	r := rng(t)
	for _, bits := range []int{100, 1024, 2048} {
		mb := randModulusBig(r, bits)
		m := modulusFromBig(t, mb)
		n := len(m.limbs)
		xb := new(big.Int).Mod(randBig(r, bits), mb)
		yb := new(big.Int).Mod(randBig(r, bits), mb)
		x, y := natFromBig(xb, n), natFromBig(yb, n)
		for name, c := range map[string]struct {
			f    func(z *Nat) *Nat
			want *big.Int
		}{
			"Add": {func(z *Nat) *Nat { return z.Add(x, y, m) }, new(big.Int).Add(xb, yb)},
			"Sub": {func(z *Nat) *Nat { return z.Sub(x, y, m) }, new(big.Int).Sub(xb, yb)},
			"Mul": {func(z *Nat) *Nat { return z.Mul(x, y, m) }, new(big.Int).Mul(xb, yb)},
			"Mod": {func(z *Nat) *Nat { return z.Mod(x, m) }, xb},
			"Exp": {func(z *Nat) *Nat { return z.Exp(x, []byte{1, 1}, m) }, new(big.Int).Exp(xb, big.NewInt(257), mb)},
		} {
			want := new(big.Int).Mod(c.want, mb)
			stale := make([]uint64, n+5)
			for i := range stale {
				stale[i] = ^uint64(i)
			}
			for _, z := range []*Nat{{stale[:n+3]}, {stale[:1]}} {
				if got := c.f(z); got.toBig().Cmp(want) != 0 || len(got.limbs) != n {
					t.Errorf("%d bits: %s into a receiver of %d limbs = %x (%d limbs), want %x",
						bits, name, len(z.limbs), got.toBig(), len(got.limbs), want)
				}
			}
		}
	}
}
