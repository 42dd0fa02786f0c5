// Package nistec implements the groups of the NIST curves P-256, P-384 and
// P-521 (FIPS 186-5, SP 800-186) in constant time, on 64-bit words in pure
// Go: the fields modulo p and modulo the group order n, and the points, with
// the complete formulas of Renes, Costello and Batina.
//
// The field, scalar, point and table files of each curve are generated from
// one template by the program in _gen.
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
