package ecdsa

import (
	"crypto/elliptic"
	"flag"
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/nistec"
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

// testKey returns a key on c whose scalar is drawn from r, so that a
// failure replays with the test's seed (GenerateKey ignores its reader),
// made by ParseRawPrivateKey.
func testKey(t testing.TB, c elliptic.Curve, r *mathrand.Rand) *PrivateKey {
	t.Helper()
	b := make([]byte, scalarSize(c))
	for {
		fillRand(r, b)
		b[0] &= byte(0xff >> (8*len(b) - c.Params().N.BitLen()))
		if k, err := ParseRawPrivateKey(c, b); err == nil {
			return k
		}
	}
}

// carryForm returns priv's carry form, as the functions take it.
func carryForm(t testing.TB, priv *PrivateKey) *privateKey {
	t.Helper()
	k, err := cachedKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// newSigner is NewSigner for keys that must be valid.
func newSigner(t testing.TB, priv *PrivateKey) *Signer {
	t.Helper()
	s, err := NewSigner(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// nonceFunc is a nonceSource of a function.
type nonceFunc func([]byte)

func (f nonceFunc) Generate(b []byte) { f(b) }

// signWithNonce is sign with the candidate nonces that nonce writes in
// place of the DRBG's.
func signWithNonce[P point[P], S scalar[S]](c *nistCurve[P, S], d []byte, nonce nonceSource, hash []byte) (r, s []byte, err error) {
	st := c.getState()
	defer c.putState(st)
	c.bits2octets(st.e, st.h1[:c.size], hash)
	return c.signWithState(st, d, nonce)
}

// signWithNonceOf is signWithNonce on k's curve, with k's scalar.
func signWithNonceOf(k *privateKey, nonce nonceSource, hash []byte) (r, s []byte, err error) {
	switch c := k.c.impl.(type) {
	case *nistCurve[*nistec.P256Point, *nistec.P256Scalar]:
		return signWithNonce(c, k.d, nonce, hash)
	case *nistCurve[*nistec.P384Point, *nistec.P384Scalar]:
		return signWithNonce(c, k.d, nonce, hash)
	case *nistCurve[*nistec.P521Point, *nistec.P521Scalar]:
		return signWithNonce(c, k.d, nonce, hash)
	}
	panic(fmt.Sprintf("unknown curve implementation %T", k.c.impl))
}

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

// outcome is what a call returned or how it panicked, for comparing carry's
// behavior with crypto/ecdsa's.
type outcome struct {
	ok       bool   // returned no error
	err      string // the error's text
	panicked bool
}

func (o outcome) String() string {
	switch {
	case o.panicked:
		return "panic: " + o.err
	case o.ok:
		return "success"
	}
	return "error: " + o.err
}

// run calls f and returns its outcome.
func run(f func() error) (o outcome) {
	defer func() {
		if p := recover(); p != nil {
			o = outcome{panicked: true, err: fmt.Sprint(p)}
		}
	}()
	if err := f(); err != nil {
		return outcome{err: err.Error()}
	}
	return outcome{ok: true}
}

// withCallerRand sets GODEBUG=cryptocustomrand=1 for the rest of t, so that
// crypto/ecdsa and carry read the readers they are given, and checks that
// carry sees it.
func withCallerRand(t *testing.T) {
	t.Setenv("GODEBUG", "cryptocustomrand=1")
	if !readsCallerRand() {
		t.Fatal("GODEBUG=cryptocustomrand=1 set, but the probe says crypto/ecdsa ignores callers' readers")
	}
}
