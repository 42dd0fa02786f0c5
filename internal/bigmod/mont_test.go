package bigmod

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// kernelSizes are the limb counts the kernel tests run: every count up to
// 10, the unrolled sizes and their neighbours, and the largest.
var kernelSizes = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 63, 64, 65, 128}

// sizedKernels lists the limb counts that have unrolled kernels; the test
// below checks that montMul and friends dispatch to them.
var sizedKernels = []int{8, 16, 24, 32, 48, 64}

// montWant returns x·y·R⁻¹ mod m for R = 2^(64n).
func montWant(x, y, m *big.Int, n int) *big.Int {
	return montWantInv(x, y, m, new(big.Int).ModInverse(pow2(64*n), m))
}

// montWantInv returns x·y·rInv mod m.
func montWantInv(x, y, m, rInv *big.Int) *big.Int {
	z := new(big.Int).Mul(x, y)
	z.Mul(z, rInv)
	return z.Mod(z, m)
}

// kernelModuli returns moduli of n limbs for the kernel tests: for each of a
// few bit lengths in the top limb, the extreme moduli of that length.
func kernelModuli(t *testing.T, n int) []namedModulus {
	r := rng(t)
	var ms []namedModulus
	for _, bits := range []int{64 * n, 64*n - 1, 64*n - 37, 64*(n-1) + 2} {
		if bits < 2 {
			continue
		}
		ms = append(ms, extremeModuli(r, bits)...)
	}
	return ms
}

// TestMontgomeryKernels checks montMul, montSqr and montRedc, and the
// generic kernels they fall back to, against math/big, on extreme moduli and
// values of every size in kernelSizes.
func TestMontgomeryKernels(t *testing.T) {
	sizes := kernelSizes
	if short() {
		sizes = []int{1, 2, 3, 8, 16, 17, 24, 32, 48, 64}
	}
	for _, n := range sizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			r := rng(t)
			for _, nm := range kernelModuli(t, n) {
				m := modulusFromBig(t, nm.m)
				if len(m.limbs) != n {
					t.Fatalf("%s: %d limbs, want %d", nm.name, len(m.limbs), n)
				}
				vals := extremeValues(r, nm.m)
				if short() {
					vals = vals[len(vals)-4:]
				}
				for k := 0; k < iterations(3); k++ {
					vals = append(vals, new(big.Int).Mod(randBig(r, 64*n), nm.m))
				}
				rInv := new(big.Int).ModInverse(pow2(64*n), nm.m)
				for i, xb := range vals {
					x := natFromBig(xb, n)
					checkSqr(t, nm.name, m, rInv, x, xb)
					for _, yb := range vals[i:] {
						checkMul(t, nm.name, m, rInv, x, natFromBig(yb, n), xb, yb)
					}
				}
			}
		})
	}
}

func checkMul(t *testing.T, name string, m *Modulus, rInv *big.Int, x, y *Nat, xb, yb *big.Int) {
	t.Helper()
	n := len(m.limbs)
	want := montWantInv(xb, yb, m.toBig(), rInv)
	z := make([]uint64, n)
	montMul(z, x.limbs, y.limbs, m.limbs, m.m0inv)
	if got := limbsToBig(z); got.Cmp(want) != 0 {
		t.Fatalf("%s: montMul(%x, %x) = %x, want %x", name, xb, yb, got, want)
	}
	montMulGeneric(z, x.limbs, y.limbs, m.limbs, m.m0inv)
	if got := limbsToBig(z); got.Cmp(want) != 0 {
		t.Fatalf("%s: montMulGeneric(%x, %x) = %x, want %x", name, xb, yb, got, want)
	}
}

func checkSqr(t *testing.T, name string, m *Modulus, rInv *big.Int, x *Nat, xb *big.Int) {
	t.Helper()
	n := len(m.limbs)
	want := montWantInv(xb, xb, m.toBig(), rInv)
	z := make([]uint64, n)
	montSqr(z, x.limbs, m.limbs, m.m0inv)
	if got := limbsToBig(z); got.Cmp(want) != 0 {
		t.Fatalf("%s: montSqr(%x) = %x, want %x", name, xb, got, want)
	}
	montSqrGeneric(z, x.limbs, m.limbs, m.m0inv)
	if got := limbsToBig(z); got.Cmp(want) != 0 {
		t.Fatalf("%s: montSqrGeneric(%x) = %x, want %x", name, xb, got, want)
	}

}

// TestMontgomeryKernelsUnreducedInput checks the contract of montMul that
// only one operand need be below m: the other may be any value below R.
func TestMontgomeryKernelsUnreducedInput(t *testing.T) {
	r := rng(t)
	sizes := kernelSizes
	if short() {
		sizes = []int{1, 2, 16, 17}
	}
	for _, n := range sizes {
		for _, nm := range kernelModuli(t, n) {
			m := modulusFromBig(t, nm.m)
			R := pow2(64 * n)
			rInv := new(big.Int).ModInverse(R, nm.m)
			for _, xb := range []*big.Int{new(big.Int).Sub(R, big.NewInt(1)), randBig(r, 64*n), nm.m} {
				for _, yb := range extremeValues(r, nm.m) {
					checkMul(t, nm.name+"/unreduced-x", m, rInv, natFromBig(xb, n), natFromBig(yb, n), xb, yb)
					checkMul(t, nm.name+"/unreduced-y", m, rInv, natFromBig(yb, n), natFromBig(xb, n), yb, xb)
				}
			}
		}
	}
}

// TestMontgomeryRedc checks montRedc and montRedcGeneric on 2n-word inputs
// below m·R, including m·R - 1 and the products the squaring makes.
func TestMontgomeryRedc(t *testing.T) {
	r := rng(t)
	for _, n := range kernelSizes {
		for _, nm := range kernelModuli(t, n) {
			m := modulusFromBig(t, nm.m)
			R := pow2(64 * n)
			mR := new(big.Int).Mul(nm.m, R)
			rInv := new(big.Int).ModInverse(R, nm.m)
			ts := []*big.Int{
				big.NewInt(0),
				big.NewInt(1),
				new(big.Int).Sub(mR, big.NewInt(1)),
				new(big.Int).Sub(R, big.NewInt(1)),
				new(big.Int).Mul(new(big.Int).Sub(nm.m, big.NewInt(1)), new(big.Int).Sub(nm.m, big.NewInt(1))),
				new(big.Int).Mod(randBig(r, 128*n), mR),
				new(big.Int).Mod(weirdBig(r, 128*n), mR),
			}
			for _, tb := range ts {
				want := new(big.Int).Mul(tb, rInv)
				want.Mod(want, nm.m)
				for _, f := range []struct {
					name string
					redc func(z, t, m []uint64, m0inv uint64)
				}{{"montRedc", montRedc}, {"montRedcGeneric", montRedcGeneric}} {
					tl := natFromBig(tb, 2*n).limbs
					z := make([]uint64, n)
					f.redc(z, tl, m.limbs, m.m0inv)
					if got := limbsToBig(z); got.Cmp(want) != 0 {
						t.Fatalf("%s: %s(%x) = %x, want %x", nm.name, f.name, tb, got, want)
					}
				}
			}
		}
	}
}

// TestMontgomeryKernelsRandom runs many random moduli and values through the
// kernels at the unrolled sizes and a few others, each against the generic
// kernel and, every few, against math/big.
func TestMontgomeryKernelsRandom(t *testing.T) {
	r := rng(t)
	sizes := append(slices.Clone(sizedKernels), 1, 2, 11, 20)
	for _, n := range sizes {
		for k := 0; k < iterations(40); k++ {
			bits := 64*n - r.IntN(64)
			if bits < 2 {
				bits = 2
			}
			mb := randModulusBig(r, bits)
			if k%2 == 1 {
				mb = weirdBig(r, bits)
				mb.SetBit(mb, bits-1, 1)
				mb.SetBit(mb, 0, 1)
			}
			m := modulusFromBig(t, mb)
			xb := new(big.Int).Mod(weirdBig(r, 64*n), mb)
			yb := new(big.Int).Mod(randBig(r, 64*n), mb)
			x, y := natFromBig(xb, n), natFromBig(yb, n)
			z1 := make([]uint64, n)
			z2 := make([]uint64, n)
			montMul(z1, x.limbs, y.limbs, m.limbs, m.m0inv)
			montMulGeneric(z2, x.limbs, y.limbs, m.limbs, m.m0inv)
			if !slices.Equal(z1, z2) {
				t.Fatalf("n=%d: montMul and montMulGeneric differ on m=%x x=%x y=%x", n, mb, xb, yb)
			}
			montSqr(z1, x.limbs, m.limbs, m.m0inv)
			montSqrGeneric(z2, x.limbs, m.limbs, m.m0inv)
			if !slices.Equal(z1, z2) {
				t.Fatalf("n=%d: montSqr and montSqrGeneric differ on m=%x x=%x", n, mb, xb)
			}
			if want := montWant(xb, xb, mb, n); limbsToBig(z1).Cmp(want) != 0 {
				t.Fatalf("n=%d: montSqr(%x) mod %x = %x, want %x", n, xb, mb, limbsToBig(z1), want)
			}
		}
	}
}

// TestMontgomeryDispatch checks that every unrolled size is reached by the
// dispatchers, by comparing them with a direct call of the unrolled kernel.
func TestMontgomeryDispatch(t *testing.T) {
	r := rng(t)
	for _, n := range sizedKernels {
		mb := randModulusBig(r, 64*n)
		m := modulusFromBig(t, mb)
		x := natFromBig(new(big.Int).Mod(randBig(r, 64*n), mb), n).limbs
		y := natFromBig(new(big.Int).Mod(randBig(r, 64*n), mb), n).limbs
		want := make([]uint64, n)
		got := make([]uint64, n)
		montMul(got, x, y, m.limbs, m.m0inv)
		sizedMul(n)(want, x, y, m.limbs, m.m0inv)
		if !slices.Equal(got, want) {
			t.Errorf("montMul at %d limbs differs from the unrolled kernel", n)
		}
		montSqr(got, x, m.limbs, m.m0inv)
		sizedSqr(n)(want, x, m.limbs, m.m0inv)
		if !slices.Equal(got, want) {
			t.Errorf("montSqr at %d limbs differs from the unrolled kernel", n)
		}
	}
}

// sizedMul returns the unrolled multiplication for n limbs as a slice
// function.
func sizedMul(n int) func(z, x, y, m []uint64, m0inv uint64) {
	switch n {
	case 8:
		return func(z, x, y, m []uint64, k uint64) {
			montMul8((*[8]uint64)(z), (*[8]uint64)(x), (*[8]uint64)(y), (*[8]uint64)(m), k)
		}
	case 16:
		return func(z, x, y, m []uint64, k uint64) {
			montMul16((*[16]uint64)(z), (*[16]uint64)(x), (*[16]uint64)(y), (*[16]uint64)(m), k)
		}
	case 24:
		return func(z, x, y, m []uint64, k uint64) {
			montMul24((*[24]uint64)(z), (*[24]uint64)(x), (*[24]uint64)(y), (*[24]uint64)(m), k)
		}
	case 32:
		return func(z, x, y, m []uint64, k uint64) {
			montMul32((*[32]uint64)(z), (*[32]uint64)(x), (*[32]uint64)(y), (*[32]uint64)(m), k)
		}
	case 48:
		return func(z, x, y, m []uint64, k uint64) {
			montMul48((*[48]uint64)(z), (*[48]uint64)(x), (*[48]uint64)(y), (*[48]uint64)(m), k)
		}
	case 64:
		return func(z, x, y, m []uint64, k uint64) {
			montMul64((*[64]uint64)(z), (*[64]uint64)(x), (*[64]uint64)(y), (*[64]uint64)(m), k)
		}
	}
	panic("no unrolled kernel")
}

// sizedSqr returns the unrolled squaring for n limbs as a slice function.
func sizedSqr(n int) func(z, x, m []uint64, m0inv uint64) {
	switch n {
	case 8:
		return func(z, x, m []uint64, k uint64) { montSqr8((*[8]uint64)(z), (*[8]uint64)(x), (*[8]uint64)(m), k) }
	case 16:
		return func(z, x, m []uint64, k uint64) { montSqr16((*[16]uint64)(z), (*[16]uint64)(x), (*[16]uint64)(m), k) }
	case 24:
		return func(z, x, m []uint64, k uint64) { montSqr24((*[24]uint64)(z), (*[24]uint64)(x), (*[24]uint64)(m), k) }
	case 32:
		return func(z, x, m []uint64, k uint64) { montSqr32((*[32]uint64)(z), (*[32]uint64)(x), (*[32]uint64)(m), k) }
	case 48:
		return func(z, x, m []uint64, k uint64) { montSqr48((*[48]uint64)(z), (*[48]uint64)(x), (*[48]uint64)(m), k) }
	case 64:
		return func(z, x, m []uint64, k uint64) { montSqr64((*[64]uint64)(z), (*[64]uint64)(x), (*[64]uint64)(m), k) }
	}
	panic("no unrolled kernel")
}

// TestSubIfGeq checks the final subtraction at its decision points: z = m-1,
// m, m+1 with and without the top bit, and z = 2m-1 as an n-word value with
// the top bit.
func TestSubIfGeq(t *testing.T) {
	r := rng(t)
	for _, n := range []int{1, 2, 3, 16} {
		for _, nm := range kernelModuli(t, n) {
			mb := nm.m
			R := pow2(64 * n)
			for _, v := range []*big.Int{
				big.NewInt(0),
				new(big.Int).Sub(mb, big.NewInt(1)),
				new(big.Int).Set(mb),
				new(big.Int).Add(mb, big.NewInt(1)),
				new(big.Int).Sub(new(big.Int).Lsh(mb, 1), big.NewInt(1)),
				new(big.Int).Add(mb, new(big.Int).Mod(randBig(r, 64*n), mb)),
			} {
				if v.Cmp(new(big.Int).Lsh(mb, 1)) >= 0 {
					continue
				}
				want := new(big.Int).Mod(v, mb)
				top := uint64(0)
				low := new(big.Int).Set(v)
				if v.Cmp(R) >= 0 {
					top = 1
					low.Sub(low, R)
				}
				z := natFromBig(low, n).limbs
				subIfGeq(z, natFromBig(mb, n).limbs, top)
				if got := limbsToBig(z); got.Cmp(want) != 0 {
					t.Fatalf("%s: subIfGeq(%x) = %x, want %x", nm.name, v, got, want)
				}
			}
		}
	}
}

// TestGenericKernelsLongerSlices checks that the generic kernels read only
// m's length: x, y, t and z longer than their n (or 2n) words give the same
// result in z's first n words, and the words of z beyond are left as they
// were.
func TestGenericKernelsLongerSlices(t *testing.T) {
	r := rng(t)
	const extra = 3
	const sentinel = 0x5a5a5a5a5a5a5a5a
	long := func(x *big.Int, n int) []uint64 {
		l := make([]uint64, n+extra)
		copy(l, natFromBig(x, n).limbs)
		for j := n; j < len(l); j++ {
			l[j] = r.Uint64()
		}
		return l
	}
	check := func(name string, z []uint64, n int, want *big.Int) {
		t.Helper()
		if got := limbsToBig(z[:n]); got.Cmp(want) != 0 {
			t.Fatalf("%s: %x, want %x", name, got, want)
		}
		for j := n; j < len(z); j++ {
			if z[j] != sentinel {
				t.Fatalf("%s: word %d beyond n = %d written: %x", name, j, n, z[j])
			}
		}
	}
	for _, n := range []int{1, 2, 3, 4, 5, 9} {
		mb := randModulusBig(r, 64*n)
		m := modulusFromBig(t, mb)
		R := pow2(64 * n)
		rInv := new(big.Int).ModInverse(R, mb)
		xb := new(big.Int).Mod(randBig(r, 64*n), mb)
		yb := new(big.Int).Mod(randBig(r, 64*n), mb)
		z := make([]uint64, n+extra)
		for j := range z {
			z[j] = sentinel
		}
		montMulGeneric(z, long(xb, n), long(yb, n), m.limbs, m.m0inv)
		check(fmt.Sprintf("montMulGeneric, %d limbs", n), z, n, montWantInv(xb, yb, mb, rInv))
		montSqrGeneric(z, long(xb, n), m.limbs, m.m0inv)
		check(fmt.Sprintf("montSqrGeneric, %d limbs", n), z, n, montWantInv(xb, xb, mb, rInv))
		tb := new(big.Int).Mul(xb, yb)
		montRedcGeneric(z, long(tb, 2*n), m.limbs, m.m0inv)
		check(fmt.Sprintf("montRedcGeneric, %d limbs", n), z, n, montWantInv(tb, big.NewInt(1), mb, rInv))
	}
}
