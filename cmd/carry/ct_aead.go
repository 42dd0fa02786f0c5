package main

import (
	crand "crypto/rand"
	"crypto/sha256"

	"github.com/carry-crypto/carry/chacha20poly1305"
	"github.com/carry-crypto/carry/hmac"
)

// The record-protection tests of "carry ct": ChaCha20-Poly1305 sealing with
// the key or the plaintext as the secret, and HMAC-SHA256 with a prepared
// key with the key or the message as the secret. Open is measured in the
// chacha20poly1305 package's tests, whose records can be valid ciphertexts
// of both classes; here the random class is random bytes, which Open would
// refuse on another (public) path.

func init() {
	ctTests = append(ctTests,
		&ctTest{
			name:  "aead-seal-key",
			desc:  "ChaCha20-Poly1305 New and Seal of 64 fixed bytes; the key is the record",
			size:  chacha20poly1305.KeySize,
			setup: ctSealKey,
			pools: bytePools,
		},
		&ctTest{
			name:  "aead-seal-msg",
			desc:  "ChaCha20-Poly1305 Seal under a fixed random key; the 300-byte plaintext is the record",
			size:  300,
			setup: ctSealMsg,
			pools: bytePools,
		},
		&ctTest{
			name:  "hmac-key",
			desc:  "HMAC-SHA256 NewKey, Sum of 32 fixed bytes and Clear; the 32-byte key is the record",
			size:  32,
			setup: ctHMACKey,
			pools: bytePools,
		},
		&ctTest{
			name:  "hmac-msg",
			desc:  "HMAC-SHA256 Sum with a fixed random prepared key; the 32-byte message is the record",
			size:  32,
			setup: ctHMACMsg,
			pools: bytePools,
		},
	)
}

// bytePools are the fixed classes of byte strings: all zeros (with one
// byte counting the member), all ones, and 16 random strings drawn once.
var bytePools = []ctPool{
	{"zero", func(i int, rec []byte) { rec[len(rec)/2] = byte(i) }},
	{"ones", func(i int, rec []byte) {
		for j := range rec {
			rec[j] = 0xff
		}
		rec[len(rec)/2] = byte(i)
	}},
	{"dense", randomFill},
}

func ctSealKey() (func(rec []byte), error) {
	var nonce [chacha20poly1305.NonceSize]byte
	msg := make([]byte, 64)
	out := make([]byte, 0, len(msg)+chacha20poly1305.Overhead)
	return func(rec []byte) {
		a, err := chacha20poly1305.New(rec)
		if err != nil {
			panic("carry ct: chacha20poly1305.New refused a 32-byte key: " + err.Error())
		}
		ctSink ^= a.Seal(out[:0], nonce[:], msg, nil)[0]
	}, nil
}

func ctSealMsg() (func(rec []byte), error) {
	key := make([]byte, chacha20poly1305.KeySize)
	crand.Read(key)
	a, err := chacha20poly1305.New(key)
	if err != nil {
		return nil, err
	}
	var nonce [chacha20poly1305.NonceSize]byte
	ad := make([]byte, 13)
	out := make([]byte, 0, 300+chacha20poly1305.Overhead)
	return func(rec []byte) {
		ctSink ^= a.Seal(out[:0], nonce[:], rec, ad)[0]
	}, nil
}

func ctHMACKey() (func(rec []byte), error) {
	msg := make([]byte, 32)
	out := make([]byte, 0, sha256.Size)
	return func(rec []byte) {
		k := hmac.NewKey(sha256.New, rec)
		ctSink ^= k.Sum(out[:0], msg)[0]
		k.Clear()
	}, nil
}

func ctHMACMsg() (func(rec []byte), error) {
	key := make([]byte, 32)
	crand.Read(key)
	k := hmac.NewKey(sha256.New, key)
	out := make([]byte, 0, sha256.Size)
	return func(rec []byte) {
		ctSink ^= k.Sum(out[:0], rec)[0]
	}, nil
}
