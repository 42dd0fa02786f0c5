package main

func varTimeFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	e.WriteString(c.replacer().Replace(varTimeTemplate))
	return e.Bytes()
}

const varTimeTemplate = `
import "errors"

// addVarTime sets p = p1 + p2. It is add-2007-bl (Explicit-Formulas
// Database), with the identity and equal or opposite inputs branched on.
func (p *pxxxJacobian) addVarTime(p1, p2 *pxxxJacobian) {
	if p1.z.IsZero() == 1 {
		*p = *p2
		return
	}
	if p2.z.IsZero() == 1 {
		*p = *p1
		return
	}
	var z1z1, z2z2, u1, u2, s1, s2, h, r, i, j, v, x3, y3, z3 pxxxElement
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
	if h.IsZero() == 1 {
		if r.IsZero() == 1 {
			p.double(p1)
			return
		}
		*p = pxxxJacobian{}
		return
	}
	r.Add(&r, &r) // r = 2·(S2 - S1)
	i.Add(&h, &h)
	i.Square(&i)  // I = (2H)²
	j.Mul(&h, &i) // J = H·I
	v.Mul(&u1, &i) // V = U1·I
	x3.Square(&r)
	x3.Sub(&x3, &j)
	x3.Sub(&x3, &v)
	x3.Sub(&x3, &v) // X3 = r² - J - 2V
	y3.Sub(&v, &x3)
	y3.Mul(&y3, &r)
	s1.Mul(&s1, &j)
	s1.Add(&s1, &s1)
	y3.Sub(&y3, &s1) // Y3 = r·(V - X3) - 2·S1·J
	z3.Add(&p1.z, &p2.z)
	z3.Square(&z3)
	z3.Sub(&z3, &z1z1)
	z3.Sub(&z3, &z2z2)
	z3.Mul(&z3, &h) // Z3 = ((Z1 + Z2)² - Z1² - Z2²)·H
	p.x, p.y, p.z = x3, y3, z3
}

// addAffineVarTime sets p = p1 + p2 for an affine p2. It is madd-2007-bl
// (Explicit-Formulas Database), with the identity and equal or opposite
// inputs branched on.
func (p *pxxxJacobian) addAffineVarTime(p1 *pxxxJacobian, p2 *pxxxAffine) {
	if p1.z.IsZero() == 1 {
		p.x.Set(&p2.x)
		p.y.Set(&p2.y)
		p.z.One()
		return
	}
	var z1z1, u2, s2, h, hh, r, i, j, v, x3, y3, z3 pxxxElement
	z1z1.Square(&p1.z)
	u2.Mul(&p2.x, &z1z1) // U2 = X2·Z1²
	s2.Mul(&p2.y, &p1.z)
	s2.Mul(&s2, &z1z1) // S2 = Y2·Z1³
	h.Sub(&u2, &p1.x)
	r.Sub(&s2, &p1.y)
	if h.IsZero() == 1 {
		if r.IsZero() == 1 {
			p.double(p1)
			return
		}
		*p = pxxxJacobian{}
		return
	}
	hh.Square(&h)
	i.Add(&hh, &hh)
	i.Add(&i, &i) // I = 4·H²
	j.Mul(&h, &i) // J = H·I
	r.Add(&r, &r) // r = 2·(S2 - Y1)
	v.Mul(&p1.x, &i) // V = X1·I
	x3.Square(&r)
	x3.Sub(&x3, &j)
	x3.Sub(&x3, &v)
	x3.Sub(&x3, &v) // X3 = r² - J - 2V
	y3.Sub(&v, &x3)
	y3.Mul(&y3, &r)
	i.Mul(&p1.y, &j)
	i.Add(&i, &i)
	y3.Sub(&y3, &i) // Y3 = r·(V - X3) - 2·Y1·J
	z3.Add(&p1.z, &h)
	z3.Square(&z3)
	z3.Sub(&z3, &z1z1)
	z3.Sub(&z3, &hh) // Z3 = (Z1 + H)² - Z1² - H²
	p.x, p.y, p.z = x3, y3, z3
}

// VarTimeDoubleScalarBaseMult sets p = u1·G + u2·q, and returns p. u1 and u2
// are big-endian integers of pxxxScalarLength bytes, of any value. It is
// variable time: its time and memory accesses depend on u1, u2 and q, which
// must be public (as in signature verification).
//
// It works in Jacobian coordinates, whose doubling and additions cost less
// than the complete formulas', with the exceptions branched on. u2·q takes a
// signed 5-bit window, the multiples of q read by index and zero digits
// skipped; u1·G adds the nonzero digits' entries of the fixed-base table.
func (p *PxxxPoint) VarTimeDoubleScalarBaseMult(u1 []byte, q *PxxxPoint, u2 []byte) (*PxxxPoint, error) {
	if len(u1) != pxxxScalarLength || len(u2) != pxxxScalarLength {
		return nil, errors.New("invalid scalar length")
	}
	var table [16]pxxxJacobian
	table[0].fromProjective(q)
	for i := 1; i < 16; i++ {
		if i%2 == 1 {
			table[i].double(&table[i/2])
		} else {
			table[i].addVarTime(&table[i-1], &table[0])
		}
	}
	var d1, d2 [pxxxDigits]int32
	signedDigits(d1[:], u1)
	signedDigits(d2[:], u2)

	var acc, t pxxxJacobian
	for i := pxxxDigits - 1; i >= 0; i-- {
		if acc.z.IsZero() == 0 {
			for range 5 {
				acc.double(&acc)
			}
		}
		if d := d2[i]; d > 0 {
			acc.addVarTime(&acc, &table[d-1])
		} else if d < 0 {
			t = table[-d-1]
			t.y.Negate(&t.y)
			acc.addVarTime(&acc, &t)
		}
	}
	var a pxxxAffine
	for i, d := range d1 {
		if d > 0 {
			acc.addAffineVarTime(&acc, &pxxxBaseTable[i][d-1])
		} else if d < 0 {
			a.x = pxxxBaseTable[i][-d-1].x
			a.y.Negate(&pxxxBaseTable[i][-d-1].y)
			acc.addAffineVarTime(&acc, &a)
		}
	}
	acc.toProjective(p)
	return p, nil
}
`
