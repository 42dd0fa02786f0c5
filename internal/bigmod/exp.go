package bigmod

// expWindow returns the width of Exp's window for a modulus of n limbs, the
// fastest in BenchmarkExpWindow: four bits up to 1024 bits (16 limbs), the
// CRT half of RSA-2048, and five above. Wider windows save multiplications
// but cost more in the table scan (2^w·n words a window).
func expWindow(n int) int {
	if n <= 16 {
		return 4
	}
	return 5
}

// maxWindowBits is the widest window the exponentiations use (expWindow,
// ifmaWindow), which sizes their tables.
const maxWindowBits = 5

// Exp sets z = x^e mod m, and returns z. e is big-endian and may have any
// length, leading zeros included; x must have m's limb count (its value may
// be m or more). z is given m's limb count and may alias x.
//
// Its time depends on len(e) and m's limb count, not on the value of x, e or
// m. It is a fixed-window exponentiation in the Montgomery domain: per
// window of w bits of e (4 or 5, by m's size: see expWindow), w squarings, a
// read of the table of x^0 .. x^(2^w - 1) that touches every entry and keeps
// one by a mask, and one multiplication, whatever the window's bits are.
//
// Where the CPU has AVX-512 IFMA (useIFMA) and m has 1024, 1536, 2048, 3072
// or 4096 bits (see ifmaDigits) it works in radix 2^52 with the IFMA kernels
// instead (see expIFMA), with the same contract.
func (z *Nat) Exp(x *Nat, e []byte, m *Modulus) *Nat {
	if useIFMA && m.r52 != nil {
		return z.expIFMA(x, e, m, ifmaWindow)
	}
	return z.expWindow(x, e, m, expWindow(len(m.limbs)))
}

// ifmaWindow is the window width of the IFMA exponentiations, the fastest
// in BenchmarkExpIFMAWindow. The table scan costs 2^w entries per window,
// so it does not pay to go wider.
const ifmaWindow = 5

// ExpPair sets z1 = x1^e1 mod m1 and z2 = x2^e2 mod m2, each under Exp's
// contract: the two halves of an RSA private operation by the Chinese
// remainder theorem. z1 and z2 must not be the same Nat, and neither may
// alias the other's inputs.
//
// Where Exp would use the IFMA kernels for both, and m1 and m2 have the same
// limb count and e1 and e2 the same length, it runs the two
// exponentiations in one pass (expPairIFMA), their multiplications
// interleaved in one kernel; otherwise it is two Exps. Its time depends on
// len(e1), len(e2) and the limb counts only.
func ExpPair(z1, x1 *Nat, e1 []byte, m1 *Modulus, z2, x2 *Nat, e2 []byte, m2 *Modulus) {
	if useIFMA && m1.r52 != nil && m2.r52 != nil && len(m1.limbs) == len(m2.limbs) &&
		ifmaPairs(m1.r52.d) && len(e1) == len(e2) {
		expPairIFMA(z1, x1, e1, m1, z2, x2, e2, m2, ifmaWindow)
		return
	}
	z1.Exp(x1, e1, m1)
	z2.Exp(x2, e2, m2)
}

// expWindow is Exp with a window of w bits, 1 ≤ w ≤ maxWindowBits (it
// panics on another width).
func (z *Nat) expWindow(x *Nat, e []byte, m *Modulus, w int) *Nat {
	checkSize(m, x)
	n := len(m.limbs)
	entries := 1 << w
	var buf [(1<<maxWindowBits + 3) * stackLimbs]uint64
	mem := scratch(buf[:], (entries+3)*n)
	table := mem[:entries*n]
	acc := mem[entries*n : (entries+1)*n]
	tmp := mem[(entries+1)*n : (entries+2)*n]
	sel := mem[(entries+2)*n : (entries+3)*n]
	entry := func(i int) []uint64 { return table[i*n : (i+1)*n] }

	// table[i] = x^i·R mod m: the Montgomery form of x^i. Even powers are
	// squares, which are cheaper than multiplications.
	copy(entry(0), m.one)
	montMul(entry(1), x.limbs, m.rr, m.limbs, m.m0inv)
	for i := 2; i < entries; i++ {
		if i%2 == 0 {
			montSqr(entry(i), entry(i/2), m.limbs, m.m0inv)
		} else {
			montMul(entry(i), entry(i-1), entry(1), m.limbs, m.m0inv)
		}
	}

	// Windows of e from the top; the first holds the leftover bits (e has
	// none above them), so that the others are w wide, and needs no
	// squaring.
	copy(acc, m.one)
	if len(e) > 0 {
		windows := (8*len(e) + w - 1) / w
		ctSelect(acc, table, windowBits(e, (windows-1)*w, w))
		for k := windows - 2; k >= 0; k-- {
			for range w {
				montSqr(tmp, acc, m.limbs, m.m0inv)
				acc, tmp = tmp, acc
			}
			ctSelect(sel, table, windowBits(e, k*w, w))
			montMul(tmp, acc, sel, m.limbs, m.m0inv)
			acc, tmp = tmp, acc
		}
	}

	// Leave the domain: a Montgomery multiplication by 1.
	clear(tmp)
	tmp[0] = 1
	z.grow(n)
	montMul(z.limbs, acc, tmp, m.limbs, m.m0inv)
	return z
}

// windowBits returns the w bits of the big-endian e starting at bit lo
// (counted from the least significant), those above e's top as zeros, for
// lo < 8·len(e) and w ≤ 9: the bits straddle at most two bytes. The bytes
// it reads depend on len(e), lo and w only.
func windowBits(e []byte, lo, w int) uint64 {
	i := len(e) - 1 - lo/8 // the byte holding bit lo
	v := uint64(e[i])
	if i > 0 {
		v += uint64(e[i-1]) << 8
	}
	return v >> (lo % 8) & (1<<w - 1)
}

// ctSelect sets z to entry k of table, which holds len(table)/len(z) ≤
// 2^maxWindowBits entries of len(z) words each. It reads every word of every
// entry and keeps entry k's by a mask, so that neither its memory accesses
// nor its time depend on k.
//
// It runs down the table four words of z at a time, the four held in
// registers across the entries, rather than a pass per entry that keeps z
// in memory.
func ctSelect(z, table []uint64, k uint64) {
	n := len(z)
	entries := len(table) / n
	var maskBuf [1 << maxWindowBits]uint64
	masks := maskBuf[:entries]
	for i := range masks {
		masks[i] = ctEq(uint64(i), k).mask()
	}
	j := 0
	for ; j+4 <= n; j += 4 {
		var v0, v1, v2, v3 uint64
		for i, mask := range masks {
			w := table[i*n+j : i*n+j+4]
			v0 += w[0] & mask
			v1 += w[1] & mask
			v2 += w[2] & mask
			v3 += w[3] & mask
		}
		z[j], z[j+1], z[j+2], z[j+3] = v0, v1, v2, v3
	}
	for ; j < n; j++ {
		var v uint64
		for i, mask := range masks {
			v += table[i*n+j] & mask
		}
		z[j] = v
	}
}

// ExpShortVarTime sets z = x^e mod m, and returns z. x must have m's limb
// count (its value may be m or more); z is given m's limb count and may
// alias x.
//
// It is variable time in e, which must be public (an RSA public exponent,
// such as 65537): a left-to-right square-and-multiply that skips e's leading
// zeros and multiplies only at its one bits. Its time does not depend on the
// value of x or m.
//
// Like Exp, it runs on the IFMA kernels where the CPU and m's size allow.
func (z *Nat) ExpShortVarTime(x *Nat, e uint, m *Modulus) *Nat {
	if useIFMA && m.r52 != nil {
		return z.expShortIFMAVarTime(x, e, m)
	}
	checkSize(m, x)
	n := len(m.limbs)
	var buf [3 * stackLimbs]uint64
	mem := scratch(buf[:], 3*n)
	xR, acc, tmp := mem[:n], mem[n:2*n], mem[2*n:]

	montMul(xR, x.limbs, m.rr, m.limbs, m.m0inv)
	if e == 0 {
		copy(acc, m.one)
	} else {
		copy(acc, xR) // the top one bit of e
	}
	for i := bitLenUint(e) - 2; i >= 0; i-- {
		montSqr(tmp, acc, m.limbs, m.m0inv)
		acc, tmp = tmp, acc
		if e>>i&1 == 1 {
			montMul(tmp, acc, xR, m.limbs, m.m0inv)
			acc, tmp = tmp, acc
		}
	}

	clear(tmp)
	tmp[0] = 1
	z.grow(n)
	montMul(z.limbs, acc, tmp, m.limbs, m.m0inv)
	return z
}

// bitLenUint returns the bit length of the public e.
func bitLenUint(e uint) int {
	n := 0
	for ; e != 0; e >>= 1 {
		n++
	}
	return n
}
