//go:build !purego

package nistec

// The binary GCD inversions: the assembly of bingcd_amd64.s (MULX, SHRX and
// SHLX) with BMI2 and ADX, the Go of _gen otherwise. Each sets
// out = y⁻¹·2^(-33·iterations) mod m for y < m (0 gives 0); out may alias y.
// Constant time.

func p256BinGCD(out, y *[4]uint64) {
	if useADX {
		p256BinGCDADX(out, y)
		return
	}
	p256BinGCDGeneric(out, y)
}

func p256OrdBinGCD(out, y *[4]uint64) {
	if useADX {
		p256OrdBinGCDADX(out, y)
		return
	}
	p256OrdBinGCDGeneric(out, y)
}

func p384BinGCD(out, y *[6]uint64) {
	if useADX {
		p384BinGCDADX(out, y)
		return
	}
	p384BinGCDGeneric(out, y)
}

func p384OrdBinGCD(out, y *[6]uint64) {
	if useADX {
		p384OrdBinGCDADX(out, y)
		return
	}
	p384OrdBinGCDGeneric(out, y)
}

func p521BinGCD(out, y *[9]uint64) {
	if useADX {
		p521BinGCDADX(out, y)
		return
	}
	p521BinGCDGeneric(out, y)
}

func p521OrdBinGCD(out, y *[9]uint64) {
	if useADX {
		p521OrdBinGCDADX(out, y)
		return
	}
	p521OrdBinGCDGeneric(out, y)
}
