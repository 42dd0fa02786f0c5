package main

func varTimeFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	e.WriteString(c.fill("vartime", varTimeTemplate))
	return e.Bytes()
}

const varTimeTemplate = `
import "errors"

// addVarTime sets p = p1 + p2. It is addDistinct (add-1998-cmo-2), with
// the identity and equal or opposite inputs branched on: those give H = 0,
// that is Z3 = 0 for inputs that are not the identity, and are then told
// apart by S2 - S1.
func (p *{{.Lower}}Jacobian) addVarTime(p1, p2 *{{.Lower}}Jacobian) {
	if p1.z.IsZero() == 1 {
		*p = *p2
		return
	}
	if p2.z.IsZero() == 1 {
		*p = *p1
		return
	}
	t1, t2 := *p1, *p2
	if p.addDistinct(&t1, &t2).z.IsZero() == 0 {
		return
	}
	var zz, s1, s2 {{.Lower}}Element
	zz.Square(&t2.z)
	s1.Mul(&t1.y, &t2.z)
	s1.Mul(&s1, &zz) // S1 = Y1·Z2³
	zz.Square(&t1.z)
	s2.Mul(&t2.y, &t1.z)
	s2.Mul(&s2, &zz) // S2 = Y2·Z1³
	if s1.Equal(&s2) == 1 {
		p.double(&t1)
		return
	}
	*p = {{.Lower}}Jacobian{}
}

// addAffineVarTime sets p = p1 + p2 for an affine p2. It is
// addAffineDistinct (madd-2004-hmv), with the identity and equal or
// opposite inputs branched on: those give H = 0, that is Z3 = 0 when p1 is
// not the identity, and are then told apart by S2 - Y1.
func (p *{{.Lower}}Jacobian) addAffineVarTime(p1 *{{.Lower}}Jacobian, p2 *{{.Lower}}Affine) {
	if p1.z.IsZero() == 1 {
		p.x.Set(&p2.x)
		p.y.Set(&p2.y)
		p.z.One()
		return
	}
	t := *p1
	if p.addAffineDistinct(&t, p2).z.IsZero() == 0 {
		return
	}
	var s2 {{.Lower}}Element
	s2.Square(&t.z)
	s2.Mul(&s2, &t.z)
	s2.Mul(&s2, &p2.y) // S2 = Y2·Z1³
	if s2.Equal(&t.y) == 1 {
		p.double(&t)
		return
	}
	*p = {{.Lower}}Jacobian{}
}

// HasXVarTime reports whether p is not the identity and its affine x
// coordinate is the big-endian x, which must be {{.Lower}}ElementLength bytes
// and below p (false otherwise). It compares X with x·Z, with no
// inversion. Variable time: p and x must be public (as in signature
// verification).
func (p *{{.Name}}Point) HasXVarTime(x []byte) bool {
	var e {{.Lower}}Element
	if _, err := e.SetBytes(x); err != nil {
		return false
	}
	if p.z.IsZero() == 1 {
		return false
	}
	e.Mul(&e, &p.z)
	return e.Equal(&p.x) == 1
}

// VarTimeDoubleScalarBaseMult sets p = u1·G + u2·q, and returns p. u1 and u2
// are big-endian integers of {{.Lower}}ScalarLength bytes, of any value. It is
// variable time: its time and memory accesses depend on u1, u2 and q, which
// must be public (as in signature verification).
//
// It works in Jacobian coordinates, whose doubling and additions cost less
// than the complete formulas', with the exceptions branched on. u2·q runs
// on the width-5 NAF of u2 (about one addition every six bits, of the odd
// multiples q to 15q); {{if .VerifyWindow}}u1·G on the width-{{.VerifyWindow}} NAF of u1 in the same
// loop, its digits' entries of {{.Lower}}VerifyTable (nonzero digits at
// least {{.VerifyWindow}} bits apart, no doubling of its own){{else}}u1·G adds the nonzero digits' entries of the
// fixed-base table{{end}}.
func (p *{{.Name}}Point) VarTimeDoubleScalarBaseMult(u1 []byte, q *{{.Name}}Point, u2 []byte) (*{{.Name}}Point, error) {
	if len(u1) != {{.Lower}}ScalarLength || len(u2) != {{.Lower}}ScalarLength {
		return nil, errors.New("carry/nistec: invalid scalar length")
	}
	// The odd multiples q, 3q, ..., 15q of the width-5 NAF of u2.
	var table [8]{{.Lower}}Jacobian
	var q2, t {{.Lower}}Jacobian
	table[0].fromProjective(q)
	q2.double(&table[0])
	for i := 1; i < 8; i++ {
		table[i].addVarTime(&table[i-1], &q2)
	}
	var naf [8*{{.Lower}}ScalarLength + 1]int8
	wnafVarTime(naf[:], u2)
	{{- if .VerifyWindow}}
	var naf1 [8*{{.Lower}}ScalarLength + 1]int8
	wnafVarTimeW(naf1[:], u1, {{.Lower}}VerifyWindow)
	var a {{.Lower}}Affine
	{{- else}}
	var d1 [{{.Lower}}BaseDigits]int32
	signedDigitsW(d1[:], u1, {{.BaseWindow}})
	{{- end}}

	var acc {{.Lower}}Jacobian // the identity, Z = 0
	for i := len(naf) - 1; i >= 0; i-- {
		if acc.z.IsZero() == 0 {
			{{- if .Double5}}
			// Digits i to i-3 zero: their four doublings and digit i-4's
			// in one call, then digit i-4's addition.
			if i >= 4 && naf[i]|naf[i-1]|naf[i-2]|naf[i-3] == 0 {
				acc.double5(&acc)
				i -= 4
			} else {
				acc.double(&acc)
			}
			{{- else}}
			acc.double(&acc)
			{{- end}}
		}
		if d := naf[i]; d > 0 {
			acc.addVarTime(&acc, &table[d/2])
		} else if d < 0 {
			t = table[-d/2]
			t.y.Negate(&t.y)
			acc.addVarTime(&acc, &t)
		}
		{{- if .VerifyWindow}}
		if d := naf1[i]; d > 0 {
			acc.addAffineVarTime(&acc, &{{.Lower}}VerifyTable[d/2])
		} else if d < 0 {
			a.x = {{.Lower}}VerifyTable[-d/2].x
			a.y.Negate(&{{.Lower}}VerifyTable[-d/2].y)
			acc.addAffineVarTime(&acc, &a)
		}
		{{- end}}
	}
	{{- if not .VerifyWindow}}
	var a {{.Lower}}Affine
	for i, d := range d1 {
		if d > 0 {
			acc.addAffineVarTime(&acc, &{{.Lower}}BaseTable[i][d-1])
		} else if d < 0 {
			a.x = {{.Lower}}BaseTable[i][-d-1].x
			a.y.Negate(&{{.Lower}}BaseTable[i][-d-1].y)
			acc.addAffineVarTime(&acc, &a)
		}
	}
	{{- end}}
	acc.toProjective(p)
	return p, nil
}
`
