package edwards25519

// This file holds the constant-time multiplications by a Scalar: of the
// basepoint, through the fixed-base table of basemult.go, and of any point,
// with a table of its first eight multiples built on the fly.

// ScalarBaseMultScalar sets v = x·B, where B is the Ed25519 basepoint, and
// returns v. It runs in constant time.
func (v *Point) ScalarBaseMultScalar(x *Scalar) *Point {
	// x < l < 2^253, within ScalarBaseMult's range.
	var k [32]byte
	x.FillBytes(&k)
	return v.ScalarBaseMult(&k)
}

// ScalarMult sets v = x·q, and returns v. v may alias q.
//
// ScalarMult runs in constant time: x is written in 64 signed radix-16
// digits in [−8, 8] (as in basemult.go), and each multiple e·q is read from
// a table of 1·q to 8·q by a masked scan of all eight entries and a masked
// negation, so that x chooses neither a branch nor a memory index. It costs
// 252 doublings and 64 additions, plus 7 additions for the table.
func (v *Point) ScalarMult(x *Scalar, q *Point) *Point {
	var tbl cachedTable
	tbl.fill(q)

	var k [32]byte
	x.FillBytes(&k)
	var e [64]int8
	signedRadix16(&e, &k) // x < 2^253: every digit in [−8, 8)

	// Horner's rule from the top digit: acc = 16·acc + e_i·q.
	var c cached
	var p projective
	var r completed
	v.Identity()
	c.selectFrom(&tbl, e[63])
	r.addCached(v, &c)
	for i := 62; i >= 0; i-- {
		p.fromCompleted(&r)
		p.fromCompleted(r.double(&p))
		p.fromCompleted(r.double(&p))
		p.fromCompleted(r.double(&p))
		v.fromCompleted(r.double(&p))
		c.selectFrom(&tbl, e[i])
		r.addCached(v, &c)
	}
	return v.fromCompleted(&r)
}

// cachedTable holds 1·q to 8·q in cached form, entry j−1 for j·q.
type cachedTable [8]cached

// fill sets tbl[j−1] = j·q for j = 1 to 8.
func (tbl *cachedTable) fill(q *Point) {
	// q is read once, so v may alias it in the callers.
	var acc Point
	var r completed
	acc.Set(q)
	tbl[0].fromPoint(&acc)
	for j := 1; j < 8; j++ {
		acc.fromCompleted(r.addCached(&acc, &tbl[0]))
		tbl[j].fromPoint(&acc)
	}
}

// selectFrom sets v = e·q for e in [−8, 8], where tbl[j−1] = j·q, and
// returns v. Every entry is read and chosen by a mask, and the sign applied
// by a mask: e chooses neither a branch nor an index.
func (v *cached) selectFrom(tbl *cachedTable, e int8) *cached {
	// s is all ones if e < 0; abs = |e| in [0, 8] and neg = 1 if e < 0.
	s := int64(e) >> 63
	abs := uint64((int64(e) ^ s) - s)
	neg := int(s & 1)

	// The identity (Y+X, Y−X, Z, 2d·T) = (1, 1, 1, 0), replaced by entry
	// j when abs = j: abs ^ j is in [0, 15], and subtracting 1 from it
	// wraps only when it is 0.
	v.YplusX.One()
	v.YminusX.One()
	v.Z.One()
	v.T2d.Zero()
	for j := uint64(1); j <= 8; j++ {
		eq := int(((abs ^ j) - 1) >> 63)
		v.Select(&tbl[j-1], v, eq)
	}
	return v.CondNegate(v, neg)
}

// MultByCofactor sets v = 8·p, and returns v. v may alias p.
func (v *Point) MultByCofactor(p *Point) *Point {
	var pp projective
	var r completed
	pp.fromPoint(p)
	pp.fromCompleted(r.double(&pp))
	pp.fromCompleted(r.double(&pp))
	return v.fromCompleted(r.double(&pp))
}
