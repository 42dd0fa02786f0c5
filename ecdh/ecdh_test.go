package ecdh

import (
	"bytes"
	"crypto/ecdh"
	"flag"
	mathrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long tests: more differential cases, 10^6 cttest measurements")

// testCurves are the curves the tests run on, each beside the standard
// library's curve of the same name.
var testCurves = []struct {
	name  string
	curve Curve
	std   ecdh.Curve
}{
	{"X25519", X25519(), ecdh.X25519()},
	{"P-256", P256(), ecdh.P256()},
	{"P-384", P384(), ecdh.P384()},
	{"P-521", P521(), ecdh.P521()},
}

// nistTestCurves returns the NIST curves of testCurves.
func nistTestCurves() []Curve {
	var cs []Curve
	for _, tc := range testCurves {
		if tc.curve != X25519() {
			cs = append(cs, tc.curve)
		}
	}
	return cs
}

// sameError reports whether err, of this package, and stdErr, of
// crypto/ecdh for the same input, are both nil or both errors with the same
// message: word for word, or after this package's prefix "carry/ecdh: " is
// put for crypto/ecdh's. (For a point that does not decode, NewPublicKey
// returns crypto/ecdh's own error, which has no prefix.)
func sameError(err, stdErr error) bool {
	if err == nil || stdErr == nil {
		return err == nil && stdErr == nil
	}
	msg, ok := strings.CutPrefix(err.Error(), "carry/ecdh: ")
	if ok {
		msg = "crypto/ecdh: " + msg
	}
	return msg == stdErr.Error()
}

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

func TestCurveNames(t *testing.T) {
	for _, tc := range testCurves {
		if got := tc.curve.String(); got != tc.name {
			t.Errorf("String() = %q, want %q", got, tc.name)
		}
		if got := fromStdCurve(tc.std); got != tc.curve {
			t.Errorf("%s: fromStdCurve gave %v", tc.name, got)
		}
	}
}

// TestKeyMethods checks the accessors, Equal and the conversions to and from
// the standard library on every curve.
func TestKeyMethods(t *testing.T) {
	r := testutil.Rand(t)
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			k, err := tc.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			if k.Curve() != tc.curve || k.PublicKey().Curve() != tc.curve {
				t.Errorf("Curve() is not %s", tc.name)
			}
			if k.Public().(*PublicKey) != k.PublicKey() {
				t.Errorf("Public() is not PublicKey()")
			}
			k2, err := tc.curve.NewPrivateKey(k.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !k.Equal(k2) || !k.PublicKey().Equal(k2.PublicKey()) {
				t.Errorf("a key made again from its bytes is not Equal")
			}
			other, err := tc.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			if k.Equal(other) || k.PublicKey().Equal(other.PublicKey()) {
				t.Errorf("two generated keys are Equal")
			}
			if k.Equal(k.PublicKey()) || k.PublicKey().Equal(k) {
				t.Errorf("a private key Equals a public key")
			}
			// Bytes returns copies.
			b := k.Bytes()
			b[0] ^= 1
			pb := k.PublicKey().Bytes()
			pb[1] ^= 1
			if !k.Equal(k2) || !k.PublicKey().Equal(k2.PublicKey()) {
				t.Errorf("changing the result of Bytes changed the key")
			}

			sk := k.ToStd()
			if sk.Curve() != tc.std || !bytes.Equal(sk.Bytes(), k.Bytes()) ||
				!bytes.Equal(sk.PublicKey().Bytes(), k.PublicKey().Bytes()) {
				t.Errorf("ToStd gave a different key")
			}
			spk := k.PublicKey().ToStd()
			if !spk.Equal(sk.PublicKey()) {
				t.Errorf("PublicKey().ToStd() is not ToStd().PublicKey()")
			}
			back, err := PrivateKeyFromStd(sk)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(k) || !back.PublicKey().Equal(k.PublicKey()) {
				t.Errorf("PrivateKeyFromStd(ToStd()) is not the key")
			}
			pback, err := PublicKeyFromStd(spk)
			if err != nil {
				t.Fatal(err)
			}
			if !pback.Equal(k.PublicKey()) {
				t.Errorf("PublicKeyFromStd(ToStd()) is not the key")
			}
		})
	}
}

// TestMismatchedCurves checks that ECDH refuses a public key of another
// curve, as crypto/ecdh does.
func TestMismatchedCurves(t *testing.T) {
	r := testutil.Rand(t)
	for _, a := range testCurves {
		for _, b := range testCurves {
			if a.curve == b.curve {
				continue
			}
			ka, err := a.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			kb, err := b.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			_, err = ka.ECDH(kb.PublicKey())
			_, stdErr := ka.ToStd().ECDH(kb.PublicKey().ToStd())
			if err == nil || !sameError(err, stdErr) {
				t.Errorf("%s private key and %s public key: ECDH error %v, crypto/ecdh's %v", a.name, b.name, err, stdErr)
			}
		}
	}
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, bytes.ErrTooLarge }

func TestGenerateKeyReaderError(t *testing.T) {
	for _, tc := range testCurves {
		if _, err := tc.curve.GenerateKey(errReader{}); err == nil {
			t.Errorf("%s: GenerateKey succeeded with a failing reader", tc.name)
		}
	}
}

// TestGenerateKeyReads checks that GenerateKey takes its key from the reader
// it is given: the same stream gives the same key.
func TestGenerateKeyReads(t *testing.T) {
	for _, tc := range testCurves {
		a, err := tc.curve.GenerateKey(reader{mathrand.New(mathrand.NewPCG(1, 2))})
		if err != nil {
			t.Fatal(err)
		}
		b, err := tc.curve.GenerateKey(reader{mathrand.New(mathrand.NewPCG(1, 2))})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Equal(b) {
			t.Errorf("%s: the same stream gave two keys", tc.name)
		}
	}
}
