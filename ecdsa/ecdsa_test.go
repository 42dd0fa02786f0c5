package ecdsa

import (
	"crypto/elliptic"
	"flag"
	"math/big"
	mathrand "math/rand/v2"
)

var long = flag.Bool("long", false, "run the long tests: more differential cases, 10^6 cttest measurements")

// testCurves are the curves the tests run on.
var testCurves = []elliptic.Curve{elliptic.P256(), elliptic.P384(), elliptic.P521()}

func fillRand(r *mathrand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// reader is an io.Reader of r's bytes.
type reader struct{ r *mathrand.Rand }

func (rd reader) Read(b []byte) (int, error) {
	fillRand(rd.r, b)
	return len(b), nil
}

// constReader is an io.Reader of the byte it holds, repeated.
type constReader byte

func (c constReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(c)
	}
	return len(b), nil
}

// scalarSize returns the length of c's order in bytes.
func scalarSize(c elliptic.Curve) int { return (c.Params().N.BitLen() + 7) / 8 }

// nonceFunc is a nonceSource of a function.
type nonceFunc func([]byte)

func (f nonceFunc) Generate(b []byte) { f(b) }

// refBits2Octets is RFC 6979's bits2octets (Section 2.3.4) with math/big:
// the leftmost bitlen(n) bits of the digest, reduced modulo n, in the
// order's length.
func refBits2Octets(c elliptic.Curve, digest []byte) []byte {
	n := c.Params().N
	e := new(big.Int).SetBytes(digest)
	if excess := 8*len(digest) - n.BitLen(); excess > 0 {
		e.Rsh(e, uint(excess))
	}
	return e.Mod(e, n).FillBytes(make([]byte, scalarSize(c)))
}
