package tls13

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"hash"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/hmac"
	"github.com/carry-crypto/carry/internal/testutil"
)

// This file checks HKDF-Expand-Label and the whole key schedule against the
// openssl command line tool's TLS13-KDF ("openssl kdf ... TLS13-KDF"), the
// KDF of OpenSSL's own TLS 1.3, which shares no code with carry's or the
// standard library's. Its EXPAND_ONLY mode is HKDF-Expand-Label (key: the
// secret; prefix "tls13 ", label and data: the context); its EXTRACT_ONLY
// mode with a salt is one step of the RFC 8446 §7.1 schedule,
// HKDF-Extract(Derive-Secret(salt, label, ""), key) with the label
// "derived", and without a salt is the early secret's HKDF-Extract(0, key).
// A key left out stands for Hash.length zeros, as a nil PSK or shared
// secret does in this package; an empty key is a zero-length input.
//
// Each openssl run costs a few milliseconds: the default run takes a few
// hundred, -short a few dozen, -long thousands.

// osslTLSHash is a hash of the OpenSSL tests, by openssl's name.
type osslTLSHash struct {
	name string
	h    func() hash.Hash
}

// osslExpandHashes are the hashes of TestOpenSSLExpandLabel: TLS 1.3's two,
// and two others that ExpandLabel and openssl both take.
var osslExpandHashes = []osslTLSHash{
	{"SHA256", sha256.New},
	{"SHA384", sha512.New384},
	{"SHA512", sha512.New},
	{"SHA1", sha1.New},
}

// osslScheduleHashes are the hashes of TestOpenSSLSchedule: TLS 1.3's two,
// whose early secret without a PSK is a shared constant, and SHA-256
// behind a closure, for which it is computed.
var osslScheduleHashes = []osslTLSHash{
	{"SHA256", sha256.New},
	{"SHA384", sha512.New384},
	{"SHA256", func() hash.Hash { return sha256.New() }},
}

func osslRandBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// osslTLS13Args returns the arguments of an openssl kdf run of TLS13-KDF
// with the named hash in mode, for n bytes of output, with the prefix
// "tls13 " and the -kdfopt options opts.
func osslTLS13Args(digest, mode string, n int, opts ...string) []string {
	args := []string{"kdf", "-binary", "-keylen", strconv.Itoa(n),
		"-kdfopt", "digest:" + digest, "-kdfopt", "mode:" + mode,
		"-kdfopt", "hexprefix:" + hex.EncodeToString([]byte(labelPrefix))}
	for _, o := range opts {
		args = append(args, "-kdfopt", o)
	}
	return append(args, "TLS13-KDF")
}

// osslExpandLabelArgs returns the arguments of openssl's
// HKDF-Expand-Label(secret, label, context, n).
func osslExpandLabelArgs(digest string, secret []byte, label string, context []byte, n int) []string {
	return osslTLS13Args(digest, "EXPAND_ONLY", n, "hexkey:"+hex.EncodeToString(secret),
		"hexlabel:"+hex.EncodeToString([]byte(label)), "hexdata:"+hex.EncodeToString(context))
}

// osslExpandLabel returns openssl's HKDF-Expand-Label(secret, label,
// context, n), failing t if it is not n bytes.
func osslExpandLabel(t *testing.T, digest string, secret []byte, label string, context []byte, n int) []byte {
	t.Helper()
	out := testutil.RunOpenSSL(t, nil, osslExpandLabelArgs(digest, secret, label, context, n)...)
	if len(out) != n {
		t.Fatalf("openssl returned %d bytes, want %d", len(out), n)
	}
	return out
}

// osslExtract returns openssl's schedule step for a secret of size bytes:
// HKDF-Extract(Derive-Secret(prev, "derived", ""), ikm), or, for a nil
// prev, HKDF-Extract(0, ikm). A nil ikm is left out (Hash.length zeros).
func osslExtract(t *testing.T, digest string, size int, prev, ikm []byte) []byte {
	t.Helper()
	opts := []string{"label:derived"}
	if prev != nil {
		opts = append(opts, "hexsalt:"+hex.EncodeToString(prev))
	}
	if ikm != nil {
		opts = append(opts, "hexkey:"+hex.EncodeToString(ikm))
	}
	out := testutil.RunOpenSSL(t, nil, osslTLS13Args(digest, "EXTRACT_ONLY", size, opts...)...)
	if len(out) != size {
		t.Fatalf("openssl returned %d bytes, want %d", len(out), size)
	}
	return out
}

// osslFails reports whether openssl run with args exits with an error (and
// fails t if it cannot be run at all).
func osslFails(t *testing.T, args []string) bool {
	t.Helper()
	out, err := exec.Command(testutil.OpenSSL(t), args...).Output()
	if err == nil {
		return false
	}
	if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) {
		t.Fatalf("openssl: %v (%d bytes of output)", err, len(out))
	}
	return true
}

// osslPanics reports whether f panics.
func osslPanics(f func()) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	f()
	return false
}

// osslLabelLengths, osslContextLengths and osslSecretLengths are the
// lengths of TestOpenSSLExpandLabel's inputs: labels from empty to the
// longest RFC 8446 allows ("tls13 " + label in 255 bytes), contexts from
// empty to 255 bytes, and secrets from empty to longer than any block.
var (
	osslLabelLengths   = []int{0, 1, 2, 3, 11, 12, 100, 200, 248, 249}
	osslContextLengths = []int{0, 1, 20, 32, 48, 64, 100, 200, 254, 255}
	osslSecretLengths  = []int{0, 1, 32, 48, 64, 65, 128, 129, 200}
)

// osslExpandLengths are the output lengths of TestOpenSSLExpandLabel for a
// hash of size bytes: a byte, an IV, keys, around one block and 48 bytes
// (the longest ExpandLabel starts with an unprepared HMAC), several blocks,
// the maximum of 255 blocks, and random ones (many with -long).
func osslExpandLengths(rng *rand.Rand, size int) []int {
	l := []int{1, IVLength, 16, size - 1, size, size + 1, 47, 48, 49, 2*size + 1, 1000, 255*size - 1, 255 * size}
	random := 2
	if *long {
		random = 100
	}
	for range random {
		l = append(l, 1+rng.IntN(255*size))
	}
	return l
}

// TestOpenSSLExpandLabel compares ExpandLabel, and ExpandLabelKey on the
// secret prepared, with openssl's TLS13-KDF in EXPAND_ONLY mode: for every
// hash of osslExpandHashes, each output length of osslExpandLengths, label
// length of osslLabelLengths and context length of osslContextLengths with
// random other inputs (by default), or every triple of label, context and
// secret length with a random output length, as well (-long). Labels and
// contexts are random bytes.
func TestOpenSSLExpandLabel(t *testing.T) {
	rng := testutil.Rand(t)
	type labelCase struct{ hash, n, labelLen, contextLen, secretLen int }
	pick := func(l []int) int { return l[rng.IntN(len(l))] }
	var cases []labelCase
	for i, oh := range osslExpandHashes {
		size := oh.h().Size()
		for _, n := range osslExpandLengths(rng, size) {
			cases = append(cases, labelCase{i, n, pick(osslLabelLengths), pick(osslContextLengths), pick(osslSecretLengths)})
		}
		for _, l := range osslLabelLengths {
			cases = append(cases, labelCase{i, 1 + rng.IntN(3*size), l, pick(osslContextLengths), size})
		}
		for _, c := range osslContextLengths {
			cases = append(cases, labelCase{i, 1 + rng.IntN(3*size), pick(osslLabelLengths), c, size})
		}
		if *long {
			for _, l := range osslLabelLengths {
				for _, c := range osslContextLengths {
					for _, s := range osslSecretLengths {
						cases = append(cases, labelCase{i, 1 + rng.IntN(3*size), l, c, s})
					}
				}
			}
		}
	}
	if testing.Short() {
		// TLS 1.3's own shapes, and the limits.
		cases = []labelCase{{0, 32, 11, 32, 32}, {1, 48, 12, 48, 48}, {0, 16, 3, 0, 32},
			{1, 255 * 48, 249, 255, 48}, {0, 1, 0, 0, 0}}
	}
	for _, c := range cases {
		oh := osslExpandHashes[c.hash]
		secret := osslRandBytes(rng, c.secretLen)
		label := string(osslRandBytes(rng, c.labelLen))
		context := osslRandBytes(rng, c.contextLen)
		want := osslExpandLabel(t, oh.name, secret, label, context, c.n)
		got := ExpandLabel(oh.h, secret, label, context, c.n)
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: ExpandLabel(secret %x, label %x, context %x, %d) = %x, openssl %x",
				oh.name, secret, label, context, c.n, got, want)
		}
		k := hmac.NewKey(oh.h, secret)
		for range 2 {
			if got := ExpandLabelKey(k, label, context, c.n); !bytes.Equal(got, want) {
				t.Fatalf("%s: ExpandLabelKey(secret %x, label %x, context %x, %d) = %x, openssl %x",
					oh.name, secret, label, context, c.n, got, want)
			}
		}
		k.Clear()
	}
	t.Logf("%d cases", len(cases))
}

// TestOpenSSLExpandLabelLimits checks that where openssl refuses an
// HKDF-Expand-Label (a label over 249 bytes, "tls13 " + label over 255; a
// context over 255 bytes; an output over 255 blocks) ExpandLabel and
// ExpandLabelKey panic, as they document, and that openssl computes the
// cases just inside the limits (TestOpenSSLExpandLabel compares those).
func TestOpenSSLExpandLabelLimits(t *testing.T) {
	rng := testutil.Rand(t)
	hashes := osslExpandHashes
	if testing.Short() {
		hashes = hashes[:1]
	}
	for _, oh := range hashes {
		size := oh.h().Size()
		secret := osslRandBytes(rng, size)
		for _, c := range []struct {
			labelLen, contextLen, n int
			refused                 bool
		}{
			{249, 255, size, false},
			{1, 0, 255 * size, false},
			{250, 0, size, true},
			{300, 0, size, true},
			{0, 256, size, true},
			{0, 0, 255*size + 1, true},
		} {
			label := string(osslRandBytes(rng, c.labelLen))
			context := osslRandBytes(rng, c.contextLen)
			failed := osslFails(t, osslExpandLabelArgs(oh.name, secret, label, context, c.n))
			panicked := osslPanics(func() { ExpandLabel(oh.h, secret, label, context, c.n) })
			k := hmac.NewKey(oh.h, secret)
			panickedKey := osslPanics(func() { ExpandLabelKey(k, label, context, c.n) })
			k.Clear()
			if failed != c.refused || panicked != c.refused || panickedKey != c.refused {
				t.Errorf("%s: %d-byte label, %d-byte context, %d bytes: openssl refused %t, ExpandLabel panicked %t, ExpandLabelKey panicked %t; want %t",
					oh.name, c.labelLen, c.contextLen, c.n, failed, panicked, panickedKey, c.refused)
			}
		}
	}
}

// osslInput returns a PSK or a shared secret of the given kind: nil (no
// input: Hash.length zeros), empty, a digest's length, or of a random
// length up to 1200 bytes (a hybrid key exchange's shared secret is long).
func osslInput(rng *rand.Rand, kind, size int) []byte {
	switch kind % 4 {
	case 0:
		return nil
	case 1:
		return []byte{}
	case 2:
		return osslRandBytes(rng, size)
	}
	return osslRandBytes(rng, 1+rng.IntN(1200))
}

// TestOpenSSLSchedule runs the whole RFC 8446 §7.1 key schedule with random
// inputs in package tls13 and in openssl's TLS13-KDF, which extracts the
// early, handshake and master secrets itself (its EXTRACT_ONLY mode, each
// from the previous one) and derives every other secret from them: every
// secret the schedule returns, the prepared early, handshake and master
// secrets (through an HMAC under each, by openssl mac), exporters of both
// exporter master secrets with random labels, contexts and lengths, and
// traffic keys and IVs. The PSK and the shared secret are nil, empty, of a
// digest's length or random: by default the hashes' 18 rounds go through
// every pair of kinds, with -long each hash's 100 rounds do, several times.
func TestOpenSSLSchedule(t *testing.T) {
	rng := testutil.Rand(t)
	rounds := testutil.Runs(*long, 6, 100, 1)
	for i, oh := range osslScheduleHashes {
		size := oh.h().Size()
		for r := range rounds {
			// The hashes take turns through the 16 pairs of kinds.
			r += i * rounds
			if testing.Short() {
				r = 8 // No PSK and a digest-length shared secret: a full handshake's.
			}
			osslScheduleRound(t, rng, oh, osslInput(rng, r, size), osslInput(rng, r/4, size))
		}
	}
}

// osslScheduleRound runs one key schedule with the hash oh, the PSK psk and
// the shared secret shared in package tls13 and in openssl, and fails t if
// they differ anywhere.
func osslScheduleRound(t *testing.T, rng *rand.Rand, oh osslTLSHash, psk, shared []byte) {
	t.Helper()
	d, size := oh.name, oh.h().Size()
	fail := func(what string, got, want []byte) {
		t.Helper()
		if !bytes.Equal(got, want) {
			t.Fatalf("%s, PSK %x (nil: %t), shared secret %x (nil: %t): %s = %x, openssl %x",
				d, psk, psk == nil, shared, shared == nil, what, got, want)
		}
	}
	macCheck := func(what string, k *hmac.Key, secret []byte) {
		t.Helper()
		msg := osslRandBytes(rng, 1+rng.IntN(100))
		want := testutil.RunOpenSSL(t, msg, "mac", "-digest", d, "-macopt", "hexkey:"+hex.EncodeToString(secret), "-binary", "HMAC")
		fail(what+" (an HMAC under it)", k.Sum(nil, msg), want)
	}

	// Four transcripts: up to the ClientHello, the ServerHello, the server
	// Finished and the client Finished, each one the previous one extended
	// by random messages. transcript(i) is a new hash that has read the
	// messages of transcript i; th[i] is its hash.
	var msgs [4][]byte
	var th [4][]byte
	for i := range msgs {
		msgs[i] = osslRandBytes(rng, rng.IntN(600))
	}
	transcript := func(i int) hash.Hash {
		h := oh.h()
		for _, m := range msgs[:i+1] {
			h.Write(m)
		}
		return h
	}
	for i := range th {
		th[i] = transcript(i).Sum(nil)
	}
	emptyHash := oh.h().Sum(nil)
	derive := func(secret []byte, label string, thash []byte) []byte {
		t.Helper()
		return osslExpandLabel(t, d, secret, label, thash, size)
	}
	exporter := func(secret []byte, label string, context []byte, n int) []byte {
		t.Helper()
		h := oh.h()
		h.Write(context)
		return osslExpandLabel(t, d, derive(secret, label, emptyHash), "exporter", h.Sum(nil), n)
	}
	exporterCheck := func(what string, em *ExporterMasterSecret, secret []byte) {
		t.Helper()
		label := string(osslRandBytes(rng, rng.IntN(250))) // up to 249 bytes
		context := osslRandBytes(rng, rng.IntN(300))
		n := 1 + rng.IntN(3*size)
		fail(what, em.Exporter(label, context, n), exporter(secret, label, context, n))
	}

	early := osslExtract(t, d, size, nil, psk)
	es := NewEarlySecret(oh.h, psk)
	macCheck("early secret", es.key, early)
	fail("binder key", es.ResumptionBinderKey(), derive(early, "res binder", emptyHash))
	fail("client early traffic secret", es.ClientEarlyTrafficSecret(transcript(0)), derive(early, "c e traffic", th[0]))
	eem := es.EarlyExporterMasterSecret(transcript(0))
	exporterCheck("early exporter", eem, derive(early, "e exp master", th[0]))

	handshake := osslExtract(t, d, size, early, shared)
	hs := es.HandshakeSecret(shared)
	macCheck("handshake secret", hs.key, handshake)
	chts := derive(handshake, "c hs traffic", th[1])
	fail("client handshake traffic secret", hs.ClientHandshakeTrafficSecret(transcript(1)), chts)
	fail("server handshake traffic secret", hs.ServerHandshakeTrafficSecret(transcript(1)), derive(handshake, "s hs traffic", th[1]))

	master := osslExtract(t, d, size, handshake, nil)
	ms := hs.MasterSecret()
	macCheck("master secret", ms.key, master)
	fail("client application traffic secret", ms.ClientApplicationTrafficSecret(transcript(2)), derive(master, "c ap traffic", th[2]))
	sats := derive(master, "s ap traffic", th[2])
	fail("server application traffic secret", ms.ServerApplicationTrafficSecret(transcript(2)), sats)
	em := ms.ExporterMasterSecret(transcript(2))
	exporterCheck("exporter", em, derive(master, "exp master", th[2]))
	fail("resumption master secret", ms.ResumptionMasterSecret(transcript(3)), derive(master, "res master", th[3]))

	for _, secret := range [][]byte{chts, sats} {
		keyLen := []int{16, 32}[rng.IntN(2)]
		key, iv := TrafficKey(oh.h, secret, keyLen)
		fail("traffic key", key, osslExpandLabel(t, d, secret, "key", nil, keyLen))
		fail("traffic IV", iv, osslExpandLabel(t, d, secret, "iv", nil, IVLength))
	}
	for _, c := range []interface{ Clear() }{es, hs, ms, em, eem} {
		c.Clear()
	}
}
