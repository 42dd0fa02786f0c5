package main

import (
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"fmt"
	"sync"

	"github.com/carry-crypto/carry/ed25519"
)

// The Ed25519 rows of "carry speed": signing a 6-byte message
// (ed25519.Sign against crypto/ed25519.Sign), verifying it, and verifying a
// batch of 64 signatures by 64 keys (ed25519.VerifyBatch against 64 calls of
// crypto/ed25519.Verify; its times are per batch, 64 signatures). OpenSSL
// is "openssl speed ed25519", whose row "EdDSA (Ed25519)" has sign/s and
// verify/s columns; for the batch row, OpenSSL's time is 64 of its single
// verifications (it has no batch verification).

// ed25519BatchSize is the number of signatures in the batch row.
const ed25519BatchSize = 64

// ed25519OpenSSLRow is the row of "openssl speed ed25519" (OpenSSL 3.0).
const ed25519OpenSSLRow = "EdDSA (Ed25519)"

func init() {
	ops = append(ops,
		&op{
			name:    "ed25519-sign",
			desc:    "Ed25519 signature of a 6-byte message; Go std is crypto/ed25519",
			carry:   carryEd25519Sign,
			std:     stdEd25519Sign,
			openssl: &opensslSpeed{algs: []string{"ed25519"}, row: ed25519OpenSSLRow, col: 0},
		},
		&op{
			name:    "ed25519-verify",
			desc:    "Ed25519 verification of a signature of a 6-byte message; Go std is crypto/ed25519",
			carry:   carryEd25519Verify,
			std:     stdEd25519Verify,
			openssl: &opensslSpeed{algs: []string{"ed25519"}, row: ed25519OpenSSLRow, col: 1},
		},
		&op{
			name: "ed25519-verify-batch64",
			desc: fmt.Sprintf("%d Ed25519 signatures by %d keys verified: carry's VerifyBatch (cofactored) against "+
				"%d single verifications in Go std and OpenSSL; times are per %d signatures",
				ed25519BatchSize, ed25519BatchSize, ed25519BatchSize, ed25519BatchSize),
			carry: carryEd25519VerifyBatch,
			std:   stdEd25519VerifyBatch,
			openssl: &opensslSpeed{algs: []string{"ed25519"}, parse: func(out []byte) (float64, error) {
				rate, err := parseOpenSSLSpeed(out, ed25519OpenSSLRow, 1)
				if err != nil {
					return 0, err
				}
				return ed25519BatchSize * 1e9 / rate, nil
			}},
		},
	)
}

// ed25519Msg is the message of the signing and verification rows: the six
// bytes "bssl speed" signs. "openssl speed" signs 20; at either length each
// of the two hashes of signing, and the one of verification, is one SHA-512
// block, so every column does the same work.
var ed25519Msg = []byte{0, 1, 2, 3, 4, 5}

// ed25519Key is the key of the run, shared by both sides.
var ed25519Key = sync.OnceValues(func() (stded25519.PrivateKey, error) {
	_, k, err := stded25519.GenerateKey(rand.Reader)
	return k, err
})

func stdEd25519Sign() (func(), error) {
	k, err := ed25519Key()
	if err != nil {
		return nil, err
	}
	return func() {
		sink ^= stded25519.Sign(k, ed25519Msg)[0]
	}, nil
}

func carryEd25519Sign() (func(), error) {
	sk, err := ed25519Key()
	if err != nil {
		return nil, err
	}
	want := stded25519.Sign(sk, ed25519Msg)
	if got := ed25519.Sign(sk, ed25519Msg); string(got) != string(want) {
		return nil, fmt.Errorf("ed25519-sign: carry's signature %x differs from the standard library's %x", got, want)
	}
	return func() {
		sink ^= ed25519.Sign(sk, ed25519Msg)[0]
	}, nil
}

// ed25519Signed returns the run's public key and its signature of
// ed25519Msg.
func ed25519Signed() (stded25519.PublicKey, []byte, error) {
	k, err := ed25519Key()
	if err != nil {
		return nil, nil, err
	}
	return k.Public().(stded25519.PublicKey), stded25519.Sign(k, ed25519Msg), nil
}

func stdEd25519Verify() (func(), error) {
	pub, sig, err := ed25519Signed()
	if err != nil {
		return nil, err
	}
	return func() {
		if !stded25519.Verify(pub, ed25519Msg, sig) {
			panic("carry speed: crypto/ed25519 rejected a valid signature")
		}
		sink++
	}, nil
}

func carryEd25519Verify() (func(), error) {
	pub, sig, err := ed25519Signed()
	if err != nil {
		return nil, err
	}
	if !ed25519.Verify(pub, ed25519Msg, sig) {
		return nil, fmt.Errorf("ed25519-verify: carry rejects a signature the standard library made")
	}
	bad := append([]byte(nil), sig...)
	bad[0] ^= 1
	if ed25519.Verify(pub, ed25519Msg, bad) {
		return nil, fmt.Errorf("ed25519-verify: carry accepts a corrupted signature")
	}
	return func() {
		if !ed25519.Verify(pub, ed25519Msg, sig) {
			panic("carry speed: ed25519 rejected a valid signature")
		}
		sink++
	}, nil
}

// ed25519Batch holds the batch of the run: ed25519BatchSize keys, each
// signing a different message with crypto/ed25519.
var ed25519Batch = sync.OnceValues(func() (*ed25519BatchInputs, error) {
	b := &ed25519BatchInputs{}
	for i := range ed25519BatchSize {
		pub, k, err := stded25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		msg := []byte(fmt.Sprintf("carry speed: message %d of the batch", i))
		b.pubs = append(b.pubs, pub)
		b.msgs = append(b.msgs, msg)
		b.sigs = append(b.sigs, stded25519.Sign(k, msg))
	}
	return b, nil
})

type ed25519BatchInputs struct {
	pubs       []stded25519.PublicKey
	msgs, sigs [][]byte
}

func stdEd25519VerifyBatch() (func(), error) {
	b, err := ed25519Batch()
	if err != nil {
		return nil, err
	}
	return func() {
		for i := range b.pubs {
			if !stded25519.Verify(b.pubs[i], b.msgs[i], b.sigs[i]) {
				panic("carry speed: crypto/ed25519 rejected a valid signature")
			}
		}
		sink++
	}, nil
}

func carryEd25519VerifyBatch() (func(), error) {
	b, err := ed25519Batch()
	if err != nil {
		return nil, err
	}
	if !ed25519.VerifyBatch(b.pubs, b.msgs, b.sigs) {
		return nil, fmt.Errorf("ed25519-verify-batch64: carry rejects a batch the standard library signed")
	}
	bad := append([][]byte(nil), b.sigs...)
	bad[ed25519BatchSize/2] = append([]byte(nil), bad[ed25519BatchSize/2]...)
	bad[ed25519BatchSize/2][40] ^= 1
	if ed25519.VerifyBatch(b.pubs, b.msgs, bad) {
		return nil, fmt.Errorf("ed25519-verify-batch64: carry accepts a batch with a corrupted signature")
	}
	return func() {
		if !ed25519.VerifyBatch(b.pubs, b.msgs, b.sigs) {
			panic("carry speed: ed25519 rejected a valid batch")
		}
		sink++
	}, nil
}
