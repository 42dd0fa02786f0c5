package tls13

import (
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"testing"

	"github.com/carry-crypto/carry/hmac"
)

// sink keeps the compiler from discarding benchmarked work.
var sink byte

// BenchmarkExpandLabel times one HKDF-Expand-Label of a Hash.length output
// with a Hash.length context (a Derive-Secret): carry's on a raw secret, on
// a prepared secret, and the standard library's way (the HkdfLabel built,
// then crypto/hkdf.Expand).
func BenchmarkExpandLabel(b *testing.B) {
	for _, hf := range []struct {
		name string
		h    func() hash.Hash
	}{{"SHA256", sha256.New}, {"SHA384", sha512.New384}} {
		size := hf.h().Size()
		secret := make([]byte, size)
		context := make([]byte, size)
		b.Run(hf.name+"/carry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink ^= ExpandLabel(hf.h, secret, "c hs traffic", context, size)[0]
			}
		})
		b.Run(hf.name+"/carry-prepared", func(b *testing.B) {
			k := hmac.NewKey(hf.h, secret)
			b.ReportAllocs()
			for b.Loop() {
				sink ^= ExpandLabelKey(k, "c hs traffic", context, size)[0]
			}
		})
		b.Run(hf.name+"/std", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink ^= refExpandLabel(hf.h, secret, "c hs traffic", context, size)[0]
			}
		})
	}
}

// BenchmarkSchedule times the whole key schedule of RFC 8448's simple 1-RTT
// handshake (SHA-256, AES-128-GCM) on fixed inputs, with the transcript
// hashes already computed: every secret that trace prints (early,
// handshake, both handshake traffic secrets, master, both application
// traffic secrets, exporter and resumption master secrets), the key and IV
// of the four traffic secrets and the two finished keys. carry runs it with
// package tls13, std the same steps on crypto/hkdf.
func BenchmarkSchedule(b *testing.B) {
	shared := make([]byte, 32)
	var th [4][]byte
	for i := range th {
		th[i] = make([]byte, 32)
		th[i][0] = byte(i)
	}
	b.Run("carry", func(b *testing.B) {
		ts := [4]hash.Hash{}
		for i := range ts {
			ts[i] = fixedHash(th[i])
		}
		b.ReportAllocs()
		for b.Loop() {
			runSchedule(ts, shared)
		}
	})
	b.Run("std", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			runRefSchedule(th, shared)
		}
	})
}

// runSchedule is the 1-RTT schedule of BenchmarkSchedule on carry.
func runSchedule(th [4]hash.Hash, shared []byte) {
	h := sha256.New
	es := NewEarlySecret(h, nil)
	hs := es.HandshakeSecret(shared)
	es.Clear()
	chs := hs.ClientHandshakeTrafficSecret(th[1])
	shs := hs.ServerHandshakeTrafficSecret(th[1])
	ms := hs.MasterSecret()
	hs.Clear()
	cap := ms.ClientApplicationTrafficSecret(th[2])
	sap := ms.ServerApplicationTrafficSecret(th[2])
	em := ms.ExporterMasterSecret(th[2])
	rms := ms.ResumptionMasterSecret(th[3])
	ms.Clear()
	em.Clear()
	for _, s := range [][]byte{chs, shs, cap, sap} {
		k := hmac.NewKey(h, s)
		key := ExpandLabelKey(k, "key", nil, 16)
		iv := ExpandLabelKey(k, "iv", nil, IVLength)
		sink ^= key[0] ^ iv[0]
		if &s[0] == &chs[0] || &s[0] == &shs[0] {
			sink ^= ExpandLabelKey(k, "finished", nil, 32)[0]
		}
		k.Clear()
	}
	sink ^= rms[0]
}

// runRefSchedule is the same schedule on crypto/hkdf.
func runRefSchedule(th [4][]byte, shared []byte) {
	h := sha256.New
	r := refKeySchedule(h, nil, shared, th)
	for _, s := range [][]byte{r.clientHS, r.serverHS, r.clientAP, r.serverAP} {
		key := refExpandLabel(h, s, "key", nil, 16)
		iv := refExpandLabel(h, s, "iv", nil, IVLength)
		sink ^= key[0] ^ iv[0]
		if &s[0] == &r.clientHS[0] || &s[0] == &r.serverHS[0] {
			sink ^= refExpandLabel(h, s, "finished", nil, 32)[0]
		}
	}
	sink ^= r.resumption[0]
}

// fixedHash is a hash.Hash whose Sum is a fixed digest: a transcript whose
// hash was computed already, so that the benchmarks time the schedule only.
type fixedHash []byte

func (f fixedHash) Write(p []byte) (int, error) { return len(p), nil }
func (f fixedHash) Sum(b []byte) []byte         { return append(b, f...) }
func (f fixedHash) Reset()                      {}
func (f fixedHash) Size() int                   { return len(f) }
func (f fixedHash) BlockSize() int              { return 64 }
