package edwards25519

// This file holds the variable-time multi-scalar multiplication Σ s_i·P_i
// of batch verification: Straus's interleaving of width-5 NAFs for few
// terms (one shared chain of doublings, each point's own table of odd
// multiples; Möller, "Algorithms for multi-exponentiation", SAC 2001), and
// Pippenger's bucket method for many ("On the evaluation of powers and
// related problems", FOCS 1976; in the form of Bernstein, Doumen, Lange,
// Oosterwijk, "Faster batch forgery identification", INDOCRYPT 2012,
// Section 4). Every function here may leak its scalars and points through
// timing and memory accesses: they must be public.

// pippengerThreshold is the number of terms from which VarTimeMultiScalarMult
// uses Pippenger's method rather than Straus's: the crossover of
// BenchmarkMSMCrossover on the terms of batch verification (half of the
// scalars 128 bits long).
const pippengerThreshold = 96

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i], and returns v. It
// panics if the two slices differ in length; for none, v is the identity.
// v may alias any of the points.
//
// It runs in variable time: the scalars and the points must be public, as
// they are in batch verification.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	if len(scalars) != len(points) {
		panic("carry/edwards25519: VarTimeMultiScalarMult with different numbers of scalars and points")
	}
	if len(points) >= pippengerThreshold {
		return v.pippengerVarTime(scalars, points, pippengerWindow(len(points)))
	}
	return v.straussVarTime(scalars, points)
}

// straussVarTime sets v = Σ scalars[i]·points[i] by interleaved width-5
// NAFs, and returns v.
func (v *Point) straussVarTime(scalars []*Scalar, points []*Point) *Point {
	n := len(points)
	tables := make([]oddTable, n)
	nafs := make([][256]int8, n)
	top := -1
	for i := range n {
		tables[i].fill(points[i])
		var w [4]uint64
		scalars[i].words(&w)
		nafVarTime(&nafs[i], &w, 5)
		for j := 255; j > top; j-- {
			if nafs[i][j] != 0 {
				top = j
				break
			}
		}
	}

	// As in VarTimeDoubleScalarBaseMult, r is kept in completed form.
	var r completed
	r.identity()
	for j := top; j >= 0; j-- {
		r.doubleStep()
		for i := range nafs {
			if e := nafs[i][j]; e != 0 {
				r.addDigitVarTime(&tables[i], e)
			}
		}
	}
	return v.fromCompleted(&r)
}

// pippengerWindow returns the window width c for n terms, the fastest in
// BenchmarkMSMCrossover up to 1024 terms (c and c + 1 are within a few
// percent of each other at the boundaries); beyond 1024 terms, one more
// bit each time n quadruples, as the n additions per window start to
// outweigh the 2^c of the bucket sums.
func pippengerWindow(n int) uint {
	switch {
	case n < 160:
		return 5
	case n < 320:
		return 6
	case n < 500:
		return 7
	case n < 2000:
		return 8
	case n < 8000:
		return 9
	default:
		return 10
	}
}

// signedRadixVarTime sets digits to the signed radix-2^c digits of the
// integer x (below 2^253): x = Σ digits[k]·2^(c·k), each digit in
// [−2^(c−1) + 1, 2^(c−1)]. len(digits) must be at least 253/c + 2, and c
// in [2, 16].
func signedRadixVarTime(digits []int32, x *[4]uint64, c uint) {
	half := uint64(1) << (c - 1)
	mask := uint64(1)<<c - 1
	carry := uint64(0)
	for k := range digits {
		pos := uint(k) * c
		var u uint64
		if idx, off := pos/64, pos%64; idx < 4 {
			u = x[idx] >> off
			if off+c > 64 && idx < 3 {
				u += x[idx+1] << (64 - off)
			}
		}
		u = u&mask + carry // in [0, 2^c]
		if u > half {
			digits[k] = int32(int64(u) - int64(mask+1))
			carry = 1
		} else {
			digits[k] = int32(u)
			carry = 0
		}
	}
}

// pippengerVarTime sets v = Σ scalars[i]·points[i] by Pippenger's method
// with windows of c bits, and returns v.
//
// Each scalar is written in signed digits of c bits; for each window from
// the top, the accumulator is multiplied by 2^c, each point is added to (or
// subtracted from) the bucket of its digit's magnitude, and the buckets are
// summed with weights 1 to 2^(c−1) by two running sums. A window costs n
// additions plus 2^c, and there are about 253/c windows.
func (v *Point) pippengerVarTime(scalars []*Scalar, points []*Point, c uint) *Point {
	n := len(points)
	nd := 253/int(c) + 2
	digits := make([]int32, n*nd)
	for i := range n {
		var w [4]uint64
		scalars[i].words(&w)
		signedRadixVarTime(digits[i*nd:(i+1)*nd], &w, c)
	}
	// The points in affine niels form, with one inversion for all: each
	// bucket addition then costs 7 multiplications rather than 8.
	ext := make([]Point, n)
	for i := range n {
		ext[i].Set(points[i])
	}
	pts := make([]niels, n)
	nielsBatchVarTime(pts, ext)

	nb := 1 << (c - 1)
	buckets := make([]completed, nb)
	used := make([]bool, nb)

	// Every sum is kept in completed form (the steps of add.go).
	var acc, running, total completed
	var rc cached
	acc.identity()
	for k := nd - 1; k >= 0; k-- {
		// acc = 2^c·acc.
		if k != nd-1 {
			for range c {
				acc.doubleStep()
			}
		}

		clear(used)
		for i := range n {
			e := digits[i*nd+k]
			switch {
			case e > 0:
				b := &buckets[e-1]
				if used[e-1] {
					b.addNielsStep(&pts[i])
				} else {
					b.fromPoint(&ext[i])
					used[e-1] = true
				}
			case e < 0:
				b := &buckets[-e-1]
				if used[-e-1] {
					b.subNielsStep(&pts[i])
				} else {
					b.fromPoint(&ext[i])
					b.X.Negate(&b.X)
					used[-e-1] = true
				}
			}
		}

		// Σ (j+1)·buckets[j] = Σ_j Σ_{m ≥ j} buckets[m]: running is the
		// sum of the buckets from the top down to j, and total the sum of
		// the running sums.
		started := false
		for j := nb - 1; j >= 0; j-- {
			if used[j] {
				if started {
					running.addCachedStep(rc.fromCompleted(&buckets[j]))
				} else {
					running = buckets[j]
					total.identity()
					started = true
				}
			}
			if started {
				total.addCachedStep(rc.fromCompleted(&running))
			}
		}
		if started {
			acc.addCachedStep(rc.fromCompleted(&total))
		}
	}
	return v.fromCompleted(&acc)
}
