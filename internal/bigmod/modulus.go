package bigmod

import (
	"errors"
	"math/bits"
)

// Modulus is an odd modulus m > 1 with the constants of its Montgomery
// domain, R = 2^(64n) for its limb count n.
//
// A Modulus leaks its bit length (and so its limb count), which are public
// for every use in RSA; its value it does not. It is immutable once made, and
// safe to share between goroutines. The zero value is not usable; make one
// with [NewModulus].
type Modulus struct {
	limbs  []uint64 // m, little-endian, n limbs, the top one nonzero
	bitLen int      // the bit length of m
	m0inv  uint64   // -m⁻¹ mod 2^64
	one    []uint64 // R mod m: 1 in the Montgomery domain
	rr     []uint64 // R² mod m: multiplying by it enters the domain
	r52    *radix52 // the constants of the IFMA kernels, nil if none fits m
}

// NewModulus returns the modulus whose big-endian encoding is b, which may
// have leading zero bytes. It returns an error if the modulus is even, is 0
// or 1, or has fewer than MinModulusBits or more than MaxModulusBits bits.
//
// Its time depends on len(b), the number of leading zero bits of b and the
// bit length of the modulus, not on its other bits.
func NewModulus(b []byte) (*Modulus, error) {
	return newModulus(b, MinModulusBits)
}

// newModulus is NewModulus with a lower bound of minBits bits, so that tests
// can make moduli of one or two limbs.
func newModulus(b []byte, minBits int) (*Modulus, error) {
	// Skip the leading zero bytes; their count is public (it is len(b) less
	// the modulus's size).
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	bitLen := 0
	if len(b) > 0 {
		bitLen = 8*(len(b)-1) + bitLenVarTime(b[0])
	}
	if bitLen > MaxModulusBits {
		return nil, errTooLarge // before allocating for it
	}
	limbs := make([]uint64, (bitLen+63)/64)
	for i := range limbs {
		limbs[i] = limbFromBytes(b, i)
	}
	return newModulusFromLimbs(limbs, bitLen, minBits)
}

var errTooLarge = errors.New("carry/bigmod: modulus too large")

// newModulusFromLimbs returns the modulus whose little-endian limbs are
// limbs (kept, not copied; the top one nonzero) and bit length bitLen, after
// the checks of NewModulus with a lower bound of minBits bits.
func newModulusFromLimbs(limbs []uint64, bitLen, minBits int) (*Modulus, error) {
	switch {
	case bitLen <= 1:
		return nil, errors.New("carry/bigmod: modulus must be greater than one")
	case bitLen > MaxModulusBits:
		return nil, errTooLarge
	case bitLen < minBits:
		return nil, errors.New("carry/bigmod: modulus too small")
	case limbs[0]&1 == 0:
		return nil, errors.New("carry/bigmod: modulus must be odd")
	}
	m := &Modulus{limbs: limbs, bitLen: bitLen}
	m.m0inv = minusInverseModW(m.limbs[0])
	m.one, m.rr = montgomeryConstants(m)
	m.r52 = newRadix52(m)
	return m, nil
}

// NewModulusProduct returns the modulus a·b, for a and b big-endian (an RSA
// modulus from its two primes), with the checks of NewModulus.
//
// Its time depends on the lengths of a and b less their leading zero bytes,
// and on the bit length of the product, not on their values.
func NewModulusProduct(a, b []byte) (*Modulus, error) {
	x, y := limbsFromBytes(a), limbsFromBytes(b)
	if len(x) == 0 || len(y) == 0 {
		return nil, errors.New("carry/bigmod: modulus must be greater than one")
	}
	// The product has at least 64(len(x)-1) + 64(len(y)-1) + 1 bits.
	if 64*(len(x)+len(y)-2)+1 > MaxModulusBits {
		return nil, errTooLarge // before allocating for it
	}
	// Schoolbook, a row per limb of y.
	p := make([]uint64, len(x)+len(y))
	for i, yi := range y {
		p[i+len(x)] = addMulWordVec(p[i:i+len(x)], x, yi)
	}
	// x and y have nonzero top limbs, so the product has len(x)+len(y)
	// limbs or one fewer, which is public.
	if p[len(p)-1] == 0 {
		p = p[:len(p)-1]
	}
	bitLen := 64*(len(p)-1) + bitLenVarTime64(p[len(p)-1])
	return newModulusFromLimbs(p, bitLen, MinModulusBits)
}

// limbsFromBytes returns the big-endian b as little-endian limbs, without
// leading zero limbs.
func limbsFromBytes(b []byte) []uint64 {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	limbs := make([]uint64, (len(b)+7)/8)
	for i := range limbs {
		limbs[i] = limbFromBytes(b, i)
	}
	return limbs
}

// bitLenVarTime returns the bit length of x, in time that depends on that
// length only (bits.Len may read a table indexed by x).
func bitLenVarTime(x byte) int { return bitLenVarTime64(uint64(x)) }

// bitLenVarTime64 is bitLenVarTime for a word.
func bitLenVarTime64(x uint64) int {
	n := 0
	for ; x != 0; x >>= 1 {
		n++
	}
	return n
}

// minusInverseModW returns -x⁻¹ mod 2^64 for an odd x.
//
// It lifts the inverse by Newton's iteration y ← y·(2 - x·y), which doubles
// the number of correct low bits: x·x ≡ 1 mod 8 for every odd x, so y = x is
// correct to 3 bits, and five steps give 96 ≥ 64.
func minusInverseModW(x uint64) uint64 {
	y := x
	for range 5 {
		y *= 2 - x*y
	}
	return -y
}

// montgomeryConstants returns R mod m and R² mod m, for R = 2^(64n).
//
// It starts from 2^(b-1) for the bit length b of m, which is below m, and
// doubles modulo m (a shift and a conditional subtraction, about 3n word
// operations) until it has R mod m, after 64n - b + 1 doublings; then n more
// give 2^n·R mod m, the Montgomery form of 2^n. Six Montgomery squarings take
// the Montgomery form of 2^e to that of 2^(2e), so they reach that of
// 2^(64n) = R, which is R·R mod m.
//
// That is six squarings and between n+1 and n+64 doublings, whatever n is,
// against log₂(64n), 9 to 13, squarings for a ladder from R mod m: n
// doublings cost about a third of one squaring.
func montgomeryConstants(m *Modulus) (one, rr []uint64) {
	n := len(m.limbs)
	x := make([]uint64, n)
	x[(m.bitLen-1)/64] = 1 << ((m.bitLen - 1) % 64)
	for range 64*n - m.bitLen + 1 {
		modDouble(x, m.limbs)
	}
	one = make([]uint64, n)
	copy(one, x)
	for range n {
		modDouble(x, m.limbs)
	}
	rr = make([]uint64, n)
	for range 3 {
		montSqr(rr, x, m.limbs, m.m0inv)
		montSqr(x, rr, m.limbs, m.m0inv)
	}
	copy(rr, x)
	return one, rr
}

// modDouble sets x = 2x mod m, for x < m.
func modDouble(x, m []uint64) {
	var c uint64
	for i := range x {
		x[i], c = bits.Add64(x[i], x[i], c)
	}
	// 2x < 2m: one subtraction, taken if 2x overflowed or is m or more.
	subIfGeq(x, m, c)
}

// BitLen returns the bit length of m.
func (m *Modulus) BitLen() int { return m.bitLen }

// Size returns the length of m in bytes, ⌈BitLen/8⌉.
func (m *Modulus) Size() int { return (m.bitLen + 7) / 8 }

// Nat returns a new Nat holding m's value, with m's limb count.
func (m *Modulus) Nat() *Nat {
	x := &Nat{make([]uint64, len(m.limbs))}
	copy(x.limbs, m.limbs)
	return x
}
