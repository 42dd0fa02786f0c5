//go:build !purego

package bigmod

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

// ifmaBits are the modulus sizes with IFMA kernels; pairBits those with x2
// kernels too.
var (
	ifmaBits = []int{1024, 1536, 2048, 3072, 4096}
	pairBits = []int{1024, 1536, 2048}
)

// withoutIFMA runs f on the code of a CPU without AVX-512 IFMA: the ADX
// kernels where the CPU has them.
func withoutIFMA(f func()) {
	name := ""
	if impl.Available("bigmod", "adx") {
		name = "adx"
	}
	defer impl.Select("bigmod", name)()
	f()
}

// ammWant returns the almost-Montgomery product of a and b modulo m in d
// radix-2^52 digits, digit by digit as the kernels compute it, by math/big:
// t = (t + a·b[i] + y·m)/D with y = t'·k0 mod D, t' the low digit of
// t + a·b[i]. The result is a·b·D^-d mod m plus some multiple of m.
func ammWant(a, b, m *big.Int, d int) *big.Int {
	D := pow2(digitBits)
	k0 := new(big.Int).ModInverse(m, D)
	k0.Sub(D, k0)
	mask := new(big.Int).Sub(D, big.NewInt(1))
	t := new(big.Int)
	bi := new(big.Int)
	y := new(big.Int)
	for i := range d {
		bi.Rsh(b, uint(digitBits*i)).And(bi, mask)
		t.Add(t, new(big.Int).Mul(a, bi))
		y.And(t, mask).Mul(y, k0).And(y, mask)
		t.Add(t, new(big.Int).Mul(y, m))
		t.Rsh(t, digitBits)
	}
	return t
}

// digitsFromBig returns x in radix 2^52, words words; x must fit in d
// digits.
func digitsFromBig(x *big.Int, words int) []uint64 {
	g := make([]uint64, words)
	mask := big.NewInt(digitMask)
	v := new(big.Int)
	for j := range g {
		g[j] = v.Rsh(x, uint(digitBits*j)).And(v, mask).Uint64()
	}
	return g
}

// digitsToBig is the value of the digits g, which may exceed D.
func digitsToBig(g []uint64) *big.Int {
	x := new(big.Int)
	for j := len(g) - 1; j >= 0; j-- {
		x.Lsh(x, digitBits).Add(x, new(big.Int).SetUint64(g[j]))
	}
	return x
}

// checkAMM compares amm with ammWant on a and b, and checks that the result
// is normalized, congruent to a·b·R'⁻¹ and, for a, b < 2m, below 2m.
func checkAMM(t *testing.T, name string, m *Modulus, ab, bb *big.Int) {
	t.Helper()
	r := m.r52
	mb := m.toBig()
	a, b := digitsFromBig(ab, r.words), digitsFromBig(bb, r.words)
	z := make([]uint64, r.words)
	amm(z, a, b, r)
	want := ammWant(ab, bb, mb, r.d)
	got := digitsToBig(z)
	if got.Cmp(want) != 0 {
		t.Fatalf("%s: amm(%x, %x) = %x, want %x", name, ab, bb, got, want)
	}
	for j, g := range z {
		if g > digitMask || (j >= r.d && g != 0) {
			t.Fatalf("%s: amm(%x, %x): digit %d is %x", name, ab, bb, j, g)
		}
	}
	twoM := new(big.Int).Lsh(mb, 1)
	if ab.Cmp(twoM) < 0 && bb.Cmp(twoM) < 0 && got.Cmp(twoM) >= 0 {
		t.Fatalf("%s: amm(%x, %x) = %x, not below 2m", name, ab, bb, got)
	}
	// Aliasing: z = a, and z = a = b.
	za := slices.Clone(a)
	amm(za, za, b, r)
	if !slices.Equal(za, z) {
		t.Fatalf("%s: amm with z = a differs", name)
	}
	if ab.Cmp(bb) == 0 {
		amm(za, a, a, r)
		zz := slices.Clone(a)
		amm(zz, zz, zz, r)
		if !slices.Equal(zz, za) || !slices.Equal(za, z) {
			t.Fatalf("%s: amm with z = a = b differs", name)
		}
	}
}

// TestAMMIFMA checks the almost-Montgomery kernels against math/big, on
// extreme and random moduli and values below 2m, including values in
// [m, 2m) and the largest the kernels admit.
func TestAMMIFMA(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "ifma")
	r := rng(t)
	for _, bits := range ifmaBits {
		for _, nm := range extremeModuli(r, bits) {
			m := modulusFromBig(t, nm.m)
			if m.r52 == nil {
				t.Fatalf("%s: no radix-2^52 constants for %d bits", nm.name, bits)
			}
			vals := extremeValues(r, nm.m)
			twoM := new(big.Int).Lsh(nm.m, 1)
			one := big.NewInt(1)
			vals = append(vals,
				new(big.Int).Add(nm.m, one),                // m + 1
				new(big.Int).Sub(twoM, one),                // 2m - 1
				new(big.Int).Add(nm.m, randBig(r, bits-1)), // in [m, 2m)
			)
			for _, a := range vals {
				for _, b := range vals {
					checkAMM(t, nm.name, m, a, b)
				}
			}
			// One operand as large as R' - 1, the other below m.
			rmax := new(big.Int).Sub(pow2(digitBits*m.r52.d), one)
			checkAMM(t, nm.name+"/R'-1", m, rmax, vals[len(vals)/2].Mod(vals[len(vals)/2], nm.m))
		}
		n := iterations(500)
		if short() {
			n = 50
		}
		for i := 0; i < n; i++ {
			mb := randModulusBig(r, bits)
			m := modulusFromBig(t, mb)
			twoM := new(big.Int).Lsh(mb, 1)
			a := new(big.Int).Mod(weirdBig(r, bits+1), twoM)
			b := new(big.Int).Mod(randBig(r, bits+1), twoM)
			checkAMM(t, fmt.Sprintf("random %d", bits), m, a, b)
			checkAMM(t, fmt.Sprintf("random %d square", bits), m, a, a)
		}
	}
}

// TestAMMIFMAx2 checks that the x2 kernels compute two amm, each with its
// own modulus.
func TestAMMIFMAx2(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "ifma")
	r := rng(t)
	for _, bits := range pairBits {
		n := iterations(200)
		if short() {
			n = 20
		}
		for i := 0; i < n; i++ {
			var ms [2]*Modulus
			var a, b, m, want []uint64
			for k := range ms {
				mb := randModulusBig(r, bits)
				if i == 0 {
					mb = extremeModuli(r, bits)[k].m
				}
				ms[k] = modulusFromBig(t, mb)
				twoM := new(big.Int).Lsh(mb, 1)
				ab := new(big.Int).Mod(weirdBig(r, bits+1), twoM)
				bb := new(big.Int).Mod(randBig(r, bits+1), twoM)
				P := ms[k].r52.words
				a = append(a, digitsFromBig(ab, P)...)
				b = append(b, digitsFromBig(bb, P)...)
				m = append(m, ms[k].r52.m...)
				w := make([]uint64, P)
				amm(w, a[k*P:], b[k*P:], ms[k].r52)
				want = append(want, w...)
			}
			k0 := [2]uint64{ms[0].r52.k0, ms[1].r52.k0}
			z := make([]uint64, len(a))
			amm2(z, a, b, m, &k0, ms[0].r52.words)
			if !slices.Equal(z, want) {
				t.Fatalf("%d bits: amm2 = %x, two amm %x", bits, z, want)
			}
			// z = a = b: each half squared.
			sq := slices.Clone(a)
			amm2(sq, sq, sq, m, &k0, ms[0].r52.words)
			for k := range ms {
				P := ms[k].r52.words
				w := make([]uint64, P)
				amm(w, a[k*P:(k+1)*P], a[k*P:(k+1)*P], ms[k].r52)
				if !slices.Equal(sq[k*P:(k+1)*P], w) {
					t.Fatalf("%d bits: amm2 in place, half %d = %x, amm %x", bits, k, sq[k*P:(k+1)*P], w)
				}
			}
		}
	}
}

// TestRadix52RoundTrip converts random and extreme limbs to digits and back.
func TestRadix52RoundTrip(t *testing.T) {
	r := rng(t)
	for _, bits := range ifmaBits {
		n := bits / 64
		d := ifmaDigits(n)
		words := (d + 7) / 8 * 8
		for i := 0; i < 200; i++ {
			var x *big.Int
			switch i {
			case 0:
				x = new(big.Int)
			case 1:
				x = new(big.Int).Sub(pow2(bits), big.NewInt(1))
			default:
				x = weirdBig(r, bits)
			}
			l := natFromBig(x, n).limbs
			g := make([]uint64, words)
			for j := range g {
				g[j] = ^uint64(0) // overwritten
			}
			limbsToDigits(g, l)
			if got := digitsToBig(g); got.Cmp(x) != 0 {
				t.Fatalf("limbsToDigits(%x) = %x", x, got)
			}
			for j, v := range g {
				if v > digitMask || (j >= d && v != 0) {
					t.Fatalf("limbsToDigits(%x): digit %d is %x", x, j, v)
				}
			}
			back := make([]uint64, n)
			for j := range back {
				back[j] = ^uint64(0)
			}
			digitsToLimbs(back, g, d)
			if !slices.Equal(back, l) {
				t.Fatalf("digitsToLimbs(limbsToDigits(%x)) = %x", x, limbsToBig(back))
			}
		}
	}
}

// TestRadix52Constants checks R'² mod m and k0 against math/big.
func TestRadix52Constants(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "ifma")
	r := rng(t)
	for _, bits := range ifmaBits {
		for _, nm := range extremeModuli(r, bits) {
			m := modulusFromBig(t, nm.m)
			rp := pow2(digitBits * m.r52.d)
			rr := new(big.Int).Mul(rp, rp)
			rr.Mod(rr, nm.m)
			if got := digitsToBig(m.r52.rr); got.Cmp(rr) != 0 {
				t.Fatalf("%s: R'² mod m = %x, want %x", nm.name, got, rr)
			}
			if got := digitsToBig(m.r52.m); got.Cmp(nm.m) != 0 {
				t.Fatalf("%s: m in digits = %x", nm.name, got)
			}
			D := pow2(digitBits)
			k := new(big.Int).Mul(nm.m, new(big.Int).SetUint64(m.r52.k0))
			k.Add(k, big.NewInt(1)).Mod(k, D)
			if k.Sign() != 0 {
				t.Fatalf("%s: m·k0 + 1 = %x mod D, want 0", nm.name, k)
			}
		}
	}
	for _, bits := range []int{512, 768, 1000, 1088, 3072, 4096} {
		m := modulusFromBig(t, randModulusBig(r, bits))
		if m.r52 != nil && ifmaDigits(len(m.limbs)) == 0 {
			t.Fatalf("%d bits: radix-2^52 constants without a kernel", bits)
		}
	}
}

// TestIFMAPairs checks that ifmaPairs holds exactly for the digit counts
// amm2 has x2 kernels for, so that ExpPair pairs every size it can.
func TestIFMAPairs(t *testing.T) {
	for _, bits := range ifmaBits {
		d := ifmaDigits(bits / 64)
		if want := slices.Contains(pairBits, bits); ifmaPairs(d) != want {
			t.Errorf("%d bits (%d digits): ifmaPairs = %v, want %v", bits, d, ifmaPairs(d), want)
		}
	}
}

// TestSelectIFMA checks the table scan for every index.
func TestSelectIFMA(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "ifma")
	r := rng(t)
	for _, words := range []int{24, 32, 40, 64, 80} {
		for _, entries := range []int{16, 32} {
			table := make([]uint64, entries*words)
			for i := range table {
				table[i] = r.Uint64()
			}
			z := make([]uint64, words)
			for k := range entries {
				selectIFMA(z, table, uint64(k))
				if !slices.Equal(z, table[k*words:(k+1)*words]) {
					t.Fatalf("%d words, %d entries: entry %d wrong", words, entries, k)
				}
			}
		}
	}
}

// TestAligned64 checks that aligned64 returns n words of buf starting at a
// 64-byte boundary, wherever buf starts.
func TestAligned64(t *testing.T) {
	const n = 24
	whole := make([]uint64, n+7+8)
	for skip := range 8 {
		buf := whole[skip : skip+n+7]
		got := aligned64(buf, n)
		start := uintptr(unsafe.Pointer(&got[0]))
		first := int(start-uintptr(unsafe.Pointer(&buf[0]))) / 8
		if start%64 != 0 || len(got) != n || cap(got) != n || first < 0 || first+n > len(buf) {
			t.Fatalf("buf at word %d: words [%d, %d), address %#x", skip, first, first+len(got), start)
		}
	}
}

// checkExpIFMA compares the IFMA Exp (single and paired) with the Go path
// and math/big for x^e mod m.
func checkExpIFMA(t *testing.T, name string, m *Modulus, xb *big.Int, e []byte, w int) {
	t.Helper()
	mb := m.toBig()
	n := len(m.limbs)
	want := new(big.Int).Exp(xb, new(big.Int).SetBytes(e), mb)
	x := natFromBig(xb, n)
	got := NewNat().expIFMA(x, e, m, w)
	if got.toBig().Cmp(want) != 0 {
		t.Fatalf("%s: expIFMA(%x, %x), w=%d = %x, want %x", name, xb, e, w, got.toBig(), want)
	}
	var goPath *Nat
	withoutIFMA(func() { goPath = NewNat().Exp(x, e, m) })
	if !slices.Equal(goPath.limbs, got.limbs) {
		t.Fatalf("%s: expIFMA and the Go Exp differ", name)
	}
}

// TestExpIFMA checks the IFMA exponentiation against the Go path and
// math/big, for extreme moduli, bases and exponents, and windows of 4 and 5
// bits.
func TestExpIFMA(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "ifma")
	r := rng(t)
	for _, bits := range ifmaBits {
		cases := 0
		for _, nm := range extremeModuli(r, bits) {
			m := modulusFromBig(t, nm.m)
			vals := extremeValues(r, nm.m)
			exps := extremeExponents(r, nm.m)
			for i, xb := range vals {
				e := exps[i%len(exps)]
				checkExpIFMA(t, nm.name, m, xb, e, 4+i%2)
				cases++
			}
			for i, e := range exps {
				checkExpIFMA(t, nm.name, m, vals[(i+1)%len(vals)], e, 5)
			}
			// A base above m (Exp admits any n-limb value).
			top := new(big.Int).Sub(pow2(64*len(m.limbs)), big.NewInt(1))
			checkExpIFMA(t, nm.name+"/x=2^(64n)-1", m, top, exps[len(exps)-1], 5)
			if short() || bits > 2048 && !*long {
				break // one modulus: the others cost seconds
			}
		}
		if bits > 1024 && short() {
			continue
		}
		for i := 0; i < iterations(5); i++ {
			mb := randModulusBig(r, bits)
			m := modulusFromBig(t, mb)
			e := randBig(r, bits).FillBytes(make([]byte, bits/8))
			checkExpIFMA(t, fmt.Sprintf("random %d", bits), m, new(big.Int).Mod(randBig(r, bits), mb), e, 5)
		}
	}
}

// TestExpShortIFMA checks ExpShortVarTime on the IFMA kernels against the
// Go path and math/big.
func TestExpShortIFMA(t *testing.T) {
	testutil.RequireImplementation(t, "bigmod", "ifma")
	r := rng(t)
	for _, bits := range ifmaBits {
		for _, nm := range extremeModuli(r, bits) {
			m := modulusFromBig(t, nm.m)
			n := len(m.limbs)
			vals := extremeValues(r, nm.m)
			vals = append(vals, new(big.Int).Sub(pow2(64*n), big.NewInt(1))) // above m
			for i, xb := range vals {
				e := []uint{0, 1, 2, 3, 65537, 1<<31 - 1, uint(r.Uint32())}[i%7]
				want := new(big.Int).Exp(xb, new(big.Int).SetUint64(uint64(e)), nm.m)
				x := natFromBig(xb, n)
				got := NewNat().ExpShortVarTime(x, e, m)
				var goPath *Nat
				withoutIFMA(func() { goPath = NewNat().ExpShortVarTime(x, e, m) })
				if got.toBig().Cmp(want) != 0 || !slices.Equal(got.limbs, goPath.limbs) {
					t.Fatalf("%s: ExpShortVarTime(%x, %d) = %x (Go path %x), want %x", nm.name, xb, e, got.toBig(), goPath.toBig(), want)
				}
			}
		}
	}
}

// TestExpPair checks ExpPair on each implementation against math/big, for
// exponents of equal and of different lengths.
func TestExpPair(t *testing.T) {
	r := rng(t)
	testutil.EachImplementation(t, "bigmod", func(t *testing.T) {
		for _, bits := range []int{1024, 1536, 2048, 3072, 1088} {
			if bits > 1024 && short() {
				continue
			}
			for i := 0; i < iterations(4); i++ {
				m1b, m2b := randModulusBig(r, bits), randModulusBig(r, bits)
				if i == 0 {
					ms := extremeModuli(r, bits)
					m1b, m2b = ms[0].m, ms[len(ms)-1].m
				}
				m1, m2 := modulusFromBig(t, m1b), modulusFromBig(t, m2b)
				x1b, x2b := new(big.Int).Mod(randBig(r, bits), m1b), new(big.Int).Mod(randBig(r, bits), m2b)
				e1 := randBig(r, bits).FillBytes(make([]byte, bits/8))
				e2len := bits/8 - i%2
				e2 := randBig(r, 8*e2len).FillBytes(make([]byte, e2len))
				if i == 1 {
					e1 = make([]byte, bits/8) // zero
					e2 = e1[:len(e2)]
				}
				z1, z2 := NewNat(), NewNat()
				ExpPair(z1, natFromBig(x1b, len(m1.limbs)), e1, m1, z2, natFromBig(x2b, len(m2.limbs)), e2, m2)
				w1 := new(big.Int).Exp(x1b, new(big.Int).SetBytes(e1), m1b)
				w2 := new(big.Int).Exp(x2b, new(big.Int).SetBytes(e2), m2b)
				if z1.toBig().Cmp(w1) != 0 || z2.toBig().Cmp(w2) != 0 {
					t.Fatalf("ifma=%v %d bits: ExpPair = %x, %x; want %x, %x", useIFMA, bits, z1.toBig(), z2.toBig(), w1, w2)
				}
			}
		}
	})
}

// TestExpPairEdges runs ExpPair on what TestExpPair's random inputs miss:
// exponents of 0, 1 and 2 bytes, of 5 and 10 (whole 5-bit windows, none
// left over), and bases m and 2^(64n) - 1, not reduced (Exp's contract).
func TestExpPairEdges(t *testing.T) {
	r := rng(t)
	testutil.EachImplementation(t, "bigmod", func(t *testing.T) {
		for _, bits := range pairBits {
			m1b, m2b := randModulusBig(r, bits), randModulusBig(r, bits)
			m1, m2 := modulusFromBig(t, m1b), modulusFromBig(t, m2b)
			n := len(m1.limbs)
			top := new(big.Int).Sub(pow2(64*n), big.NewInt(1))
			bases := [][2]*big.Int{
				{new(big.Int).Mod(randBig(r, bits), m1b), new(big.Int).Mod(randBig(r, bits), m2b)},
				{m1b, top},
				{top, m2b},
			}
			for _, size := range []int{0, 1, 2, 5, 10} {
				for _, x := range bases {
					e1 := randBig(r, 8*size).FillBytes(make([]byte, size))
					e2 := randBig(r, 8*size).FillBytes(make([]byte, size))
					z1, z2 := NewNat(), NewNat()
					ExpPair(z1, natFromBig(x[0], n), e1, m1, z2, natFromBig(x[1], n), e2, m2)
					w1 := new(big.Int).Exp(x[0], new(big.Int).SetBytes(e1), m1b)
					w2 := new(big.Int).Exp(x[1], new(big.Int).SetBytes(e2), m2b)
					if z1.toBig().Cmp(w1) != 0 || z2.toBig().Cmp(w2) != 0 {
						t.Fatalf("ifma=%v %d bits: ExpPair(%x, %x; %x, %x) = %x, %x; want %x, %x",
							useIFMA, bits, x[0], e1, x[1], e2, z1.toBig(), z2.toBig(), w1, w2)
					}
				}
			}
		}
	})
}

// BenchmarkExpIFMA times Exp at the CRT halves' sizes on the three paths:
// IFMA, MULX/ADX assembly and Go; and ExpPair (both halves) with IFMA.
func BenchmarkExpIFMA(b *testing.B) {
	for _, bits := range ifmaBits {
		m, x, e := benchModulus(b, bits)
		for _, path := range []struct{ name, impl string }{{"ifma", "ifma"}, {"adx", "adx"}, {"go", ""}} {
			b.Run(fmt.Sprintf("%d/%s", bits, path.name), func(b *testing.B) {
				testutil.SelectImplementation(b, "bigmod", path.impl)
				z := NewNat()
				b.ReportAllocs()
				for b.Loop() {
					z.Exp(x, e, m)
				}
			})
		}
		b.Run(fmt.Sprintf("%d/pair", bits), func(b *testing.B) {
			testutil.RequireImplementation(b, "bigmod", "ifma")
			if !ifmaPairs(m.r52.d) {
				b.Skip("no IFMA x2 kernel")
			}
			z1, z2 := NewNat(), NewNat()
			b.ReportAllocs()
			for b.Loop() {
				ExpPair(z1, x, e, m, z2, x, e, m)
			}
		})
	}
}

// BenchmarkExpIFMAWindow measures the IFMA exponentiation's window widths;
// ifmaWindow was chosen from it.
func BenchmarkExpIFMAWindow(b *testing.B) {
	testutil.RequireImplementation(b, "bigmod", "ifma")
	for _, bits := range ifmaBits {
		m, x, e := benchModulus(b, bits)
		for _, w := range []int{4, 5} {
			b.Run(fmt.Sprintf("%d/w=%d", bits, w), func(b *testing.B) {
				z := NewNat()
				for b.Loop() {
					z.expIFMA(x, e, m, w)
				}
			})
		}
	}
}

// BenchmarkAMMIFMA times one multiplication, and one x2 pair.
func BenchmarkAMMIFMA(b *testing.B) {
	testutil.RequireImplementation(b, "bigmod", "ifma")
	for _, bits := range ifmaBits {
		m, _, _ := benchModulus(b, bits)
		r := m.r52
		a := slices.Clone(r.rr)
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			for b.Loop() {
				amm(a, a, a, r)
			}
		})
		if !ifmaPairs(r.d) {
			continue
		}
		a2 := append(slices.Clone(r.rr), r.rr...)
		m2 := append(slices.Clone(r.m), r.m...)
		k0 := [2]uint64{r.k0, r.k0}
		b.Run(fmt.Sprintf("%d/x2", bits), func(b *testing.B) {
			for b.Loop() {
				amm2(a2, a2, a2, m2, &k0, r.words)
			}
		})
	}
}
