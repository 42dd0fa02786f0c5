package tls13

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"flag"
	"hash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/hmac"
	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long differential tests")

// wideHash is a hash with 96-byte digests, longer than any standard one:
// SHA-512 ‖ SHA-256 of the same input. It exercises the paths for digests
// that do not fit the room the label buffer plans for T(i-1).
type wideHash struct{ a, b hash.Hash }

func newWide() hash.Hash                        { return &wideHash{sha512.New(), sha256.New()} }
func (w *wideHash) Write(p []byte) (int, error) { w.a.Write(p); return w.b.Write(p) }
func (w *wideHash) Sum(in []byte) []byte        { return w.b.Sum(w.a.Sum(in)) }
func (w *wideHash) Reset()                      { w.a.Reset(); w.b.Reset() }
func (w *wideHash) Size() int                   { return 96 }
func (w *wideHash) BlockSize() int              { return 128 }

// expandHashes are the hashes of the ExpandLabel tests.
var expandHashes = []struct {
	name string
	h    func() hash.Hash
}{
	{"SHA256", sha256.New},
	{"SHA384", sha512.New384},
	{"SHA512", sha512.New},
	{"SHA1", sha1.New},
	{"SHA256-closure", func() hash.Hash { return sha256.New() }},
	{"wide", newWide},
}

func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// TestExpandLabelDifferential compares ExpandLabel and ExpandLabelKey with
// HKDF-Expand-Label written on crypto/hkdf, for output lengths from 0 to
// several blocks, labels and contexts from empty to their 255-byte limits,
// and secrets of several lengths.
func TestExpandLabelDifferential(t *testing.T) {
	rng := testutil.Rand(t)
	for _, eh := range expandHashes {
		t.Run(eh.name, func(t *testing.T) {
			size := eh.h().Size()
			var lengths []int
			for n := 0; n <= 3*size+1; n++ {
				lengths = append(lengths, n)
			}
			lengths = append(lengths, 255*size)
			labels := []string{"", "key", "c hs traffic", strings.Repeat("l", 249)}
			contexts := []int{0, 1, size, 255}
			secrets := []int{0, size, 200}
			for i, n := range lengths {
				label := labels[i%len(labels)]
				context := randBytes(rng, contexts[i%len(contexts)])
				secret := randBytes(rng, secrets[i%len(secrets)])
				want := refExpandLabel(eh.h, secret, label, context, n)
				got := ExpandLabel(eh.h, secret, label, context, n)
				if !bytes.Equal(got, want) || len(got) != n || cap(got) != n {
					t.Fatalf("ExpandLabel(%d-byte secret, %q, %d-byte context, %d) = %x, want %x",
						len(secret), label, len(context), n, got, want)
				}
				k := hmac.NewKey(eh.h, secret)
				got = ExpandLabelKey(k, label, context, n)
				k.Clear()
				if !bytes.Equal(got, want) || cap(got) != n {
					t.Fatalf("ExpandLabelKey(%d-byte secret, %q, %d-byte context, %d) = %x, want %x",
						len(secret), label, len(context), n, got, want)
				}
			}
		})
	}
}

// TestExpandLabelRandom compares ExpandLabel with the reference on random
// inputs; more with -long.
func TestExpandLabelRandom(t *testing.T) {
	rng := testutil.Rand(t)
	n := testutil.Runs(*long, 1000, 50000, 100)
	hs := []func() hash.Hash{sha256.New, sha512.New384}
	for i := range n {
		h := hs[i%2]
		secret := randBytes(rng, rng.IntN(100))
		label := string(randBytes(rng, rng.IntN(250)))
		context := randBytes(rng, rng.IntN(256))
		l := rng.IntN(4 * h().Size())
		if got, want := ExpandLabel(h, secret, label, context, l), refExpandLabel(h, secret, label, context, l); !bytes.Equal(got, want) {
			t.Fatalf("ExpandLabel(%x, %q, %x, %d) = %x, want %x", secret, label, context, l, got, want)
		}
	}
}

// TestExpandLabelMisuse checks the panics ExpandLabel documents.
func TestExpandLabelMisuse(t *testing.T) {
	secret := make([]byte, 32)
	k := hmac.NewKey(sha256.New, secret)
	for name, f := range map[string]func(){
		"label too long":    func() { ExpandLabel(sha256.New, secret, strings.Repeat("l", 250), nil, 32) },
		"context too long":  func() { ExpandLabel(sha256.New, secret, "key", make([]byte, 256), 32) },
		"negative length":   func() { ExpandLabel(sha256.New, secret, "key", nil, -1) },
		"too long":          func() { ExpandLabel(sha256.New, secret, "key", nil, 255*32+1) },
		"prepared too long": func() { ExpandLabelKey(k, "key", nil, 255*32+1) },
		"SHA-1 too long":    func() { ExpandLabel(sha1.New, secret, "key", nil, 255*20+1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestExpandLabelAllocs checks that ExpandLabel of one block, and
// ExpandLabelKey, make a single allocation: the returned slice, which the
// HkdfLabel and the working space share.
func TestExpandLabelAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts are not meaningful under coverage or the race detector")
	}
	secret, context := make([]byte, 32), make([]byte, 32)
	k := hmac.NewKey(sha256.New, secret)
	for name, f := range map[string]func(){
		"ExpandLabel":    func() { ExpandLabel(sha256.New, secret, "c hs traffic", context, 32) },
		"ExpandLabelKey": func() { ExpandLabelKey(k, "c hs traffic", context, 32) },
		"deriveSecret":   func() { deriveSecret(k, context, "derived", nil) },
	} {
		if n := testing.AllocsPerRun(50, f); n != 1 {
			t.Errorf("%s: %v allocations, want 1", name, n)
		}
	}
}

// refExporter is the TLS-Exporter of RFC 8446 §7.5 on crypto/hkdf.
func refExporter(h func() hash.Hash, secret []byte, label string, context []byte, length int) []byte {
	d := h()
	d.Write(context)
	return refExpandLabel(h, refDeriveSecret(h, secret, label, nil), "exporter", d.Sum(nil), length)
}

// TestScheduleDifferential runs the whole key schedule with random inputs
// against the same steps on crypto/hkdf: every secret, for SHA-256 and
// SHA-384, with and without a PSK and an (EC)DHE shared secret, and
// exporters of both exporter master secrets.
func TestScheduleDifferential(t *testing.T) {
	rng := testutil.Rand(t)
	rounds := testutil.Runs(*long, 50, 2000, 10)
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384} {
		size := h().Size()
		for r := range rounds {
			var psk, shared []byte
			if r%3 != 0 {
				psk = randBytes(rng, size)
			}
			if r%4 != 0 {
				shared = randBytes(rng, []int{32, 48, 56, 97, 1120}[r%5])
			}
			var msgs [4][]byte
			var th [4][]byte
			for i := range msgs {
				msgs[i] = randBytes(rng, rng.IntN(500))
				d := h()
				for _, m := range msgs[:i+1] {
					d.Write(m)
				}
				th[i] = d.Sum(nil)
			}
			transcriptAt := func(i int) hash.Hash {
				d := h()
				for _, m := range msgs[:i+1] {
					d.Write(m)
				}
				return d
			}
			ref := refKeySchedule(h, psk, shared, th)

			es := NewEarlySecret(h, psk)
			check := func(name string, got, want []byte) {
				t.Helper()
				if !bytes.Equal(got, want) {
					t.Fatalf("round %d, %s: %x, want %x", r, name, got, want)
				}
			}
			check("early", es.key.Sum(nil, []byte("x")), refMAC(h, ref.early, []byte("x")))
			check("binder key", es.ResumptionBinderKey(), ref.binderKey)
			tr0 := transcriptAt(0)
			check("c e traffic", es.ClientEarlyTrafficSecret(tr0), ref.clientEarly)
			eem := es.EarlyExporterMasterSecret(tr0)
			check("early exporter", eem.Exporter("EXPERIMENTAL early", msgs[0][:min(len(msgs[0]), 40)], 50),
				refExporter(h, ref.earlyExporter, "EXPERIMENTAL early", msgs[0][:min(len(msgs[0]), 40)], 50))
			// The transcript is not modified: it goes on as a handshake's.
			tr0.Write(msgs[1])
			check("transcript", tr0.Sum(nil), th[1])

			hs := es.HandshakeSecret(shared)
			check("handshake", hs.key.Sum(nil, []byte("x")), refMAC(h, ref.handshake, []byte("x")))
			check("c hs traffic", hs.ClientHandshakeTrafficSecret(transcriptAt(1)), ref.clientHS)
			check("s hs traffic", hs.ServerHandshakeTrafficSecret(transcriptAt(1)), ref.serverHS)
			ms := hs.MasterSecret()
			check("master", ms.key.Sum(nil, []byte("x")), refMAC(h, ref.master, []byte("x")))
			check("c ap traffic", ms.ClientApplicationTrafficSecret(transcriptAt(2)), ref.clientAP)
			check("s ap traffic", ms.ServerApplicationTrafficSecret(transcriptAt(2)), ref.serverAP)
			check("res master", ms.ResumptionMasterSecret(transcriptAt(3)), ref.resumption)
			em := ms.ExporterMasterSecret(transcriptAt(2))
			for _, l := range []int{0, 1, size, 3*size + 5} {
				check("exporter", em.Exporter("EXPORTER-test", msgs[3], l), refExporter(h, ref.exporter, "EXPORTER-test", msgs[3], l))
			}
			check("exporter, empty context", em.Exporter("", nil, 32), refExporter(h, ref.exporter, "", nil, 32))

			for _, s := range [][]byte{ref.clientHS, ref.serverAP} {
				for _, kl := range []int{16, 32} {
					key, iv := TrafficKey(h, s, kl)
					check("traffic key", key, refExpandLabel(h, s, "key", nil, kl))
					check("traffic iv", iv, refExpandLabel(h, s, "iv", nil, IVLength))
				}
			}
			for _, c := range []interface{ Clear() }{es, hs, ms, em, eem} {
				c.Clear()
			}
		}
	}
}

// refMAC is crypto/hmac's MAC, through carry's hmac.Sum's reference.
func refMAC(h func() hash.Hash, key, msg []byte) []byte {
	return hmacRef(h, key, msg)
}

// TestClearedSecrets checks that every secret's methods panic after Clear.
func TestClearedSecrets(t *testing.T) {
	es := NewEarlySecret(sha256.New, nil)
	hs := es.HandshakeSecret(make([]byte, 32))
	ms := hs.MasterSecret()
	em := ms.ExporterMasterSecret(nil)
	for _, c := range []interface{ Clear() }{es, hs, ms, em} {
		c.Clear()
		c.Clear() // twice is harmless
	}
	for name, f := range map[string]func(){
		"ResumptionBinderKey":            func() { es.ResumptionBinderKey() },
		"ClientEarlyTrafficSecret":       func() { es.ClientEarlyTrafficSecret(nil) },
		"HandshakeSecret":                func() { es.HandshakeSecret(nil) },
		"ClientHandshakeTrafficSecret":   func() { hs.ClientHandshakeTrafficSecret(nil) },
		"MasterSecret":                   func() { hs.MasterSecret() },
		"ClientApplicationTrafficSecret": func() { ms.ClientApplicationTrafficSecret(nil) },
		"ExporterMasterSecret":           func() { ms.ExporterMasterSecret(nil) },
		"Exporter":                       func() { em.Exporter("label", nil, 32) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s after Clear: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestNilTranscript checks that a nil transcript stands for no messages, as
// in the standard library's key schedule.
func TestNilTranscript(t *testing.T) {
	es := NewEarlySecret(sha256.New, nil)
	defer es.Clear()
	if got, want := es.ClientEarlyTrafficSecret(nil), es.ClientEarlyTrafficSecret(sha256.New()); !bytes.Equal(got, want) {
		t.Errorf("nil transcript: %x, empty transcript: %x", got, want)
	}
}

// TestConstantEarlySecret checks the shared early secret without a PSK: it
// is what the full computation gives (a closure around the same hash is not
// recognised and takes the full path), and clearing one EarlySecret that
// shares it leaves the others working.
func TestConstantEarlySecret(t *testing.T) {
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384} {
		a := NewEarlySecret(h, nil)
		b := NewEarlySecret(h, nil)
		full := NewEarlySecret(func() hash.Hash { return h() }, nil)
		if a.constant == nil || full.constant != nil {
			t.Fatalf("constant early secret used: %v for the constructor, %v for a closure",
				a.constant != nil, full.constant != nil)
		}
		shared := make([]byte, 32)
		want := full.HandshakeSecret(shared).ClientHandshakeTrafficSecret(nil)
		if got := a.HandshakeSecret(shared).ClientHandshakeTrafficSecret(nil); !bytes.Equal(got, want) {
			t.Errorf("handshake traffic secret from the constant early secret: %x, want %x", got, want)
		}
		if got, want := a.ResumptionBinderKey(), full.ResumptionBinderKey(); !bytes.Equal(got, want) {
			t.Errorf("binder key from the constant early secret: %x, want %x", got, want)
		}
		a.Clear()
		if got := b.HandshakeSecret(shared).ClientHandshakeTrafficSecret(nil); !bytes.Equal(got, want) {
			t.Errorf("after another EarlySecret was cleared: %x, want %x", got, want)
		}
		full.Clear()
	}
}
