//go:build !purego

package bigmod

import (
	"unsafe"

	"github.com/carry-crypto/carry/internal/impl"
)

// useIFMA selects the AVX-512 IFMA exponentiation (implIFMA), where the CPU
// has its features; moduli get their radix-2^52 constants (Modulus.r52)
// only then. GODEBUG=cpu.avx512ifma=off turns it off for a whole process.
var useIFMA bool

func init() { impl.Register(implIFMA, &useIFMA) }

// maxDigitWords is the words of the largest radix-2^52 value, 80 digits;
// maxPairWords that of the largest with x2 kernels, 40 digits.
const (
	maxDigitWords = 80
	maxPairWords  = 40
)

// aligned64 returns n words of buf from the first that starts a 64-byte
// line; buf must have n+7 words. The exponentiations keep their values in
// it, so that each 512-bit load and store of the kernels and the table scan
// stays within one cache line: one that straddles two costs the
// exponentiation half again its time. Only buf's address, which is public,
// decides where the words start.
func aligned64(buf []uint64, n int) []uint64 {
	skip := int(-uintptr(unsafe.Pointer(&buf[0])) / 8 % 8)
	return buf[skip : skip+n : skip+n]
}

// amm sets z = a·b·R'⁻¹ mod m, almost reduced (below 2m for a, b below
// 2m), with the kernel for r's size. z may alias a and b. All slices have
// r.words words.
func amm(z, a, b []uint64, r *radix52) {
	k0 := [1]uint64{r.k0}
	switch r.d {
	case 20:
		ammIFMA20((*[24]uint64)(z), (*[24]uint64)(a), (*[24]uint64)(b), (*[24]uint64)(r.m), &k0)
	case 30:
		ammIFMA30((*[32]uint64)(z), (*[32]uint64)(a), (*[32]uint64)(b), (*[32]uint64)(r.m), &k0)
	case 40:
		ammIFMA40((*[40]uint64)(z), (*[40]uint64)(a), (*[40]uint64)(b), (*[40]uint64)(r.m), &k0)
	case 60:
		ammIFMA60((*[64]uint64)(z), (*[64]uint64)(a), (*[64]uint64)(b), (*[64]uint64)(r.m), &k0)
	case 80:
		ammIFMA80((*[80]uint64)(z), (*[80]uint64)(a), (*[80]uint64)(b), (*[80]uint64)(r.m), &k0)
	default:
		panic("carry/bigmod: internal error: no IFMA kernel for this size")
	}
}

// amm2 is two amm at once, with the x2 kernels: z, a, b and m hold the
// first operation's words then the second's, 2·words each, for two moduli
// of words words with k0[0] and k0[1].
func amm2(z, a, b, m []uint64, k0 *[2]uint64, words int) {
	switch words {
	case 24:
		ammIFMA20x2((*[48]uint64)(z), (*[48]uint64)(a), (*[48]uint64)(b), (*[48]uint64)(m), k0)
	case 32:
		ammIFMA30x2((*[64]uint64)(z), (*[64]uint64)(a), (*[64]uint64)(b), (*[64]uint64)(m), k0)
	case 40:
		ammIFMA40x2((*[80]uint64)(z), (*[80]uint64)(a), (*[80]uint64)(b), (*[80]uint64)(m), k0)
	default:
		panic("carry/bigmod: internal error: no IFMA kernel for this size")
	}
}

// selectIFMA sets z to entry k of table, whose entries are len(z) words
// (24, 32, 40, 64 or 80) and whose entry count is even, by a scan that
// reads every entry (see selectIFMA24): its memory accesses and time do not
// depend on k.
func selectIFMA(z, table []uint64, k uint64) {
	switch len(z) {
	case 24:
		selectIFMA24((*[24]uint64)(z), table, k)
	case 32:
		selectIFMA32((*[32]uint64)(z), table, k)
	case 40:
		selectIFMA40((*[40]uint64)(z), table, k)
	case 64:
		selectIFMA64((*[64]uint64)(z), table, k)
	case 80:
		selectIFMA80((*[80]uint64)(z), table, k)
	default:
		panic("carry/bigmod: internal error: no IFMA table scan for this size")
	}
}

// expIFMA is Exp with a window of w bits, 1 ≤ w ≤ maxWindowBits, on the
// IFMA kernels, for m.r52 != nil. Its time depends on len(e) and m's size
// only.
//
// The values are radix-2^52 and in the Montgomery domain of R' = D^d,
// below 2m throughout but not reduced (see ammIFMA20); the table is read by
// selectIFMA, which touches every entry. The result leaves the domain by a
// multiplication by 1, which gives a value of at most m, and one masked
// subtraction reduces it.
func (z *Nat) expIFMA(x *Nat, e []byte, m *Modulus, w int) *Nat {
	checkSize(m, x)
	r := m.r52
	P := r.words
	entries := 1 << w
	var buf [(1<<maxWindowBits+3)*maxDigitWords + 7]uint64
	mem := aligned64(buf[:], (entries+3)*P)
	table := mem[:entries*P]
	acc := mem[entries*P : (entries+1)*P]
	sel := mem[(entries+1)*P : (entries+2)*P]
	one := mem[(entries+2)*P : (entries+3)*P]
	entry := func(i int) []uint64 { return table[i*P : (i+1)*P] }

	// x < 2^(64n) ≤ R' and R'² mod m < m: x·R'² /R' + m < 2m.
	limbsToDigits(acc, x.limbs)
	one[0] = 1
	amm(entry(0), r.rr, one, r)
	amm(entry(1), acc, r.rr, r)
	for i := 2; i < entries; i++ {
		if i%2 == 0 {
			amm(entry(i), entry(i/2), entry(i/2), r)
		} else {
			amm(entry(i), entry(i-1), entry(1), r)
		}
	}

	copy(acc, entry(0))
	if len(e) > 0 {
		windows := (8*len(e) + w - 1) / w
		selectIFMA(acc, table, windowBits(e, (windows-1)*w, w))
		for k := windows - 2; k >= 0; k-- {
			for range w {
				amm(acc, acc, acc, r)
			}
			selectIFMA(sel, table, windowBits(e, k*w, w))
			amm(acc, acc, sel, r)
		}
	}

	// acc < 2m: acc·1/R' + m < m + 1.
	amm(acc, acc, one, r)
	n := len(m.limbs)
	z.grow(n)
	digitsToLimbs(z.limbs, acc, r.d)
	subIfGeq(z.limbs, m.limbs, 0)
	return z
}

// expShortIFMAVarTime is ExpShortVarTime on the IFMA kernels, for
// m.r52 != nil: variable time in e, which must be public, and in nothing
// else.
func (z *Nat) expShortIFMAVarTime(x *Nat, e uint, m *Modulus) *Nat {
	checkSize(m, x)
	r := m.r52
	P := r.words
	var buf [3*maxDigitWords + 7]uint64
	mem := aligned64(buf[:], 3*P)
	xR, acc, one := mem[:P], mem[P:2*P], mem[2*P:3*P]
	limbsToDigits(acc, x.limbs)
	amm(xR, acc, r.rr, r)
	one[0] = 1
	if e == 0 {
		amm(acc, r.rr, one, r)
	} else {
		copy(acc, xR) // the top one bit of e
	}
	for i := bitLenUint(e) - 2; i >= 0; i-- {
		amm(acc, acc, acc, r)
		if e>>i&1 == 1 {
			amm(acc, acc, xR, r)
		}
	}
	amm(acc, acc, one, r)
	z.grow(len(m.limbs))
	digitsToLimbs(z.limbs, acc, r.d)
	subIfGeq(z.limbs, m.limbs, 0)
	return z
}

// expPairIFMA sets z1 = x1^e1 mod m1 and z2 = x2^e2 mod m2 with the x2
// kernels, which run both exponentiations in one pass. m1 and m2 must have
// the same limb count, with x2 kernels (ifmaPairs), and e1 and e2 the same
// length.
// Its time depends on those sizes only.
func expPairIFMA(z1, x1 *Nat, e1 []byte, m1 *Modulus, z2, x2 *Nat, e2 []byte, m2 *Modulus, w int) {
	checkSize(m1, x1)
	checkSize(m2, x2)
	r1, r2 := m1.r52, m2.r52
	P := r1.words
	entries := 1 << w
	var buf [(2<<maxWindowBits+12)*maxPairWords + 7]uint64
	mem := aligned64(buf[:], (2*entries+12)*P)
	take := func(words int) []uint64 {
		s := mem[:words:words]
		mem = mem[words:]
		return s
	}
	t1, t2 := take(entries*P), take(entries*P)
	acc, sel, one, rr, mm, tmp := take(2*P), take(2*P), take(2*P), take(2*P), take(2*P), take(2*P)
	k0 := [2]uint64{r1.k0, r2.k0}
	copy(mm, r1.m)
	copy(mm[P:], r2.m)
	copy(rr, r1.rr)
	copy(rr[P:], r2.rr)
	one[0], one[P] = 1, 1
	// put stores entry i of both tables from tmp.
	put := func(i int) {
		copy(t1[i*P:(i+1)*P], tmp[:P])
		copy(t2[i*P:(i+1)*P], tmp[P:])
	}
	get := func(dst []uint64, i int) {
		copy(dst[:P], t1[i*P:(i+1)*P])
		copy(dst[P:], t2[i*P:(i+1)*P])
	}

	amm2(tmp, rr, one, mm, &k0, P)
	put(0)
	limbsToDigits(acc[:P], x1.limbs)
	limbsToDigits(acc[P:], x2.limbs)
	amm2(tmp, acc, rr, mm, &k0, P)
	put(1)
	copy(sel, tmp) // x in the domain, both halves
	for i := 2; i < entries; i++ {
		if i%2 == 0 {
			get(acc, i/2)
			amm2(tmp, acc, acc, mm, &k0, P)
		} else {
			get(acc, i-1)
			amm2(tmp, acc, sel, mm, &k0, P)
		}
		put(i)
	}

	get(acc, 0)
	if len(e1) > 0 {
		windows := (8*len(e1) + w - 1) / w
		lo := (windows - 1) * w
		selectIFMA(acc[:P], t1, windowBits(e1, lo, w))
		selectIFMA(acc[P:], t2, windowBits(e2, lo, w))
		for k := windows - 2; k >= 0; k-- {
			for range w {
				amm2(acc, acc, acc, mm, &k0, P)
			}
			selectIFMA(sel[:P], t1, windowBits(e1, k*w, w))
			selectIFMA(sel[P:], t2, windowBits(e2, k*w, w))
			amm2(acc, acc, sel, mm, &k0, P)
		}
	}

	amm2(acc, acc, one, mm, &k0, P)
	n := len(m1.limbs)
	z1.grow(n)
	digitsToLimbs(z1.limbs, acc[:P], r1.d)
	subIfGeq(z1.limbs, m1.limbs, 0)
	z2.grow(n)
	digitsToLimbs(z2.limbs, acc[P:], r2.d)
	subIfGeq(z2.limbs, m2.limbs, 0)
}
