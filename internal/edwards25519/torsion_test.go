package edwards25519

import (
	"math/big"
	mathrand "math/rand/v2"
	"sync"
)

// torsionPoints returns the eight points of order dividing 8, k·T for
// k = 0..7 where T has order 8, in affine form. They are computed once, from
// a fixed seed: L·P is in the 8-torsion subgroup for every P, and generates
// it when 4·(L·P) is not the identity.
var torsionPoints = sync.OnceValue(func() []refPoint {
	r := mathrand.New(mathrand.NewPCG(8, 8))
	for {
		T := refScalarMult(bigL, refRandom(r))
		if refEqual(refScalarMult(big.NewInt(4), T), refIdentity()) {
			continue
		}
		pts := []refPoint{refIdentity()}
		for k := 1; k < 8; k++ {
			pts = append(pts, refAdd(pts[k-1], T))
		}
		return pts
	}
})
