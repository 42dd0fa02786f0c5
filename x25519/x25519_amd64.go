//go:build !purego

package x25519

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/sys/cpu"
)

// useADX selects the assembly ladder. Tests flip it to run both paths.
var useADX = cpu.X86.HasBMI2 && cpu.X86.HasADX

func scalarMult(dst, k, u *[32]byte) {
	if !useADX {
		scalarMultGeneric(dst, k, u)
		return
	}
	scalarMultADX(dst, k, u)
}

// scalarMultADX is scalarMult on the assembly ladder. When u is the base
// point (a public fact), the ladder multiplies by the constant 9 instead of
// by x1.
func scalarMultADX(dst, k, u *[32]byte) {
	var x1 [4]uint64
	load64(&x1, u)
	var xz [8]uint64
	if *u == basePoint {
		ladderBaseADX(&xz, k, &x1)
	} else {
		ladderADX(&xz, k, &x1)
	}
	x2, z2 := (*[4]uint64)(xz[0:4]), (*[4]uint64)(xz[4:8])
	var zinv [4]uint64
	invertADX(&zinv, z2)
	mulADX(x2, x2, &zinv)
	store64(dst, x2)
}

// load64 sets v to the little-endian u with bit 255 cleared (RFC 7748,
// Section 5). The result is below 2^255, so weakly reduced.
func load64(v *[4]uint64, u *[32]byte) {
	v[0] = binary.LittleEndian.Uint64(u[0:8])
	v[1] = binary.LittleEndian.Uint64(u[8:16])
	v[2] = binary.LittleEndian.Uint64(u[16:24])
	v[3] = binary.LittleEndian.Uint64(u[24:32]) & (1<<63 - 1)
}

// store64 writes the canonical encoding of the weakly reduced v (any value
// below 2^256) to dst. It is constant time.
func store64(dst *[32]byte, v *[4]uint64) {
	// Fold bit 255: 2^255 = 19 (mod p). The result is below 2^255 + 19.
	top := v[3] >> 63
	v0, c := bits.Add64(v[0], 19*top, 0)
	v1, c := bits.Add64(v[1], 0, c)
	v2, c := bits.Add64(v[2], 0, c)
	v3, _ := bits.Add64(v[3]&(1<<63-1), 0, c)
	// v >= p exactly when v + 19 >= 2^255; then v - p = v + 19 - 2^255.
	w0, c := bits.Add64(v0, 19, 0)
	w1, c := bits.Add64(v1, 0, c)
	w2, c := bits.Add64(v2, 0, c)
	w3, _ := bits.Add64(v3, 0, c)
	mask := -(w3 >> 63) // all ones when v >= p
	w3 &= 1<<63 - 1
	binary.LittleEndian.PutUint64(dst[0:8], v0^(mask&(v0^w0)))
	binary.LittleEndian.PutUint64(dst[8:16], v1^(mask&(v1^w1)))
	binary.LittleEndian.PutUint64(dst[16:24], v2^(mask&(v2^w2)))
	binary.LittleEndian.PutUint64(dst[24:32], v3^(mask&(v3^w3)))
}

// invertADX sets out = 1/z (and 0 for z = 0) as z^(p-2), by the addition
// chain of 254 squarings and 11 multiplications. out may alias z.
func invertADX(out, z *[4]uint64) {
	var z2, z9, z11, z2_5_0, z2_10_0, z2_20_0, z2_50_0, z2_100_0, t [4]uint64

	squareNADX(&z2, z, 1)           // 2
	squareNADX(&t, &z2, 2)          // 8
	mulADX(&z9, &t, z)              // 9
	mulADX(&z11, &z9, &z2)          // 11
	squareNADX(&t, &z11, 1)         // 22
	mulADX(&z2_5_0, &t, &z9)        // 2^5 - 1
	squareNADX(&t, &z2_5_0, 5)      // 2^10 - 2^5
	mulADX(&z2_10_0, &t, &z2_5_0)   // 2^10 - 1
	squareNADX(&t, &z2_10_0, 10)    // 2^20 - 2^10
	mulADX(&z2_20_0, &t, &z2_10_0)  // 2^20 - 1
	squareNADX(&t, &z2_20_0, 20)    // 2^40 - 2^20
	mulADX(&t, &t, &z2_20_0)        // 2^40 - 1
	squareNADX(&t, &t, 10)          // 2^50 - 2^10
	mulADX(&z2_50_0, &t, &z2_10_0)  // 2^50 - 1
	squareNADX(&t, &z2_50_0, 50)    // 2^100 - 2^50
	mulADX(&z2_100_0, &t, &z2_50_0) // 2^100 - 1
	squareNADX(&t, &z2_100_0, 100)  // 2^200 - 2^100
	mulADX(&t, &t, &z2_100_0)       // 2^200 - 1
	squareNADX(&t, &t, 50)          // 2^250 - 2^50
	mulADX(&t, &t, &z2_50_0)        // 2^250 - 1
	squareNADX(&t, &t, 5)           // 2^255 - 2^5
	mulADX(out, &t, &z11)           // 2^255 - 21
}
