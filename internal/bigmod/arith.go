package bigmod

import "math/bits"

// checkSize panics unless every Nat has m's limb count.
func checkSize(m *Modulus, xs ...*Nat) {
	for _, x := range xs {
		if len(x.limbs) != len(m.limbs) {
			panic("carry/bigmod: internal error: Nat and Modulus of different sizes")
		}
	}
}

// Add sets z = x + y mod m, and returns z. x and y must have m's limb count
// and be reduced modulo m; z is given m's limb count. Any of z, x and y may
// alias.
func (z *Nat) Add(x, y *Nat, m *Modulus) *Nat {
	checkSize(m, x, y)
	n := len(m.limbs)
	xl, yl := x.limbs[:n], y.limbs[:n]
	z.grow(n)
	zl := z.limbs[:n]
	var c uint64
	for i := range zl {
		zl[i], c = bits.Add64(xl[i], yl[i], c)
	}
	// x + y < 2m: subtract m once if the sum overflowed or is m or more.
	subIfGeq(zl, m.limbs, c)
	return z
}

// Sub sets z = x - y mod m, and returns z. x and y must have m's limb count
// and be reduced modulo m; z is given m's limb count. Any of z, x and y may
// alias.
func (z *Nat) Sub(x, y *Nat, m *Modulus) *Nat {
	checkSize(m, x, y)
	n := len(m.limbs)
	xl, yl := x.limbs[:n], y.limbs[:n]
	z.grow(n)
	zl := z.limbs[:n]
	var b uint64
	for i := range zl {
		zl[i], b = bits.Sub64(xl[i], yl[i], b)
	}
	// -m < x - y < m: add m back if the difference borrowed.
	mask := choice(b).mask()
	var c uint64
	for i, mi := range m.limbs[:n] {
		zl[i], c = bits.Add64(zl[i], mi&mask, c)
	}
	return z
}

// grow gives x n limbs, for a result about to be written in full: the
// values they hold on return are unspecified. Every caller writes all n
// limbs (Add, Sub and Mod directly; montMul and digitsToLimbs clear their
// output first).
func (x *Nat) grow(n int) {
	if cap(x.limbs) < n {
		x.limbs = make([]uint64, n)
		return
	}
	x.limbs = x.limbs[:n]
}

// Mul sets z = x·y mod m, and returns z. x and y must have m's limb count
// and be reduced modulo m; z is given m's limb count. Any of z, x and y may
// alias.
//
// It costs two Montgomery multiplications: x·y·R⁻¹, then by R² mod m.
func (z *Nat) Mul(x, y *Nat, m *Modulus) *Nat {
	checkSize(m, x, y)
	n := len(m.limbs)
	var buf [stackLimbs]uint64
	t := scratch(buf[:], n)
	montMul(t, x.limbs, y.limbs, m.limbs, m.m0inv)
	z.grow(n)
	montMul(z.limbs, t, m.rr, m.limbs, m.m0inv)
	return z
}

// scratch returns n words of buf, or newly allocated ones if buf is too
// short.
func scratch(buf []uint64, n int) []uint64 {
	if n <= len(buf) {
		return buf[:n]
	}
	return make([]uint64, n)
}

// Mod sets z = x mod m, and returns z. x may have any limb count, more or
// fewer than m's; z is given m's limb count. z may alias x.
//
// x is read from the top in blocks of n limbs, n m's limb count (the top
// block zero-extended): with acc the value of the blocks read so far, reduced,
// each block X gives acc ← (acc·R + X) mod m as a Montgomery reduction of the
// 2n-word acc·R + X, which is below m·R, to (acc·R + X)·R⁻¹ mod m, then a
// Montgomery multiplication by R² mod m. A 2n-limb x, the CRT case, costs two
// reductions and two multiplications.
func (z *Nat) Mod(x *Nat, m *Modulus) *Nat {
	n := len(m.limbs)
	var accBuf [stackLimbs]uint64
	var tBuf [2 * stackLimbs]uint64
	acc := scratch(accBuf[:], n) // zero, as declared or made
	t := scratch(tBuf[:], 2*n)

	l := len(x.limbs)
	blocks := (l + n - 1) / n
	for b := blocks - 1; b >= 0; b-- {
		// t = acc·R + X_b, X_b the limbs [b·n, b·n + n) of x. Only the
		// first block read, the top one, can be short, and t is still
		// zero then.
		copy(t[:n], x.limbs[b*n:min(l, b*n+n)])
		copy(t[n:], acc)
		montRedc(acc, t, m.limbs, m.m0inv)
		copy(t[:n], acc)
		montMul(acc, t[:n], m.rr, m.limbs, m.m0inv)
	}
	z.grow(n)
	copy(z.limbs, acc)
	return z
}
