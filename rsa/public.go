package rsa

import (
	"bytes"
	"crypto/rsa"
	"sync/atomic"

	"github.com/carry-crypto/carry/internal/bigmod"
)

// pubModulus is a public modulus with its bigmod.Modulus, whose Montgomery
// constants take about a third of a 2048-bit verification to compute.
type pubModulus struct {
	n []byte // big-endian, no leading zeros
	m *bigmod.Modulus
}

// lastPublic is the modulus of the latest public operation, kept so that
// verifying again under the same key (a CA's, a server's) does not compute
// its constants again. A Modulus is immutable and safe to share; the cache
// holds public values only.
var lastPublic atomic.Pointer[pubModulus]

// publicModulus returns the Modulus of pub.N, from lastPublic if it is the
// same.
func publicModulus(pub *rsa.PublicKey) (*bigmod.Modulus, error) {
	nb := pub.N.Bytes()
	if c := lastPublic.Load(); c != nil && bytes.Equal(c.n, nb) {
		return c.m, nil
	}
	m, err := bigmod.NewModulus(nb)
	if err != nil {
		return nil, err
	}
	lastPublic.Store(&pubModulus{n: nb, m: m})
	return m, nil
}

// public returns s^e mod n, pub.Size() bytes, for the big-endian s of at
// most pub.Size() bytes, or an error if s is not below n. pub must satisfy
// publicOK. It works on public values and may be variable time.
func public(pub *rsa.PublicKey, s []byte) ([]byte, error) {
	n, err := publicModulus(pub)
	if err != nil {
		return nil, err
	}
	x, err := bigmod.NewNat().SetBytes(s, n)
	if err != nil {
		return nil, err
	}
	return x.ExpShortVarTime(x, uint(pub.E), n).Bytes(n), nil
}
