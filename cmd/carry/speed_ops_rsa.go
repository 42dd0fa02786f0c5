package main

import (
	"bytes"
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/carry-crypto/carry/rsa"
)

// The RSA rows of "carry speed": PKCS #1 v1.5 signatures of a SHA-256
// digest (rsa.SignPKCS1v15 against crypto/rsa.SignPKCS1v15) with keys of
// 2048, 3072 and 4096 bits, and their verification with e = 65537. OpenSSL
// is "openssl speed rsaN", whose row "rsa N bits" has sign/s and verify/s
// columns (also PKCS #1 v1.5 of a small digest). The keys come from
// crypto/rsa.GenerateKey, one per size per run, shared by both sides.

func init() {
	for _, bits := range []int{2048, 3072, 4096} {
		ossl := fmt.Sprintf("rsa%d", bits)
		row := fmt.Sprintf("rsa %d bits", bits)
		ops = append(ops,
			&op{
				name:    fmt.Sprintf("rsa%d-sign", bits),
				desc:    fmt.Sprintf("RSA-%d PKCS#1 v1.5 signature of a SHA-256 digest (CRT, checked); Go std is crypto/rsa", bits),
				carry:   func() (func(), error) { return carryRSASign(bits) },
				std:     func() (func(), error) { return stdRSASign(bits) },
				openssl: &opensslSpeed{algs: []string{ossl}, row: row, col: 0},
			},
			&op{
				name:    fmt.Sprintf("rsa%d-verify", bits),
				desc:    fmt.Sprintf("RSA-%d PKCS#1 v1.5 verification, e = 65537; Go std is crypto/rsa", bits),
				carry:   func() (func(), error) { return carryRSAVerify(bits) },
				std:     func() (func(), error) { return stdRSAVerify(bits) },
				openssl: &opensslSpeed{algs: []string{ossl}, row: row, col: 1},
			},
		)
	}
}

// rsaKeys holds one key per size for the run.
var rsaKeys sync.Map // int -> func() (*stdrsa.PrivateKey, error)

func rsaKey(bits int) (*stdrsa.PrivateKey, error) {
	f, _ := rsaKeys.LoadOrStore(bits, sync.OnceValues(func() (*stdrsa.PrivateKey, error) {
		return stdrsa.GenerateKey(rand.Reader, bits)
	}))
	return f.(func() (*stdrsa.PrivateKey, error))()
}

var rsaDigest = sha256.Sum256([]byte("carry speed"))

func stdRSASign(bits int) (func(), error) {
	k, err := rsaKey(bits)
	if err != nil {
		return nil, err
	}
	return func() {
		sig, err := stdrsa.SignPKCS1v15(nil, k, crypto.SHA256, rsaDigest[:])
		if err != nil {
			panic("carry speed: crypto/rsa failed on checked inputs: " + err.Error())
		}
		sink ^= sig[0]
	}, nil
}

func carryRSASign(bits int) (func(), error) {
	sk, err := rsaKey(bits)
	if err != nil {
		return nil, err
	}
	want, err := stdrsa.SignPKCS1v15(nil, sk, crypto.SHA256, rsaDigest[:])
	if err != nil {
		return nil, err
	}
	got, err := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, rsaDigest[:])
	if err != nil {
		return nil, fmt.Errorf("rsa%d-sign: carry failed where the standard library succeeded: %v", bits, err)
	}
	if !bytes.Equal(got, want) {
		return nil, fmt.Errorf("rsa%d-sign: carry's signature differs from the standard library's", bits)
	}
	return func() {
		sig, err := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, rsaDigest[:])
		if err != nil {
			panic("carry speed: rsa failed on checked inputs: " + err.Error())
		}
		sink ^= sig[0]
	}, nil
}

// rsaSigned returns the key of bits bits and a signature of rsaDigest.
func rsaSigned(bits int) (*stdrsa.PublicKey, []byte, error) {
	k, err := rsaKey(bits)
	if err != nil {
		return nil, nil, err
	}
	sig, err := stdrsa.SignPKCS1v15(nil, k, crypto.SHA256, rsaDigest[:])
	return &k.PublicKey, sig, err
}

func stdRSAVerify(bits int) (func(), error) {
	pub, sig, err := rsaSigned(bits)
	if err != nil {
		return nil, err
	}
	return func() {
		if err := stdrsa.VerifyPKCS1v15(pub, crypto.SHA256, rsaDigest[:], sig); err != nil {
			panic("carry speed: crypto/rsa failed on checked inputs: " + err.Error())
		}
		sink++
	}, nil
}

func carryRSAVerify(bits int) (func(), error) {
	pub, sig, err := rsaSigned(bits)
	if err != nil {
		return nil, err
	}
	if err := rsa.VerifyPKCS1v15(pub, crypto.SHA256, rsaDigest[:], sig); err != nil {
		return nil, fmt.Errorf("rsa%d-verify: carry rejects a signature the standard library made: %v", bits, err)
	}
	bad := bytes.Clone(sig)
	bad[len(bad)-1] ^= 1
	if rsa.VerifyPKCS1v15(pub, crypto.SHA256, rsaDigest[:], bad) == nil {
		return nil, fmt.Errorf("rsa%d-verify: carry accepts a corrupted signature", bits)
	}
	return func() {
		if err := rsa.VerifyPKCS1v15(pub, crypto.SHA256, rsaDigest[:], sig); err != nil {
			panic("carry speed: rsa failed on checked inputs: " + err.Error())
		}
		sink++
	}, nil
}
