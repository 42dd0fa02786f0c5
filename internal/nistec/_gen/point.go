package main

func pointFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	e.WriteString(c.fill("point", pointTemplate))
	return e.Bytes()
}

const pointTemplate = `
import "errors"

// {{.Lower}}ScalarLength is the length of the scalars of ScalarMult and
// ScalarBaseMult, in bytes.
const {{.Lower}}ScalarLength = {{.Bytes}}

// {{.Lower}}Digits is the number of signed 5-bit digits of such a scalar: one bit
// more than its length, so the recoding's last carry is zero.
const {{.Lower}}Digits = {{.Digits}}

// {{.Lower}}BaseSafeDigits is the number of low digits that ScalarBaseMult adds
// with addAffineDistinct: those i with 17·2^(5i) < n.
const {{.Lower}}BaseSafeDigits = {{.BaseSafeDigits}}

// {{.Lower}}BaseDigits is the number of signed {{.BaseWindow}}-bit digits of ScalarBaseMult's
// scalar, one bit more than its length: the rows of {{.Lower}}BaseTable.
const {{.Lower}}BaseDigits = {{.BaseDigits}}

// {{.Lower}}ScalarMultLow is the number of low digits that ScalarMult adds with
// the complete formulas, the digits above it with addDistinct.
const {{.Lower}}ScalarMultLow = {{.ScalarMultLow}}

// {{.Name}}Point is a point of the {{.Name}} curve y² = x³ - 3x + b in projective
// coordinates (X:Y:Z), x = X/Z and y = Y/Z; the identity is (0:1:0). The zero
// value is NOT valid: use New{{.Name}}Point. Arguments and receivers may alias.
//
// The group law is the complete formulas of Renes, Costello and Batina,
// "Complete addition formulas for prime order elliptic curves" (eprint
// 2015/1060), for a = -3: one sequence of field operations for every pair of
// inputs, the identity and equal or opposite points included.
type {{.Name}}Point struct {
	x, y, z {{.Lower}}Element
}

// New{{.Name}}Point returns a new point set to the identity.
func New{{.Name}}Point() *{{.Name}}Point {
	p := &{{.Name}}Point{}
	p.y.One()
	return p
}

// Set sets p = q, and returns p.
func (p *{{.Name}}Point) Set(q *{{.Name}}Point) *{{.Name}}Point {
	*p = *q
	return p
}

// SetBytes sets p to the point encoded in b, and returns p. b is the
// identity's encoding {0x00}, an uncompressed point 0x04 || X || Y, or a
// compressed one 0x02 or 0x03 || X (SEC 1, Version 2.0, Section 2.3.4), with
// coordinates below p and the point on the curve; otherwise SetBytes returns
// an error and leaves p unchanged. b is public: its time depends on b.
func (p *{{.Name}}Point) SetBytes(b []byte) (*{{.Name}}Point, error) {
	switch {
	case len(b) == 1 && b[0] == 0:
		return p.Set(New{{.Name}}Point()), nil

	case len(b) == 1+2*{{.Lower}}ElementLength && b[0] == 4:
		x, err := new({{.Lower}}Element).SetBytes(b[1 : 1+{{.Lower}}ElementLength])
		if err != nil {
			return nil, err
		}
		y, err := new({{.Lower}}Element).SetBytes(b[1+{{.Lower}}ElementLength:])
		if err != nil {
			return nil, err
		}
		if err := {{.Lower}}CheckOnCurve(x, y); err != nil {
			return nil, err
		}
		p.x.Set(x)
		p.y.Set(y)
		p.z.One()
		return p, nil

	case len(b) == 1+{{.Lower}}ElementLength && (b[0] == 2 || b[0] == 3):
		x, err := new({{.Lower}}Element).SetBytes(b[1:])
		if err != nil {
			return nil, err
		}
		// y² = x³ - 3x + b has a root iff the point exists; p ≡ 3 mod 4.
		y, ok := new({{.Lower}}Element).Sqrt({{.Lower}}Polynomial(new({{.Lower}}Element), x))
		if ok != 1 {
			return nil, errors.New("carry/nistec: invalid {{.Name}} compressed point encoding")
		}
		// Take the root whose parity is the tag's low bit.
		var yb [{{.Lower}}ElementLength]byte
		y.bytes(&yb)
		neg := new({{.Lower}}Element).Negate(y)
		y.Select(neg, y, int((yb[{{.Lower}}ElementLength-1]^b[0])&1))
		p.x.Set(x)
		p.y.Set(y)
		p.z.One()
		return p, nil

	default:
		return nil, errors.New("carry/nistec: invalid {{.Name}} point encoding")
	}
}

// {{.Lower}}Polynomial sets y2 = x³ - 3x + b, and returns y2.
func {{.Lower}}Polynomial(y2, x *{{.Lower}}Element) *{{.Lower}}Element {
	var x3, threeX {{.Lower}}Element
	x3.Square(x)
	x3.Mul(&x3, x)
	threeX.Add(x, x)
	threeX.Add(&threeX, x)
	y2.Sub(&x3, &threeX)
	return y2.Add(y2, &{{.Lower}}B)
}

// {{.Lower}}CheckOnCurve returns an error unless y² = x³ - 3x + b.
func {{.Lower}}CheckOnCurve(x, y *{{.Lower}}Element) error {
	var rhs, lhs {{.Lower}}Element
	{{.Lower}}Polynomial(&rhs, x)
	lhs.Square(y)
	if rhs.Equal(&lhs) != 1 {
		return errors.New("carry/nistec: {{.Name}} point not on curve")
	}
	return nil
}

// Bytes returns the uncompressed encoding of p (SEC 1, Version 2.0, Section
// 2.3.3), or {0x00} for the identity. Whether p is the identity is the only
// thing its time depends on.
func (p *{{.Name}}Point) Bytes() []byte {
	// This function is outlined to make the allocation inline in the caller.
	var out [1 + 2*{{.Lower}}ElementLength]byte
	return p.bytes(&out)
}

func (p *{{.Name}}Point) bytes(out *[1 + 2*{{.Lower}}ElementLength]byte) []byte {
	if p.z.IsZero() == 1 {
		return append(out[:0], 0)
	}
	var x, y {{.Lower}}Element
	p.affine(&x, &y)
	out[0] = 4
	x.bytes((*[{{.Lower}}ElementLength]byte)(out[1 : 1+{{.Lower}}ElementLength]))
	y.bytes((*[{{.Lower}}ElementLength]byte)(out[1+{{.Lower}}ElementLength:]))
	return out[:]
}

// affine sets x = X/Z and y = Y/Z, for p not the identity.
func (p *{{.Name}}Point) affine(x, y *{{.Lower}}Element) {
	var zinv {{.Lower}}Element
	zinv.Invert(&p.z)
	x.Mul(&p.x, &zinv)
	y.Mul(&p.y, &zinv)
}

// BytesX returns the encoding of p's x coordinate (SEC 1, Version 2.0,
// Section 2.3.5), or an error if p is the identity.
func (p *{{.Name}}Point) BytesX() ([]byte, error) {
	var out [{{.Lower}}ElementLength]byte
	return p.bytesX(&out)
}

func (p *{{.Name}}Point) bytesX(out *[{{.Lower}}ElementLength]byte) ([]byte, error) {
	if p.z.IsZero() == 1 {
		return nil, errors.New("carry/nistec: {{.Name}} point is the point at infinity")
	}
	var zinv, x {{.Lower}}Element
	zinv.Invert(&p.z)
	x.Mul(&p.x, &zinv)
	return x.bytes(out), nil
}

// {{.Formula "Add"}} sets q = p1 + p2, and returns q{{if .PointAsm}}, in Go (see Add){{end}}. Constant time.
func (q *{{.Name}}Point) {{.Formula "Add"}}(p1, p2 *{{.Name}}Point) *{{.Name}}Point {
	// Renes-Costello-Batina 2015, Algorithm 4 (a = -3): 12M + 2mb + 29a.
	var t0, t1, t2, t3, t4, x3, y3, z3 {{.Lower}}Element
	t0.Mul(&p1.x, &p2.x) // t0 := X1 * X2
	t1.Mul(&p1.y, &p2.y) // t1 := Y1 * Y2
	t2.Mul(&p1.z, &p2.z) // t2 := Z1 * Z2
	t3.Add(&p1.x, &p1.y) // t3 := X1 + Y1
	t4.Add(&p2.x, &p2.y) // t4 := X2 + Y2
	t3.Mul(&t3, &t4)     // t3 := t3 * t4
	t4.Add(&t0, &t1)     // t4 := t0 + t1
	t3.Sub(&t3, &t4)     // t3 := t3 - t4
	t4.Add(&p1.y, &p1.z) // t4 := Y1 + Z1
	x3.Add(&p2.y, &p2.z) // X3 := Y2 + Z2
	t4.Mul(&t4, &x3)     // t4 := t4 * X3
	x3.Add(&t1, &t2)     // X3 := t1 + t2
	t4.Sub(&t4, &x3)     // t4 := t4 - X3
	x3.Add(&p1.x, &p1.z) // X3 := X1 + Z1
	y3.Add(&p2.x, &p2.z) // Y3 := X2 + Z2
	x3.Mul(&x3, &y3)     // X3 := X3 * Y3
	y3.Add(&t0, &t2)     // Y3 := t0 + t2
	y3.Sub(&x3, &y3)     // Y3 := X3 - Y3
	z3.Mul(&{{.Lower}}B, &t2)  // Z3 := b * t2
	x3.Sub(&y3, &z3)     // X3 := Y3 - Z3
	z3.Add(&x3, &x3)     // Z3 := X3 + X3
	x3.Add(&x3, &z3)     // X3 := X3 + Z3
	z3.Sub(&t1, &x3)     // Z3 := t1 - X3
	x3.Add(&t1, &x3)     // X3 := t1 + X3
	y3.Mul(&{{.Lower}}B, &y3)  // Y3 := b * Y3
	t1.Add(&t2, &t2)     // t1 := t2 + t2
	t2.Add(&t1, &t2)     // t2 := t1 + t2
	y3.Sub(&y3, &t2)     // Y3 := Y3 - t2
	y3.Sub(&y3, &t0)     // Y3 := Y3 - t0
	t1.Add(&y3, &y3)     // t1 := Y3 + Y3
	y3.Add(&t1, &y3)     // Y3 := t1 + Y3
	t1.Add(&t0, &t0)     // t1 := t0 + t0
	t0.Add(&t1, &t0)     // t0 := t1 + t0
	t0.Sub(&t0, &t2)     // t0 := t0 - t2
	t1.Mul(&t4, &y3)     // t1 := t4 * Y3
	t2.Mul(&t0, &y3)     // t2 := t0 * Y3
	y3.Mul(&x3, &z3)     // Y3 := X3 * Z3
	y3.Add(&y3, &t2)     // Y3 := Y3 + t2
	x3.Mul(&t3, &x3)     // X3 := t3 * X3
	x3.Sub(&x3, &t1)     // X3 := X3 - t1
	z3.Mul(&t4, &z3)     // Z3 := t4 * Z3
	t1.Mul(&t3, &t0)     // t1 := t3 * t0
	z3.Add(&z3, &t1)     // Z3 := Z3 + t1
	q.x, q.y, q.z = x3, y3, z3
	return q
}

// {{.Lower}}Affine is a point (x, y) of the curve in affine coordinates, never the
// identity: the entries of the fixed-base table.
type {{.Lower}}Affine struct {
	x, y {{.Lower}}Element
}

// {{.Formula "addAffine"}} sets q = p1 + p2, for p2 affine and not the identity, and
// returns q. Constant time.
func (q *{{.Name}}Point) {{.Formula "addAffine"}}(p1 *{{.Name}}Point, p2 *{{.Lower}}Affine) *{{.Name}}Point {
	// Renes-Costello-Batina 2015, Algorithm 5 (mixed, a = -3): 11M + 2mb + 23a.
	// It is complete for every p1, and for p2 anything but the identity.
	var t0, t1, t2, t3, t4, x3, y3, z3 {{.Lower}}Element
	t0.Mul(&p1.x, &p2.x) // t0 := X1 * X2
	t1.Mul(&p1.y, &p2.y) // t1 := Y1 * Y2
	t3.Add(&p2.x, &p2.y) // t3 := X2 + Y2
	t4.Add(&p1.x, &p1.y) // t4 := X1 + Y1
	t3.Mul(&t3, &t4)     // t3 := t3 * t4
	t4.Add(&t0, &t1)     // t4 := t0 + t1
	t3.Sub(&t3, &t4)     // t3 := t3 - t4
	t4.Mul(&p2.y, &p1.z) // t4 := Y2 * Z1
	t4.Add(&t4, &p1.y)   // t4 := t4 + Y1
	y3.Mul(&p2.x, &p1.z) // Y3 := X2 * Z1
	y3.Add(&y3, &p1.x)   // Y3 := Y3 + X1
	z3.Mul(&{{.Lower}}B, &p1.z) // Z3 := b * Z1
	x3.Sub(&y3, &z3)     // X3 := Y3 - Z3
	z3.Add(&x3, &x3)     // Z3 := X3 + X3
	x3.Add(&x3, &z3)     // X3 := X3 + Z3
	z3.Sub(&t1, &x3)     // Z3 := t1 - X3
	x3.Add(&t1, &x3)     // X3 := t1 + X3
	y3.Mul(&{{.Lower}}B, &y3)  // Y3 := b * Y3
	t1.Add(&p1.z, &p1.z) // t1 := Z1 + Z1
	t2.Add(&t1, &p1.z)   // t2 := t1 + Z1
	y3.Sub(&y3, &t2)     // Y3 := Y3 - t2
	y3.Sub(&y3, &t0)     // Y3 := Y3 - t0
	t1.Add(&y3, &y3)     // t1 := Y3 + Y3
	y3.Add(&t1, &y3)     // Y3 := t1 + Y3
	t1.Add(&t0, &t0)     // t1 := t0 + t0
	t0.Add(&t1, &t0)     // t0 := t1 + t0
	t0.Sub(&t0, &t2)     // t0 := t0 - t2
	t1.Mul(&t4, &y3)     // t1 := t4 * Y3
	t2.Mul(&t0, &y3)     // t2 := t0 * Y3
	y3.Mul(&x3, &z3)     // Y3 := X3 * Z3
	y3.Add(&y3, &t2)     // Y3 := Y3 + t2
	x3.Mul(&t3, &x3)     // X3 := t3 * X3
	x3.Sub(&x3, &t1)     // X3 := X3 - t1
	z3.Mul(&t4, &z3)     // Z3 := t4 * Z3
	t1.Mul(&t3, &t0)     // t1 := t3 * t0
	z3.Add(&z3, &t1)     // Z3 := Z3 + t1
	q.x, q.y, q.z = x3, y3, z3
	return q
}

// {{.Lower}}Jacobian is a point in Jacobian coordinates (X:Y:Z), x = X/Z² and
// y = Y/Z³; every (X:Y:0) is the identity, and so is the zero value.
//
// Its doubling (double) costs 3M + 5S against the complete formula's
// 8M + 3S, and has no exception on a curve of odd order: the identity (Z = 0)
// doubles to Z3 = 2YZ = 0, and no other point has Y = 0. So ScalarMult
// doubles in Jacobian coordinates and adds with the complete formulas. Its
// additions, in {{.Lower}}_vartime.go, have exceptions and are variable time.
type {{.Lower}}Jacobian struct {
	x, y, z {{.Lower}}Element
}

// fromProjective sets p to q: (X:Y:Z) projective is (XZ : YZ² : Z), the
// identity (0:Y:0) giving (0:0:0). Constant time.
func (p *{{.Lower}}Jacobian) fromProjective(q *{{.Name}}Point) {
	var zz {{.Lower}}Element
	zz.Square(&q.z)
	p.x.Mul(&q.x, &q.z)
	p.y.Mul(&q.y, &zz)
	p.z.Set(&q.z)
}

// toProjective sets q to p: (X:Y:Z) Jacobian is (XZ : Y : Z³), and the
// identity becomes (0:1:0), with Y set to 1 by mask (the projective
// formulas need Y ≠ 0 there). Constant time.
func (p *{{.Lower}}Jacobian) toProjective(q *{{.Name}}Point) {
	var zzz, one {{.Lower}}Element
	zzz.Square(&p.z)
	zzz.Mul(&zzz, &p.z)
	q.x.Mul(&p.x, &p.z)
	one.One()
	q.y.Select(&one, &p.y, p.z.IsZero())
	q.z.Set(&zzz)
}

{{if .BaseStep}}// baseStepGeneric is one digit of ScalarBaseMult's incomplete part: it
// reads entry abs-1 of row (zeros for abs = 0), negates its y if neg = 1,
// and sets p to p plus that point (addAffineDistinct) if nz = 1, to the
// point itself if moreover acc0 = 1 (p is the identity), and leaves p if
// nz = 0. Constant time.
func (p *{{.Lower}}Jacobian) baseStepGeneric(row *[{{.BaseEntries}}]{{.Lower}}Affine, abs uint32, neg, acc0, nz int) {
	var a {{.Lower}}Affine
	var negY {{.Lower}}Element
	var t, aj {{.Lower}}Jacobian
	{{.Lower}}SelectBase(&a, row, abs)
	negY.Negate(&a.y)
	a.y.Select(&negY, &a.y, neg)
	t.addAffineDistinct(p, &a)
	aj.x, aj.y = a.x, a.y
	aj.z.One()
	t.selectFrom(&aj, &t, acc0)
	p.selectFrom(&t, p, nz)
}

{{end}}{{if .Double5}}// double5Generic sets p = 32·q, and returns p: five doublings. Constant time.
func (p *{{.Lower}}Jacobian) double5Generic(q *{{.Lower}}Jacobian) *{{.Lower}}Jacobian {
	p.double(q)
	for range 4 {
		p.double(p)
	}
	return p
}

{{end}}// {{.Formula "double"}} sets p = q + q, and returns p. It is dbl-2001-b (Bernstein and
// Lange, Explicit-Formulas Database, a = -3). Constant time.
func (p *{{.Lower}}Jacobian) {{.Formula "double"}}(q *{{.Lower}}Jacobian) *{{.Lower}}Jacobian {
	var delta, gamma, beta, alpha, t, u, x3, y3, z3 {{.Lower}}Element
	delta.Square(&q.z)     // δ = Z1²
	gamma.Square(&q.y)     // γ = Y1²
	beta.Mul(&q.x, &gamma) // β = X1·γ
	t.Sub(&q.x, &delta)
	u.Add(&q.x, &delta)
	alpha.Mul(&t, &u)
	t.Add(&alpha, &alpha)
	alpha.Add(&alpha, &t) // α = 3·(X1 - δ)·(X1 + δ)
	t.Add(&q.y, &q.z)
	t.Square(&t)
	t.Sub(&t, &gamma)
	z3.Sub(&t, &delta) // Z3 = (Y1 + Z1)² - γ - δ
	u.Add(&beta, &beta)
	u.Add(&u, &u) // 4β
	t.Add(&u, &u) // 8β
	x3.Square(&alpha)
	x3.Sub(&x3, &t) // X3 = α² - 8β
	u.Sub(&u, &x3)
	y3.Mul(&alpha, &u)
	gamma.Square(&gamma)
	gamma.Add(&gamma, &gamma)
	gamma.Add(&gamma, &gamma)
	gamma.Add(&gamma, &gamma)
	y3.Sub(&y3, &gamma) // Y3 = α·(4β - X3) - 8γ²
	p.x, p.y, p.z = x3, y3, z3
	return p
}

// {{.Formula "addAffineDistinct"}} sets p = p1 + p2 for an affine p2, and returns p. It is
// madd-2004-hmv (Explicit-Formulas Database), 8M + 3S, which is wrong when
// p1 is the identity or p1 = p2 (and gives the identity, Z3 = 0, for
// p1 = -p2): the caller rules these out or replaces the result by mask.
// Constant time.
func (p *{{.Lower}}Jacobian) {{.Formula "addAffineDistinct"}}(p1 *{{.Lower}}Jacobian, p2 *{{.Lower}}Affine) *{{.Lower}}Jacobian {
	var t1, t2, t3, t4, x3, y3, z3 {{.Lower}}Element
	t1.Square(&p1.z)
	t2.Mul(&t1, &p1.z)
	t1.Mul(&t1, &p2.x)  // U2 = X2·Z1²
	t2.Mul(&t2, &p2.y)  // S2 = Y2·Z1³
	t1.Sub(&t1, &p1.x)  // H = U2 - X1
	t2.Sub(&t2, &p1.y)  // R = S2 - Y1
	z3.Mul(&p1.z, &t1)  // Z3 = Z1·H
	t4.Square(&t1)      // H²
	t3.Mul(&t4, &t1)    // H³
	t4.Mul(&t4, &p1.x)  // X1·H²
	x3.Square(&t2)
	x3.Sub(&x3, &t3)
	t1.Add(&t4, &t4)
	x3.Sub(&x3, &t1)   // X3 = R² - H³ - 2·X1·H²
	t4.Sub(&t4, &x3)
	t4.Mul(&t4, &t2)
	t3.Mul(&t3, &p1.y)
	y3.Sub(&t4, &t3)   // Y3 = R·(X1·H² - X3) - Y1·H³
	p.x, p.y, p.z = x3, y3, z3
	return p
}

// {{.Formula "addDistinct"}} sets p = p1 + p2, and returns p. It is add-1998-cmo-2
// (Explicit-Formulas Database), 12M + 4S, which is wrong when p1 or p2 is
// the identity or p1 = p2 (and gives the identity, Z3 = 0, for p1 = -p2):
// the caller rules these out. Constant time.
func (p *{{.Lower}}Jacobian) {{.Formula "addDistinct"}}(p1, p2 *{{.Lower}}Jacobian) *{{.Lower}}Jacobian {
	var z1z1, z2z2, u1, u2, s1, s2, h, r, hh, hhh, v, x3, y3, z3 {{.Lower}}Element
	z1z1.Square(&p1.z)
	z2z2.Square(&p2.z)
	u1.Mul(&p1.x, &z2z2) // U1 = X1·Z2²
	u2.Mul(&p2.x, &z1z1) // U2 = X2·Z1²
	s1.Mul(&p1.y, &p2.z)
	s1.Mul(&s1, &z2z2) // S1 = Y1·Z2³
	s2.Mul(&p2.y, &p1.z)
	s2.Mul(&s2, &z1z1) // S2 = Y2·Z1³
	h.Sub(&u2, &u1)
	r.Sub(&s2, &s1)
	hh.Square(&h)
	hhh.Mul(&hh, &h)
	v.Mul(&u1, &hh)
	x3.Square(&r)
	x3.Sub(&x3, &hhh)
	z3.Add(&v, &v)
	x3.Sub(&x3, &z3) // X3 = r² - H³ - 2·U1·H²
	v.Sub(&v, &x3)
	y3.Mul(&r, &v)
	s1.Mul(&s1, &hhh)
	y3.Sub(&y3, &s1) // Y3 = r·(U1·H² - X3) - S1·H³
	z3.Mul(&p1.z, &p2.z)
	z3.Mul(&z3, &h) // Z3 = Z1·Z2·H
	p.x, p.y, p.z = x3, y3, z3
	return p
}

// selectFrom sets p to p1 if cond == 1, and to p2 if cond == 0. Constant time.
func (p *{{.Lower}}Jacobian) selectFrom(p1, p2 *{{.Lower}}Jacobian, cond int) {
	p.x.Select(&p1.x, &p2.x, cond)
	p.y.Select(&p1.y, &p2.y, cond)
	p.z.Select(&p1.z, &p2.z, cond)
}

// Select sets q to p1 if cond == 1, and to p2 if cond == 0, and returns q.
// Constant time.
func (q *{{.Name}}Point) Select(p1, p2 *{{.Name}}Point, cond int) *{{.Name}}Point {
	q.x.Select(&p1.x, &p2.x, cond)
	q.y.Select(&p1.y, &p2.y, cond)
	q.z.Select(&p1.z, &p2.z, cond)
	return q
}

// condNegate sets p = -p if neg == 1, and leaves it if neg == 0. Constant time.
func (p *{{.Name}}Point) condNegate(neg int) {
	var n {{.Lower}}Element
	n.Negate(&p.y)
	p.y.Select(&n, &p.y, neg)
}

// {{.Lower}}Table holds the multiples 1·Q to 16·Q of a point Q. ScalarMult
// keeps them in Jacobian coordinates, in the x, y and z of the entries
// ({{.Lower}}Jacobian and {{.Name}}Point have the same fields, so a value converts).
type {{.Lower}}Table [16]{{.Name}}Point

// initJacobian sets t[i] = (i+1)·q in Jacobian coordinates, doubling where
// it can and else adding q to the even multiple below: (i+1)·q = i·q + q
// with i·q ≠ ±q, as the order is a prime above 17, so addDistinct has no
// exception, unless q is the identity, whose (0, 0, 0) gives zeros
// throughout (the formulas have no constant term). Constant time.
func (t *{{.Lower}}Table) initJacobian(q *{{.Lower}}Jacobian) {
	t[0] = {{.Name}}Point(*q)
	var a {{.Lower}}Jacobian
	for i := 1; i < 16; i++ {
		if i%2 == 1 {
			a = {{.Lower}}Jacobian(t[i/2])
			a.double(&a)
		} else {
			a = {{.Lower}}Jacobian(t[i-1])
			a.addDistinct(&a, q)
		}
		t[i] = {{.Name}}Point(a)
	}
}

// {{.Scan "selectInto"}} sets p = n·Q for 0 ≤ n ≤ 16 (the identity for 0) by reading
// every entry and keeping one by mask, ORed into local words. Constant time
// in n.
func (t *{{.Lower}}Table) {{.Scan "selectInto"}}(p *{{.Name}}Point, n uint32) {
	var x, y, z [{{.Words}}]uint64
	for i := range t {
		m := -uint64(eqWord(uint32(i+1), n))
		for k := range x {
			x[k] |= t[i].x.l[k] & m
			y[k] |= t[i].y.l[k] & m
			z[k] |= t[i].z.l[k] & m
		}
	}
	m := -uint64(eqWord(0, n))
	for k := range y {
		y[k] |= {{.Lower}}One[k] & m
	}
	p.x.l, p.y.l, p.z.l = x, y, z
}

{{if .AffineTable -}}
// ScalarMult sets p = scalar·q, and returns p. scalar is a big-endian
// integer of {{.Lower}}ScalarLength bytes, of any value (the result is that
// integer times q, so it need not be reduced modulo the order). Constant
// time: a signed 5-bit window, each digit's multiple read by a masked scan of
// the 16 multiples of q, made affine by one inversion (toAffine), the five
// doublings between digits in Jacobian coordinates ({{.Lower}}Jacobian.double,
// exception-free on this curve).
//
// The digits above {{.Lower}}ScalarMultLow are added with addAffineDistinct
// (8M + 3S), whose exceptions cannot occur there, for any scalar: before
// digit i is added the sum is c·q with c = 32·e, e ≠ 0 the value of the
// digits above (while e = 0 the sum is the identity, which the mask acc0
// tracks, taking the digit's point then), so |c| ≥ 32 > |d|, and
// |c| + 16 < n (the generator checks this bound, as does
// TestScalarMultLow), so c ± d is not a multiple of n: the sum is never
// ±(the digit's point). The low digits, where c may exceed n for scalars
// near a multiple of n or above it, are added with the complete formulas.
// The identity q has no affine multiples (toAffine gives zeros); its
// product, the identity, is chosen by mask at the end.
func (p *{{.Name}}Point) ScalarMult(q *{{.Name}}Point, scalar []byte) (*{{.Name}}Point, error) {
	if len(scalar) != {{.Lower}}ScalarLength {
		return nil, errors.New("carry/nistec: invalid scalar length")
	}
	var qj {{.Lower}}Jacobian
	qj.fromProjective(q)
	var table {{.Lower}}Table
	table.initJacobian(&qj)
	var aff [16]{{.Lower}}Affine
	table.toAffine(&aff)
	var digits [{{.Lower}}Digits]int32
	signedDigits(digits[:], scalar)

	var acc {{.Lower}}Jacobian
	var a {{.Lower}}Affine
	var negY {{.Lower}}Element
	abs, neg := digitAbs(digits[{{.Lower}}Digits-1])
	{{.Lower}}SelectAffine(&a, &aff, abs)
	negY.Negate(&a.y)
	acc.x, acc.y = a.x, a.y
	acc.y.Select(&negY, &acc.y, neg)
	acc.z.One()
	acc0 := eqWord(abs, 0) // acc is the identity
	acc0 = acc.windows(&aff, digits[{{.Lower}}ScalarMultLow:{{.Lower}}Digits-1], acc0)
	// The identity as Z = 0, which the doublings keep and toProjective
	// maps to (0:1:0).
	acc.z.Select(&{{.Lower}}Element{}, &acc.z, acc0)
	var r, u {{.Name}}Point
	for i := {{.Lower}}ScalarMultLow - 1; i >= 0; i-- {
		for range 5 {
			acc.double(&acc)
		}
		acc.toProjective(&r)
		abs, neg := digitAbs(digits[i])
		{{.Lower}}SelectAffine(&a, &aff, abs)
		negY.Negate(&a.y)
		a.y.Select(&negY, &a.y, neg)
		u.addAffine(&r, &a)
		r.Select(&u, &r, 1-eqWord(abs, 0))
		if i > 0 {
			acc.fromProjective(&r)
		}
	}
	return p.Select(New{{.Name}}Point(), &r, q.z.IsZero()), nil
}

// toAffine sets a[i] to the affine coordinates of t[i], by one inversion
// of the product of the Z coordinates (Montgomery's trick). Every entry of
// the table of a point other than the identity has Z ≠ 0 (the order is a
// prime above 16); the identity's table, all Z = 0, gives zeros. Constant
// time.
func (t *{{.Lower}}Table) toAffine(a *[16]{{.Lower}}Affine) {
	var prod [16]{{.Lower}}Element
	prod[0] = t[0].z
	for i := 1; i < 16; i++ {
		prod[i].Mul(&prod[i-1], &t[i].z)
	}
	var inv, zi, zi2 {{.Lower}}Element
	inv.Invert(&prod[15])
	for i := 15; i >= 0; i-- {
		if i > 0 {
			zi.Mul(&inv, &prod[i-1])
			inv.Mul(&inv, &t[i].z)
		} else {
			zi = inv
		}
		zi2.Square(&zi)
		a[i].x.Mul(&t[i].x, &zi2)
		zi2.Mul(&zi2, &zi)
		a[i].y.Mul(&t[i].y, &zi2)
	}
}

{{else -}}
// ScalarMult sets p = scalar·q, and returns p. scalar is a big-endian
// integer of {{.Lower}}ScalarLength bytes, of any value (the result is that
// integer times q, so it need not be reduced modulo the order). Constant
// time: a signed 5-bit window, each digit's multiple read by a masked scan of
// the 16 multiples of q (in Jacobian coordinates), the five doublings
// between digits in Jacobian coordinates ({{.Lower}}Jacobian.double,
// exception-free on this curve).
//
// The digits above {{.Lower}}ScalarMultLow are added with addDistinct (12M + 4S),
// whose exceptions cannot occur there, for any scalar: before digit i is
// added the sum is c·q with c = 32·e, e ≠ 0 the value of the digits above
// (while e = 0 the sum is the identity, which the mask acc0 tracks, taking
// the digit's point then), so |c| ≥ 32 > |d|, and |c| + 16 < n (the
// generator checks this bound, as does TestScalarMultLow), so c ± d is not
// a multiple of n: the sum is never ±(the digit's point). The low digits,
// where c may exceed n for scalars near a multiple of n or above it, are
// added with the complete formulas.
func (p *{{.Name}}Point) ScalarMult(q *{{.Name}}Point, scalar []byte) (*{{.Name}}Point, error) {
	if len(scalar) != {{.Lower}}ScalarLength {
		return nil, errors.New("carry/nistec: invalid scalar length")
	}
	var qj {{.Lower}}Jacobian
	qj.fromProjective(q)
	var table {{.Lower}}Table
	table.initJacobian(&qj)
	var digits [{{.Lower}}Digits]int32
	signedDigits(digits[:], scalar)

	var acc, t, u {{.Lower}}Jacobian
	var sel {{.Name}}Point
	abs, neg := digitAbs(digits[{{.Lower}}Digits-1])
	table.selectInto(&sel, abs)
	sel.condNegate(neg)
	acc = {{.Lower}}Jacobian(sel)
	acc0 := eqWord(abs, 0) // acc is the identity
	for i := {{.Lower}}Digits - 2; i >= {{.Lower}}ScalarMultLow; i-- {
		{{if .Double5}}acc.double5(&acc){{else}}for range 5 {
			acc.double(&acc)
		}{{end}}
		abs, neg := digitAbs(digits[i])
		table.selectInto(&sel, abs)
		sel.condNegate(neg)
		t = {{.Lower}}Jacobian(sel)
		u.addDistinct(&acc, &t)
		u.selectFrom(&t, &u, acc0)
		nz := 1 - eqWord(abs, 0)
		acc.selectFrom(&u, &acc, nz)
		acc0 &= 1 - nz
	}
	// The identity as Z = 0, which the doublings keep and toProjective
	// maps to (0:1:0).
	acc.z.Select(&{{.Lower}}Element{}, &acc.z, acc0)
	var r, s {{.Name}}Point
	for i := {{.Lower}}ScalarMultLow - 1; i >= 0; i-- {
		{{if .Double5}}acc.double5(&acc){{else}}for range 5 {
			acc.double(&acc)
		}{{end}}
		acc.toProjective(&r)
		abs, neg := digitAbs(digits[i])
		table.selectInto(&sel, abs) // (0:1:0) for 0
		sel.condNegate(neg)
		t = {{.Lower}}Jacobian(sel)
		t.toProjective(&s)
		r.Add(&r, &s)
		if i > 0 {
			acc.fromProjective(&r)
		}
	}
	return p.Set(&r), nil
}

{{end -}}
{{if .AffineTable -}}
// {{.WindowsLoop}} adds the digits d to acc, from the last to the first:
// for each, acc = 32·acc, then the digit's multiple of the point, read
// from its affine multiples aff, is added (addAffineDistinct), unless the
// digit is 0, or taken itself while acc0 = 1 (acc is the identity). It
// returns acc0, still 1 if every digit was 0. ScalarMult's comment says
// why addAffineDistinct has no exception here. Constant time.
func (acc *{{.Lower}}Jacobian) {{.WindowsLoop}}(aff *[16]{{.Lower}}Affine, d []int32, acc0 int) int {
	var t, u {{.Lower}}Jacobian
	var a {{.Lower}}Affine
	var negY {{.Lower}}Element
	for i := len(d) - 1; i >= 0; i-- {
		for range 5 {
			acc.double(acc)
		}
		abs, neg := digitAbs(d[i])
		{{.Lower}}SelectAffine(&a, aff, abs)
		negY.Negate(&a.y)
		a.y.Select(&negY, &a.y, neg)
		u.addAffineDistinct(acc, &a)
		t.x, t.y = a.x, a.y
		t.z.One()
		u.selectFrom(&t, &u, acc0)
		nz := 1 - eqWord(abs, 0)
		acc.selectFrom(&u, acc, nz)
		acc0 &= 1 - nz
	}
	return acc0
}

{{end -}}
{{if eq .BaseEntries 16 -}}
// {{.Lower}}{{.Scan "SelectAffine"}} sets a to entry n-1 of row (for 1 ≤ n ≤ 16; to zeros for
// 0, which the caller discards) by reading every entry and keeping one by
// mask, ORed into local words. Constant time in n.
func {{.Lower}}{{.Scan "SelectAffine"}}(a *{{.Lower}}Affine, row *[16]{{.Lower}}Affine, n uint32) {
	var x, y [{{.Words}}]uint64
	for i := range row {
		m := -uint64(eqWord(uint32(i+1), n))
		for k := range x {
			x[k] |= row[i].x.l[k] & m
			y[k] |= row[i].y.l[k] & m
		}
	}
	a.x.l, a.y.l = x, y
}

{{end -}}
// {{.Lower}}{{.SelectBase}} sets a to entry n-1 of row, a row of {{.Lower}}BaseTable, for
// 1 ≤ n ≤ {{.BaseEntries}} (to zeros for 0, which the caller discards), reading every
// entry. Constant time in n.
func {{.Lower}}{{.SelectBase}}(a *{{.Lower}}Affine, row *[{{.BaseEntries}}]{{.Lower}}Affine, n uint32) {
{{- if eq .BaseEntries 16}}
	{{.Lower}}SelectAffine(a, row, n)
{{- else}}
	var x, y [{{.Words}}]uint64
	for i := range row {
		m := -uint64(eqWord(uint32(i+1), n))
		for k := range x {
			x[k] |= row[i].x.l[k] & m
			y[k] |= row[i].y.l[k] & m
		}
	}
	a.x.l, a.y.l = x, y
{{- end}}
}

// ScalarBaseMult sets p = scalar·G, for the generator G, and returns p.
// scalar is as for ScalarMult. Constant time: digit i of the signed {{.BaseWindow}}-bit
// recoding (w = {{.BaseWindow}} below) selects, by a masked scan, one of the precomputed
// multiples j·2^(wi)·G ({{.Lower}}BaseTable, affine); the sum needs no doubling,
// and a mixed addition per digit, whose result is discarded by mask when the
// digit is 0.
//
// The sum runs in Jacobian coordinates with addAffineDistinct (8M + 3S,
// against the complete mixed addition's 11M + 2mb) up to digit
// {{.Lower}}BaseSafeDigits - 1, and with the complete formulas after that. Below
// that digit the incomplete formula's exceptions cannot occur, for any
// scalar: the sum so far is c·G with |c| < 2^(wi) (the digits are at most
// 2^(w-1), and 2^(w-1)·Σ 2^(wk) for k < i is below 2^(wi)), and the digit's
// point is d·2^(wi)·G with 1 ≤ |d| ≤ 2^(w-1), so c - d·2^(wi) and
// c + d·2^(wi) are nonzero and, while (2^(w-1) + 1)·2^(wi) < n (the
// generator checks this bound, as does TestBaseSafeDigits), not multiples
// of n: the sum is never ±(the point). It is the identity only while every
// digit so far was 0 (c = 0), a case the mask acc0 tracks, taking the point
// itself then.
func (p *{{.Name}}Point) ScalarBaseMult(scalar []byte) (*{{.Name}}Point, error) {
	if len(scalar) != {{.Lower}}ScalarLength {
		return nil, errors.New("carry/nistec: invalid scalar length")
	}
	var digits [{{.Lower}}BaseDigits]int32
	signedDigitsW(digits[:], scalar, {{.BaseWindow}})

	var a {{.Lower}}Affine
	var negY {{.Lower}}Element
	{{- if .BaseStep}}
	var acc {{.Lower}}Jacobian
	acc.x.One()
	acc.y.One()
	acc0 := 1 // acc is the identity
	for i := range {{.Lower}}BaseSafeDigits {
		abs, neg := digitAbs(digits[i])
		nz := 1 - eqWord(abs, 0)
		acc.baseStep(&{{.Lower}}BaseTable[i], abs, neg, acc0, nz)
		acc0 &= 1 - nz
	}
	{{- else}}
	var acc, t, aj {{.Lower}}Jacobian
	acc.x.One()
	acc.y.One()
	aj.z.One()
	acc0 := 1 // acc is the identity
	for i := range {{.Lower}}BaseSafeDigits {
		abs, neg := digitAbs(digits[i])
		{{.Lower}}SelectBase(&a, &{{.Lower}}BaseTable[i], abs)
		negY.Negate(&a.y)
		a.y.Select(&negY, &a.y, neg)
		t.addAffineDistinct(&acc, &a)
		aj.x, aj.y = a.x, a.y
		t.selectFrom(&aj, &t, acc0)
		nz := 1 - eqWord(abs, 0)
		acc.selectFrom(&t, &acc, nz)
		acc0 &= 1 - nz
	}
	{{- end}}
	// acc is (1:1:0) if every digit was 0, which toProjective maps to the
	// identity (0:1:0).
	acc.z.Select(&{{.Lower}}Element{}, &acc.z, acc0)
	var q, u {{.Name}}Point
	acc.toProjective(&q)
	for i := {{.Lower}}BaseSafeDigits; i < {{.Lower}}BaseDigits; i++ {
		abs, neg := digitAbs(digits[i])
		{{.Lower}}SelectBase(&a, &{{.Lower}}BaseTable[i], abs)
		negY.Negate(&a.y)
		a.y.Select(&negY, &a.y, neg)
		u.addAffine(&q, &a)
		q.Select(&u, &q, 1-eqWord(abs, 0))
	}
	return p.Set(&q), nil
}

`
