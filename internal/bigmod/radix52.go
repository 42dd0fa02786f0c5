package bigmod

// This file holds the radix-2^52 form of values that the AVX-512 IFMA
// kernels (ifma_amd64.go) work on: d digits of 52 bits, D = 2^52, each in a
// 64-bit word, padded with zero words to a multiple of 8 (a zmm register).
// The conversions are portable, and always compiled and tested.
//
//	limbs  |        l[1]        |        l[0]        |   64 bits each
//	digits |  ...  | g[2] |   g[1]   |     g[0]      |   52 bits each
//
// Digit j is bits [52j, 52j+52) of the value; limb i is bits [64i, 64i+64).

// digitBits is the width of a radix-2^52 digit.
const digitBits = 52

// digitMask is D - 1.
const digitMask = 1<<digitBits - 1

// radix52 is the radix-2^52 form of a Modulus of n limbs, for n in
// ifmaLimbs: d = ⌈64n/52⌉ digits, so that R' = D^d ≥ 2^(64n+16) > 16m,
// which the almost-Montgomery multiplication needs (see ammIFMA20).
type radix52 struct {
	d, words int      // digits, and words with the padding
	m        []uint64 // m in digits
	rr       []uint64 // R'² mod m in digits: multiplying by it enters the domain
	k0       uint64   // -m⁻¹ mod D
}

// ifmaDigits returns the digit count of the IFMA kernels for a modulus of n
// limbs, or 0 if there are none for n: 1024, 1536 and 2048 bits, the CRT
// halves of RSA-2048, RSA-3072 and RSA-4096 (with x2 kernels, for ExpPair),
// and 3072 and 4096 bits, the RSA-3072 and RSA-4096 moduli (x1 only, for
// verification).
func ifmaDigits(n int) int {
	switch n {
	case 16:
		return 20
	case 24:
		return 30
	case 32:
		return 40
	case 48:
		return 60
	case 64:
		return 80
	}
	return 0
}

// ifmaPairs reports whether there are x2 kernels for d digits.
func ifmaPairs(d int) bool { return d <= 40 }

// newRadix52 returns m's radix-2^52 constants, or nil if the IFMA
// exponentiation is off (useIFMA: the CPU cannot run it) or none of its
// kernels takes m's limb count. It needs m.rr.
func newRadix52(m *Modulus) *radix52 {
	n := len(m.limbs)
	d := ifmaDigits(n)
	if d == 0 || !useIFMA {
		return nil
	}
	r := &radix52{d: d, words: (d + 7) / 8 * 8}
	r.m = make([]uint64, r.words)
	limbsToDigits(r.m, m.limbs)
	// R'² = 2^(104d) = R²·2^(104d - 128n): doublings of R² mod m.
	x := make([]uint64, n)
	copy(x, m.rr)
	for range 2*digitBits*d - 128*n {
		modDouble(x, m.limbs)
	}
	r.rr = make([]uint64, r.words)
	limbsToDigits(r.rr, x)
	r.k0 = m.m0inv & digitMask // -m⁻¹ mod 2^64, reduced mod 2^52
	return r
}

// limbsToDigits sets the digits g to the value of the limbs l; g must have
// room for every bit of l, and its words beyond are zeroed. Its time and
// memory accesses depend on len(g) and len(l) only.
func limbsToDigits(g, l []uint64) {
	for j := range g {
		lo := digitBits * j // the digit's lowest bit
		i, s := lo/64, uint(lo%64)
		var v uint64
		if i < len(l) {
			v = l[i] >> s
			// The digit straddles two limbs if it starts above bit 12.
			if s > 64-digitBits && i+1 < len(l) {
				v += l[i+1] << (64 - s)
			}
		}
		g[j] = v & digitMask
	}
}

// digitsToLimbs sets the limbs l to the value of the first d digits of g
// (each below D), which must fit in len(l) limbs. Its time and memory
// accesses depend on d and len(l) only.
func digitsToLimbs(l, g []uint64, d int) {
	clear(l)
	for j := range d {
		lo := digitBits * j
		i, s := lo/64, uint(lo%64)
		if i < len(l) {
			l[i] += g[j] << s
		}
		if s > 64-digitBits && i+1 < len(l) {
			l[i+1] += g[j] >> (64 - s)
		}
	}
}
