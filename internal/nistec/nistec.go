// Package nistec implements the groups of the NIST curves P-256, P-384 and
// P-521 (FIPS 186-5, SP 800-186) in constant time, on 64-bit words in pure
// Go: the fields modulo p and modulo the group order n, and the points, with
// the complete formulas of Renes, Costello and Batina.
//
// The field, scalar, point, table and variable-time files of each curve are
// generated from one template by the program in _gen, which also writes
// every field multiplication out word by word with the prime's words as
// constants. The choices, each measured (thread CPU time on the development
// machine, amd64):
//
//   - P-256 and P-384 in the Montgomery domain: the product, then the
//     reduction (the fused CIOS form was 10% slower at 4 words, and product
//     scanning slower still); P-256's -p⁻¹ mod 2^64 is 1 and its low word all
//     ones, so the first column of each reduction row needs no multiplication,
//     and every all-ones word of p or n none either. Squarings compute each
//     cross product once. Field multiplication: 24 ns (P-256), 60 ns (P-384),
//     against 88 ns for the standard library's fiat P-384.
//   - P-521 held as itself: 2^521 - 1 reduces the 18-word product by one
//     shift and add (70 to 80 ns a multiplication, 50 ns a squaring), where
//     a 9-word Montgomery multiplication took 130 ns and fiat's 150 to 190.
//   - Inversion by Pornin's constant-time binary GCD (bingcd.go) for the
//     scalars and the P-384 and P-521 fields: 2 to 5 times faster than
//     Fermat's exponentiation (P-521 scalars: 13 to 20 µs against 70 to 80);
//     P-256's field keeps an addition chain (255S + 12M), as fast. Square
//     roots by a sliding window of 5 bits.
//   - ScalarMult: signed 5-bit digits, each digit's multiple read by a masked
//     scan of 16 projective points and added with the complete formulas; the
//     doublings in Jacobian coordinates (3M + 5S, exception-free on these
//     odd-order curves), 25 to 30% faster than complete doublings.
//   - ScalarBaseMult: one mixed complete addition per digit from a committed
//     table of affine multiples j·2^(5i)·G, no doubling.
//   - VarTimeDoubleScalarBaseMult: Jacobian coordinates, exceptions branched
//     on, the base point's part from the same table.
package nistec

//go:generate sh -c "cd _gen && go run . -out .."

// isZeroWord returns 1 if w == 0, and 0 otherwise. Constant time.
func isZeroWord(w uint64) int {
	// w | -w has its top bit set iff w != 0.
	return int(1 ^ (w|-w)>>63)
}

// eqWord returns 1 if a == b, and 0 otherwise. Constant time.
func eqWord(a, b uint32) int {
	return isZeroWord(uint64(a ^ b))
}

// signedDigits recodes the big-endian scalar s into signed 5-bit digits
// d[i] in [-15, 16], least significant first, with s = Σ d[i]·2^(5i).
// len(d) must cover one bit more than s. Constant time: the positions read
// depend only on the lengths.
func signedDigits(d []int32, s []byte) {
	var carry uint32
	for i := range d {
		pos := 5 * i
		// Bits pos to pos+4 of s, counted from the least significant.
		var w uint32
		if k := pos / 8; k < len(s) {
			w = uint32(s[len(s)-1-k])
		}
		if k := pos/8 + 1; k < len(s) {
			w |= uint32(s[len(s)-1-k]) << 8
		}
		v := (w>>(pos%8))&31 + carry // 0 to 32
		// Digits above 16 become v - 32, carrying one into the next window.
		carry = (v + 15) >> 5
		d[i] = int32(v) - int32(carry<<5)
	}
}

// digitAbs returns |d| and 1 if d < 0, 0 otherwise. Constant time.
func digitAbs(d int32) (uint32, int) {
	neg := uint32(d) >> 31
	return (uint32(d) ^ -neg) + neg, int(neg)
}
