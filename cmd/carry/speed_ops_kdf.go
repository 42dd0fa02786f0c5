package main

import (
	"bytes"
	"crypto/hkdf"
	stdhmac "crypto/hmac"
	"crypto/sha256"
	"fmt"
	"hash"

	"github.com/carry-crypto/carry/hmac"
	"github.com/carry-crypto/carry/tls13"
)

// The HMAC and TLS 1.3 key schedule rows of "carry speed".
//
//   - hmac-sha256-32: a MAC of 32 bytes under a prepared key (hmac.Key.Sum),
//     against crypto/hmac at its best: one hash.Hash from New, Reset before
//     each MAC, which keeps the padded key's states. OpenSSL is "openssl speed -hmac sha256
//     -bytes 32", whose loop re-initialises one EVP_MAC context without a
//     key (EVP_MAC_init(ctx, NULL, 0, NULL)): a prepared key too.
//   - tls13-expand-label: one Derive-Secret, HKDF-Expand-Label of a raw
//     32-byte secret with a 32-byte context and output (SHA-256), against
//     the HkdfLabel built and crypto/hkdf.Expand, as the standard library's
//     key schedule does. OpenSSL has no such row.
//   - tls13-schedule: the whole key schedule of RFC 8448's simple 1-RTT
//     handshake (SHA-256, AES-128-GCM) from the shared secret and the four
//     transcript hashes: early, handshake and master secrets, both
//     handshake and both application traffic secrets, the exporter and
//     resumption master secrets, the key and IV of the four traffic secrets
//     and the two finished keys. Go std runs the same steps on crypto/hkdf.

func init() {
	ops = append(ops,
		&op{
			name:  "hmac-sha256-32",
			desc:  "HMAC-SHA256 of 32 bytes with a prepared key; Go std is one crypto/hmac New, Reset+Write+Sum per MAC",
			carry: carryHMAC,
			std:   stdHMAC,
			openssl: &opensslSpeed{
				algs:  []string{"-hmac", "sha256", "-bytes", "32"},
				parse: func(out []byte) (float64, error) { return parseOpenSSLThroughput(out, "hmac(sha256)", 32) },
			},
		},
		&op{
			name:  "tls13-expand-label",
			desc:  "TLS 1.3 HKDF-Expand-Label (Derive-Secret) of a 32-byte secret, SHA-256; Go std is crypto/hkdf.Expand",
			carry: carryExpandLabel,
			std:   stdExpandLabel,
		},
		&op{
			name:  "tls13-schedule",
			desc:  "the whole TLS 1.3 key schedule of RFC 8448's 1-RTT handshake, keys and IVs included; Go std is crypto/hkdf",
			carry: carrySchedule,
			std:   stdSchedule,
		},
	)
}

// kdfInput returns n bytes that differ from one call to the next.
func kdfInput(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = seed + byte(7*i)
	}
	return b
}

func stdHMAC() (func(), error) {
	key, msg := kdfInput(32, 1), kdfInput(32, 2)
	out := make([]byte, 0, 32)
	m := stdhmac.New(sha256.New, key)
	return func() {
		m.Reset()
		m.Write(msg)
		out = m.Sum(out[:0])
		sink ^= out[0]
	}, nil
}

func carryHMAC() (func(), error) {
	key, msg := kdfInput(32, 1), kdfInput(32, 2)
	k := hmac.NewKey(sha256.New, key)
	m := stdhmac.New(sha256.New, key)
	m.Write(msg)
	if got, want := k.Sum(nil, msg), m.Sum(nil); !bytes.Equal(got, want) {
		return nil, fmt.Errorf("hmac-sha256-32: carry computed %x, the standard library %x", got, want)
	}
	out := make([]byte, 0, 32)
	return func() {
		out = k.Sum(out[:0], msg)
		sink ^= out[0]
	}, nil
}

// stdHkdfLabel builds the HkdfLabel of RFC 8446 §7.1 as the standard
// library's key schedule does, in a new slice.
func stdHkdfLabel(label string, context []byte, length int) []byte {
	b := make([]byte, 0, 2+1+6+len(label)+1+len(context))
	b = append(b, byte(length>>8), byte(length), byte(6+len(label)))
	b = append(b, "tls13 "...)
	b = append(b, label...)
	b = append(b, byte(len(context)))
	return append(b, context...)
}

// stdExpandLabelSHA256 is HKDF-Expand-Label on crypto/hkdf.
func stdExpandLabelSHA256(secret []byte, label string, context []byte, length int) []byte {
	out, err := hkdf.Expand(sha256.New, secret, string(stdHkdfLabel(label, context, length)), length)
	if err != nil {
		panic("carry speed: crypto/hkdf failed on checked inputs: " + err.Error())
	}
	return out
}

func stdExpandLabel() (func(), error) {
	secret, context := kdfInput(32, 3), kdfInput(32, 4)
	return func() {
		sink ^= stdExpandLabelSHA256(secret, "c hs traffic", context, 32)[0]
	}, nil
}

func carryExpandLabel() (func(), error) {
	secret, context := kdfInput(32, 3), kdfInput(32, 4)
	got := tls13.ExpandLabel(sha256.New, secret, "c hs traffic", context, 32)
	if want := stdExpandLabelSHA256(secret, "c hs traffic", context, 32); !bytes.Equal(got, want) {
		return nil, fmt.Errorf("tls13-expand-label: carry computed %x, the standard library %x", got, want)
	}
	return func() {
		sink ^= tls13.ExpandLabel(sha256.New, secret, "c hs traffic", context, 32)[0]
	}, nil
}

// scheduleInputs are the inputs of the timed key schedule: the (EC)DHE
// shared secret and the transcript hashes up to the ServerHello, the server
// Finished and the client Finished.
type scheduleInputs struct {
	shared                    []byte
	helloHash, sfHash, cfHash []byte
}

func newScheduleInputs() *scheduleInputs {
	return &scheduleInputs{
		shared:    kdfInput(32, 5),
		helloHash: kdfInput(32, 6),
		sfHash:    kdfInput(32, 7),
		cfHash:    kdfInput(32, 8),
	}
}

// scheduleOutputs are what the timed key schedule produces, kept to check
// carry's against the standard library's.
type scheduleOutputs struct {
	secrets [][]byte // traffic secrets, resumption master secret
	keys    [][]byte // traffic keys and IVs, finished keys
}

func (o *scheduleOutputs) equal(p *scheduleOutputs) bool {
	eq := func(a, b [][]byte) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !bytes.Equal(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return eq(o.secrets, p.secrets) && eq(o.keys, p.keys)
}

// stdKeySchedule runs the schedule on crypto/hkdf, with out nil while timed.
func stdKeySchedule(in *scheduleInputs, out *scheduleOutputs) {
	h := sha256.New
	extract := func(ikm, salt []byte) []byte {
		prk, err := hkdf.Extract(h, ikm, salt)
		if err != nil {
			panic("carry speed: crypto/hkdf failed on checked inputs: " + err.Error())
		}
		return prk
	}
	empty := sha256.Sum256(nil)
	zeros := make([]byte, 32)
	early := extract(zeros, nil)
	handshake := extract(in.shared, stdExpandLabelSHA256(early, "derived", empty[:], 32))
	chs := stdExpandLabelSHA256(handshake, "c hs traffic", in.helloHash, 32)
	shs := stdExpandLabelSHA256(handshake, "s hs traffic", in.helloHash, 32)
	master := extract(zeros, stdExpandLabelSHA256(handshake, "derived", empty[:], 32))
	cats := stdExpandLabelSHA256(master, "c ap traffic", in.sfHash, 32)
	sats := stdExpandLabelSHA256(master, "s ap traffic", in.sfHash, 32)
	exp := stdExpandLabelSHA256(master, "exp master", in.sfHash, 32)
	res := stdExpandLabelSHA256(master, "res master", in.cfHash, 32)
	secrets := [][]byte{chs, shs, cats, sats, exp, res}
	var keys [][]byte
	for i, s := range secrets[:4] {
		key := stdExpandLabelSHA256(s, "key", nil, 16)
		iv := stdExpandLabelSHA256(s, "iv", nil, 12)
		keys = append(keys, key, iv)
		if i < 2 {
			keys = append(keys, stdExpandLabelSHA256(s, "finished", nil, 32))
		}
	}
	sink ^= keys[0][0] ^ res[0]
	if out != nil {
		out.secrets, out.keys = secrets, keys
	}
}

// carryKeySchedule runs the schedule on package tls13, with out nil while
// timed. Each secret is cleared once the secrets it derives are derived.
func carryKeySchedule(in *scheduleInputs, out *scheduleOutputs) {
	h := sha256.New
	es := tls13.NewEarlySecret(h, nil)
	hs := es.HandshakeSecret(in.shared)
	es.Clear()
	hello := fixedTranscript(in.helloHash)
	chs := hs.ClientHandshakeTrafficSecret(hello)
	shs := hs.ServerHandshakeTrafficSecret(hello)
	ms := hs.MasterSecret()
	hs.Clear()
	sf := fixedTranscript(in.sfHash)
	cats := ms.ClientApplicationTrafficSecret(sf)
	sats := ms.ServerApplicationTrafficSecret(sf)
	em := ms.ExporterMasterSecret(sf)
	res := ms.ResumptionMasterSecret(fixedTranscript(in.cfHash))
	ms.Clear()
	secrets := [][]byte{chs, shs, cats, sats, nil, res}
	var keys [][]byte
	for i, s := range secrets[:4] {
		// A traffic secret is prepared once for its key, IV and finished
		// key.
		k := hmac.NewKey(h, s)
		keys = append(keys, tls13.ExpandLabelKey(k, "key", nil, 16), tls13.ExpandLabelKey(k, "iv", nil, tls13.IVLength))
		if i < 2 {
			keys = append(keys, tls13.ExpandLabelKey(k, "finished", nil, 32))
		}
		k.Clear()
	}
	sink ^= keys[0][0] ^ res[0]
	if out != nil {
		// The exporter master secret stays prepared; an exporter from it
		// stands for its bytes in the check.
		secrets[4] = em.Exporter("carry speed", nil, 32)
		out.secrets, out.keys = secrets, keys
	}
	em.Clear()
}

func stdSchedule() (func(), error) {
	in := newScheduleInputs()
	return func() { stdKeySchedule(in, nil) }, nil
}

func carrySchedule() (func(), error) {
	in := newScheduleInputs()
	var got, want scheduleOutputs
	carryKeySchedule(in, &got)
	stdKeySchedule(in, &want)
	// The standard library's exporter, from its exporter master secret.
	want.secrets[4] = stdExpandLabelSHA256(
		stdExpandLabelSHA256(want.secrets[4], "carry speed", emptySHA256(), 32),
		"exporter", emptySHA256(), 32)
	if !got.equal(&want) {
		return nil, fmt.Errorf("tls13-schedule: carry's key schedule differs from the standard library's")
	}
	return func() { carryKeySchedule(in, nil) }, nil
}

func emptySHA256() []byte {
	e := sha256.Sum256(nil)
	return e[:]
}

// fixedTranscript is a transcript whose hash is already computed: Sum
// appends it. Both sides of tls13-schedule start from the hashes, so that
// the row times the key schedule alone.
type fixedTranscript []byte

func (f fixedTranscript) Write(p []byte) (int, error) { return len(p), nil }
func (f fixedTranscript) Sum(b []byte) []byte         { return append(b, f...) }
func (f fixedTranscript) Reset()                      {}
func (f fixedTranscript) Size() int                   { return len(f) }
func (f fixedTranscript) BlockSize() int              { return sha256.BlockSize }

var _ hash.Hash = fixedTranscript(nil)
