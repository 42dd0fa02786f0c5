//go:build !purego

package nistec

import (
	"crypto/elliptic"
	_ "embed"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
)

// p521InGo runs f with the Go field kernels and point formulas (the base
// implementation), for the reference results of the assembly formulas.
func p521InGo(f func()) {
	defer impl.Select("nistec", "")()
	f()
}

// p521PointAsmInputs returns coordinates for the formula tests: the field
// inputs biased to the bounds (p521AsmInputs), and the coordinates of
// points on the curve (multiples of the generator, in projective and
// Jacobian form with random Z).
func p521PointAsmInputs(t *testing.T) [][9]uint64 {
	in := p521AsmInputs(t)
	r := testutil.Rand(t)
	for range 8 {
		s := make([]byte, p521ScalarLength)
		for k := range s {
			s[k] = byte(r.Uint32())
		}
		s[0] &= 1
		q, err := NewP521Point().ScalarBaseMult(s)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, q.x.l, q.y.l, q.z.l)
	}
	return in
}

// TestP521DoubleAsm compares p521DoubleADX with the Go Jacobian doubling
// word for word: the formulas are polynomials, so any coordinates below p
// serve, on or off the curve, and the Jacobian doubling of curve points,
// five in a row as in ScalarMult. Output aliased to the input and not.
func TestP521DoubleAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p521PointAsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p521Element { return p521Element{in[r.IntN(len(in))]} }
	for i := range 3 * len(in) {
		q := p521Jacobian{p521Element{in[i%len(in)]}, pick(), pick()}
		var want, got p521Jacobian
		p521InGo(func() { want.double(&q) })
		p521DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p521DoubleADX(%x) = %x, want %x", q, got, want)
		}
		got = q
		p521DoubleADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l)
		if got != want {
			t.Fatalf("p521DoubleADX(%x) aliased = %x, want %x", q, got, want)
		}
	}
	g := newP521Generator()
	var want, got p521Jacobian
	p521InGo(func() { want.fromProjective(g) })
	got = want
	for i := range 20 {
		p521InGo(func() { want.double(&want) })
		p521DoubleADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l)
		if got != want {
			t.Fatalf("doubling %d of G: p521DoubleADX gives %x, want %x", i+1, got, want)
		}
	}
}

// TestP521AddAsm compares the assembly additions (complete, projective;
// and Jacobian, with their exceptions) with the Go formulas word for word,
// on coordinates below p (the formulas are polynomials), on curve points,
// and on the exceptional pairs (equal, opposite, the identity); outputs
// aliased to either input and not.
func TestP521AddAsm(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	in := p521PointAsmInputs(t)
	r := testutil.Rand(t)
	pick := func() p521Element { return p521Element{in[r.IntN(len(in))]} }
	check := func(p1, p2 P521Point) {
		t.Helper()
		a2 := p521Affine{p2.x, p2.y}
		var want, got P521Point
		p521InGo(func() { want.Add(&p1, &p2) })
		p521PointAddADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p521B.l)
		if got != want {
			t.Fatalf("p521PointAddADX(%x, %x) = %x, want %x", p1, p2, got, want)
		}
		got = p1
		p521PointAddADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &p2.x.l, &p2.y.l, &p2.z.l, &p521B.l)
		if got != want {
			t.Fatalf("p521PointAddADX(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		got = p2
		p521PointAddADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &got.x.l, &got.y.l, &got.z.l, &p521B.l)
		if got != want {
			t.Fatalf("p521PointAddADX(%x, %x) aliased = %x, want %x", p1, p2, got, want)
		}
		j1, j2 := p521Jacobian(p1), p521Jacobian(p2)
		var jwant, jgot p521Jacobian
		p521InGo(func() { jwant.addDistinct(&j1, &j2) })
		p521AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &j2.x.l, &j2.y.l, &j2.z.l)
		if jgot != jwant {
			t.Fatalf("p521AddDistinctADX(%x, %x) = %x, want %x", j1, j2, jgot, jwant)
		}
		jgot = j1
		p521AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l, &j2.x.l, &j2.y.l, &j2.z.l)
		if jgot != jwant {
			t.Fatalf("p521AddDistinctADX(%x, %x) aliased = %x, want %x", j1, j2, jgot, jwant)
		}
		jgot = j2
		p521AddDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l)
		if jgot != jwant {
			t.Fatalf("p521AddDistinctADX(%x, %x) aliased = %x, want %x", j1, j2, jgot, jwant)
		}
		p521InGo(func() { jwant.addAffineDistinct(&j1, &a2) })
		p521AddAffineDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &j1.x.l, &j1.y.l, &j1.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p521AddAffineDistinctADX(%x, %x) = %x, want %x", j1, a2, jgot, jwant)
		}
		jgot = j1
		p521AddAffineDistinctADX(&jgot.x.l, &jgot.y.l, &jgot.z.l, &jgot.x.l, &jgot.y.l, &jgot.z.l, &a2.x.l, &a2.y.l)
		if jgot != jwant {
			t.Fatalf("p521AddAffineDistinctADX(%x, %x) aliased = %x, want %x", j1, a2, jgot, jwant)
		}
		p521InGo(func() { want.addAffine(&p1, &a2) })
		p521PointAddAffineADX(&got.x.l, &got.y.l, &got.z.l, &p1.x.l, &p1.y.l, &p1.z.l, &a2.x.l, &a2.y.l, &p521B.l)
		if got != want {
			t.Fatalf("p521PointAddAffineADX(%x, %x) = %x, want %x", p1, a2, got, want)
		}
		got = p1
		p521PointAddAffineADX(&got.x.l, &got.y.l, &got.z.l, &got.x.l, &got.y.l, &got.z.l, &a2.x.l, &a2.y.l, &p521B.l)
		if got != want {
			t.Fatalf("p521PointAddAffineADX(%x, %x) aliased = %x, want %x", p1, a2, got, want)
		}
	}
	for i := range 3 * len(in) {
		check(P521Point{p521Element{in[i%len(in)]}, pick(), pick()}, P521Point{pick(), pick(), pick()})
	}

	// Outputs that are 0 mod p as a sum of two nonzero products, which the
	// assembly holds as p until the final reduction: one coordinate of the
	// inputs solved for, the others random.
	for _, c := range []struct {
		name string
		f    func(v p521Element, pick func() p521Element) (p1, p2 P521Point, out *p521Element)
	}{
		{"Add, Z3 = 0", func(v p521Element, pick func() p521Element) (P521Point, P521Point, *p521Element) {
			p1, p2 := P521Point{pick(), pick(), pick()}, P521Point{pick(), pick(), v}
			var q P521Point
			p521InGo(func() { q.Add(&p1, &p2) })
			return p1, p2, &q.z
		}},
		{"Add, Y3 = 0", func(v p521Element, pick func() p521Element) (P521Point, P521Point, *p521Element) {
			p1, p2 := P521Point{pick(), pick(), pick()}, P521Point{pick(), pick(), v}
			var q P521Point
			p521InGo(func() { q.Add(&p1, &p2) })
			return p1, p2, &q.y
		}},
		{"addAffine, Z3 = 0", func(v p521Element, pick func() p521Element) (P521Point, P521Point, *p521Element) {
			p1, p2 := P521Point{pick(), pick(), v}, P521Point{pick(), pick(), pick()}
			var q P521Point
			p521InGo(func() { q.addAffine(&p1, &p521Affine{p2.x, p2.y}) })
			return p1, p2, &q.z
		}},
		{"addAffine, Y3 = 0", func(v p521Element, pick func() p521Element) (P521Point, P521Point, *p521Element) {
			p1, p2 := P521Point{pick(), pick(), v}, P521Point{pick(), pick(), pick()}
			var q P521Point
			p521InGo(func() { q.addAffine(&p1, &p521Affine{p2.x, p2.y}) })
			return p1, p2, &q.y
		}},
	} {
		found := false
		for range 40 {
			// The other coordinates come from a generator seeded anew for
			// each call, so that they are the same in every call.
			var seed [32]byte
			for k := range seed {
				seed[k] = byte(r.Uint32())
			}
			picker := func() func() p521Element {
				g := rand.New(rand.NewChaCha8(seed))
				return func() p521Element { return p521Element{in[g.IntN(len(in))]} }
			}
			f := func(v p521Element) *big.Int {
				_, _, out := c.f(v, picker())
				return p521Int(&out.l)
			}
			v, ok := p521Root(t, f)
			if !ok {
				continue
			}
			p1, p2, out := c.f(v, picker())
			if *out != (p521Element{}) {
				t.Fatalf("%s: the root found gives %x", c.name, out.l)
			}
			check(p1, p2)
			found = true
			break
		}
		if !found {
			t.Fatalf("%s: no root in 40 tries", c.name)
		}
	}
	g := newP521Generator()
	var g2, minusG P521Point
	p521InGo(func() { g2.Add(g, g) })
	minusG.Set(g).condNegate(1)
	for _, pair := range [][2]*P521Point{
		{g, g}, {g, &minusG}, {g, NewP521Point()}, {NewP521Point(), g},
		{NewP521Point(), NewP521Point()}, {&g2, g}, {g, &g2},
	} {
		check(*pair[0], *pair[1])
	}
}

// p521Root returns a v with f(v) = 0 mod p, where f is a polynomial of
// degree at most 2 in v, found from its values at v = 0, 1, 2 (and checked
// at 3), and false if there is none.
func p521Root(t *testing.T, f func(v p521Element) *big.Int) (p521Element, bool) {
	t.Helper()
	p := elliptic.P521().Params().P
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	var s, fs [4]*big.Int
	for i := range s {
		s[i] = big.NewInt(int64(i))
		fs[i] = f(p521Element{[9]uint64{uint64(i)}})
	}
	// f = a·s² + b·s + c through (s0, f0) = (0, c), (s1, f1), (s2, f2).
	c := fs[0]
	d1 := mod(new(big.Int).Sub(fs[1], c))
	d2 := mod(new(big.Int).Sub(fs[2], c))
	// d1 = a·s1² + b·s1 and d2 = a·s2² + b·s2, so that
	// a = (d2·s1 - d1·s2) / (s1·s2·(s2 - s1)).
	den := new(big.Int).Mul(s[1], s[2])
	den.Mul(den, new(big.Int).Sub(s[2], s[1]))
	a := new(big.Int).Sub(new(big.Int).Mul(d2, s[1]), new(big.Int).Mul(d1, s[2]))
	a = mod(a.Mul(a, new(big.Int).ModInverse(den, p)))
	b := mod(new(big.Int).Sub(d1, new(big.Int).Mul(a, new(big.Int).Mul(s[1], s[1]))))
	b = mod(b.Mul(b, new(big.Int).ModInverse(s[1], p)))
	at := func(x *big.Int) *big.Int {
		v := new(big.Int).Mul(a, new(big.Int).Mul(x, x))
		v.Add(v, new(big.Int).Mul(b, x))
		return mod(v.Add(v, c))
	}
	if at(s[3]).Cmp(fs[3]) != 0 {
		t.Fatalf("the output is not quadratic in the unknown")
	}
	var root *big.Int
	switch {
	case a.Sign() == 0 && b.Sign() == 0:
		return p521Element{}, false
	case a.Sign() == 0:
		root = mod(new(big.Int).Mul(new(big.Int).Neg(c), new(big.Int).ModInverse(b, p)))
	default:
		disc := mod(new(big.Int).Sub(new(big.Int).Mul(b, b), new(big.Int).Mul(big.NewInt(4), new(big.Int).Mul(a, c))))
		sq := new(big.Int).ModSqrt(disc, p)
		if sq == nil {
			return p521Element{}, false
		}
		root = new(big.Int).Sub(sq, b)
		root = mod(root.Mul(root, new(big.Int).ModInverse(new(big.Int).Lsh(a, 1), p)))
	}
	if at(root).Sign() != 0 {
		t.Fatalf("the root found is not one")
	}
	return p521Element{p521Words(root)}, true
}

// BenchmarkP521Formulas runs the point formulas in assembly.
func BenchmarkP521Formulas(b *testing.B) {
	g := newP521Generator()
	var j, k p521Jacobian
	p521InGo(func() {
		j.fromProjective(g)
		k.double(&j)
	})
	var p P521Point
	b.Run("Double", func(b *testing.B) {
		for range b.N {
			p521DoubleADX(&j.x.l, &j.y.l, &j.z.l, &j.x.l, &j.y.l, &j.z.l)
		}
	})
	b.Run("AddDistinct", func(b *testing.B) {
		for range b.N {
			p521AddDistinctADX(&j.x.l, &j.y.l, &j.z.l, &j.x.l, &j.y.l, &j.z.l, &k.x.l, &k.y.l, &k.z.l)
		}
	})
	b.Run("Add", func(b *testing.B) {
		for range b.N {
			p521PointAddADX(&p.x.l, &p.y.l, &p.z.l, &p.x.l, &p.y.l, &p.z.l, &g.x.l, &g.y.l, &g.z.l, &p521B.l)
		}
	})
}

//go:embed p521_field_amd64.s
var p521FieldAsm string

// TestP521FormulaBounds reads the formula kernels' lines from the comments
// of the generated assembly, with the multiple of p each subtraction adds,
// the folds and the final reductions, and checks them against value bounds
// worked out here: every subtraction's k·p at least the largest value it
// subtracts, every product's operands below 2^526 (p521MulInner's bound),
// every sum and shift within nine words, and an output stored without the
// final reduction below p; and the loop of p521WindowsADX, whose
// accumulator must return to each loop's head below the bound the head
// assumes. Random inputs stay far from these bounds.
func TestP521FormulaBounds(t *testing.T) {
	one := big.NewInt(1)
	p := new(big.Int).Sub(new(big.Int).Lsh(one, 521), one)
	innerMax := new(big.Int).Lsh(one, 526)
	words9 := new(big.Int).Lsh(one, 576)
	// Bounds are exclusive: every value v of a name has 0 ≤ v < bound.
	product := func(bx, by *big.Int) *big.Int {
		// (w mod 2^521) + ((w >> 521) mod 2^521) + (w >> 1042).
		w := new(big.Int).Mul(new(big.Int).Sub(bx, one), new(big.Int).Sub(by, one))
		b := new(big.Int).Add(new(big.Int).Lsh(p, 1), w.Rsh(w, 1042))
		return b.Add(b, one)
	}
	foldBound := func(b *big.Int) *big.Int {
		// (v mod 2^521) + (v >> 521), largest at v = b - 1 or just below
		// a multiple of 2^521.
		top := new(big.Int).Sub(b, one)
		q := new(big.Int).Rsh(top, 521)
		m := new(big.Int).Add(new(big.Int).And(top, p), q)
		if q.Sign() > 0 {
			if below := new(big.Int).Add(p, new(big.Int).Sub(q, one)); below.Cmp(m) > 0 {
				m = below
			}
		}
		return m.Add(m, one)
	}
	// walk follows the lines of one kernel's block from the bounds given,
	// passing every other comment to step.
	walk := func(name, block string, bound map[string]*big.Int, step func(c string)) {
		get := func(n string) *big.Int {
			b, ok := bound[n]
			if !ok {
				t.Fatalf("%s: %s read before it is written", name, n)
			}
			return b
		}
		var sub []string // a subtraction waiting for its multiple of p
		last := ""       // the name the last line wrote, which a fold takes
		// fold holds a fold's comment and the instructions after it, up to
		// the next comment: they must fold (p521Fold's shift of the top
		// word by 9, its mask of 9 bits and its carry through the words).
		var fold []string
		checkFold := func() {
			if fold == nil {
				return
			}
			body := strings.Join(fold[1:], "\n")
			if !strings.Contains(body, "SHRQ $0x09,") || !strings.Contains(body, "ANDQ $0x000001ff,") ||
				strings.Count(body, "ADCQ $0x00,") < 8 {
				t.Errorf("%s: %q is not followed by a fold", name, fold[0])
			}
			fold = nil
		}
		defer checkFold()
		for _, line := range strings.Split(block, "\n") {
			c, ok := strings.CutPrefix(strings.TrimSpace(line), "// ")
			if !ok {
				if fold != nil {
					fold = append(fold, strings.TrimSpace(line))
				}
				continue
			}
			checkFold()
			f := strings.Fields(c)
			switch {
			case len(f) == 5 && f[1] == "=":
				if sub != nil {
					t.Fatalf("%s: %q has no multiple of p", name, strings.Join(sub, " "))
				}
				dst, x, op, y := f[0], f[2], f[3], f[4]
				last = dst
				switch op {
				case "*":
					bx, by := get(x), get(y)
					if bx.Cmp(innerMax) > 0 || by.Cmp(innerMax) > 0 {
						t.Errorf("%s: %q: an operand may reach 2^526", name, c)
					}
					bound[dst] = product(bx, by)
				case "+":
					bound[dst] = new(big.Int).Sub(new(big.Int).Add(get(x), get(y)), one)
				case "<<":
					k, _ := strconv.Atoi(y)
					bound[dst] = new(big.Int).Add(new(big.Int).Lsh(new(big.Int).Sub(get(x), one), uint(k)), one)
				case "-":
					sub = f
					continue
				default:
					t.Fatalf("%s: unknown line %q", name, c)
				}
				if bound[dst].Cmp(words9) > 0 {
					t.Errorf("%s: %q may not fit nine words", name, c)
				}
			case len(f) > 2 && f[0] == "plus" && strings.HasSuffix(f[1], "·p"):
				if sub == nil {
					t.Fatalf("%s: %q follows no subtraction", name, c)
				}
				k, err := strconv.Atoi(strings.TrimSuffix(f[1], "·p"))
				if err != nil {
					t.Fatalf("%s: %q: %v", name, c, err)
				}
				kp := new(big.Int).Mul(big.NewInt(int64(k)), p)
				bx, by := get(sub[2]), get(sub[4])
				// x - y + k·p, for x - y < 0, must not be negative.
				if kp.Cmp(new(big.Int).Sub(by, one)) < 0 {
					t.Errorf("%s: %q adds %d·p, below its largest subtrahend", name, strings.Join(sub, " "), k)
				}
				if bx.Cmp(kp) > 0 {
					kp = bx
				}
				bound[sub[0]] = kp
				sub = nil
			case strings.HasPrefix(c, "fold: the bound passed"):
				bound[last] = foldBound(get(last))
				fold = []string{c}
			case len(f) == 5 && f[0] == "fold:" && f[2] == "for" && f[4] == "loop":
				bound[f[1]] = foldBound(get(f[1]))
				fold = []string{c}
			default:
				step(c)
			}
		}
	}

	kernels := 0
	blocks := strings.Split(p521FieldAsm, "\nTEXT ")
	for i, block := range blocks[1:] {
		if !strings.Contains(block, "// Store the outputs") {
			continue
		}
		kernels++
		name := block[len("·"):strings.Index(block, "(SB)")]
		header := blocks[i] // ends with the "// func name(...)" line
		sig := header[strings.LastIndex(header, "// func "):]
		bound := map[string]*big.Int{}
		for _, param := range strings.Split(sig[strings.Index(sig, "(")+1:strings.Index(sig, ")")], ", ") {
			if n := strings.Fields(param)[0]; n != "x3" && n != "y3" && n != "z3" {
				bound[n] = p
			}
		}
		reduced := map[string]bool{}
		walk(name, block, bound, func(c string) {
			if strings.HasSuffix(c, "may be p or above: reduce it") {
				reduced[strings.Fields(c)[0]] = true
			}
		})
		for _, o := range []string{"x3", "y3", "z3"} {
			if !reduced[o] && bound[o].Cmp(p) > 0 {
				t.Errorf("%s: %s is stored without reduction but may be p or above", name, o)
			}
		}
	}
	if kernels != 5 {
		t.Fatalf("found %d formula kernels in p521_field_amd64.s, want 5", kernels)
	}

	// p521WindowsADX carries acc (ax, ay, az) around two loops, below
	// 2^522 + 2^10 at their heads: the doubling's outputs and the merged
	// sum must come back below that; the table's entry t is below p, its
	// y negated below p + 1.
	head := new(big.Int).Add(new(big.Int).Lsh(one, 522), big.NewInt(1<<10))
	loops := 0
	for _, block := range blocks[1:] {
		name := block[len("·"):strings.Index(block, "(SB)")]
		if name != "p521WindowsADX" {
			continue
		}
		loops++
		bound := map[string]*big.Int{}
		check := func(where string, names ...string) {
			for _, n := range names {
				if b, ok := bound[n]; !ok || b.Cmp(head) > 0 {
					t.Errorf("%s: %s may reach %v at %s, above the loop's head bound", name, n, b, where)
				}
			}
		}
		steps := 0
		walk(name, block, bound, func(c string) {
			switch {
			case strings.HasPrefix(c, "Five doublings in place"):
				bound["ax"], bound["ay"], bound["az"] = head, head, head
				steps++
			case strings.HasPrefix(c, "The digit:"):
				check("the doubling loop's end", "ax", "ay", "az")
				steps++
			case strings.HasPrefix(c, "Add: u = acc + t"):
				bound["ax"], bound["ay"], bound["az"] = head, head, head
				bound["tx"], bound["tz"] = p, p
				bound["ty"] = new(big.Int).Add(p, one)
				steps++
			case strings.HasPrefix(c, "u = t if acc0 = 1"):
				check("the merge", "ux", "uy", "uz")
				steps++
			}
		})
		if steps != 4 {
			t.Errorf("%s: found %d of the loop's 4 marks", name, steps)
		}
	}
	if loops != 1 {
		t.Fatalf("found %d p521WindowsADX in p521_field_amd64.s, want 1", loops)
	}
}

// TestP521FoldCarriesIntoTopWord doubles a point whose u = beta << 3 makes
// the fold's addition carry out of word 7: with beta = x1·gamma reduced
// lazily to exactly 2^521 + 2^509 - 1, u mod 2^512 is 2^512 - 8 and u >> 521
// is 8. Random inputs never make words 1 to 7 of a fold's sum all ones.
func TestP521FoldCarriesIntoTopWord(t *testing.T) {
	testutil.RequireImplementation(t, "nistec", "adx")
	one := big.NewInt(1)
	p := new(big.Int).Sub(new(big.Int).Lsh(one, 521), one)
	// lazy is p521ReduceLazy's value for the product of a and b:
	// (w mod 2^521) + ((w >> 521) mod 2^521) + (w >> 1042).
	lazy := func(a, b *big.Int) *big.Int {
		w := new(big.Int).Mul(a, b)
		u := new(big.Int).And(w, p)
		u.Add(u, new(big.Int).And(new(big.Int).Rsh(w, 521), p))
		return u.Add(u, w.Rsh(w, 1042))
	}
	target := new(big.Int).Add(new(big.Int).Lsh(one, 521), new(big.Int).Lsh(one, 509))
	target.Sub(target, one)
	r := testutil.Rand(t)
	found := 0
	for range 200 {
		y1 := randomBelow(r, p)
		gamma := lazy(y1, y1)
		inv := new(big.Int).ModInverse(gamma, p)
		if inv == nil {
			continue
		}
		x1 := inv.Mul(inv, target)
		x1.Mod(x1, p)
		if lazy(x1, gamma).Cmp(target) != 0 {
			continue // beta is target - p, which folds without the carry
		}
		found++
		q := p521Jacobian{p521Element{p521Words(x1)}, p521Element{p521Words(y1)}, p521Element{p521Words(randomBelow(r, p))}}
		var want, got p521Jacobian
		p521InGo(func() { want.double(&q) })
		p521DoubleADX(&got.x.l, &got.y.l, &got.z.l, &q.x.l, &q.y.l, &q.z.l)
		if got != want {
			t.Fatalf("p521DoubleADX(%x) = %x, want %x", q, got, want)
		}
		if found == 8 {
			return
		}
	}
	t.Fatalf("found %d inputs whose beta is 2^521 + 2^509 - 1, want 8", found)
}
