package main

import (
	"fmt"
	"math/big"
)

func fieldFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	e.p("import (")
	e.p("\"encoding/binary\"")
	e.p("\"errors\"")
	e.p("\"math/bits\"")
	e.p("")
	e.p("\"github.com/carry-crypto/carry/internal/bingcd\"")
	e.p(")")
	e.p("")
	f := c.field()
	e.WriteString(c.fill("element", elementTemplate))
	e.p("")
	n := c.words
	emitBinaryInvert(e, f, c.name+"Invert")
	if new(big.Int).And(c.p, big.NewInt(3)).Int64() != 3 {
		panic("p is not 3 mod 4")
	}
	sq := new(big.Int).Add(c.p, big.NewInt(1))
	sq.Rsh(sq, 2)
	emitWindowExp(e, f, c.name+"SqrtCandidate", sq, "(p + 1)/4: p ≡ 3 mod 4, so it is a\n// square root of x when x is a square")
	e.p("// %sB is the curve's b, as the field holds it.", c.name)
	e.p("var %sB = %sElement{%s}", c.name, c.name, wordsLit(c.field().rep(c.b), n))
	e.p("")
	emitKernels(e, f)
	return e.Bytes()
}

func scalarFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	e.p("import (")
	e.p("\"encoding/binary\"")
	e.p("\"errors\"")
	e.p("\"math/bits\"")
	e.p("")
	e.p("\"github.com/carry-crypto/carry/internal/bingcd\"")
	e.p(")")
	e.p("")
	f := &modulus{pre: c.name + "Ord", m: c.n, words: c.words, bytes: c.bytes, scalar: true}
	e.WriteString(c.fill("scalar", scalarTemplate))
	e.p("")
	emitBinaryInvert(e, f, c.name+"OrdInvert")
	e.p("// %sReducedCheck reports whether the big-endian b is below 2^%d, the", c.name, c.n.BitLen())
	e.p("// bit length of n: it may then be reduced by one subtraction of n.")
	e.p("func %sReducedCheck(b *[%d]byte) bool {", c.name, c.bytes)
	if extra := 8*c.bytes - c.n.BitLen(); extra > 0 {
		e.p("return b[0]>>%d == 0", 8-extra)
	} else {
		e.p("return true")
	}
	e.p("}")
	e.p("")
	emitKernels(e, f)
	return e.Bytes()
}

const elementTemplate = `
// {{.Lower}}ElementLength is the length of an encoded field element, in bytes.
const {{.Lower}}ElementLength = {{.Bytes}}

// {{.Lower}}Element is an integer modulo p, the prime of the {{.Name}} curve, {{.ReprDoc}}
// on {{.Words}} little-endian 64-bit words, always fully reduced. The zero value is
// zero. Arguments and receivers may alias. All methods are constant time.
type {{.Lower}}Element struct {
	l [{{.Words}}]uint64
}

// One sets e = 1, and returns e.
func (e *{{.Lower}}Element) One() *{{.Lower}}Element {
	e.l = {{.Lower}}One
	return e
}

// Set sets e = t, and returns e.
func (e *{{.Lower}}Element) Set(t *{{.Lower}}Element) *{{.Lower}}Element {
	*e = *t
	return e
}

// Add sets e = t1 + t2, and returns e.
func (e *{{.Lower}}Element) Add(t1, t2 *{{.Lower}}Element) *{{.Lower}}Element {
	{{.Lower}}Add(&e.l, &t1.l, &t2.l)
	return e
}

// Sub sets e = t1 - t2, and returns e.
func (e *{{.Lower}}Element) Sub(t1, t2 *{{.Lower}}Element) *{{.Lower}}Element {
	{{.Lower}}Sub(&e.l, &t1.l, &t2.l)
	return e
}

// Negate sets e = -t, and returns e.
func (e *{{.Lower}}Element) Negate(t *{{.Lower}}Element) *{{.Lower}}Element {
	var zero [{{.Words}}]uint64
	{{.Lower}}Sub(&e.l, &zero, &t.l)
	return e
}

// Mul sets e = t1 · t2, and returns e.
func (e *{{.Lower}}Element) Mul(t1, t2 *{{.Lower}}Element) *{{.Lower}}Element {
	{{.Lower}}Mul(&e.l, &t1.l, &t2.l)
	return e
}

// Square sets e = t², and returns e.
func (e *{{.Lower}}Element) Square(t *{{.Lower}}Element) *{{.Lower}}Element {
	{{.Lower}}Square(&e.l, &t.l)
	return e
}

// Invert sets e = 1/t (and 0 if t = 0), and returns e (see {{.Lower}}Invert).
func (e *{{.Lower}}Element) Invert(t *{{.Lower}}Element) *{{.Lower}}Element {
	{{.Lower}}Invert(&e.l, &t.l)
	return e
}

// Sqrt sets e to a square root of t and returns e and 1 if t is a square;
// otherwise it sets e to an unspecified value and returns e and 0.
func (e *{{.Lower}}Element) Sqrt(t *{{.Lower}}Element) (*{{.Lower}}Element, int) {
	var r, r2 {{.Lower}}Element
	{{.Lower}}SqrtCandidate(&r.l, &t.l)
	r2.Square(&r)
	ok := r2.Equal(t)
	*e = r
	return e, ok
}

// Select sets e to a if cond == 1, and to b if cond == 0, and returns e.
func (e *{{.Lower}}Element) Select(a, b *{{.Lower}}Element, cond int) *{{.Lower}}Element {
	mask := -uint64(cond)
	for i := range e.l {
		e.l[i] = a.l[i]&mask | b.l[i]&^mask
	}
	return e
}

// Equal returns 1 if e = t, and 0 otherwise.
func (e *{{.Lower}}Element) Equal(t *{{.Lower}}Element) int {
	var d uint64
	for i := range e.l {
		d |= e.l[i] ^ t.l[i]
	}
	return isZeroWord(d)
}

// IsZero returns 1 if e = 0, and 0 otherwise.
func (e *{{.Lower}}Element) IsZero() int {
	var d uint64
	for i := range e.l {
		d |= e.l[i]
	}
	return isZeroWord(d)
}

// SetBytes sets e to the big-endian value of x, which must be
// {{.Lower}}ElementLength bytes long and below p, and returns e. Otherwise it
// returns an error and leaves e unchanged. Whether x is below p is the only
// thing its time depends on.
func (e *{{.Lower}}Element) SetBytes(x []byte) (*{{.Lower}}Element, error) {
	if len(x) != {{.Lower}}ElementLength {
		return nil, errors.New("carry/nistec: invalid field element length")
	}
	var t [{{.Words}}]uint64
	if {{.Lower}}FromBytes(&t, (*[{{.Bytes}}]byte)(x)) != 1 {
		return nil, errors.New("carry/nistec: invalid field element encoding")
	}
	{{.Lower}}Mul(&e.l, &t, &{{.Lower}}RR)
	return e, nil
}

// bytes writes the big-endian encoding of e to out, and returns out[:].
func (e *{{.Lower}}Element) bytes(out *[{{.Bytes}}]byte) []byte {
	var t [{{.Words}}]uint64
	one := [{{.Words}}]uint64{1}
	{{.Lower}}Mul(&t, &e.l, &one)
	{{.Lower}}ToBytes(out, &t)
	return out[:]
}
`

const scalarTemplate = `
// {{.Name}}Scalar is an integer modulo n, the order of the {{.Name}} group, held in
// the Montgomery domain on {{.Words}} 64-bit words, always fully reduced. The zero
// value is zero. Arguments and receivers may alias. All methods are constant
// time, except that the decoding functions' errors (and so their time)
// depend on whether the input is valid.
type {{.Name}}Scalar struct {
	l [{{.Words}}]uint64
}

// New{{.Name}}Scalar returns a new zero scalar.
func New{{.Name}}Scalar() *{{.Name}}Scalar {
	return &{{.Name}}Scalar{}
}

// Set sets s = t, and returns s.
func (s *{{.Name}}Scalar) Set(t *{{.Name}}Scalar) *{{.Name}}Scalar {
	*s = *t
	return s
}

// SetCanonicalBytes sets s to the big-endian value of b, which must be {{.Bytes}}
// bytes long and below n, and returns s. Otherwise it returns an error and
// leaves s unchanged.
func (s *{{.Name}}Scalar) SetCanonicalBytes(b []byte) (*{{.Name}}Scalar, error) {
	if len(b) != {{.Bytes}} {
		return nil, errors.New("carry/nistec: invalid scalar length")
	}
	var t [{{.Words}}]uint64
	if {{.Lower}}OrdFromBytes(&t, (*[{{.Bytes}}]byte)(b)) != 1 {
		return nil, errors.New("carry/nistec: invalid scalar encoding")
	}
	{{.Lower}}OrdMul(&s.l, &t, &{{.Lower}}OrdRR)
	return s, nil
}

// SetReducedBytes sets s to the big-endian value of b reduced modulo n, and
// returns s. b must be {{.Bytes}} bytes long and below 2^{{.BitLen}} (the bit length of n,
// so below 2n); otherwise SetReducedBytes returns an error and leaves s
// unchanged. The reduction is one masked subtraction of n.
func (s *{{.Name}}Scalar) SetReducedBytes(b []byte) (*{{.Name}}Scalar, error) {
	if len(b) != {{.Bytes}} || !{{.Lower}}ReducedCheck((*[{{.Bytes}}]byte)(b)) {
		return nil, errors.New("carry/nistec: invalid scalar length")
	}
	var t [{{.Words}}]uint64
	lt := {{.Lower}}OrdFromBytes(&t, (*[{{.Bytes}}]byte)(b))
	// Subtract n unless t < n: t - n is t + (2^(64·{{.Words}}) - n) mod 2^(64·{{.Words}}).
	var d [{{.Words}}]uint64
	var borrow uint64
	for i := range d {
		d[i], borrow = bits.Sub64(t[i], {{.Lower}}OrdModulus[i], borrow)
	}
	mask := -uint64(lt)
	for i := range t {
		t[i] = t[i]&mask | d[i]&^mask
	}
	{{.Lower}}OrdMul(&s.l, &t, &{{.Lower}}OrdRR)
	return s, nil
}

// Bytes returns the {{.Bytes}}-byte big-endian encoding of s.
func (s *{{.Name}}Scalar) Bytes() []byte {
	var out [{{.Bytes}}]byte
	var t [{{.Words}}]uint64
	one := [{{.Words}}]uint64{1}
	{{.Lower}}OrdMul(&t, &s.l, &one)
	{{.Lower}}OrdToBytes(&out, &t)
	return out[:]
}

// Add sets s = a + b mod n, and returns s.
func (s *{{.Name}}Scalar) Add(a, b *{{.Name}}Scalar) *{{.Name}}Scalar {
	{{.Lower}}OrdAdd(&s.l, &a.l, &b.l)
	return s
}

// Mul sets s = a · b mod n, and returns s.
func (s *{{.Name}}Scalar) Mul(a, b *{{.Name}}Scalar) *{{.Name}}Scalar {
	{{.Lower}}OrdMul(&s.l, &a.l, &b.l)
	return s
}

// Invert sets s = 1/a mod n (and 0 if a = 0), and returns s, by a
// constant-time binary GCD ({{.Lower}}OrdInvert).
func (s *{{.Name}}Scalar) Invert(a *{{.Name}}Scalar) *{{.Name}}Scalar {
	{{.Lower}}OrdInvert(&s.l, &a.l)
	return s
}

// Equal returns 1 if s = t, and 0 otherwise.
func (s *{{.Name}}Scalar) Equal(t *{{.Name}}Scalar) int {
	var d uint64
	for i := range s.l {
		d |= s.l[i] ^ t.l[i]
	}
	return isZeroWord(d)
}

// IsZero returns 1 if s = 0, and 0 otherwise.
func (s *{{.Name}}Scalar) IsZero() int {
	var d uint64
	for i := range s.l {
		d |= s.l[i]
	}
	return isZeroWord(d)
}
`

// field is the field modulo p; P-521's is the Mersenne field.
func (c *curve) field() *modulus {
	return &modulus{pre: c.name, m: c.p, words: c.words, bytes: c.bytes, mersenne: c.name == "p521",
		asm: asmFields[c.name], mulAsm: asmMulFields[c.name]}
}

// reprDoc says how the field holds its elements, for the element's doc.
func (c *curve) reprDoc() string {
	if c.field().mersenne {
		return "held as\n// itself (p = 2^521 - 1 is reduced by shift and add, see p521Mul)"
	}
	return fmt.Sprintf("held in\n// the Montgomery domain as x·R mod p (R = 2^%d)", 64*c.words)
}
