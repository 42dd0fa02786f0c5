package bigmod

import "math/bits"

// choice is a secret boolean held as the integer 1 (true) or 0 (false), never
// as a bool, so that deciding on it takes a mask and not a branch.
type choice uint

const no choice = 0

// not returns 1 - c.
func not(c choice) choice { return c ^ 1 }

// mask returns 2^64 - 1 (every bit set) if c is 1, and 0 if c is 0.
func (c choice) mask() uint64 { return -uint64(c) }

// ctEq returns 1 if a == b and 0 otherwise, in time independent of a and b.
func ctEq(a, b uint64) choice { return ctIsZero(a ^ b) }

// ctIsZero returns 1 if a == 0 and 0 otherwise, in time independent of a.
func ctIsZero(a uint64) choice {
	// 0 - a borrows exactly when a != 0.
	_, b := bits.Sub64(0, a, 0)
	return not(choice(b))
}
