package leaky

// BranchAsm multiplies a by b with MULX and adds 1 when the low bit of secret
// is set, with a jump.
//
//go:noescape
func BranchAsm(a, b, secret uint64) uint64

// LoopAsm multiplies a by b with MULX n times, for a public n: one loop.
//
//go:noescape
func LoopAsm(a, b uint64, n int) uint64
