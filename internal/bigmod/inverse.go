package bigmod

import "math/bits"

// InverseVarTime sets z = a⁻¹ mod m and returns z and true if a is
// invertible modulo m (gcd(a, m) = 1); otherwise it returns z unchanged and
// false. a must have m's limb count and be reduced modulo m. z is given m's
// limb count if a is invertible, and may alias a.
//
// It is variable time in both a and m, and so returns a bool: use it only
// where both are public, or where their leaking does not matter.
//
// It is the binary extended Euclidean algorithm (Menezes, van Oorschot and
// Vanstone, Handbook of Applied Cryptography, algorithm 14.61) for an odd m,
// on u, v with x1·a ≡ u and x2·a ≡ v (mod m): the even one of u, v is halved
// with its coefficient (halved modulo m), then the smaller is subtracted
// from the larger, until one of them is 1 (a is invertible) or 0 (it is
// not).
func (z *Nat) InverseVarTime(a *Nat, m *Modulus) (*Nat, bool) {
	checkSize(m, a)
	n := len(m.limbs)
	u := &Nat{append([]uint64(nil), a.limbs...)}
	v := m.Nat()
	x1 := &Nat{make([]uint64, n)}
	x1.limbs[0] = 1
	x2 := &Nat{make([]uint64, n)}

	for {
		if isZeroVarTime(u.limbs) || isZeroVarTime(v.limbs) {
			return z, false
		}
		for u.limbs[0]&1 == 0 {
			shr1(u.limbs, 0)
			halveMod(x1.limbs, m.limbs)
		}
		for v.limbs[0]&1 == 0 {
			shr1(v.limbs, 0)
			halveMod(x2.limbs, m.limbs)
		}
		if isOneVarTime(u.limbs) {
			z.set(x1)
			return z, true
		}
		if isOneVarTime(v.limbs) {
			z.set(x2)
			return z, true
		}
		// Both odd and above 1: subtract the smaller from the larger, which
		// leaves an even difference (or zero, when gcd(a, m) = u = v > 1).
		if geqVarTime(u.limbs, v.limbs) {
			subVec(u.limbs, v.limbs)
			x1.Sub(x1, x2, m)
		} else {
			subVec(v.limbs, u.limbs)
			x2.Sub(x2, x1, m)
		}
	}
}

// halveMod sets x = x/2 mod m, for x < m and m odd: x/2 if x is even,
// (x + m)/2 if it is odd.
func halveMod(x, m []uint64) {
	mask := -(x[0] & 1)
	var c uint64
	for i := range x {
		x[i], c = bits.Add64(x[i], m[i]&mask, c)
	}
	shr1(x, c)
}

// shr1 sets x = (x + top·2^(64·len(x))) / 2, for top 0 or 1.
func shr1(x []uint64, top uint64) {
	for i := range x {
		next := top
		if i+1 < len(x) {
			next = x[i+1]
		}
		x[i] = x[i]>>1 | next<<63
	}
}

// subVec sets x = x - y, for x ≥ y of the same length.
func subVec(x, y []uint64) {
	var b uint64
	for i := range x {
		x[i], b = bits.Sub64(x[i], y[i], b)
	}
}

// geqVarTime reports whether x ≥ y, for slices of the same length.
func geqVarTime(x, y []uint64) bool {
	var b uint64
	for i := range x {
		_, b = bits.Sub64(x[i], y[i], b)
	}
	return b == 0
}

func isZeroVarTime(x []uint64) bool {
	for _, l := range x {
		if l != 0 {
			return false
		}
	}
	return true
}

func isOneVarTime(x []uint64) bool {
	return x[0] == 1 && isZeroVarTime(x[1:])
}
