package rsa

import (
	"crypto/rsa"

	"github.com/carry-crypto/carry/internal/bigmod"
)

// public returns s^e mod n, pub.Size() bytes, for the big-endian s of
// pub.Size() bytes, or an error if pub is not a valid key or s is not below
// n. It works on public values and may be variable time; pub must have
// passed checkPublicKey.
func public(pub *rsa.PublicKey, s []byte) ([]byte, error) {
	n, err := bigmod.NewModulus(pub.N.Bytes())
	if err != nil {
		return nil, err
	}
	x, err := bigmod.NewNat().SetBytes(s, n)
	if err != nil {
		return nil, err
	}
	return x.ExpShortVarTime(x, uint(pub.E), n).Bytes(n), nil
}
