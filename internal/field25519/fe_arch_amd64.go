//go:build amd64 && !purego

package field25519

import (
	"math/bits"

	"github.com/carry-crypto/carry/internal/impl"
)

// useADX selects the assembly (implADX), where the CPU has BMI2 and ADX;
// useIFMA the vector ladder (implIFMA), where it has AVX-512 IFMA.
var useADX, useIFMA bool

func init() {
	impl.Register(implADX, &useADX)
	impl.Register(implIFMA, &useIFMA)
}

func feMul(v, a, b *[4]uint64) {
	if useADX {
		mulADX(v, a, b)
	} else {
		mulGeneric(v, a, b)
	}
}

func feSquareN(v, a *[4]uint64, n int) {
	if useADX {
		squareNADX(v, a, n)
	} else {
		squareNGeneric(v, a, n)
	}
}

func ladder(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) {
	if useIFMA {
		ladderVec(x2, z2, k, u)
		return
	}
	if !useADX {
		ladderGeneric(x2, z2, k, u)
		return
	}
	var xz [8]uint64
	ladderADX(&xz, k, u)
	*x2, *z2 = [4]uint64(xz[0:4]), [4]uint64(xz[4:8])
}

// ladderVec runs ladderIFMA on k and u (any value below 2^256), and sets
// x2 and z2 below 2^256.
func ladderVec(x2, z2 *[4]uint64, k *[32]byte, u *[4]uint64) {
	var uu [4]uint64
	feMul(&uu, u, u)
	l, ll := limbs51(u), limbs51(&uu)
	// The state (x2, z2, x3, z3) = (1, 0, u, 1), and u times each.
	var st [40]uint64
	for i := range 5 {
		st[8*i+2], st[8*i+4], st[8*i+6], st[8*i+7] = l[i], l[i], ll[i], l[i]
	}
	st[0], st[3] = 1, 1
	ladderIFMA(&st, k)
	*x2 = words51(st[0], st[8], st[16], st[24], st[32])
	*z2 = words51(st[1], st[9], st[17], st[25], st[33])
}

// limbs51 returns u (below 2^256) reduced below 2^255 + 19 in five limbs of
// radix 2^51, each below 2^51 + 1.
func limbs51(u *[4]uint64) [5]uint64 {
	const m = 1<<51 - 1
	top := u[3] >> 63
	w0, c := bits.Add64(u[0], 19*top, 0)
	w1, c := bits.Add64(u[1], 0, c)
	w2, c := bits.Add64(u[2], 0, c)
	w3, _ := bits.Add64(u[3]&(1<<63-1), 0, c)
	return [5]uint64{w0 & m, (w0>>51 | w1<<13) & m, (w1>>38 | w2<<26) & m, (w2>>25 | w3<<39) & m, w3 >> 12}
}

// words51 returns the value of five limbs of radix 2^51, each below
// 2^51 + 2^15, as four words: it is below 2^256.
func words51(l0, l1, l2, l3, l4 uint64) [4]uint64 {
	const m = 1<<51 - 1
	l1 += l0 >> 51
	l2 += l1 >> 51
	l3 += l2 >> 51
	l4 += l3 >> 51
	l0, l1, l2, l3 = l0&m, l1&m, l2&m, l3&m
	return [4]uint64{l0 | l1<<51, l1>>13 | l2<<38, l2>>26 | l3<<25, l3>>39 | l4<<12}
}
