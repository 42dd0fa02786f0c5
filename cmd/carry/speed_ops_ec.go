package main

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"sync"

	carryecdh "github.com/carry-crypto/carry/ecdh"
	"github.com/carry-crypto/carry/ecdsa"
)

// The NIST curve rows of "carry speed": ECDH on P-256, P-384 and P-521 (a
// shared secret with a peer's checked public key, against crypto/ecdh), and
// ECDSA signing and verification of a SHA-256 digest on the same curves
// (against crypto/ecdsa). Signing is hedged on both sides: random bytes
// mixed with the key and the digest (carry's SignASN1 with crypto/rand,
// crypto/ecdsa's SignASN1). OpenSSL is "openssl speed ecdhpN", whose row
// "ecdh (nistpN)" has an op/s column, and "openssl speed ecdsapN", whose
// row "ecdsa (nistpN)" has sign/s and verify/s columns (OpenSSL signs a
// 20-byte digest). The keys are drawn once per curve per run and shared by
// both sides.

// ecCurves are the rows' curves, by the number of bits in their names.
var ecCurves = []struct {
	bits  int
	ecdh  ecdh.Curve
	curve elliptic.Curve
}{
	{256, ecdh.P256(), elliptic.P256()},
	{384, ecdh.P384(), elliptic.P384()},
	{521, ecdh.P521(), elliptic.P521()},
}

func init() {
	for _, c := range ecCurves {
		p := fmt.Sprintf("p%d", c.bits)
		ossl := fmt.Sprintf("nistp%d", c.bits)
		ops = append(ops,
			&op{
				name:    "ecdh-" + p,
				desc:    fmt.Sprintf("ECDH on P-%d: shared secret with a peer's public key; Go std is crypto/ecdh", c.bits),
				carry:   func() (func(), error) { return carryECDH(c.ecdh) },
				std:     func() (func(), error) { return stdECDH(c.ecdh) },
				openssl: &opensslSpeed{algs: []string{"ecdh" + p}, row: "ecdh (" + ossl + ")"},
			},
			&op{
				name:    "ecdsa-" + p + "-sign",
				desc:    fmt.Sprintf("ECDSA on P-%d: hedged signature of a SHA-256 digest; Go std is crypto/ecdsa", c.bits),
				carry:   func() (func(), error) { return carryECDSASign(c.curve) },
				std:     func() (func(), error) { return stdECDSASign(c.curve) },
				openssl: &opensslSpeed{algs: []string{"ecdsa" + p}, row: "ecdsa (" + ossl + ")", col: 0},
			},
			&op{
				name:    "ecdsa-" + p + "-verify",
				desc:    fmt.Sprintf("ECDSA on P-%d: verification of a SHA-256 digest's signature; Go std is crypto/ecdsa", c.bits),
				carry:   func() (func(), error) { return carryECDSAVerify(c.curve) },
				std:     func() (func(), error) { return stdECDSAVerify(c.curve) },
				openssl: &opensslSpeed{algs: []string{"ecdsa" + p}, row: "ecdsa (" + ossl + ")", col: 1},
			},
		)
	}
}

// ecdhKeys holds a private key and a peer's public key.
type ecdhKeys struct {
	priv *ecdh.PrivateKey
	peer *ecdh.PublicKey
}

// ecdhPairs holds one ecdhKeys per curve for the run.
var ecdhPairs sync.Map // ecdh.Curve -> func() (ecdhKeys, error)

func ecdhPair(c ecdh.Curve) (*ecdh.PrivateKey, *ecdh.PublicKey, error) {
	f, _ := ecdhPairs.LoadOrStore(c, sync.OnceValues(func() (ecdhKeys, error) {
		priv, err := c.GenerateKey(rand.Reader)
		if err != nil {
			return ecdhKeys{}, err
		}
		peer, err := c.GenerateKey(rand.Reader)
		if err != nil {
			return ecdhKeys{}, err
		}
		return ecdhKeys{priv, peer.PublicKey()}, nil
	}))
	k, err := f.(func() (ecdhKeys, error))()
	return k.priv, k.peer, err
}

func stdECDH(c ecdh.Curve) (func(), error) {
	priv, peer, err := ecdhPair(c)
	if err != nil {
		return nil, err
	}
	return func() {
		out, err := priv.ECDH(peer)
		if err != nil {
			panic("carry speed: crypto/ecdh failed on checked inputs: " + err.Error())
		}
		sink ^= out[0]
	}, nil
}

func carryECDH(c ecdh.Curve) (func(), error) {
	spriv, speer, err := ecdhPair(c)
	if err != nil {
		return nil, err
	}
	priv, err := carryecdh.PrivateKeyFromStd(spriv)
	if err != nil {
		return nil, err
	}
	peer, err := carryecdh.PublicKeyFromStd(speer)
	if err != nil {
		return nil, err
	}
	want, err := spriv.ECDH(speer)
	if err != nil {
		return nil, err
	}
	got, err := priv.ECDH(peer)
	if err != nil {
		return nil, fmt.Errorf("ECDH on %v: carry failed where the standard library succeeded: %v", c, err)
	}
	if !bytes.Equal(got, want) {
		return nil, fmt.Errorf("ECDH on %v: carry computed %x, the standard library %x", c, got, want)
	}
	return func() {
		out, err := priv.ECDH(peer)
		if err != nil {
			panic("carry speed: ecdh failed on checked inputs: " + err.Error())
		}
		sink ^= out[0]
	}, nil
}

// ecdsaKeys holds one key per curve for the run.
var ecdsaKeys sync.Map // elliptic.Curve -> func() (*stdecdsa.PrivateKey, error)

func ecdsaKey(c elliptic.Curve) (*stdecdsa.PrivateKey, error) {
	f, _ := ecdsaKeys.LoadOrStore(c, sync.OnceValues(func() (*stdecdsa.PrivateKey, error) {
		return stdecdsa.GenerateKey(c, rand.Reader)
	}))
	return f.(func() (*stdecdsa.PrivateKey, error))()
}

var ecdsaDigest = sha256.Sum256([]byte("carry speed"))

func stdECDSASign(c elliptic.Curve) (func(), error) {
	k, err := ecdsaKey(c)
	if err != nil {
		return nil, err
	}
	return func() {
		sig, err := stdecdsa.SignASN1(rand.Reader, k, ecdsaDigest[:])
		if err != nil {
			panic("carry speed: crypto/ecdsa failed on checked inputs: " + err.Error())
		}
		sink ^= sig[0]
	}, nil
}

func carryECDSASign(c elliptic.Curve) (func(), error) {
	sk, err := ecdsaKey(c)
	if err != nil {
		return nil, err
	}
	// The deterministic signature must be the standard library's, and a
	// hedged one must verify there. The timed calls take the standard key,
	// as a program that swapped its import does.
	want, err := sk.Sign(nil, ecdsaDigest[:], crypto.SHA256)
	if err != nil {
		return nil, err
	}
	signer, err := ecdsa.NewSigner(sk)
	if err != nil {
		return nil, err
	}
	got, err := signer.Sign(nil, ecdsaDigest[:], crypto.SHA256)
	if err != nil {
		return nil, fmt.Errorf("ecdsa-sign on %s: carry failed where the standard library succeeded: %v", c.Params().Name, err)
	}
	if !bytes.Equal(got, want) {
		return nil, fmt.Errorf("ecdsa-sign on %s: carry's deterministic signature differs from the standard library's", c.Params().Name)
	}
	hedged, err := ecdsa.SignASN1(rand.Reader, sk, ecdsaDigest[:])
	if err != nil {
		return nil, err
	}
	if !stdecdsa.VerifyASN1(&sk.PublicKey, ecdsaDigest[:], hedged) {
		return nil, fmt.Errorf("ecdsa-sign on %s: the standard library refuses carry's signature", c.Params().Name)
	}
	return func() {
		sig, err := ecdsa.SignASN1(rand.Reader, sk, ecdsaDigest[:])
		if err != nil {
			panic("carry speed: ecdsa failed on checked inputs: " + err.Error())
		}
		sink ^= sig[0]
	}, nil
}

// ecdsaSigned returns the curve's key and a signature of ecdsaDigest.
func ecdsaSigned(c elliptic.Curve) (*stdecdsa.PublicKey, []byte, error) {
	k, err := ecdsaKey(c)
	if err != nil {
		return nil, nil, err
	}
	sig, err := stdecdsa.SignASN1(rand.Reader, k, ecdsaDigest[:])
	return &k.PublicKey, sig, err
}

func stdECDSAVerify(c elliptic.Curve) (func(), error) {
	pub, sig, err := ecdsaSigned(c)
	if err != nil {
		return nil, err
	}
	return func() {
		if !stdecdsa.VerifyASN1(pub, ecdsaDigest[:], sig) {
			panic("carry speed: crypto/ecdsa refused a valid signature")
		}
		sink++
	}, nil
}

func carryECDSAVerify(c elliptic.Curve) (func(), error) {
	pub, sig, err := ecdsaSigned(c)
	if err != nil {
		return nil, err
	}
	if !ecdsa.VerifyASN1(pub, ecdsaDigest[:], sig) {
		return nil, fmt.Errorf("ecdsa-verify on %s: carry refuses a signature the standard library made", c.Params().Name)
	}
	bad := bytes.Clone(sig)
	bad[len(bad)-1] ^= 1
	if ecdsa.VerifyASN1(pub, ecdsaDigest[:], bad) {
		return nil, fmt.Errorf("ecdsa-verify on %s: carry accepts a corrupted signature", c.Params().Name)
	}
	return func() {
		if !ecdsa.VerifyASN1(pub, ecdsaDigest[:], sig) {
			panic("carry speed: ecdsa refused a valid signature")
		}
		sink++
	}, nil
}
