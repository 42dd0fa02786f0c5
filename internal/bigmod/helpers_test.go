package bigmod

import (
	"flag"
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run long tests (many more random moduli, values and exponents)")

// iterations returns n, or 20·n with -long.
func iterations(n int) int {
	if *long {
		return 20 * n
	}
	return n
}

// short reports whether the tests should be trimmed: -short (as the 386 and
// emulated arm64 runs of test.sh use) without -long.
func short() bool { return testing.Short() && !*long }

// natFromBig returns x as a Nat of n limbs; x must fit.
func natFromBig(x *big.Int, n int) *Nat {
	if x.Sign() < 0 || x.BitLen() > 64*n {
		panic(fmt.Sprintf("natFromBig: %v does not fit in %d limbs", x, n))
	}
	z := &Nat{make([]uint64, n)}
	for i := range z.limbs {
		z.limbs[i] = new(big.Int).Rsh(x, uint(64*i)).Uint64()
	}
	return z
}

// limbsToBig returns the value of little-endian limbs.
func limbsToBig(l []uint64) *big.Int {
	z := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(l[i]))
	}
	return z
}

// toBig returns the value of x.
func (x *Nat) toBig() *big.Int { return limbsToBig(x.limbs) }

// toBig returns the value of m.
func (m *Modulus) toBig() *big.Int { return limbsToBig(m.limbs) }

// modulusFromBig returns x as a Modulus of any size of at least two bits,
// failing t if x is not accepted.
func modulusFromBig(t testing.TB, x *big.Int) *Modulus {
	t.Helper()
	m, err := newModulus(x.Bytes(), 2)
	if err != nil {
		t.Fatalf("newModulus(%x): %v", x, err)
	}
	return m
}

// pow2 returns 2^k.
func pow2(k int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(k)) }

// randBig returns a uniformly random integer of at most bits bits.
func randBig(r *mathrand.Rand, bits int) *big.Int {
	z := new(big.Int)
	for i := 0; i < bits; i += 64 {
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(r.Uint64()))
	}
	if extra := (bits+63)/64*64 - bits; extra > 0 {
		z.Rsh(z, uint(extra))
	}
	return z
}

// weirdBig returns an integer of at most bits bits biased to the limb edges:
// each limb is random, zero, all ones, or one bit.
func weirdBig(r *mathrand.Rand, bits int) *big.Int {
	z := new(big.Int)
	for i := 0; i < bits; i += 64 {
		var l uint64
		switch r.IntN(6) {
		case 0:
			l = 0
		case 1:
			l = ^uint64(0)
		case 2:
			l = 1 << r.IntN(64)
		case 3:
			l = ^uint64(0) >> r.IntN(64)
		default:
			l = r.Uint64()
		}
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(l))
	}
	if extra := (bits+63)/64*64 - bits; extra > 0 {
		z.Rsh(z, uint(extra))
	}
	return z
}

// randModulusBig returns a random odd integer of exactly bits bits.
func randModulusBig(r *mathrand.Rand, bits int) *big.Int {
	m := randBig(r, bits)
	m.SetBit(m, bits-1, 1)
	m.SetBit(m, 0, 1)
	return m
}

// namedModulus is a modulus with a description for test messages.
type namedModulus struct {
	name string
	m    *big.Int
}

// extremeModuli returns odd moduli of exactly bits bits (bits ≥ 2) at the
// edges the arithmetic turns on: all ones (2^k - 1), just above a power of
// two, the top limb all ones, the low limb 1, one bit set per limb, and
// random ones, plain and limb-biased.
func extremeModuli(r *mathrand.Rand, bits int) []namedModulus {
	var ms []namedModulus
	add := func(name string, m *big.Int) {
		if m.BitLen() != bits || m.Bit(0) != 1 {
			panic(fmt.Sprintf("extremeModuli: %s is not an odd %d-bit number", name, bits))
		}
		ms = append(ms, namedModulus{fmt.Sprintf("%s/%d", name, bits), m})
	}
	add("2^k-1", new(big.Int).Sub(pow2(bits), big.NewInt(1)))
	add("2^(k-1)+1", new(big.Int).Add(pow2(bits-1), big.NewInt(1)))
	if bits > 8 {
		add("2^(k-1)+small", new(big.Int).Add(pow2(bits-1), big.NewInt(2*int64(r.IntN(100))+1)))
		add("2^k-small", new(big.Int).Sub(pow2(bits), big.NewInt(2*int64(r.IntN(100))+1)))
	}
	if bits > 64 {
		// The top limb all ones (as far as the bit length goes), the rest
		// random.
		top := new(big.Int).Sub(pow2(bits), pow2(64*((bits-1)/64)))
		add("top-limb-ones", new(big.Int).Or(top, new(big.Int).SetBit(randBig(r, 64*((bits-1)/64)), 0, 1)))
		// The low limb 1: m0inv is -1.
		lowOne := new(big.Int).Lsh(randBig(r, bits-64), 64)
		lowOne.SetBit(lowOne, bits-1, 1)
		add("low-limb-1", lowOne.Or(lowOne, big.NewInt(1)))
	}
	add("random", randModulusBig(r, bits))
	weird := weirdBig(r, bits)
	weird.SetBit(weird, bits-1, 1)
	add("weird", weird.SetBit(weird, 0, 1))
	return ms
}

// extremeValues returns values below m at the edges: 0, 1, 2, m-1, m-2,
// (m-1)/2, (m+1)/2, R mod m, R-1 mod m, and random and limb-biased values.
func extremeValues(r *mathrand.Rand, m *big.Int) []*big.Int {
	one := big.NewInt(1)
	n := (m.BitLen() + 63) / 64
	vs := []*big.Int{
		big.NewInt(0),
		big.NewInt(1),
		big.NewInt(2),
		new(big.Int).Sub(m, one),
		new(big.Int).Sub(m, big.NewInt(2)),
		new(big.Int).Rsh(m, 1),
		new(big.Int).Rsh(new(big.Int).Add(m, one), 1),
		new(big.Int).Mod(pow2(64*n), m),
		new(big.Int).Mod(new(big.Int).Sub(pow2(64*n), one), m),
		new(big.Int).Mod(randBig(r, m.BitLen()), m),
		new(big.Int).Mod(weirdBig(r, m.BitLen()), m),
	}
	for _, v := range vs {
		v.Mod(v, m) // for m = 3, where m-2 = 1 and the like stay as they are
	}
	return vs
}

// rng returns the test's reproducible generator (see testutil.Rand).
func rng(t testing.TB) *mathrand.Rand { return testutil.Rand(t) }
