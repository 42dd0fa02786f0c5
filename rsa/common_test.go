package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"strconv"
	"sync"
	"testing"
)

var long = flag.Bool("long", false, "run the slow tests (more keys and messages)")

// testKeys are the keys of testdata/keys.pem (PKCS #8, made with
// crypto/rsa.GenerateKey), by bit length: 1024, 1025, 1030, 1536, 2047,
// 2048, 2049, 2050, 3072 and 4096 bits, two primes each (1025 and 2049 bits
// give PSS an encoded message one byte shorter than the modulus).
var testKeys = sync.OnceValues(func() (map[int]*rsa.PrivateKey, error) {
	data, err := os.ReadFile("testdata/keys.pem")
	if err != nil {
		return nil, err
	}
	keys := make(map[int]*rsa.PrivateKey)
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			return keys, nil
		}
		k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
		if err != nil {
			return nil, err
		}
		bits, err := strconv.Atoi(b.Headers["Bits"])
		if err != nil {
			return nil, err
		}
		keys[bits] = k.(*rsa.PrivateKey)
	}
})

var testSizes = []int{1024, 1025, 1030, 1536, 2047, 2048, 2049, 2050, 3072, 4096}

// stdKey returns the crypto/rsa key of bits bits from testdata.
func stdKey(t testing.TB, bits int) *rsa.PrivateKey {
	t.Helper()
	keys, err := testKeys()
	if err != nil {
		t.Fatal(err)
	}
	k, ok := keys[bits]
	if !ok || k.N.BitLen() != bits {
		t.Fatalf("no %d-bit test key", bits)
	}
	return k
}

// testKey returns stdKey(bits) and its conversion.
func testKey(t testing.TB, bits int) (*rsa.PrivateKey, *privateKey) {
	t.Helper()
	sk := stdKey(t, bits)
	k := newPrivateKey(sk)
	if k == nil {
		t.Fatalf("the %d-bit test key was not converted", bits)
	}
	return sk, k
}

// newSigner returns NewSigner(sk), failing t on an error.
func newSigner(t testing.TB, sk *rsa.PrivateKey) *Signer {
	t.Helper()
	s, err := NewSigner(sk)
	if err != nil {
		t.Fatalf("NewSigner: %v", err)
	}
	return s
}

// outcome is what a call gave: its result, its error's text and the value
// it panicked with, for comparing carry's functions with crypto/rsa's.
type outcome struct {
	result   string
	err      string
	panicked string
}

func (o outcome) String() string {
	return fmt.Sprintf("result %x, error %q, panic %q", o.result, o.err, o.panicked)
}

// failed reports whether the call returned an error or panicked.
func (o outcome) failed() bool { return o.err != "" || o.panicked != "" }

// call runs f and returns its outcome.
func call[T any](f func() (T, error)) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o.panicked = fmt.Sprint(r)
		}
	}()
	v, err := f()
	if err != nil {
		o.err = err.Error()
	}
	o.result = fmt.Sprint(v)
	return o
}

// callErr is call for a function that returns only an error.
func callErr(f func() error) outcome {
	return call(func() (struct{}, error) { return struct{}{}, f() })
}

// api holds the functions that carry and crypto/rsa both have, with the
// same signatures (which assigning them checks), so that a test can run
// either.
type api struct {
	SignPKCS1v15              func(io.Reader, *rsa.PrivateKey, crypto.Hash, []byte) ([]byte, error)
	VerifyPKCS1v15            func(*rsa.PublicKey, crypto.Hash, []byte, []byte) error
	SignPSS                   func(io.Reader, *rsa.PrivateKey, crypto.Hash, []byte, *rsa.PSSOptions) ([]byte, error)
	VerifyPSS                 func(*rsa.PublicKey, crypto.Hash, []byte, []byte, *rsa.PSSOptions) error
	EncryptOAEP               func(hash.Hash, io.Reader, *rsa.PublicKey, []byte, []byte) ([]byte, error)
	EncryptOAEPWithOptions    func(io.Reader, *rsa.PublicKey, []byte, *rsa.OAEPOptions) ([]byte, error)
	DecryptOAEP               func(hash.Hash, io.Reader, *rsa.PrivateKey, []byte, []byte) ([]byte, error)
	EncryptPKCS1v15           func(io.Reader, *rsa.PublicKey, []byte) ([]byte, error)
	DecryptPKCS1v15           func(io.Reader, *rsa.PrivateKey, []byte) ([]byte, error)
	DecryptPKCS1v15SessionKey func(io.Reader, *rsa.PrivateKey, []byte, []byte) error

	// signer returns the crypto.Signer and crypto.Decrypter of a key: a
	// Signer, or the key itself. It fails t if there is none.
	signer func(t testing.TB, k *rsa.PrivateKey) signerDecrypter
}

type signerDecrypter interface {
	crypto.Signer
	crypto.Decrypter
}

var carryAPI = api{
	SignPKCS1v15, VerifyPKCS1v15, SignPSS, VerifyPSS, EncryptOAEP, EncryptOAEPWithOptions,
	DecryptOAEP, EncryptPKCS1v15, DecryptPKCS1v15, DecryptPKCS1v15SessionKey,
	func(t testing.TB, k *rsa.PrivateKey) signerDecrypter { return newSigner(t, k) },
}

var stdAPI = api{
	rsa.SignPKCS1v15, rsa.VerifyPKCS1v15, rsa.SignPSS, rsa.VerifyPSS, rsa.EncryptOAEP, rsa.EncryptOAEPWithOptions,
	rsa.DecryptOAEP, rsa.EncryptPKCS1v15, rsa.DecryptPKCS1v15, rsa.DecryptPKCS1v15SessionKey,
	func(t testing.TB, k *rsa.PrivateKey) signerDecrypter { return k },
}

// same runs f with carry's functions and with crypto/rsa's, fails t unless
// the outcomes are the same, and returns carry's.
func same(t *testing.T, name string, f func(a api) outcome) outcome {
	t.Helper()
	carry, std := f(carryAPI), f(stdAPI)
	if carry != std {
		t.Errorf("%s:\n carry:      %v\n crypto/rsa: %v", name, carry, std)
	}
	return carry
}
