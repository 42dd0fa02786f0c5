package main

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"fmt"

	"github.com/carry-crypto/carry/x25519"
)

// An op is one row of "carry speed": an operation carry implements, timed in
// carry, in Go's standard library and, where OpenSSL's speed command has the
// same operation, in OpenSSL.
//
// A new operation is one more entry in ops.
type op struct {
	name string // as given on the command line
	desc string // one line, for the help text

	// carry and std prepare the operation on fixed inputs and return the
	// closure that is timed. carry's setup also checks its result against
	// the standard library's on those inputs: a wrong answer is not timed.
	carry, std func() (func(), error)

	// openssl says how to time the operation with "openssl speed"; nil if
	// OpenSSL has no matching measurement.
	openssl *opensslSpeed

	// bssl says how to time the operation with BoringSSL's "bssl speed";
	// nil if it has no measurement of the same operation.
	bssl *bsslSpeed
}

var ops = []*op{
	{
		name:    "x25519",
		desc:    "X25519 shared secret with a peer's public key (ECDH)",
		carry:   carryX25519,
		std:     stdX25519,
		openssl: &opensslSpeed{algs: []string{"ecdhx25519"}, row: "ecdh (X25519)"},
	},
	{
		name:  "x25519-base",
		desc:  "X25519 public key from a private key (scalar times the base point)",
		carry: carryX25519Base,
		std:   stdX25519Base,
	},
}

// sink keeps the compiler from discarding the timed work.
var sink byte

// x25519Pair returns a fresh private key and a peer's public key.
func x25519Pair() (*ecdh.PrivateKey, *ecdh.PublicKey, error) {
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	peer, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	return priv, peer.PublicKey(), nil
}

func stdX25519() (func(), error) {
	priv, peer, err := x25519Pair()
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

func carryX25519() (func(), error) {
	priv, peer, err := x25519Pair()
	if err != nil {
		return nil, err
	}
	scalar, point := priv.Bytes(), peer.Bytes()
	want, err := priv.ECDH(peer)
	if err != nil {
		return nil, err
	}
	if err := checkSame("x25519", want, scalar, point); err != nil {
		return nil, err
	}
	return func() {
		out, err := x25519.X25519(scalar, point)
		if err != nil {
			panic("carry speed: x25519 failed on checked inputs: " + err.Error())
		}
		sink ^= out[0]
	}, nil
}

func stdX25519Base() (func(), error) {
	priv, _, err := x25519Pair()
	if err != nil {
		return nil, err
	}
	scalar := priv.Bytes()
	// NewPrivateKey computes the public key: it is how the standard
	// library turns a private key into a public one.
	return func() {
		k, err := ecdh.X25519().NewPrivateKey(scalar)
		if err != nil {
			panic("carry speed: crypto/ecdh failed on checked inputs: " + err.Error())
		}
		sink ^= k.PublicKey().Bytes()[0]
	}, nil
}

func carryX25519Base() (func(), error) {
	priv, _, err := x25519Pair()
	if err != nil {
		return nil, err
	}
	scalar := priv.Bytes()
	if err := checkSame("x25519-base", priv.PublicKey().Bytes(), scalar, x25519.Basepoint); err != nil {
		return nil, err
	}
	return func() {
		out, err := x25519.X25519(scalar, x25519.Basepoint)
		if err != nil {
			panic("carry speed: x25519 failed on checked inputs: " + err.Error())
		}
		sink ^= out[0]
	}, nil
}

// checkSame checks that carry's X25519 of scalar and point is want.
func checkSame(name string, want, scalar, point []byte) error {
	got, err := x25519.X25519(scalar, point)
	if err != nil {
		return fmt.Errorf("%s: carry failed where the standard library succeeded: %v", name, err)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("%s: carry computed %x, the standard library %x", name, got, want)
	}
	return nil
}
