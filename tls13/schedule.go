package tls13

import (
	"hash"

	"github.com/carry-crypto/carry/hmac"
)

// The labels of Derive-Secret in RFC 8446 §7.1 (without the "tls13 "
// prefix, which ExpandLabel adds).
const (
	derivedLabel                  = "derived"
	resumptionBinderLabel         = "res binder"
	clientEarlyTrafficLabel       = "c e traffic"
	earlyExporterLabel            = "e exp master"
	clientHandshakeTrafficLabel   = "c hs traffic"
	serverHandshakeTrafficLabel   = "s hs traffic"
	clientApplicationTrafficLabel = "c ap traffic"
	serverApplicationTrafficLabel = "s ap traffic"
	exporterLabel                 = "exp master"
	resumptionLabel               = "res master"
)

// zeros is the all-zero input of the schedule: the PSK when there is none,
// the (EC)DHE input when there is none, and the master secret's IKM.
var zeros [64]byte

// zeroString returns Hash.length zero bytes.
func zeroString(size int) []byte {
	if size <= len(zeros) {
		return zeros[:size]
	}
	return make([]byte, size)
}

// A schedule is what the secrets of one key schedule share: the hash, and
// Transcript-Hash of no messages, the context of the "derived" secrets and
// of the binder key. Nothing in it is secret.
type schedule struct {
	hash     func() hash.Hash
	empty    []byte // emptyBuf, unless the hash is longer
	emptyBuf [maxHashSize]byte
}

// extract returns HKDF-Extract(salt, ikm) (RFC 5869 §2.2) prepared as an
// HMAC key: the secret's bytes exist only between the two, on the stack,
// and are then overwritten. The salt is used once: an unprepared HMAC.
func (s *schedule) extract(salt, ikm []byte) *hmac.Key {
	var buf [maxHashSize]byte
	secret := hmac.Sum(buf[:0], s.hash, salt, ikm)
	prepared := hmac.NewKey(s.hash, secret)
	clear(secret)
	clear(buf[:])
	return prepared
}

// next returns the next secret of the schedule, HKDF-Extract(Derive-Secret(
// k, "derived", ""), ikm), prepared.
func (s *schedule) next(k *hmac.Key, ikm []byte) *hmac.Key {
	derived := deriveSecret(k, s.empty, derivedLabel, nil)
	next := s.extract(derived, ikm)
	clear(derived)
	return next
}

// An EarlySecret is the Early Secret of RFC 8446 §7.1, kept prepared. Its
// methods are safe for concurrent use, except Clear. The zero value is not
// usable; make one with [NewEarlySecret].
type EarlySecret struct {
	s   *schedule
	key *hmac.Key

	// constant is the shared early secret without a PSK that key is, or
	// nil (see constEarly).
	constant *constEarly
}

// newSchedule returns the schedule of the hash h.
func newSchedule(h func() hash.Hash) *schedule {
	s := &schedule{hash: h}
	s.empty = h().Sum(s.emptyBuf[:0])
	return s
}

// NewEarlySecret returns the Early Secret HKDF-Extract(0, PSK) for the hash
// h, which is the cipher suite's hash. A nil psk (no pre-shared key) stands
// for Hash.length zeros, as RFC 8446 §7.1 says.
//
// Without a PSK, and with sha256.New or sha512.New384 itself as h, the early
// secret is a constant of the hash, and so is the first "derived" secret:
// both are computed once per process and shared (they are public), and
// NewEarlySecret makes one small allocation.
func NewEarlySecret[H hash.Hash](h func() H, psk []byte) *EarlySecret {
	fh := hashFunc(h)
	if psk == nil {
		if c := lookupConstEarly(fh); c != nil {
			return &EarlySecret{s: c.s, key: c.key, constant: c}
		}
	}
	s := newSchedule(fh)
	if psk == nil {
		psk = zeroString(len(s.empty))
	}
	return &EarlySecret{s: s, key: s.extract(nil, psk)}
}

// ResumptionBinderKey returns binder_key = Derive-Secret(Early Secret,
// "res binder", ""), the key of the PSK binders of a resumption PSK.
func (e *EarlySecret) ResumptionBinderKey() []byte {
	return deriveSecret(e.key, e.s.empty, resumptionBinderLabel, nil)
}

// ClientEarlyTrafficSecret derives the client_early_traffic_secret from the
// early secret and the transcript up to the ClientHello. transcript is not
// modified.
func (e *EarlySecret) ClientEarlyTrafficSecret(transcript hash.Hash) []byte {
	return deriveSecret(e.key, e.s.empty, clientEarlyTrafficLabel, transcript)
}

// EarlyExporterMasterSecret derives the early_exporter_master_secret from
// the early secret and the transcript up to the ClientHello.
func (e *EarlySecret) EarlyExporterMasterSecret(transcript hash.Hash) *ExporterMasterSecret {
	return e.s.exporter(deriveSecret(e.key, e.s.empty, earlyExporterLabel, transcript))
}

// HandshakeSecret derives the Handshake Secret, HKDF-Extract(Derive-Secret(
// Early Secret, "derived", ""), (EC)DHE), from the early secret and the
// shared secret of the key exchange. A nil sharedSecret (a PSK-only
// handshake) stands for Hash.length zeros.
func (e *EarlySecret) HandshakeSecret(sharedSecret []byte) *HandshakeSecret {
	if sharedSecret == nil {
		sharedSecret = zeroString(len(e.s.empty))
	}
	if e.constant != nil {
		return &HandshakeSecret{s: e.s, key: e.s.extract(e.constant.derived, sharedSecret)}
	}
	return &HandshakeSecret{s: e.s, key: e.s.next(e.key, sharedSecret)}
}

// Clear overwrites the early secret (see the package documentation); the
// EarlySecret must not be used afterwards, nor concurrently with Clear. The
// shared early secret without a PSK, which is public, is not overwritten:
// this EarlySecret only lets go of it.
func (e *EarlySecret) Clear() {
	if e.constant != nil {
		e.key, e.constant = clearedKey, nil
		return
	}
	e.key.Clear()
}

// A HandshakeSecret is the Handshake Secret of RFC 8446 §7.1, kept prepared.
// Its methods are safe for concurrent use, except Clear. The zero value is
// not usable; [EarlySecret.HandshakeSecret] makes one.
type HandshakeSecret struct {
	s   *schedule
	key *hmac.Key
}

// ClientHandshakeTrafficSecret derives the client_handshake_traffic_secret
// from the handshake secret and the transcript up to the ServerHello.
func (hs *HandshakeSecret) ClientHandshakeTrafficSecret(transcript hash.Hash) []byte {
	return deriveSecret(hs.key, hs.s.empty, clientHandshakeTrafficLabel, transcript)
}

// ServerHandshakeTrafficSecret derives the server_handshake_traffic_secret
// from the handshake secret and the transcript up to the ServerHello.
func (hs *HandshakeSecret) ServerHandshakeTrafficSecret(transcript hash.Hash) []byte {
	return deriveSecret(hs.key, hs.s.empty, serverHandshakeTrafficLabel, transcript)
}

// MasterSecret derives the Master Secret, HKDF-Extract(Derive-Secret(
// Handshake Secret, "derived", ""), 0), from the handshake secret.
func (hs *HandshakeSecret) MasterSecret() *MasterSecret {
	return &MasterSecret{s: hs.s, key: hs.s.next(hs.key, zeroString(len(hs.s.empty)))}
}

// Clear overwrites the handshake secret (see the package documentation).
func (hs *HandshakeSecret) Clear() { hs.key.Clear() }

// A MasterSecret is the Master Secret of RFC 8446 §7.1, kept prepared. Its
// methods are safe for concurrent use, except Clear. The zero value is not
// usable; [HandshakeSecret.MasterSecret] makes one.
type MasterSecret struct {
	s   *schedule
	key *hmac.Key
}

// ClientApplicationTrafficSecret derives the
// client_application_traffic_secret_0 from the master secret and the
// transcript up to the server Finished.
func (ms *MasterSecret) ClientApplicationTrafficSecret(transcript hash.Hash) []byte {
	return deriveSecret(ms.key, ms.s.empty, clientApplicationTrafficLabel, transcript)
}

// ServerApplicationTrafficSecret derives the
// server_application_traffic_secret_0 from the master secret and the
// transcript up to the server Finished.
func (ms *MasterSecret) ServerApplicationTrafficSecret(transcript hash.Hash) []byte {
	return deriveSecret(ms.key, ms.s.empty, serverApplicationTrafficLabel, transcript)
}

// ResumptionMasterSecret derives the resumption_master_secret from the
// master secret and the transcript up to the client Finished.
func (ms *MasterSecret) ResumptionMasterSecret(transcript hash.Hash) []byte {
	return deriveSecret(ms.key, ms.s.empty, resumptionLabel, transcript)
}

// ExporterMasterSecret derives the exporter_master_secret from the master
// secret and the transcript up to the server Finished.
func (ms *MasterSecret) ExporterMasterSecret(transcript hash.Hash) *ExporterMasterSecret {
	return ms.s.exporter(deriveSecret(ms.key, ms.s.empty, exporterLabel, transcript))
}

// Clear overwrites the master secret (see the package documentation).
func (ms *MasterSecret) Clear() { ms.key.Clear() }

// An ExporterMasterSecret is an exporter_master_secret or an
// early_exporter_master_secret (RFC 8446 §7.1), kept prepared, from which
// [ExporterMasterSecret.Exporter] derives keying material. Its methods are
// safe for concurrent use, except Clear. The zero value is not usable.
type ExporterMasterSecret struct {
	s   *schedule
	key *hmac.Key
}

// exporter prepares secret as an ExporterMasterSecret and overwrites it.
func (s *schedule) exporter(secret []byte) *ExporterMasterSecret {
	e := &ExporterMasterSecret{s: s, key: hmac.NewKey(s.hash, secret)}
	clear(secret)
	return e
}

// Exporter returns length bytes of keying material for label and context,
// the TLS-Exporter of RFC 8446 §7.5:
//
//	HKDF-Expand-Label(Derive-Secret(Secret, label, ""),
//	                  "exporter", Hash(context_value), key_length)
//
// It panics, as [ExpandLabel] does, if "tls13 " + label is longer than 255
// bytes or length is out of range.
func (e *ExporterMasterSecret) Exporter(label string, context []byte, length int) []byte {
	secret := deriveSecret(e.key, e.s.empty, label, nil)
	k := hmac.NewKey(e.s.hash, secret)
	clear(secret)
	h := e.s.hash()
	h.Write(context)
	out := ExpandLabelKey(k, "exporter", h.Sum(nil), length)
	k.Clear()
	return out
}

// Clear overwrites the exporter master secret (see the package
// documentation).
func (e *ExporterMasterSecret) Clear() { e.key.Clear() }
