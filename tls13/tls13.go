// Package tls13 implements the TLS 1.3 key schedule of RFC 8446, Section
// 7.1, with the shape of the standard library's crypto/internal/fips140/tls13
// (which crypto/tls uses and programs cannot import): HKDF-Expand-Label, and
// the early, handshake, master and exporter master secrets with the traffic
// secrets derived from them, plus the traffic keys and IVs of RFC 8446 §7.3.
//
// Each secret of the schedule is kept prepared as an HMAC key
// ([hmac.NewKey]): its padded blocks are hashed once, when the secret is
// extracted, and every Derive-Secret from it costs two compressions instead
// of four. The intermediate values the schedule does not return (the
// "derived" secrets, the extracted secrets before they are prepared, the
// HkdfLabel buffers) are overwritten as soon as they have been used.
//
// # Clearing
//
// A secret of the schedule (EarlySecret, HandshakeSecret, MasterSecret,
// ExporterMasterSecret) stays usable until its Clear method is called, and
// holds key material until then: call Clear once the secrets it derives are
// no longer needed (for the early secret, once the handshake secret has been
// derived and no 0-RTT secret is still to come; for the handshake secret,
// once the master secret and both handshake traffic secrets are derived; and
// so on). Clear overwrites the prepared key with zeros (see
// [hmac.Key.Clear]); a cleared secret panics if used. Clearing in Go is best
// effort: it cannot reach copies the runtime made (a moved goroutine stack,
// registers, memory not yet reused), nor the secrets already returned to the
// caller as byte slices, which are the caller's to clear.
//
// # Constant time
//
// No branch or memory index depends on a secret, a transcript hash or a key;
// the branches are on lengths, labels and hash sizes, which are public.
package tls13

import (
	"hash"

	"github.com/carry-crypto/carry/hmac"
)

// IVLength is the length of the per-record nonce's IV that [TrafficKey]
// derives: iv_length, 12 bytes for every AEAD of RFC 8446 (§5.3: max(8,
// N_MIN), and N_MIN is 12 for all of them).
const IVLength = 12

// labelPrefix is prepended to every label (RFC 8446 §7.1).
const labelPrefix = "tls13 "

// ExpandLabel implements HKDF-Expand-Label from RFC 8446, Section 7.1:
//
//	HKDF-Expand-Label(Secret, Label, Context, Length) =
//	     HKDF-Expand(Secret, HkdfLabel, Length)
//
// where HkdfLabel is the uint16 Length, the label "tls13 " + label and the
// context, each of the last two with a one-byte length. It returns a new
// slice of length bytes.
//
// It panics if "tls13 " + label or context is longer than 255 bytes, or if
// length is negative or more than 255 times the hash's size: the labels are
// fixed strings, the contexts hashes or fields of the same limit, and the
// lengths those of keys, so any of these is a bug in the caller, as in the
// standard library's ExpandLabel.
//
// For an output of one block (length at most the hash's size: every secret,
// key and IV of TLS 1.3) it runs one unprepared HMAC, which costs the same
// four compressions as the standard library's but a single allocation, the
// returned slice's (see [hmac.Sum]). Outputs longer than 48 bytes (more
// than a block of SHA-384) run on the secret prepared ([hmac.NewKey]).
func ExpandLabel[H hash.Hash](h func() H, secret []byte, label string, context []byte, length int) []byte {
	fh := hashFunc(h)
	if length > oneBlock {
		// Several blocks of any standard hash: prepare the secret once.
		k := hmac.NewKey(fh, secret)
		defer k.Clear()
		return ExpandLabelKey(k, label, context, length)
	}
	// No room for T(i-1) yet: one block needs none, and the rare longer
	// output (SHA-1, say) makes it once the hash's size is known.
	b := newLabelBuffer(0, label, len(context), length)
	copy(b.context(), context)
	return b.expandOnce(fh, secret)
}

// ExpandLabelKey is [ExpandLabel] with the secret prepared as an HMAC key for
// the schedule's hash: the form to use when several labels are expanded from
// one secret (a traffic secret's key, IV and finished key, say), since each
// expansion then costs two compressions a block instead of four.
func ExpandLabelKey(secret *hmac.Key, label string, context []byte, length int) []byte {
	b := newLabelBuffer(secret.Size(), label, len(context), length)
	copy(b.context(), context)
	return b.expand(secret, 1)
}

// TrafficKey derives the traffic key and IV of RFC 8446 §7.3 from a traffic
// secret, for an AEAD with keyLen-byte keys:
//
//	[sender]_write_key = HKDF-Expand-Label(Secret, "key", "", key_length)
//	[sender]_write_iv  = HKDF-Expand-Label(Secret, "iv", "", iv_length)
//
// with iv_length [IVLength]. keyLen is 16 for TLS_AES_128_GCM_SHA256 (and
// the CCM suites), 32 for TLS_AES_256_GCM_SHA384 and
// TLS_CHACHA20_POLY1305_SHA256; h is the suite's hash. The secret is prepared
// once for both expansions.
func TrafficKey[H hash.Hash](h func() H, secret []byte, keyLen int) (key, iv []byte) {
	k := hmac.NewKey(hashFunc(h), secret)
	key = ExpandLabelKey(k, "key", nil, keyLen)
	iv = ExpandLabelKey(k, "iv", nil, IVLength)
	k.Clear()
	return key, iv
}

// hashFunc returns h as a func() hash.Hash: h itself when it is one (as
// sha256.New is), so that hmac.NewKey recognises the standard constructors,
// and a wrapper otherwise.
func hashFunc[H hash.Hash](h func() H) func() hash.Hash {
	if f, ok := any(h).(func() hash.Hash); ok {
		return f
	}
	return func() hash.Hash { return h() }
}
