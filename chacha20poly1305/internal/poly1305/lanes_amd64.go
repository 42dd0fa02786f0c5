//go:build !purego

package poly1305

// Lanes is the vector loop's state between calls, for a caller whose own
// assembly runs the loop's body beside other work (the AEAD's fused seal
// and open, running it beside ChaCha20): eight accumulators, one per
// 64-bit lane, each taking every eighth block of the message as
// blocksIFMA's do, and the multipliers of r^8. For each group of eight
// blocks but the last, the caller's loop sets H = (H + the blocks, in
// ifmaAddBlocks' lane order) r^8, carried as ifmaCarryLoop does; the last
// group, with each lane's own power of r, is FinishLanes'.
//
// The zero value is not usable: StartLanes fills it.
type Lanes struct {
	// H holds limb i (of 44, 44 and 42 bits) of lane k in word 8i + k,
	// below 2^45, 2^45 and 2^43.
	H [24]uint64

	// R8 holds r^8's multipliers: r0, r1, r2 (below 2^44, 2^44 + 2^8 and
	// 2^42), 20 r1 and 20 r2.
	R8 [5]uint64
}

// StartLanes moves m's accumulator into lane 0 of l, zeroes the other
// lanes, and sets l's multipliers. The CPU must run the vector loop
// (implIFMA is available, on or not). The message written to m so far must
// be a multiple of 16 bytes long: StartLanes panics with an internal error
// otherwise. m must not be written to again before FinishLanes.
func (m *MAC) StartLanes(l *Lanes) {
	if m.n != 0 {
		panic("carry/poly1305: internal error: StartLanes after a partial block")
	}
	m.lanesFrom(&l.H)
	l.R8 = [5]uint64(m.pw[:5])
	m.h = [3]uint64{}
}

// FinishLanes adds p, a positive multiple of 128 bytes long, to the message
// as the vector loop continued from l, and sets m's accumulator to the
// result. It panics with an internal error if len(p) is not such a
// multiple.
func (m *MAC) FinishLanes(l *Lanes, p []byte) {
	if len(p) == 0 || len(p)%128 != 0 {
		panic("carry/poly1305: internal error: FinishLanes on a partial group")
	}
	var acc [6]uint64
	prepareTriples(m, len(p)/128-1)
	blocksIFMA(&acc, &l.H, &m.pw, p)
	m.h = carryColumns(&acc)
}

// WriteGroups adds to m, which must have nothing written to it since Init,
// the message head[16*skip:] || mid || tail on the vector loop, every block
// with its 2^128 bit: head is one or two groups of eight blocks (128 or 256
// bytes) whose first skip blocks (skip < 8) are zeros that are not part of
// the message, mid whole groups (maybe none), and tail the last group.
//
// Leading zero blocks without the 2^128 bit leave an accumulator of zero
// at zero, so they let a message of any number of blocks be cut into whole
// groups: the vector loop then takes all of it, with no block left for the
// one-block loop. The CPU must run the vector loop (implIFMA is
// available). It panics with an internal error if the pieces do not have
// those lengths, or if a partial block was written.
func (m *MAC) WriteGroups(head []byte, skip int, mid []byte, tail *[128]byte) {
	if m.n != 0 || (len(head) != 128 && len(head) != 256) ||
		skip < 0 || skip >= 8 || len(mid)%128 != 0 {
		panic("carry/poly1305: internal error: WriteGroups on pieces of the wrong lengths")
	}
	var lanes [24]uint64
	m.lanesFrom(&lanes)
	prepareTriples(m, len(mid)/128)
	var acc [6]uint64
	blocksIFMASplit(&acc, &lanes, &m.pw, head, skip, mid, tail)
	m.h = carryColumns(&acc)
}

// lanesFrom computes m's vector multipliers if they are not computed yet,
// and sets l to m's accumulator as the vector loop's lanes (in lane 0, the
// others zero). The CPU must run the vector loop.
func (m *MAC) lanesFrom(l *[24]uint64) {
	if m.pwReady == 0 {
		powersIFMA(&m.pw, &m.r)
		m.pwReady = 1
	}
	h := m.h
	h[1] += h[0] >> 44 // h0 < 2^51: now h0 < 2^44, h1 < 2^44 + 2^7
	h[0] &= mask44
	*l = [24]uint64{0: h[0], 8: h[1], 16: h[2]}
}
