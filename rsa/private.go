package rsa

import "github.com/carry-crypto/carry/internal/bigmod"

// private returns c^d mod n, n.Size() bytes, for the big-endian c, by the
// Chinese remainder theorem (RFC 8017, Section 5.1.2, second form):
//
//	m1 = c^dp mod p, m2 = c^dq mod q
//	h  = qinv·(m1 - m2) mod p
//	m  = m2 + h·q
//
// m is below n since m2 < q and h ≤ p-1. Before it is released m is checked
// by m^e ≡ c (mod n), compared in constant time: a fault in the computation
// returns ErrDecryption, as crypto/rsa's check does, and never m.
//
// c may be shorter than n.Size() bytes; if it is longer, or not below n,
// private returns ErrDecryption. Otherwise its time depends on the key's
// sizes only, not on c or the key's values.
func (k *privateKey) private(c []byte) ([]byte, error) {
	cN, err := bigmod.NewNat().SetBytes(c, k.n)
	if err != nil {
		return nil, ErrDecryption
	}
	c1 := bigmod.NewNat().Mod(cN, k.p)
	c2 := bigmod.NewNat().Mod(cN, k.q)
	m1, m2 := bigmod.NewNat(), bigmod.NewNat()
	bigmod.ExpPair(m1, c1, k.dp, k.p, m2, c2, k.dq, k.q) // both halves in one pass where it can

	h := bigmod.NewNat().Mod(m2, k.p)
	h.Sub(m1, h, k.p)
	h.Mul(h, k.qinv, k.p)
	h.ExpandFor(k.n)
	h.Mul(h, k.qN, k.n)
	m := m2.ExpandFor(k.n)
	m.Add(m, h, k.n)

	check := bigmod.NewNat().ExpShortVarTime(m, k.e, k.n)
	out := m.Bytes(k.n)
	if check.Equal(cN) != 1 { // a fault, not a secret: the result is withheld
		clear(out)
		return nil, ErrDecryption
	}
	return out, nil
}
