//go:build !purego

package poly1305

import "github.com/carry-crypto/carry/internal/impl"

// useMULX selects the MULX block loop (implMULX), and useIFMA the vector
// loop for long runs of blocks (implIFMA), where the CPU has their
// features.
var useMULX, useIFMA bool

func init() {
	impl.Register(implMULX, &useMULX)
	impl.Register(implIFMA, &useIFMA)
}

// ifmaMin is the shortest run of blocks given to the vector loop, in bytes:
// below it, computing r^2..r^8 for the message costs more than it saves.
const ifmaMin = 256

// blocks adds the blocks of p to m's accumulator, for a p of at least one
// block (blocksMULX takes no empty input): long runs on the vector loop
// where the CPU has AVX-512 IFMA, the rest on blocksMULX where it has BMI2
// and on blocksGeneric otherwise. The accumulator stays in limbs of 44 bits
// between calls; the block loops work on 64-bit words, converted on the
// way in and out.
func blocks(m *MAC, p []byte, hibit uint64) {
	if useIFMA && hibit == 1 && len(p) >= ifmaMin {
		n := len(p) &^ 127
		blocksVector(m, p[:n])
		if p = p[n:]; len(p) == 0 {
			return
		}
	}
	w := to64(&m.h)
	if useMULX {
		blocksMULX(&w, &m.r64, p, hibit)
	} else {
		blocksGeneric(&w, &m.r64, p, hibit)
	}
	from64(&m.h, &w)
}

// prepare computes the vector loop's multipliers into m, if the CPU runs
// the loop: all but r^16 and r^24, which only its triples of groups need
// (see prepareTriples).
func prepare(m *MAC) {
	if useIFMA && m.pwReady == 0 {
		powersIFMA(&m.pw, &m.r)
		m.pwReady = 1
	}
}

// prepareTriples computes r^16 and r^24 into m's multipliers, after
// prepare's, if they are not computed yet and the vector loop will take
// triples of groups: if groups, the groups blocksIFMA or blocksIFMASplit
// takes in powers of r^24 or alone (all but the last, or the middle's),
// are at least three. groups is a public length.
func prepareTriples(m *MAC, groups int) {
	if groups >= 3 && m.pwReady == 1 {
		powers24IFMA(&m.pw)
		m.pwReady = 2
	}
}

// blocksVector is blocks for whole groups of eight blocks, with their 2^128
// bits, on the vector loop.
func blocksVector(m *MAC, p []byte) {
	var lanes [24]uint64
	m.lanesFrom(&lanes)
	prepareTriples(m, len(p)/128-1)
	var acc [6]uint64
	blocksIFMA(&acc, &lanes, &m.pw, p)
	m.h = carryColumns(&acc)
}

// carryColumns returns the accumulator that blocksIFMA's columns acc (L0,
// U0, L1, U1, L2, U2, the sums over eight lanes: each L below 2^56.6, each
// U below 2^48) are worth, in limbs within the MAC's bounds.
func carryColumns(acc *[6]uint64) [3]uint64 {
	l0, u0, l1, u1, l2, u2 := acc[0], acc[1], acc[2], acc[3], acc[4], acc[5]
	h0 := l0 & mask44
	l1 += l0>>44 + u0<<8 // below 2^57.3
	h1 := l1 & mask44
	l2 += l1>>44 + u1<<8 // below 2^57.4
	h2 := l2 & mask42
	c := l2>>42 + u2<<10 // below 2^58.1, so 5c fits
	h0 += 5 * c
	h1 += h0 >> 44
	h0 &= mask44
	h2 += h1 >> 44
	h1 &= mask44
	h0 += 5 * (h2 >> 42) // at most 5
	h2 &= mask42
	return [3]uint64{h0, h1, h2}
}
