package bigmod

import (
	"encoding/binary"
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/cttest"
)

// The constant-time tests of package cttest (fixed against random inputs,
// Welch's t-test) on the operations that handle secrets, at 1024 bits, the
// CRT half of RSA-2048. They run only with -long: timing tests belong on a
// quiet machine. The modulus is fixed and public; the fixed class is a pool
// of values at the edges (0, 1, m-1, values whose products need the final
// subtraction and values whose products do not), the random class random
// values below m.

// ctModulus returns a fixed 1024-bit modulus whose top limb is not all ones,
// so that the final subtraction is sometimes taken and sometimes not.
func ctModulus(t *testing.T) (*Modulus, *big.Int) {
	r := mathrand.New(mathrand.NewPCG(1, 1024))
	mb := randModulusBig(r, 1024)
	return modulusFromBig(t, mb), mb
}

// putNat writes x's limbs into rec, little-endian.
func putNat(rec []byte, x *big.Int, n int) {
	for i, l := range natFromBig(x, n).limbs {
		binary.LittleEndian.PutUint64(rec[8*i:], l)
	}
}

// getLimbs reads n limbs from rec into z.
func getLimbs(z []uint64, rec []byte) {
	for i := range z {
		z[i] = binary.LittleEndian.Uint64(rec[8*i:])
	}
}

func TestMontMulConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	m, mb := ctModulus(t)
	n := len(m.limbs)
	size := 16 * n
	edges := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(mb, big.NewInt(1)), new(big.Int).Rsh(mb, 1)}
	fixed := cttest.FixedPool(16, size, func(i int, rec []byte) {
		putNat(rec[:8*n], edges[i%4], n)
		putNat(rec[8*n:], edges[i/4], n)
	})
	rnd := mathrand.New(mathrand.NewPCG(2, 2))
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		putNat(rec[:8*n], new(big.Int).Mod(randBig(rnd, 1024), mb), n)
		putNat(rec[8*n:], new(big.Int).Mod(randBig(rnd, 1024), mb), n)
	}
	x, y, z := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	cttest.Check(t, cttest.Config{Measurements: 200_000, RecordSize: size}, prepare, func(rec []byte) {
		getLimbs(x, rec)
		getLimbs(y, rec[8*n:])
		montMul(z, x, y, m.limbs, m.m0inv)
		montSqr(y, z, m.limbs, m.m0inv)
	})
}

func TestExpConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	m, mb := ctModulus(t)
	n := len(m.limbs)
	size := 8*n + m.Size()
	// Fixed exponents: zero, one, all ones, one bit per window; bases 0, 1,
	// m-1, 2.
	bases := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(mb, big.NewInt(1)), big.NewInt(2)}
	fixed := cttest.FixedPool(16, size, func(i int, rec []byte) {
		putNat(rec[:8*n], bases[i%4], n)
		e := rec[8*n:]
		switch i / 4 {
		case 1:
			e[len(e)-1] = 1
		case 2:
			for j := range e {
				e[j] = 0xff
			}
		case 3:
			for j := range e {
				e[j] = 0x11
			}
		}
	})
	rnd := mathrand.New(mathrand.NewPCG(3, 3))
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		putNat(rec[:8*n], new(big.Int).Mod(randBig(rnd, 1024), mb), n)
		for j := 8 * n; j < len(rec); j++ {
			rec[j] = byte(rnd.Uint64())
		}
	}
	x, z := &Nat{make([]uint64, n)}, &Nat{make([]uint64, n)}
	cttest.Check(t, cttest.Config{Measurements: 20_000, RecordSize: size}, prepare, func(rec []byte) {
		getLimbs(x.limbs, rec)
		z.Exp(x, rec[8*n:], m)
	})
}

// TestExpPairConstantTime is TestExpConstantTime for ExpPair on two moduli
// of each CRT half's size, 1024, 1536 and 2048 bits: with IFMA, the x2
// kernels that exponentiate both halves of RSA-2048, RSA-3072 and RSA-4096
// at once.
func TestExpPairConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	for _, bits := range []int{1024, 1536, 2048} {
		t.Run(fmt.Sprint(bits), func(t *testing.T) { testExpPairConstantTime(t, bits) })
	}
}

func testExpPairConstantTime(t *testing.T, bits int) {
	mb1 := randModulusBig(mathrand.New(mathrand.NewPCG(1, uint64(bits))), bits)
	mb2 := randModulusBig(mathrand.New(mathrand.NewPCG(2, uint64(bits))), bits)
	m1, m2 := modulusFromBig(t, mb1), modulusFromBig(t, mb2)
	n, es := len(m1.limbs), m1.Size()
	half := 8*n + es // x then e, for each modulus
	bases := func(mb *big.Int) []*big.Int {
		return []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(mb, big.NewInt(1)), big.NewInt(2)}
	}
	b1, b2 := bases(mb1), bases(mb2)
	fixed := cttest.FixedPool(16, 2*half, func(i int, rec []byte) {
		putNat(rec[:8*n], b1[i%4], n)
		putNat(rec[half:half+8*n], b2[(i+1)%4], n)
		for _, e := range [][]byte{rec[8*n : half], rec[half+8*n:]} {
			switch i / 4 {
			case 1:
				e[len(e)-1] = 1
			case 2:
				for j := range e {
					e[j] = 0xff
				}
			case 3:
				for j := range e {
					e[j] = 0x11
				}
			}
		}
	})
	rnd := mathrand.New(mathrand.NewPCG(4, 4))
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		putNat(rec[:8*n], new(big.Int).Mod(randBig(rnd, bits), mb1), n)
		putNat(rec[half:half+8*n], new(big.Int).Mod(randBig(rnd, bits), mb2), n)
		for _, e := range [][]byte{rec[8*n : half], rec[half+8*n:]} {
			for j := range e {
				e[j] = byte(rnd.Uint64())
			}
		}
	}
	x1, x2 := &Nat{make([]uint64, n)}, &Nat{make([]uint64, n)}
	z1, z2 := &Nat{make([]uint64, n)}, &Nat{make([]uint64, n)}
	cttest.Check(t, cttest.Config{Measurements: 20_000, RecordSize: 2 * half}, prepare, func(rec []byte) {
		getLimbs(x1.limbs, rec[:8*n])
		getLimbs(x2.limbs, rec[half:half+8*n])
		ExpPair(z1, x1, rec[8*n:half], m1, z2, x2, rec[half+8*n:], m2)
	})
}

func TestModConstantTime(t *testing.T) {
	if !*long {
		t.Skip("timing test; run with -long")
	}
	m, mb := ctModulus(t)
	n := len(m.limbs)
	size := 16 * n
	// Fixed: 0, m, m·(R-1) and the like, whose reductions are exact or
	// nearly so; random: any 2n-limb value.
	vals := []*big.Int{big.NewInt(0), mb, new(big.Int).Mul(mb, new(big.Int).Sub(pow2(64*n), big.NewInt(1))), new(big.Int).Sub(pow2(128*n), big.NewInt(1))}
	fixed := cttest.FixedPool(4, size, func(i int, rec []byte) { putNat(rec, vals[i], 2*n) })
	rnd := mathrand.New(mathrand.NewPCG(4, 4))
	prepare := func(class int, rec []byte) {
		if class == 0 {
			fixed(rec)
			return
		}
		putNat(rec, randBig(rnd, 128*n), 2*n)
	}
	x, z := &Nat{make([]uint64, 2*n)}, &Nat{make([]uint64, n)}
	cttest.Check(t, cttest.Config{Measurements: 100_000, RecordSize: size}, prepare, func(rec []byte) {
		getLimbs(x.limbs, rec)
		z.Mod(x, m)
	})
}
