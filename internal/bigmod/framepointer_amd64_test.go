//go:build !purego

package bigmod

import (
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// montArgs are the arguments of the ADX kernels for n limbs: a random odd
// modulus m of 64·n bits, its m0inv, x and y below m, and z.
type montArgs struct {
	z, x, y, m []uint64
	m0inv      uint64
}

// newMontArgs returns random montArgs for n limbs.
func newMontArgs(t *testing.T, r *mathrand.Rand, n int) montArgs {
	mb := randModulusBig(r, 64*n)
	m := modulusFromBig(t, mb)
	return montArgs{
		z:     make([]uint64, n),
		x:     natFromBig(new(big.Int).Mod(randBig(r, 64*n), mb), n).limbs,
		y:     natFromBig(new(big.Int).Mod(weirdBig(r, 64*n), mb), n).limbs,
		m:     m.limbs,
		m0inv: m.m0inv,
	}
}

// ammArgs are the arguments of the IFMA kernels for count moduli of bits
// bits, one after the other: z; a and b below each modulus, m, in
// radix-2^52 digits padded to the kernel's words; and each modulus's k0.
// table holds 16 entries of words words for the table scans.
type ammArgs struct {
	z, a, b, m []uint64
	k0         [2]uint64
	table      []uint64
}

// newAMMArgs returns random ammArgs for count moduli of bits bits.
func newAMMArgs(t *testing.T, r *mathrand.Rand, bits, count int) ammArgs {
	var args ammArgs
	words := 0
	for k := range count {
		mb := randModulusBig(r, bits)
		m := modulusFromBig(t, mb)
		if m.r52 == nil {
			t.Fatalf("no radix-2^52 constants for %d bits", bits)
		}
		words = m.r52.words
		args.a = append(args.a, digitsFromBig(new(big.Int).Mod(randBig(r, bits), mb), words)...)
		args.b = append(args.b, digitsFromBig(new(big.Int).Mod(weirdBig(r, bits), mb), words)...)
		args.m = append(args.m, m.r52.m...)
		args.k0[k] = m.r52.k0
	}
	args.z = make([]uint64, len(args.a))
	args.table = make([]uint64, 16*words)
	for i := range args.table {
		args.table[i] = r.Uint64()
	}
	return args
}

// TestAsmKeepsFramePointer calls every function of mont_amd64.s, the ADX
// multiplications and squarings and the IFMA almost-Montgomery products
// (single and x2) and table scans, on moduli of each size they take and
// values below them, each call followed at once by the frame pointer probe
// of testutil.FramePointerProbe: a function that wrote a frame slot over
// its saved frame pointer returns with a wrong one, and the probe fails the
// test. The values themselves are checked by the tests of each function.
func TestAsmKeepsFramePointer(t *testing.T) {
	probe := testutil.FramePointerProbe(t)
	t.Run("adx", func(t *testing.T) {
		testutil.RequireImplementation(t, "bigmod", "adx")
		r := rng(t)
		for range 3 {
			a := newMontArgs(t, r, 16)
			montMulADX16((*[16]uint64)(a.z), (*[16]uint64)(a.x), (*[16]uint64)(a.y), (*[16]uint64)(a.m), a.m0inv)
			probe()
			montSqrADX16((*[16]uint64)(a.z), (*[16]uint64)(a.x), (*[16]uint64)(a.m), a.m0inv)
			probe()

			a = newMontArgs(t, r, 24)
			montMulADX24((*[24]uint64)(a.z), (*[24]uint64)(a.x), (*[24]uint64)(a.y), (*[24]uint64)(a.m), a.m0inv)
			probe()
			montSqrADX24((*[24]uint64)(a.z), (*[24]uint64)(a.x), (*[24]uint64)(a.m), a.m0inv)
			probe()

			a = newMontArgs(t, r, 32)
			montMulADX32((*[32]uint64)(a.z), (*[32]uint64)(a.x), (*[32]uint64)(a.y), (*[32]uint64)(a.m), a.m0inv)
			probe()
			montSqrADX32((*[32]uint64)(a.z), (*[32]uint64)(a.x), (*[32]uint64)(a.m), a.m0inv)
			probe()

			a = newMontArgs(t, r, 48)
			montMulADX48((*[48]uint64)(a.z), (*[48]uint64)(a.x), (*[48]uint64)(a.y), (*[48]uint64)(a.m), a.m0inv)
			probe()

			a = newMontArgs(t, r, 64)
			montMulADX64((*[64]uint64)(a.z), (*[64]uint64)(a.x), (*[64]uint64)(a.y), (*[64]uint64)(a.m), a.m0inv)
			probe()
		}
	})
	t.Run("ifma", func(t *testing.T) {
		testutil.RequireImplementation(t, "bigmod", "ifma")
		r := rng(t)
		for range 3 {
			k := uint64(r.IntN(16))

			a := newAMMArgs(t, r, 1024, 1)
			ammIFMA20((*[24]uint64)(a.z), (*[24]uint64)(a.a), (*[24]uint64)(a.b), (*[24]uint64)(a.m), (*[1]uint64)(a.k0[:1]))
			probe()
			selectIFMA24((*[24]uint64)(a.z), a.table, k)
			probe()
			a = newAMMArgs(t, r, 1024, 2)
			ammIFMA20x2((*[48]uint64)(a.z), (*[48]uint64)(a.a), (*[48]uint64)(a.b), (*[48]uint64)(a.m), &a.k0)
			probe()

			a = newAMMArgs(t, r, 1536, 1)
			ammIFMA30((*[32]uint64)(a.z), (*[32]uint64)(a.a), (*[32]uint64)(a.b), (*[32]uint64)(a.m), (*[1]uint64)(a.k0[:1]))
			probe()
			selectIFMA32((*[32]uint64)(a.z), a.table, k)
			probe()
			a = newAMMArgs(t, r, 1536, 2)
			ammIFMA30x2((*[64]uint64)(a.z), (*[64]uint64)(a.a), (*[64]uint64)(a.b), (*[64]uint64)(a.m), &a.k0)
			probe()

			a = newAMMArgs(t, r, 2048, 1)
			ammIFMA40((*[40]uint64)(a.z), (*[40]uint64)(a.a), (*[40]uint64)(a.b), (*[40]uint64)(a.m), (*[1]uint64)(a.k0[:1]))
			probe()
			selectIFMA40((*[40]uint64)(a.z), a.table, k)
			probe()
			a = newAMMArgs(t, r, 2048, 2)
			ammIFMA40x2((*[80]uint64)(a.z), (*[80]uint64)(a.a), (*[80]uint64)(a.b), (*[80]uint64)(a.m), &a.k0)
			probe()

			a = newAMMArgs(t, r, 3072, 1)
			ammIFMA60((*[64]uint64)(a.z), (*[64]uint64)(a.a), (*[64]uint64)(a.b), (*[64]uint64)(a.m), (*[1]uint64)(a.k0[:1]))
			probe()
			selectIFMA64((*[64]uint64)(a.z), a.table, k)
			probe()

			a = newAMMArgs(t, r, 4096, 1)
			ammIFMA80((*[80]uint64)(a.z), (*[80]uint64)(a.a), (*[80]uint64)(a.b), (*[80]uint64)(a.m), (*[1]uint64)(a.k0[:1]))
			probe()
			selectIFMA80((*[80]uint64)(a.z), a.table, k)
			probe()
		}
	})
}
