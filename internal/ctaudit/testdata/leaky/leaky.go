// Package leaky holds functions for the auditor's self-test: some branch on,
// divide by or jump through a secret, and must be flagged; the others must
// pass.
package leaky

// work is a call the compiler cannot turn into a conditional move.
//
//go:noinline
func work(x uint64) uint64 { return x*x + 1 }

// Branch does extra work when the low bit of secret is set.
func Branch(secret uint64) uint64 {
	if secret&1 == 1 {
		return work(secret)
	}
	return secret
}

// Divide divides by a secret.
func Divide(a, secret uint64) uint64 {
	return a / (secret | 1)
}

// EarlyExit compares a and b and stops at the first difference.
func EarlyExit(a, b *[32]byte) int {
	for i := range a {
		if a[i] != b[i] {
			return 0
		}
	}
	return 1
}

// Switch picks a computation by the secret, through a jump table.
func Switch(secret uint64) uint64 {
	switch secret & 15 {
	case 0:
		return work(10)
	case 1:
		return work(11)
	case 2:
		return work(12)
	case 3:
		return work(13)
	case 4:
		return work(14)
	case 5:
		return work(15)
	case 6:
		return work(16)
	case 7:
		return work(17)
	case 8:
		return work(18)
	case 9:
		return work(19)
	}
	return 0
}

// Select returns a if the low bit of secret is set and b otherwise, with a
// mask: constant time.
func Select(a, b, secret uint64) uint64 {
	mask := -(secret & 1)
	return b ^ (mask & (a ^ b))
}

// Sum adds the elements of x: one loop over the public length.
func Sum(x []uint64) uint64 {
	var s uint64
	for _, v := range x {
		s += v
	}
	return s
}

// Index returns x[i] for a public i: a bounds check, which the audit allows.
func Index(x []uint64, i int) uint64 {
	return x[i]
}
