//go:build !amd64 || purego

package nistec

// The binary GCD inversions are the Go of _gen: the build has no assembly.
// Each sets out = y⁻¹·2^(-33·iterations) mod m for y < m (0 gives 0); out
// may alias y. Constant time.

func p256BinGCD(out, y *[4]uint64)    { p256BinGCDGeneric(out, y) }
func p256OrdBinGCD(out, y *[4]uint64) { p256OrdBinGCDGeneric(out, y) }
func p384BinGCD(out, y *[6]uint64)    { p384BinGCDGeneric(out, y) }
func p384OrdBinGCD(out, y *[6]uint64) { p384OrdBinGCDGeneric(out, y) }
func p521BinGCD(out, y *[9]uint64)    { p521BinGCDGeneric(out, y) }
func p521OrdBinGCD(out, y *[9]uint64) { p521OrdBinGCDGeneric(out, y) }
