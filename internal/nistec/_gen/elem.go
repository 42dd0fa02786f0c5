package main

import (
	"fmt"
	"math/big"
	"strings"
)

func (c *curve) replacer() *strings.Replacer {
	return strings.NewReplacer("Pxxx", c.Name, "pxxx", c.name,
		"LLL", fmt.Sprint(c.bytes), "NNN", fmt.Sprint(c.words),
		"DDD", fmt.Sprint(c.digits()), "BBB", fmt.Sprint(c.n.BitLen()),
		"SSS", fmt.Sprint(c.baseSafeDigits()), "SML", fmt.Sprint(c.scalarMultLow()),
		"BWW", fmt.Sprint(c.baseWindow()), "BDD", fmt.Sprint(c.baseDigits()), "BEE", fmt.Sprint(c.baseEntries()),
		"REPRDOC", c.reprDoc())
}

func fieldFile(c *curve) []byte {
	e := &emitter{}
	header(e)
	e.p("import (")
	e.p("\"encoding/binary\"")
	e.p("\"errors\"")
	e.p("\"math/bits\"")
	e.p(")")
	e.p("")
	f := c.field()
	e.WriteString(c.replacer().Replace(elementTemplate))
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
	e.p(")")
	e.p("")
	f := &modulus{pre: c.name + "Ord", m: c.n, words: c.words, bytes: c.bytes, scalar: true}
	e.WriteString(c.replacer().Replace(scalarTemplate))
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
// pxxxElementLength is the length of an encoded field element, in bytes.
const pxxxElementLength = LLL

// pxxxElement is an integer modulo p, the prime of the Pxxx curve, REPRDOC
// on NNN little-endian 64-bit words, always fully reduced. The zero value is
// zero. Arguments and receivers may alias. All methods are constant time.
type pxxxElement struct {
	l [NNN]uint64
}

// One sets e = 1, and returns e.
func (e *pxxxElement) One() *pxxxElement {
	e.l = pxxxOne
	return e
}

// Set sets e = t, and returns e.
func (e *pxxxElement) Set(t *pxxxElement) *pxxxElement {
	*e = *t
	return e
}

// Add sets e = t1 + t2, and returns e.
func (e *pxxxElement) Add(t1, t2 *pxxxElement) *pxxxElement {
	pxxxAdd(&e.l, &t1.l, &t2.l)
	return e
}

// Sub sets e = t1 - t2, and returns e.
func (e *pxxxElement) Sub(t1, t2 *pxxxElement) *pxxxElement {
	pxxxSub(&e.l, &t1.l, &t2.l)
	return e
}

// Negate sets e = -t, and returns e.
func (e *pxxxElement) Negate(t *pxxxElement) *pxxxElement {
	var zero [NNN]uint64
	pxxxSub(&e.l, &zero, &t.l)
	return e
}

// Mul sets e = t1 · t2, and returns e.
func (e *pxxxElement) Mul(t1, t2 *pxxxElement) *pxxxElement {
	pxxxMul(&e.l, &t1.l, &t2.l)
	return e
}

// Square sets e = t², and returns e.
func (e *pxxxElement) Square(t *pxxxElement) *pxxxElement {
	pxxxSquare(&e.l, &t.l)
	return e
}

// Invert sets e = 1/t (and 0 if t = 0), and returns e (see pxxxInvert).
func (e *pxxxElement) Invert(t *pxxxElement) *pxxxElement {
	pxxxInvert(&e.l, &t.l)
	return e
}

// Sqrt sets e to a square root of t and returns e and 1 if t is a square;
// otherwise it sets e to an unspecified value and returns e and 0.
func (e *pxxxElement) Sqrt(t *pxxxElement) (*pxxxElement, int) {
	var r, r2 pxxxElement
	pxxxSqrtCandidate(&r.l, &t.l)
	r2.Square(&r)
	ok := r2.Equal(t)
	*e = r
	return e, ok
}

// Select sets e to a if cond == 1, and to b if cond == 0, and returns e.
func (e *pxxxElement) Select(a, b *pxxxElement, cond int) *pxxxElement {
	mask := -uint64(cond)
	for i := range e.l {
		e.l[i] = a.l[i]&mask | b.l[i]&^mask
	}
	return e
}

// Equal returns 1 if e = t, and 0 otherwise.
func (e *pxxxElement) Equal(t *pxxxElement) int {
	var d uint64
	for i := range e.l {
		d |= e.l[i] ^ t.l[i]
	}
	return isZeroWord(d)
}

// IsZero returns 1 if e = 0, and 0 otherwise.
func (e *pxxxElement) IsZero() int {
	var d uint64
	for i := range e.l {
		d |= e.l[i]
	}
	return isZeroWord(d)
}

// SetBytes sets e to the big-endian value of x, which must be
// pxxxElementLength bytes long and below p, and returns e. Otherwise it
// returns an error and leaves e unchanged. Whether x is below p is the only
// thing its time depends on.
func (e *pxxxElement) SetBytes(x []byte) (*pxxxElement, error) {
	if len(x) != pxxxElementLength {
		return nil, errors.New("invalid field element length")
	}
	var t [NNN]uint64
	if pxxxFromBytes(&t, (*[LLL]byte)(x)) != 1 {
		return nil, errors.New("invalid field element encoding")
	}
	pxxxMul(&e.l, &t, &pxxxRR)
	return e, nil
}

// bytes writes the big-endian encoding of e to out, and returns out[:].
func (e *pxxxElement) bytes(out *[LLL]byte) []byte {
	var t [NNN]uint64
	one := [NNN]uint64{1}
	pxxxMul(&t, &e.l, &one)
	pxxxToBytes(out, &t)
	return out[:]
}
`

const scalarTemplate = `
// PxxxScalar is an integer modulo n, the order of the Pxxx group, held in
// the Montgomery domain on NNN 64-bit words, always fully reduced. The zero
// value is zero. Arguments and receivers may alias. All methods are constant
// time, except that the decoding functions' errors (and so their time)
// depend on whether the input is valid.
type PxxxScalar struct {
	l [NNN]uint64
}

// NewPxxxScalar returns a new zero scalar.
func NewPxxxScalar() *PxxxScalar {
	return &PxxxScalar{}
}

// Set sets s = t, and returns s.
func (s *PxxxScalar) Set(t *PxxxScalar) *PxxxScalar {
	*s = *t
	return s
}

// SetCanonicalBytes sets s to the big-endian value of b, which must be LLL
// bytes long and below n, and returns s. Otherwise it returns an error and
// leaves s unchanged.
func (s *PxxxScalar) SetCanonicalBytes(b []byte) (*PxxxScalar, error) {
	if len(b) != LLL {
		return nil, errors.New("invalid scalar length")
	}
	var t [NNN]uint64
	if pxxxOrdFromBytes(&t, (*[LLL]byte)(b)) != 1 {
		return nil, errors.New("invalid scalar encoding")
	}
	pxxxOrdMul(&s.l, &t, &pxxxOrdRR)
	return s, nil
}

// SetReducedBytes sets s to the big-endian value of b reduced modulo n, and
// returns s. b must be LLL bytes long and below 2^BBB (the bit length of n,
// so below 2n); otherwise SetReducedBytes returns an error and leaves s
// unchanged. The reduction is one masked subtraction of n.
func (s *PxxxScalar) SetReducedBytes(b []byte) (*PxxxScalar, error) {
	if len(b) != LLL || !pxxxReducedCheck((*[LLL]byte)(b)) {
		return nil, errors.New("invalid scalar length")
	}
	var t [NNN]uint64
	lt := pxxxOrdFromBytes(&t, (*[LLL]byte)(b))
	// Subtract n unless t < n: t - n is t + (2^(64·NNN) - n) mod 2^(64·NNN).
	var d [NNN]uint64
	var borrow uint64
	for i := range d {
		d[i], borrow = bits.Sub64(t[i], pxxxOrdModulus[i], borrow)
	}
	mask := -uint64(lt)
	for i := range t {
		t[i] = t[i]&mask | d[i]&^mask
	}
	pxxxOrdMul(&s.l, &t, &pxxxOrdRR)
	return s, nil
}

// Bytes returns the LLL-byte big-endian encoding of s.
func (s *PxxxScalar) Bytes() []byte {
	var out [LLL]byte
	var t [NNN]uint64
	one := [NNN]uint64{1}
	pxxxOrdMul(&t, &s.l, &one)
	pxxxOrdToBytes(&out, &t)
	return out[:]
}

// Add sets s = a + b mod n, and returns s.
func (s *PxxxScalar) Add(a, b *PxxxScalar) *PxxxScalar {
	pxxxOrdAdd(&s.l, &a.l, &b.l)
	return s
}

// Mul sets s = a · b mod n, and returns s.
func (s *PxxxScalar) Mul(a, b *PxxxScalar) *PxxxScalar {
	pxxxOrdMul(&s.l, &a.l, &b.l)
	return s
}

// Invert sets s = 1/a mod n (and 0 if a = 0), and returns s, by a
// constant-time binary GCD (pxxxOrdInvert).
func (s *PxxxScalar) Invert(a *PxxxScalar) *PxxxScalar {
	pxxxOrdInvert(&s.l, &a.l)
	return s
}

// Equal returns 1 if s = t, and 0 otherwise.
func (s *PxxxScalar) Equal(t *PxxxScalar) int {
	var d uint64
	for i := range s.l {
		d |= s.l[i] ^ t.l[i]
	}
	return isZeroWord(d)
}

// IsZero returns 1 if s = 0, and 0 otherwise.
func (s *PxxxScalar) IsZero() int {
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
