package main

import (
	"fmt"
	"log"
	"math/big"
	"strings"
)

// modulus describes one Montgomery field: the field of a curve (modulo p)
// or its scalar field (modulo n).
type modulus struct {
	pre string // prefix of the kernels: "p256" or "p256Ord"
	// mersenne is set for m = 2^521 - 1, held as itself (R = 1) and reduced
	// by shift and add instead of Montgomery's method.
	mersenne bool
	m        *big.Int
	words    int
	bytes    int
	// asm is set when amd64 assembly (from _asm) serves the multiplication
	// and the squaring: the Go kernels are then named MulGeneric and
	// SquareGeneric, and a dispatch file chooses (see archFiles).
	asm bool
	// mulAsm is set when amd64 assembly serves the multiplication and the
	// squaring only (P-521's): the Go kernels are named MulGeneric and
	// SquareGeneric, and mulArchFiles writes the dispatch.
	mulAsm bool
	// scalar is set for the field modulo the group order n, which needs no
	// squaring, subtraction or one, and whose modulus SetReducedBytes reads.
	scalar bool
}

// kernel is the name of the Go multiplication or squaring kernel ("Mul",
// "Square"): with the prefix, and Generic when assembly may replace it.
func (f *modulus) kernel(op string) string {
	if f.asm || f.mulAsm {
		return f.pre + op + "Generic"
	}
	return f.pre + op
}

func (f *modulus) word(j int) uint64 { return limbs(f.m, f.words)[j] }

// inv is -m⁻¹ mod 2^64, the Montgomery constant.
func (f *modulus) inv() uint64 {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	i := new(big.Int).ModInverse(f.m, two64)
	i.Sub(two64, i)
	return i.Uint64()
}

// hasTop reports whether 2m may exceed 2^(64·words), so that the
// multiplication and the addition keep a carry word above the top word.
func (f *modulus) hasTop() bool { return f.m.BitLen() == 64*f.words }

const ones = ^uint64(0)

// emitKernels writes the arithmetic of f on [words]uint64: the
// multiplication, the addition, the conversions from and to big-endian
// bytes, and for a field (not a scalar field) the squaring, the subtraction
// and the field's one; for a scalar field, the modulus.
func emitKernels(e *emitter, f *modulus) {
	n := f.words
	if f.scalar {
		e.p("// %sModulus is the modulus, in %d little-endian words.", f.pre, n)
		e.p("var %sModulus = %s", f.pre, wordsLit(f.m, n))
		e.p("")
	}
	rr := new(big.Int).Lsh(big.NewInt(1), uint(128*n))
	if f.mersenne {
		e.p("// %sRR is 1: multiplying by it leaves a value as the Mersenne field holds it.", f.pre)
		rr.SetInt64(1)
	} else {
		e.p("// %sRR is R² mod m (R = 2^%d), to enter the Montgomery domain.", f.pre, 64*n)
	}
	e.p("var %sRR = %s", f.pre, wordsLit(rr.Mod(rr, f.m), n))
	e.p("")
	if f.mersenne {
		emitMersenne(e, f, false)
		emitMersenne(e, f, true)
	} else if f.words >= 9 {
		emitMulFused(e, f)
	} else {
		emitMul(e, f)
	}
	if !f.mersenne && !f.scalar {
		emitSquare(e, f)
	}
	emitAddSub(e, f)
	if !f.scalar {
		emitOne(e, f)
	}
	emitBytes(e, f)
}

// emitCondSub writes z = t - m if t ≥ m, else t, for t = (top, t0..t_{n-1}) < 2m,
// in constant time: the borrow of t - m becomes a mask.
func emitCondSub(e *emitter, f *modulus, top string) {
	n := f.words
	e.p("// Subtract the modulus once; keep the difference unless it borrowed.")
	for j := 0; j < n; j++ {
		in := "0"
		if j > 0 {
			in = "b"
		}
		e.p("r%d, b := bits.Sub64(t%d, %#x, %s)", j, j, f.word(j), in)
	}
	if top != "" {
		e.p("_, b = bits.Sub64(%s, 0, b)", top)
	}
	e.p("keep := -b")
	for j := 0; j < n; j++ {
		e.p("z[%d] = t%d&keep | r%d&^keep", j, j, j)
	}
}

// emitMulFused writes the Montgomery multiplication z = x·y·R⁻¹ mod m, for x, y < m.
func emitMulFused(e *emitter, f *modulus) {
	n := f.words
	inv := f.inv()
	top := f.hasTop()
	e.p("// %sMul sets z = x·y·R⁻¹ mod m (Montgomery multiplication, R = 2^%d) for", f.pre, 64*n)
	e.p("// x, y < m, fully reduced. z may alias x and y. Constant time.")
	e.p("//")
	e.p("// It is the coarsely integrated operand scanning method (CIOS) with the")
	e.p("// two rows of a step fused: for each word y[i], t = (t + x·y[i] + q·m) / 2^64")
	e.p("// where q = t0·(-m⁻¹) mod 2^64 clears the low word. Two carry chains run")
	e.p("// side by side: c1 for x·y[i] and c2 for q·m, whose word j lands in t[j-1].")
	e.p("// t stays below 2m, so one masked subtraction ends it. Written out word by")
	e.p("// word by _gen, with the modulus's words as constants:")
	e.p("// a zero word costs no multiplication, and an all-ones word w gives")
	e.p("// q·w = q·2^64 - q without one.")
	if inv == 1 && f.word(0) == ones {
		e.p("// Here -m⁻¹ mod 2^64 = 1 and m's low word is all ones, so q is the")
		e.p("// low word itself and the first column of q·m carries exactly q.")
	}
	if !top {
		e.p("// m has %d bits, so t < 2m fits in %d words without a carry word.", f.m.BitLen(), n)
	}
	e.p("func %sMul(z, x, y *[%d]uint64) {", f.pre, n)
	vars := []string{}
	for j := 0; j < n; j++ {
		vars = append(vars, fmt.Sprintf("x%d", j))
	}
	var rhs []string
	for j := 0; j < n; j++ {
		rhs = append(rhs, fmt.Sprintf("x[%d]", j))
	}
	e.p("%s := %s", strings.Join(vars, ", "), strings.Join(rhs, ", "))
	var ts []string
	for j := 0; j < n; j++ {
		ts = append(ts, fmt.Sprintf("t%d", j))
	}
	e.p("var %s uint64", strings.Join(ts, ", "))
	if top {
		e.p("var top uint64")
	}
	e.p("var hi, lo, hi2, lo2, c, c1, c2, q uint64")
	for i := 0; i < n; i++ {
		first := i == 0
		e.p("")
		e.p("// Step %d: t = (t + x·y[%d] + q·m) / 2^64.", i, i)
		e.p("yi%d := y[%d]", i, i)
		e.p("hi, lo = bits.Mul64(x0, yi%d)", i)
		if !first {
			e.p("lo, c = bits.Add64(lo, t0, 0)")
			e.p("hi, _ = bits.Add64(hi, 0, c)")
		}
		e.p("c1 = hi")
		if inv == 1 {
			e.p("q = lo")
		} else {
			e.p("q = lo * %#x", inv)
		}
		if f.word(0) == ones && inv == 1 {
			e.p("c2 = q // q·(2^64 - 1) + q = q·2^64")
		} else {
			e.p("hi2, lo2 = bits.Mul64(q, %#x)", f.word(0))
			e.p("_, c = bits.Add64(lo2, lo, 0)")
			e.p("c2, _ = bits.Add64(hi2, 0, c)")
		}
		for j := 1; j < n; j++ {
			e.p("hi, lo = bits.Mul64(x%d, yi%d)", j, i)
			if !first {
				e.p("lo, c = bits.Add64(lo, t%d, 0)", j)
				e.p("hi, _ = bits.Add64(hi, 0, c)")
			}
			e.p("lo, c = bits.Add64(lo, c1, 0)")
			e.p("c1, _ = bits.Add64(hi, 0, c)")
			switch w := f.word(j); w {
			case 0:
				e.p("t%d, c2 = bits.Add64(lo, c2, 0)", j-1)
			case ones:
				e.p("lo2, c = bits.Sub64(0, q, 0)")
				e.p("hi2, _ = bits.Sub64(q, 0, c)")
				e.p("lo2, c = bits.Add64(lo2, lo, 0)")
				e.p("hi2, _ = bits.Add64(hi2, 0, c)")
				e.p("t%d, c = bits.Add64(lo2, c2, 0)", j-1)
				e.p("c2, _ = bits.Add64(hi2, 0, c)")
			default:
				e.p("hi2, lo2 = bits.Mul64(q, %#x)", w)
				e.p("lo2, c = bits.Add64(lo2, lo, 0)")
				e.p("hi2, _ = bits.Add64(hi2, 0, c)")
				e.p("t%d, c = bits.Add64(lo2, c2, 0)", j-1)
				e.p("c2, _ = bits.Add64(hi2, 0, c)")
			}
		}
		if top {
			e.p("t%d, c = bits.Add64(c1, c2, 0)", n-1)
			if first {
				e.p("top = c")
			} else {
				e.p("t%d, c1 = bits.Add64(t%d, top, 0)", n-1, n-1)
				e.p("top = c | c1")
			}
		} else {
			e.p("t%d = c1 + c2", n-1)
		}
	}
	e.p("")
	if top {
		emitCondSub(e, f, "top")
	} else {
		emitCondSub(e, f, "")
	}
	e.p("}")
	e.p("")
}

// emitAddSub writes the modular addition and subtraction.
func emitAddSub(e *emitter, f *modulus) {
	n := f.words
	add := f.pre + "Add"
	if f.mulAsm {
		add += "Generic"
	}
	e.p("// %s sets z = x + y mod m, for x, y < m. z may alias x and y. Constant time.", add)
	e.p("func %s(z, x, y *[%d]uint64) {", add, n)
	e.p("var c uint64")
	for j := 0; j < n; j++ {
		e.p("t%d, c := bits.Add64(x[%d], y[%d], c)", j, j, j)
	}
	top := ""
	if f.hasTop() {
		top = "c"
	}
	emitCondSub(e, f, top)
	e.p("}")
	e.p("")
	if f.scalar {
		return
	}
	sub := f.pre + "Sub"
	if f.mulAsm {
		sub += "Generic"
	}
	e.p("// %s sets z = x - y mod m, for x, y < m. z may alias x and y. Constant time.", sub)
	e.p("func %s(z, x, y *[%d]uint64) {", sub, n)
	e.p("var b uint64")
	for j := 0; j < n; j++ {
		e.p("t%d, b := bits.Sub64(x[%d], y[%d], b)", j, j, j)
	}
	e.p("// Add the modulus back if the difference borrowed.")
	e.p("mask := -b")
	e.p("var c uint64")
	for j := 0; j < n; j++ {
		w := f.word(j)
		switch w {
		case ones:
			e.p("z[%d], c = bits.Add64(t%d, mask, c)", j, j)
		default:
			e.p("z[%d], c = bits.Add64(t%d, %#x&mask, c)", j, j, w)
		}
	}
	e.p("}")
	e.p("")
}

// emitOne writes the constant 1.
func emitOne(e *emitter, f *modulus) {
	one := f.rep(big.NewInt(1))
	e.p("// %sOne is 1 as the field holds it (R mod m in the Montgomery domain).", f.pre)
	e.p("var %sOne = %s", f.pre, wordsLit(one, f.words))
	e.p("")
}

// emitBytes writes the conversions between big-endian bytes and words.
func emitBytes(e *emitter, f *modulus) {
	n, l := f.words, f.bytes
	e.p("// %sFromBytes sets z to the plain big-endian value of b and returns 1 if", f.pre)
	e.p("// it is below m, 0 otherwise. Constant time.")
	e.p("func %sFromBytes(z *[%d]uint64, b *[%d]byte) int {", f.pre, n, l)
	e.p("var buf [%d]byte", 8*n)
	e.p("*(*[%d]byte)(buf[len(buf)-%d:]) = *b // an array copy: copy would test for overlap", l, l)
	for j := 0; j < n; j++ {
		e.p("z[%d] = binary.BigEndian.Uint64(buf[%d:])", j, 8*(n-1-j))
	}
	e.p("var b0 uint64")
	for j := 0; j < n; j++ {
		e.p("_, b0 = bits.Sub64(z[%d], %#x, b0)", j, f.word(j))
	}
	e.p("return int(b0)")
	e.p("}")
	e.p("")
	e.p("// %sToBytes writes the plain value x big-endian to out.", f.pre)
	e.p("func %sToBytes(out *[%d]byte, x *[%d]uint64) {", f.pre, l, n)
	e.p("var buf [%d]byte", 8*n)
	for j := 0; j < n; j++ {
		e.p("binary.BigEndian.PutUint64(buf[%d:], x[%d])", 8*(n-1-j), j)
	}
	e.p("*out = *(*[%d]byte)(buf[len(buf)-%d:])", l, l)
	e.p("}")
	e.p("")
}

// rep is x as the field holds it: x·R mod m, or x for the Mersenne field.
func (f *modulus) rep(x *big.Int) *big.Int {
	if f.mersenne {
		return new(big.Int).Mod(x, f.m)
	}
	return mont(x, f.m, f.words)
}

// expWindow is the width of the sliding window of emitWindowExp.
const expWindow = 5

// emitWindowExp writes name(z, x), z = x^k for the public constant k, by a
// left-to-right sliding window of expWindow bits over the odd powers x to
// x^31: the windows are found here, and the function walks a table of
// (squarings, odd power) steps, so its time and indices depend on k only.
func emitWindowExp(e *emitter, f *modulus, name string, k *big.Int, what string) {
	n := f.words
	type stepT struct{ sq, k int }
	var steps []stepT
	pending := 0
	for i := k.BitLen() - 1; i >= 0; {
		if k.Bit(i) == 0 {
			pending++
			i--
			continue
		}
		j := max(i-expWindow+1, 0)
		for k.Bit(j) == 0 {
			j++
		}
		v := 0
		for b := i; b >= j; b-- {
			v = v<<1 | int(k.Bit(b))
		}
		steps = append(steps, stepT{pending + i - j + 1, v})
		pending = 0
		i = j - 1
	}
	if pending > 0 {
		steps = append(steps, stepT{pending, 0})
	}
	sq, mul := 0, 15
	for _, s := range steps[1:] {
		sq += s.sq
		if s.k != 0 {
			mul++
		}
	}
	// Check the steps with math/big.
	acc := big.NewInt(int64(steps[0].k))
	for _, s := range steps[1:] {
		acc.Lsh(acc, uint(s.sq))
		acc.Add(acc, big.NewInt(int64(s.k)))
	}
	if acc.Cmp(k) != 0 {
		log.Fatalf("%s: the windows give %x, not %x", name, acc, k)
	}
	e.p("// %s sets z = x^k, for k = %s, both as the field holds them. z may", name, what)
	e.p("// alias x. Constant time: a sliding window of %d bits over the odd powers", expWindow)
	e.p("// x to x^31, fixed by the public k (%sSteps): %d squarings and %d", name, sq+1, mul)
	e.p("// multiplications.")
	e.p("func %s(z, x *[%d]uint64) {", name, n)
	e.p("var table [16][%d]uint64 // table[i] = x^(2i+1)", n)
	e.p("var x2 [%d]uint64", n)
	e.p("table[0] = *x")
	e.p("%sSquare(&x2, x)", f.pre)
	e.p("for i := 1; i < 16; i++ {")
	e.p("%sMul(&table[i], &table[i-1], &x2)", f.pre)
	e.p("}")
	e.p("acc := table[%d]", steps[0].k/2)
	e.p("for _, s := range %sSteps {", name)
	e.p("for range s.sq {")
	e.p("%sSquare(&acc, &acc)", f.pre)
	e.p("}")
	e.p("if s.k != 0 {")
	e.p("%sMul(&acc, &acc, &table[s.k/2])", f.pre)
	e.p("}")
	e.p("}")
	e.p("*z = acc")
	e.p("}")
	e.p("")
	e.p("// %sSteps are the windows of %s after the first: square sq times, then", name, name)
	e.p("// multiply by x^k (k odd, or 0 for none).")
	e.p("var %sSteps = [...]struct{ sq, k uint16 }{", name)
	line := ""
	for i, s := range steps[1:] {
		line += fmt.Sprintf("{%d, %d}, ", s.sq, s.k)
		if i%8 == 7 {
			e.p("%s", line)
			line = ""
		}
	}
	if line != "" {
		e.p("%s", line)
	}
	e.p("}")
	e.p("")
}
