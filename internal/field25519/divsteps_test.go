package field25519

import (
	"math/big"
	"testing"
	"testing/quick"

	"github.com/carry-crypto/carry/internal/testutil"
)

// invertEdges are the inputs of the inversion at the edges: the special
// values, 2^k and 2^k ± 1 near the word boundaries and 2^255, values whose
// binary GCD takes many steps (small numbers, p - small, (p ± 1)/2), and
// every mix of words 0, 1 and all ones.
func invertEdges() [][4]uint64 {
	var out [][4]uint64
	for _, x := range specialElements() {
		out = append(out, x.w)
	}
	out = append(out, wordsSpecial...)
	add := func(x *big.Int) {
		x = new(big.Int).Mod(x, new(big.Int).Lsh(bigOne, 256))
		out = append(out, fromBigLimbs(x).w)
	}
	for _, k := range []uint{31, 32, 33, 63, 64, 65, 127, 128, 191, 192, 253, 254, 255} {
		pow := new(big.Int).Lsh(bigOne, k)
		add(pow)
		add(new(big.Int).Sub(pow, bigOne))
		add(new(big.Int).Add(pow, bigOne))
	}
	for _, s := range []int64{2, 3, 5, 7, 19, 38, 1 << 31, 1<<31 - 1, 1<<62 + 1} {
		add(big.NewInt(s))
		add(new(big.Int).Sub(bigP, big.NewInt(s)))
		add(new(big.Int).Add(bigP, big.NewInt(s)))
	}
	half := new(big.Int).Rsh(bigP, 1)
	add(half)
	add(new(big.Int).Add(half, bigOne))
	words := []uint64{0, 1, ^uint64(0)}
	for i := range 81 {
		var w [4]uint64
		for j, k := 0, i; j < 4; j, k = j+1, k/3 {
			w[j] = words[k%3]
		}
		out = append(out, w)
	}
	return out
}

// checkInvert fails unless Invert(x) is x⁻¹ mod p (0 for 0), below 2^255 +
// 2^12, with the receiver aliasing the input or not.
func checkInvert(t *testing.T, w [4]uint64) bool {
	t.Helper()
	x := Element{w}
	want := new(big.Int).ModInverse(new(big.Int).Mod(limbsBig(&x), bigP), bigP)
	if want == nil {
		want = new(big.Int)
	}
	var got Element
	got.Invert(&x)
	alias := x
	alias.Invert(&alias)
	if alias != got {
		t.Errorf("Invert(%v) in place = %v, not %v", x, alias, got)
		return false
	}
	if limbsBig(&got).Cmp(mulBound) >= 0 || toBig(&got).Cmp(want) != 0 {
		t.Errorf("Invert(%v) = %v, want %x", x, got, want)
		return false
	}
	return true
}

// TestInvertEdges checks Invert against math/big on the edges, with every
// implementation of the multiplication.
func TestInvertEdges(t *testing.T) {
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, w := range invertEdges() {
			checkInvert(t, w)
		}
	})
}

// TestInvertRandom checks Invert against math/big on generated elements
// (10^6 with -long), with every implementation of the multiplication.
func TestInvertRandom(t *testing.T) {
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		f := func(x Element) bool { return checkInvert(t, x.w) }
		if err := quick.Check(f, quickConfig(3000)); err != nil {
			t.Error(err)
		}
	})
}

func FuzzInvert(f *testing.F) {
	for _, w := range invertEdges()[:20] {
		f.Add(w[0], w[1], w[2], w[3])
	}
	f.Fuzz(func(t *testing.T, w0, w1, w2, w3 uint64) {
		checkInvert(t, [4]uint64{w0, w1, w2, w3})
	})
}

// divstepsBig runs n divsteps on math/big integers from twice δ, dd, and
// odd f, and returns the new dd, f and g.
func divstepsBig(n int, dd int64, f, g *big.Int) (int64, *big.Int, *big.Int) {
	f, g = new(big.Int).Set(f), new(big.Int).Set(g)
	for range n {
		if g.Bit(0) == 1 {
			if dd > 0 {
				dd = -dd
				f, g = g, f.Neg(f)
			}
			g.Add(g, f)
		}
		dd += 2
		g.Rsh(g, 1)
	}
	return dd, f, g
}

// checkBatch fails unless divstepsBatch and divstepsBatchGeneric both return
// math/big's dd after 60 divsteps of (dd, f, g) and a matrix that maps f and
// g to 2^60 times the new ones, with rows of magnitude at most 2^60.
func checkBatch(t *testing.T, dd int64, f, g *big.Int) {
	t.Helper()
	mask := new(big.Int).SetUint64(^uint64(0))
	low := func(x *big.Int) uint64 { return new(big.Int).And(x, mask).Uint64() }
	wantDD, wantF, wantG := divstepsBig(60, dd, f, g)
	gotDD, u, v, q, r := divstepsBatch(dd, low(f), low(g))
	genDD, gu, gv, gq, gr := divstepsBatchGeneric(dd, low(f), low(g))
	if [5]int64{gotDD, u, v, q, r} != [5]int64{genDD, gu, gv, gq, gr} {
		t.Fatalf("dd = %d, f = %x, g = %x: divstepsBatch = %d %d %d %d %d, generic %d %d %d %d %d",
			dd, f, g, gotDD, u, v, q, r, genDD, gu, gv, gq, gr)
	}
	lin := func(a, b int64) *big.Int {
		x := new(big.Int).Mul(big.NewInt(a), f)
		return x.Add(x, new(big.Int).Mul(big.NewInt(b), g))
	}
	abs := func(a int64) uint64 { return uint64(max(a, -a)) }
	if gotDD != wantDD || lin(u, v).Cmp(new(big.Int).Lsh(wantF, 60)) != 0 ||
		lin(q, r).Cmp(new(big.Int).Lsh(wantG, 60)) != 0 ||
		abs(u)+abs(v) > 1<<60 || abs(q)+abs(r) > 1<<60 {
		t.Fatalf("dd = %d, f = %x, g = %x: dd %d, matrix (%d %d; %d %d), want dd %d, f %x, g %x",
			dd, f, g, gotDD, u, v, q, r, wantDD, wantF, wantG)
	}
}

// TestDivstepsBatch checks both batches against math/big on random f and
// g, on the low patterns that keep g even or f's row whole longest, and
// on dd from -1201 to 1201 (590 steps from 1 stay within) and near ±2^62.
func TestDivstepsBatch(t *testing.T) {
	r := testutil.Rand(t)
	rnd := func(bits uint) *big.Int {
		var b [40]byte
		for i := range b {
			b[i] = byte(r.Uint64())
		}
		x := new(big.Int).SetBytes(b[:])
		x.Rsh(x, 320-bits)
		if r.Uint64()&1 == 1 {
			x.Neg(x)
		}
		return x
	}
	dds := []int64{1, -1, 3, -3, 59, -59, 61, -61, 1199, -1199, 1201, -1201,
		1<<62 + 1, -(1<<62 + 1), 1<<62 - 1, -(1<<62 - 1)}
	pats := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(-1), big.NewInt(2), big.NewInt(-2),
		new(big.Int).Lsh(bigOne, 60), new(big.Int).Lsh(bigOne, 20), big.NewInt(3 << 20),
		new(big.Int).Sub(new(big.Int).Lsh(bigOne, 64), bigOne), new(big.Int).Set(bigP)}
	for _, dd := range dds {
		for _, f := range pats {
			for _, g := range pats {
				if f.Bit(0) == 1 {
					checkBatch(t, dd, f, g)
				}
			}
		}
	}
	for range testutil.Runs(*long, 20000, 1000000, 2000) {
		dd := int64(r.Uint64()%1203) - 601
		dd |= 1
		f, g := rnd(255), rnd(256)
		f.SetBit(f, 0, 1)
		if f.Sign() < 0 {
			f.Sub(f, big.NewInt(2)) // keeps f odd: -x with bit 0 set is odd
		}
		checkBatch(t, dd, f, g)
	}
}

// TestDivstepsBound checks on math/big that 590 divsteps from dd = 1 bring g
// to 0 and f to ±1 for p and the edge and random values of invert's input,
// and reports the most steps needed.
func TestDivstepsBound(t *testing.T) {
	r := testutil.Rand(t)
	var ys []*big.Int
	for _, w := range invertEdges() {
		ys = append(ys, new(big.Int).Mod(wordsToBig(&w), bigP))
	}
	for range testutil.Runs(*long, 2000, 100000, 200) {
		w := randWords(r, false)
		ys = append(ys, new(big.Int).Mod(wordsToBig(&w), bigP))
	}
	worst := 0
	for _, y := range ys {
		if y.Sign() == 0 {
			continue
		}
		dd, f, g := int64(1), bigP, y
		n := 0
		for ; g.Sign() != 0; n++ {
			dd, f, g = divstepsBig(1, dd, f, g)
		}
		if n > 590 || f.CmpAbs(bigOne) != 0 {
			t.Fatalf("y = %x: g reached 0 after %d steps, f = %x", y, n, f)
		}
		worst = max(worst, n)
	}
	t.Logf("most steps needed: %d of %d", worst, 590)
}

// TestDivstepsRow checks divstepsRow on packed words at the edges of its
// contract: f' in (-2^20, 2^20), and U and V in [-2^20, 2^20).
func TestDivstepsRow(t *testing.T) {
	r := testutil.Rand(t)
	lows := []int64{-(1 << 20) + 1, -(1 << 19) - 1, -(1 << 19), -1, 0, 1, 1<<19 - 1, 1 << 19, 1<<20 - 1}
	coefs := []int64{-(1 << 20), -(1 << 20) + 1, -(1 << 19), -1, 0, 1, 1 << 19, 1<<20 - 2, 1<<20 - 1}
	check := func(low, U, V int64) {
		u, v := divstepsRow(low + U<<21 + V<<42)
		if u != -U || v != -V {
			t.Fatalf("f' = %d, U = %d, V = %d: divstepsRow = %d, %d", low, U, V, u, v)
		}
	}
	for _, low := range lows {
		for _, U := range coefs {
			for _, V := range coefs {
				check(low, U, V)
			}
		}
	}
	for range testutil.Runs(*long, 100000, 1000000, 1000) {
		n := r.Uint64()
		check(int64(n%(1<<21-1))-(1<<20-1), int64(n>>21%(1<<21))-1<<20, int64(n>>42%(1<<21))-1<<20)
	}
}

// TestDivstepsRowRanges enumerates every sequence of parities a round can
// meet (any sequence occurs for some low bits) from every dd that behaves
// differently (|dd| ≥ 41 keeps its sign through 20 steps, bar one swap), and
// checks the ranges that divstepsRow's roundings rely on, with margin: in
// every row at a round's end, scaled by 2^20, both entries lie in
// [-2^19, 2^20] and the negative entries sum to at least -2^19. So
// f' = u·f + v·g over the low 20 bits lies in (-2^19, 2^20), and the stored
// -u never reaches 2^20 - 1.
func TestDivstepsRowRanges(t *testing.T) {
	type row struct{ u, v int64 }
	lo, hi, neg := int64(0), int64(0), int64(0)
	see := func(r row) {
		lo, hi = min(lo, r.u, r.v), max(hi, r.u, r.v)
		neg = min(neg, min(r.u, 0)+min(r.v, 0))
	}
	var walk func(step int, dd int64, f, g row)
	walk = func(step int, dd int64, f, g row) {
		if step == divstepsRound {
			see(f)
			see(g)
			return
		}
		walk(step+1, dd+2, f, row{g.u / 2, g.v / 2}) // g even
		if dd > 0 {
			dd, f, g = -dd, g, row{-f.u, -f.v}
		}
		walk(step+1, dd+2, f, row{(g.u + f.u) / 2, (g.v + f.v) / 2}) // g odd
	}
	for dd := int64(-41); dd <= 41; dd += 2 {
		walk(0, dd, row{1 << 20, 0}, row{0, 1 << 20})
	}
	if lo < -(1<<19) || hi > 1<<20 || neg < -(1<<19) {
		t.Fatalf("entries in [%d, %d], negative parts down to %d", lo, hi, neg)
	}
}

// signedBig returns the value of words of two's complement.
func signedBig(w ...uint64) *big.Int {
	x := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Add(x, new(big.Int).SetUint64(w[i]))
	}
	if w[len(w)-1]>>63 == 1 {
		x.Sub(x, new(big.Int).Lsh(bigOne, uint(64*len(w))))
	}
	return x
}

// signedWords returns x, |x| < 2^255, as 256-bit two's complement.
func signedWords(x *big.Int) *[4]uint64 {
	w := fromBigLimbs(new(big.Int).Mod(x, two256)).w
	return &w
}

// TestDivstepsLinear checks the batch's updates against math/big at the
// edges of their contracts and on random values: mulSigned and mulMod for
// |m| up to 2^63 - 1, linShift and linModP for rows with |u| + |v| up to
// 2^60, on f and g up to ±(2^255 - 1) and d and e up to p - 1.
func TestDivstepsLinear(t *testing.T) {
	r := testutil.Rand(t)
	below := func(k uint) *big.Int { // uniform in [0, 2^k)
		var b [40]byte
		for i := range b {
			b[i] = byte(r.Uint64())
		}
		return new(big.Int).Rsh(new(big.Int).SetBytes(b[:]), 320-k)
	}
	signed := func(k uint) *big.Int {
		x := below(k)
		if r.Uint64()&1 == 1 {
			x.Neg(x)
		}
		return x
	}
	max255 := new(big.Int).Sub(new(big.Int).Lsh(bigOne, 255), bigOne)
	xs := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(-1), max255, new(big.Int).Neg(max255)}
	ds := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(bigP, bigOne)}
	ms := []int64{0, 1, -1, 1 << 60, -(1 << 60), 1 << 62, -(1 << 62), 1<<63 - 1, -(1<<63 - 1)}
	rInv := new(big.Int).ModInverse(new(big.Int).Lsh(bigOne, 64), bigP)
	shifts := 0
	for i := range testutil.Runs(*long, 5000, 200000, 500) {
		m := ms[i%len(ms)]
		if i >= len(xs)*len(ms) {
			m = int64(r.Uint64()) >> (1 + r.Uint64()%63)
		}
		x := signed(255)
		d := below(255)
		d.Mod(d, bigP)
		if i < len(xs)*len(ms) {
			x = xs[i/len(ms)]
			d = ds[i/len(ms)%len(ds)]
		}
		a0, a1, a2, a3, a4 := mulSigned(signedWords(x), m)
		if got, want := signedBig(a0, a1, a2, a3, a4), new(big.Int).Mul(x, big.NewInt(m)); got.Cmp(want) != 0 {
			t.Fatalf("mulSigned(%x, %d) = %x, want %x", x, m, got, want)
		}
		a0, a1, a2, a3, a4 = mulMod(&fromBigLimbs(d).w, m)
		got := signedBig(a0, a1, a2, a3, a4, 0)
		want := new(big.Int).Mul(d, big.NewInt(m))
		if m < 0 {
			want.Mul(new(big.Int).Sub(bigP, d), big.NewInt(-m))
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("mulMod(%x, %d) = %x, want %x", d, m, got, want)
		}

		// A row with |u| + |v| ≤ 2^60, and f chosen so that 2^60 divides
		// u·f + v·g.
		u := int64(r.Uint64()>>3) - 1<<60
		if i < len(ms) {
			u = []int64{1 << 60, -(1 << 60), 0, 1, -1, 1<<60 - 1, -(1<<60 - 1), 1 << 59, -(1 << 59)}[i]
		}
		vmax := uint64(1<<60 - max(u, -u))
		v := int64(r.Uint64()%(2*vmax+1)) - int64(vmax)
		if i%3 == 0 {
			v = int64(vmax)
		} else if i%3 == 1 {
			v = -int64(vmax)
		}
		f, g := signed(255), signed(255)
		if i < len(xs) {
			g = xs[i]
		}
		check := func(f, g *big.Int) {
			t.Helper()
			sum := new(big.Int).Add(new(big.Int).Mul(big.NewInt(u), f), new(big.Int).Mul(big.NewInt(v), g))
			if sum.Bit(0) == 1 || new(big.Int).Mod(sum, new(big.Int).Lsh(bigOne, 60)).Sign() != 0 {
				return
			}
			shifts++
			got := linShift(signedWords(f), signedWords(g), u, v)
			if want := new(big.Int).Rsh(sum, 60); signedBig(got[:]...).Cmp(want) != 0 {
				t.Fatalf("linShift(%x, %x, %d, %d) = %x, want %x", f, g, u, v, got, want)
			}
		}
		// Make u·f + v·g ≡ 0 (mod 2^60): with u odd, f = -v·g·u⁻¹ + k·2^60.
		if u&1 == 1 {
			mod := new(big.Int).Lsh(bigOne, 60)
			f0 := new(big.Int).Mul(big.NewInt(-v), g)
			f0.Mul(f0, new(big.Int).ModInverse(new(big.Int).Mod(big.NewInt(u), mod), mod))
			f0.Mod(f0, mod)
			k := signed(194)
			f = f0.Add(f0, k.Lsh(k, 60))
			if f.CmpAbs(max255) <= 0 {
				check(f, g)
			}
		}
		check(big.NewInt(0), big.NewInt(0))

		e := below(255)
		e.Mod(e, bigP)
		if i < len(ds) {
			e = ds[len(ds)-1-i]
		}
		lm := linModP(&fromBigLimbs(d).w, &fromBigLimbs(e).w, u, v)
		want = new(big.Int).Add(new(big.Int).Mul(big.NewInt(u), d), new(big.Int).Mul(big.NewInt(v), e))
		want.Mul(want, rInv).Mod(want, bigP)
		if got := wordsToBig(&lm); got.Cmp(want) != 0 {
			t.Fatalf("linModP(%x, %x, %d, %d) = %x, want %x", d, e, u, v, got, want)
		}
	}
	if shifts < testutil.Runs(*long, 5000, 200000, 500)/4 {
		t.Errorf("linShift checked on %d exact rows only", shifts)
	}
}
