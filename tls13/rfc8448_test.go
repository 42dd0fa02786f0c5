package tls13

import (
	"bufio"
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	stdhmac "crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/hmac"
)

// This file checks package tls13 against the traces of RFC 8448 (§3, the
// simple 1-RTT handshake, and §4, the resumed 0-RTT handshake), transcribed
// into testdata. Two runs compute every value a trace prints from the
// trace's inputs (the key shares' private keys, the PSK and the handshake
// messages the key schedule does not produce):
//
//   - the standard library's run (crypto/ecdh, crypto/sha256, crypto/hkdf,
//     crypto/hmac, crypto/aes), which checks the transcription: a value that
//     disagrees with it is a typo in testdata, not a bug in tls13;
//   - carry's run, with package tls13 (and carry's hmac for the Finished
//     MACs), which must agree with the transcription byte for byte.
//
// The secrets tls13 keeps prepared (the early, handshake, master and
// exporter master secrets) have no bytes to compare: carry's run gives a
// MAC under each instead, and the transcribed secret must give the same MAC.

// trace is the transcribed values of one section, by name.
type trace map[string][]byte

// loadTrace reads a trace file: "name = hex" lines, continued on indented
// lines, and # comments.
func loadTrace(t *testing.T, file string) trace {
	t.Helper()
	f, err := os.Open("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := trace{}
	hexOf := map[string]*strings.Builder{}
	var order []string
	var cur *strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
			cur = nil
		case line[0] == ' ' || line[0] == '\t':
			if cur == nil {
				t.Fatalf("%s: continuation line without a value: %q", file, line)
			}
			cur.WriteString(line)
		default:
			name, value, ok := strings.Cut(line, "=")
			name = strings.TrimSpace(name)
			if !ok || hexOf[name] != nil {
				t.Fatalf("%s: bad or repeated line %q", file, line)
			}
			cur = new(strings.Builder)
			cur.WriteString(value)
			hexOf[name] = cur
			order = append(order, name)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, name := range order {
		b, err := hex.DecodeString(strings.Join(strings.Fields(hexOf[name].String()), ""))
		if err != nil {
			t.Fatalf("%s: %s: %v", file, name, err)
		}
		tr[name] = b
	}
	return tr
}

func (tr trace) get(t *testing.T, name string) []byte {
	t.Helper()
	b, ok := tr[name]
	if !ok {
		t.Fatalf("the trace has no %s", name)
	}
	return b
}

// compareTrace checks that got agrees with tr on every name of got, and that
// every name of tr is either in got or one of inputs, so that no transcribed
// value goes unchecked. The names in prepared are secrets given as MACs
// under them (see fingerprint).
func compareTrace(t *testing.T, tr, got trace, inputs, prepared []string) {
	t.Helper()
	for name, want := range tr {
		g, ok := got[name]
		switch {
		case !ok && !slices.Contains(inputs, name):
			t.Errorf("%s: not checked", name)
		case !ok:
		case slices.Contains(prepared, name):
			if !bytes.Equal(g, refFingerprint(want)) {
				t.Errorf("%s: the prepared secret is not %x", name, want)
			}
		case !bytes.Equal(g, want):
			t.Errorf("%s:\n got %x\nwant %x", name, g, want)
		}
	}
	for name := range got {
		if _, ok := tr[name]; !ok {
			t.Errorf("%s: computed but not in the trace", name)
		}
	}
}

// fingerprint is a MAC under a prepared secret, refFingerprint the same MAC
// under a secret given as bytes (with crypto/hmac): equal exactly when the
// secrets are, but for a negligible chance.
func fingerprint(k *hmac.Key) []byte { return k.Sum(nil, []byte("RFC 8448 fingerprint")) }

func refFingerprint(secret []byte) []byte {
	m := stdhmac.New(sha256.New, secret)
	m.Write([]byte("RFC 8448 fingerprint"))
	return m.Sum(nil)
}

// hashOf is the transcript hash of messages, transcript a SHA-256 with them
// written, as a handshake keeps it.
func hashOf(msgs ...[]byte) []byte { return transcript(msgs...).Sum(nil) }

func transcript(msgs ...[]byte) hash.Hash {
	h := sha256.New()
	for _, m := range msgs {
		h.Write(m)
	}
	return h
}

// finishedMessage is a Finished handshake message (type 20) with verify.
func finishedMessage(verify []byte) []byte {
	return append([]byte{20, 0, 0, byte(len(verify))}, verify...)
}

// sealRecord protects one TLS 1.3 record (RFC 8446 §5.2) with AES-128-GCM:
// TLSInnerPlaintext is content ‖ contentType, the nonce the IV XOR the
// sequence number, the additional data the record header.
func sealRecord(t *testing.T, key, iv []byte, seq uint64, content []byte, contentType byte) []byte {
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		t.Fatal(err)
	}
	inner := append(slices.Clone(content), contentType)
	n := len(inner) + gcm.Overhead()
	header := []byte{23, 3, 3, byte(n >> 8), byte(n)}
	nonce := slices.Clone(iv)
	for i := range 8 {
		nonce[len(nonce)-1-i] ^= byte(seq >> (8 * i))
	}
	return gcm.Seal(header, nonce, inner, header)
}

// x25519 is crypto/ecdh's X25519 of a private key and a public key (the
// base point when public is nil).
func x25519(t *testing.T, private, public []byte) []byte {
	priv, err := ecdh.X25519().NewPrivateKey(private)
	if err != nil {
		t.Fatal(err)
	}
	if public == nil {
		return priv.PublicKey().Bytes()
	}
	pub, err := ecdh.X25519().NewPublicKey(public)
	if err != nil {
		t.Fatal(err)
	}
	shared, err := priv.ECDH(pub)
	if err != nil {
		t.Fatal(err)
	}
	return shared
}

// ticketNonce returns the ticket_nonce of a NewSessionTicket message
// (RFC 8446 §4.6.1): after the type, the length, ticket_lifetime and
// ticket_age_add, a one-byte length and the nonce.
func ticketNonce(t *testing.T, nst []byte) []byte {
	if len(nst) < 13 || nst[0] != 4 || len(nst) < 13+int(nst[12]) {
		t.Fatalf("not a NewSessionTicket: %x", nst)
	}
	return nst[13 : 13+int(nst[12])]
}

// The inputs of the traces: what the key schedule does not compute.
var (
	simpleInputs = []string{"client_private", "server_private", "client_hello",
		"server_hello", "encrypted_extensions", "certificate", "certificate_verify",
		"new_session_ticket"}
	resumedInputs = []string{"client_private", "server_private", "psk",
		"client_hello_prefix", "server_hello", "encrypted_extensions", "end_of_early_data"}
	prepared = []string{"early_secret", "handshake_secret", "master_secret",
		"exporter_master", "early_exporter_master"}
)

// TestRFC8448Transcription checks the transcribed traces with the standard
// library alone.
func TestRFC8448Transcription(t *testing.T) {
	simple := loadTrace(t, "rfc8448-simple-1rtt.txt")
	compareTrace(t, simple, stdSimple(t, simple), simpleInputs, nil)
	resumed := loadTrace(t, "rfc8448-resumed-0rtt.txt")
	compareTrace(t, resumed, stdResumed(t, resumed), resumedInputs, nil)
	// §4 resumes with the PSK of §3's NewSessionTicket.
	if !bytes.Equal(resumed.get(t, "psk"), simple.get(t, "resumption_psk")) {
		t.Errorf("§4's PSK is not §3's resumption PSK")
	}
	// The key shares are in the hellos.
	for _, tr := range []trace{simple, resumed} {
		ch := tr["client_hello"]
		if ch == nil {
			ch = tr["client_hello_prefix"]
		}
		if !bytes.Contains(ch, tr.get(t, "client_public")) ||
			!bytes.Contains(tr.get(t, "server_hello"), tr.get(t, "server_public")) {
			t.Errorf("a key share is not in its hello")
		}
	}
}

// TestRFC8448 reproduces both traces with package tls13.
func TestRFC8448(t *testing.T) {
	t.Run("simple 1-RTT", func(t *testing.T) {
		tr := loadTrace(t, "rfc8448-simple-1rtt.txt")
		inputs := append(slices.Clone(simpleInputs), "client_public", "server_public", "shared_secret")
		compareTrace(t, tr, carrySimple(t, tr), inputs, prepared)
	})
	t.Run("resumed 0-RTT", func(t *testing.T) {
		tr := loadTrace(t, "rfc8448-resumed-0rtt.txt")
		inputs := append(slices.Clone(resumedInputs), "client_public", "server_public", "shared_secret")
		compareTrace(t, tr, carryResumed(t, tr), inputs, prepared)
	})
}

// stdSimple computes the values of §3 on the standard library, each from
// the values before it.
func stdSimple(t *testing.T, tr trace) trace {
	h := sha256.New
	g := trace{}
	ch, sh := tr.get(t, "client_hello"), tr.get(t, "server_hello")
	ee, cert, cv := tr.get(t, "encrypted_extensions"), tr.get(t, "certificate"), tr.get(t, "certificate_verify")

	g["client_public"] = x25519(t, tr.get(t, "client_private"), nil)
	g["server_public"] = x25519(t, tr.get(t, "server_private"), nil)
	g["shared_secret"] = x25519(t, tr.get(t, "server_private"), g["client_public"])

	g["early_secret"] = refExtract(h, nil, nil)
	g["empty_hash"] = hashOf()
	g["derived_info"] = refHkdfLabel("derived", g["empty_hash"], 32)
	g["derived_early"] = refDeriveSecret(h, g["early_secret"], "derived", nil)
	g["handshake_secret"] = refExtract(h, g["shared_secret"], g["derived_early"])
	g["hash_server_hello"] = hashOf(ch, sh)
	g["c_hs_traffic_info"] = refHkdfLabel("c hs traffic", g["hash_server_hello"], 32)
	chs := refDeriveSecret(h, g["handshake_secret"], "c hs traffic", g["hash_server_hello"])
	shs := refDeriveSecret(h, g["handshake_secret"], "s hs traffic", g["hash_server_hello"])
	g["client_handshake_traffic"], g["server_handshake_traffic"] = chs, shs
	g["derived_handshake"] = refDeriveSecret(h, g["handshake_secret"], "derived", nil)
	g["master_secret"] = refExtract(h, nil, g["derived_handshake"])

	g["key_info"] = refHkdfLabel("key", nil, 16)
	g["iv_info"] = refHkdfLabel("iv", nil, 12)
	g["server_handshake_key"] = refExpandLabel(h, shs, "key", nil, 16)
	g["server_handshake_iv"] = refExpandLabel(h, shs, "iv", nil, 12)

	g["finished_info"] = refHkdfLabel("finished", nil, 32)
	g["server_finished_key"], g["server_finished_verify"] = refFinished(h, shs, hashOf(ch, sh, ee, cert, cv))
	sf := finishedMessage(g["server_finished_verify"])
	g["server_finished"] = sf

	g["hash_server_finished"] = hashOf(ch, sh, ee, cert, cv, sf)
	cats := refDeriveSecret(h, g["master_secret"], "c ap traffic", g["hash_server_finished"])
	sats := refDeriveSecret(h, g["master_secret"], "s ap traffic", g["hash_server_finished"])
	g["client_application_traffic"], g["server_application_traffic"] = cats, sats
	g["exporter_master"] = refDeriveSecret(h, g["master_secret"], "exp master", g["hash_server_finished"])
	g["server_application_key"] = refExpandLabel(h, sats, "key", nil, 16)
	g["server_application_iv"] = refExpandLabel(h, sats, "iv", nil, 12)
	g["client_handshake_key"] = refExpandLabel(h, chs, "key", nil, 16)
	g["client_handshake_iv"] = refExpandLabel(h, chs, "iv", nil, 12)

	g["client_finished_key"], g["client_finished_verify"] = refFinished(h, chs, g["hash_server_finished"])
	cf := finishedMessage(g["client_finished_verify"])
	g["client_finished"] = cf
	g["client_application_key"] = refExpandLabel(h, cats, "key", nil, 16)
	g["client_application_iv"] = refExpandLabel(h, cats, "iv", nil, 12)

	g["hash_client_finished"] = hashOf(ch, sh, ee, cert, cv, sf, cf)
	g["resumption_master"] = refDeriveSecret(h, g["master_secret"], "res master", g["hash_client_finished"])
	nonce := ticketNonce(t, tr.get(t, "new_session_ticket"))
	g["resumption_info"] = refHkdfLabel("resumption", nonce, 32)
	g["resumption_psk"] = refExpandLabel(h, g["resumption_master"], "resumption", nonce, 32)
	return g
}

// carrySimple computes the values of §3 with package tls13.
func carrySimple(t *testing.T, tr trace) trace {
	h := sha256.New
	g := trace{}
	ch, sh := tr.get(t, "client_hello"), tr.get(t, "server_hello")
	ee, cert, cv := tr.get(t, "encrypted_extensions"), tr.get(t, "certificate"), tr.get(t, "certificate_verify")
	th := transcript // a new SHA-256 over the messages

	es := NewEarlySecret(h, nil)
	g["early_secret"] = fingerprint(es.key)
	g["empty_hash"] = slices.Clone(es.s.empty)
	g["derived_info"] = labelOf("derived", es.s.empty, 32)
	g["derived_early"] = deriveSecret(es.key, es.s.empty, "derived", nil)
	hs := es.HandshakeSecret(tr.get(t, "shared_secret"))
	es.Clear()
	g["handshake_secret"] = fingerprint(hs.key)
	g["hash_server_hello"] = th(ch, sh).Sum(nil)
	g["c_hs_traffic_info"] = labelOf("c hs traffic", g["hash_server_hello"], 32)
	chs := hs.ClientHandshakeTrafficSecret(th(ch, sh))
	shs := hs.ServerHandshakeTrafficSecret(th(ch, sh))
	g["client_handshake_traffic"], g["server_handshake_traffic"] = chs, shs
	g["derived_handshake"] = deriveSecret(hs.key, hs.s.empty, "derived", nil)
	ms := hs.MasterSecret()
	hs.Clear()
	g["master_secret"] = fingerprint(ms.key)

	g["key_info"] = labelOf("key", nil, 16)
	g["iv_info"] = labelOf("iv", nil, 12)
	g["server_handshake_key"], g["server_handshake_iv"] = TrafficKey(h, shs, 16)

	g["finished_info"] = labelOf("finished", nil, 32)
	g["server_finished_key"], g["server_finished_verify"] = carryFinished(shs, th(ch, sh, ee, cert, cv))
	sf := finishedMessage(g["server_finished_verify"])
	g["server_finished"] = sf

	g["hash_server_finished"] = th(ch, sh, ee, cert, cv, sf).Sum(nil)
	cats := ms.ClientApplicationTrafficSecret(th(ch, sh, ee, cert, cv, sf))
	sats := ms.ServerApplicationTrafficSecret(th(ch, sh, ee, cert, cv, sf))
	g["client_application_traffic"], g["server_application_traffic"] = cats, sats
	em := ms.ExporterMasterSecret(th(ch, sh, ee, cert, cv, sf))
	g["exporter_master"] = fingerprint(em.key)
	em.Clear()
	g["server_application_key"], g["server_application_iv"] = TrafficKey(h, sats, 16)
	g["client_handshake_key"], g["client_handshake_iv"] = TrafficKey(h, chs, 16)

	g["client_finished_key"], g["client_finished_verify"] = carryFinished(chs, th(ch, sh, ee, cert, cv, sf))
	cf := finishedMessage(g["client_finished_verify"])
	g["client_finished"] = cf
	g["client_application_key"], g["client_application_iv"] = TrafficKey(h, cats, 16)

	g["hash_client_finished"] = th(ch, sh, ee, cert, cv, sf, cf).Sum(nil)
	g["resumption_master"] = ms.ResumptionMasterSecret(th(ch, sh, ee, cert, cv, sf, cf))
	ms.Clear()
	nonce := ticketNonce(t, tr.get(t, "new_session_ticket"))
	g["resumption_info"] = labelOf("resumption", nonce, 32)
	g["resumption_psk"] = ExpandLabel(h, g["resumption_master"], "resumption", nonce, 32)
	return g
}

// labelOf returns the HkdfLabel that tls13's label buffer holds for label,
// context and length.
func labelOf(label string, context []byte, length int) []byte {
	b := newLabelBuffer(32, label, len(context), length)
	copy(b.context(), context)
	return slices.Clone(b.buf[b.info : len(b.buf)-1])
}

// carryFinished is the Finished computation of RFC 8446 §4.4.4 on carry:
// finished_key = HKDF-Expand-Label(BaseKey, "finished", "", Hash.length)
// with tls13, verify_data = HMAC(finished_key, Transcript-Hash) with hmac.
func carryFinished(baseKey []byte, transcript hash.Hash) (finishedKey, verifyData []byte) {
	finishedKey = ExpandLabel(sha256.New, baseKey, "finished", nil, 32)
	return finishedKey, hmac.Sum(nil, sha256.New, finishedKey, transcript.Sum(nil))
}

// earlyData is the 0-RTT application data of §4, and the content type of
// an application_data record.
var earlyData = []byte("ABCDEF")

const applicationData = 23

// stdResumed computes the values of §4 on the standard library.
func stdResumed(t *testing.T, tr trace) trace {
	h := sha256.New
	g := trace{}
	prefix, sh := tr.get(t, "client_hello_prefix"), tr.get(t, "server_hello")
	ee, eoed := tr.get(t, "encrypted_extensions"), tr.get(t, "end_of_early_data")

	g["client_public"] = x25519(t, tr.get(t, "client_private"), nil)
	g["server_public"] = x25519(t, tr.get(t, "server_private"), nil)
	g["shared_secret"] = x25519(t, tr.get(t, "server_private"), g["client_public"])

	g["early_secret"] = refExtract(h, tr.get(t, "psk"), nil)
	g["binder_hash"] = hashOf(prefix)
	g["binder_key"] = refDeriveSecret(h, g["early_secret"], "res binder", nil)
	g["binder_finished_key"], g["binder"] = refFinished(h, g["binder_key"], g["binder_hash"])
	g["client_hello_binders"] = append([]byte{0, 0x21, 0x20}, g["binder"]...)
	ch := append(slices.Clone(prefix), g["client_hello_binders"]...)
	g["hash_client_hello"] = hashOf(ch)
	g["client_early_traffic"] = refDeriveSecret(h, g["early_secret"], "c e traffic", g["hash_client_hello"])
	g["early_exporter_master"] = refDeriveSecret(h, g["early_secret"], "e exp master", g["hash_client_hello"])
	g["client_early_key"] = refExpandLabel(h, g["client_early_traffic"], "key", nil, 16)
	g["client_early_iv"] = refExpandLabel(h, g["client_early_traffic"], "iv", nil, 12)
	g["early_data_record"] = sealRecord(t, g["client_early_key"], g["client_early_iv"], 0, earlyData, applicationData)

	g["derived_early"] = refDeriveSecret(h, g["early_secret"], "derived", nil)
	g["handshake_secret"] = refExtract(h, g["shared_secret"], g["derived_early"])
	chs := refDeriveSecret(h, g["handshake_secret"], "c hs traffic", hashOf(ch, sh))
	shs := refDeriveSecret(h, g["handshake_secret"], "s hs traffic", hashOf(ch, sh))
	g["client_handshake_traffic"], g["server_handshake_traffic"] = chs, shs
	g["derived_handshake"] = refDeriveSecret(h, g["handshake_secret"], "derived", nil)
	g["master_secret"] = refExtract(h, nil, g["derived_handshake"])
	g["server_handshake_key"] = refExpandLabel(h, shs, "key", nil, 16)
	g["server_handshake_iv"] = refExpandLabel(h, shs, "iv", nil, 12)

	_, g["server_finished_verify"] = refFinished(h, shs, hashOf(ch, sh, ee))
	sf := finishedMessage(g["server_finished_verify"])
	g["server_finished"] = sf
	cats := refDeriveSecret(h, g["master_secret"], "c ap traffic", hashOf(ch, sh, ee, sf))
	sats := refDeriveSecret(h, g["master_secret"], "s ap traffic", hashOf(ch, sh, ee, sf))
	g["client_application_traffic"], g["server_application_traffic"] = cats, sats
	g["exporter_master"] = refDeriveSecret(h, g["master_secret"], "exp master", hashOf(ch, sh, ee, sf))
	g["server_application_key"] = refExpandLabel(h, sats, "key", nil, 16)
	g["server_application_iv"] = refExpandLabel(h, sats, "iv", nil, 12)

	g["client_handshake_key"] = refExpandLabel(h, chs, "key", nil, 16)
	g["client_handshake_iv"] = refExpandLabel(h, chs, "iv", nil, 12)
	_, g["client_finished_verify"] = refFinished(h, chs, hashOf(ch, sh, ee, sf, eoed))
	cf := finishedMessage(g["client_finished_verify"])
	g["client_finished"] = cf
	g["client_application_key"] = refExpandLabel(h, cats, "key", nil, 16)
	g["client_application_iv"] = refExpandLabel(h, cats, "iv", nil, 12)
	g["resumption_master"] = refDeriveSecret(h, g["master_secret"], "res master", hashOf(ch, sh, ee, sf, eoed, cf))
	return g
}

// carryResumed computes the values of §4 with package tls13.
func carryResumed(t *testing.T, tr trace) trace {
	h := sha256.New
	g := trace{}
	prefix, sh := tr.get(t, "client_hello_prefix"), tr.get(t, "server_hello")
	ee, eoed := tr.get(t, "encrypted_extensions"), tr.get(t, "end_of_early_data")
	th := transcript

	es := NewEarlySecret(h, tr.get(t, "psk"))
	g["early_secret"] = fingerprint(es.key)
	g["binder_hash"] = th(prefix).Sum(nil)
	g["binder_key"] = es.ResumptionBinderKey()
	g["binder_finished_key"], g["binder"] = carryFinished(g["binder_key"], th(prefix))
	g["client_hello_binders"] = append([]byte{0, 0x21, 0x20}, g["binder"]...)
	ch := append(slices.Clone(prefix), g["client_hello_binders"]...)
	g["hash_client_hello"] = th(ch).Sum(nil)
	cets := es.ClientEarlyTrafficSecret(th(ch))
	g["client_early_traffic"] = cets
	eem := es.EarlyExporterMasterSecret(th(ch))
	g["early_exporter_master"] = fingerprint(eem.key)
	eem.Clear()
	g["client_early_key"], g["client_early_iv"] = TrafficKey(h, cets, 16)
	g["early_data_record"] = sealRecord(t, g["client_early_key"], g["client_early_iv"], 0, earlyData, applicationData)

	g["derived_early"] = deriveSecret(es.key, es.s.empty, "derived", nil)
	hs := es.HandshakeSecret(tr.get(t, "shared_secret"))
	es.Clear()
	g["handshake_secret"] = fingerprint(hs.key)
	chs := hs.ClientHandshakeTrafficSecret(th(ch, sh))
	shs := hs.ServerHandshakeTrafficSecret(th(ch, sh))
	g["client_handshake_traffic"], g["server_handshake_traffic"] = chs, shs
	g["derived_handshake"] = deriveSecret(hs.key, hs.s.empty, "derived", nil)
	ms := hs.MasterSecret()
	hs.Clear()
	g["master_secret"] = fingerprint(ms.key)
	g["server_handshake_key"], g["server_handshake_iv"] = TrafficKey(h, shs, 16)

	_, g["server_finished_verify"] = carryFinished(shs, th(ch, sh, ee))
	sf := finishedMessage(g["server_finished_verify"])
	g["server_finished"] = sf
	cats := ms.ClientApplicationTrafficSecret(th(ch, sh, ee, sf))
	sats := ms.ServerApplicationTrafficSecret(th(ch, sh, ee, sf))
	g["client_application_traffic"], g["server_application_traffic"] = cats, sats
	em := ms.ExporterMasterSecret(th(ch, sh, ee, sf))
	g["exporter_master"] = fingerprint(em.key)
	em.Clear()
	g["server_application_key"], g["server_application_iv"] = TrafficKey(h, sats, 16)

	g["client_handshake_key"], g["client_handshake_iv"] = TrafficKey(h, chs, 16)
	_, g["client_finished_verify"] = carryFinished(chs, th(ch, sh, ee, sf, eoed))
	cf := finishedMessage(g["client_finished_verify"])
	g["client_finished"] = cf
	g["client_application_key"], g["client_application_iv"] = TrafficKey(h, cats, 16)
	g["resumption_master"] = ms.ResumptionMasterSecret(th(ch, sh, ee, sf, eoed, cf))
	ms.Clear()
	return g
}
