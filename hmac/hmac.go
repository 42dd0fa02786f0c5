// Package hmac implements the Keyed-Hash Message Authentication Code (HMAC)
// of FIPS 198-1 and RFC 2104, with the semantics of crypto/hmac, and a
// prepared key that pays for the key's two padded blocks once.
//
// HMAC(K, m) = H((K0 ⊕ opad) ‖ H((K0 ⊕ ipad) ‖ m)), where K0 is the key
// zero-padded to the hash's block size (or, for a key longer than a block,
// its digest zero-padded). The blocks K0 ⊕ ipad and K0 ⊕ opad depend only on
// the key, so FIPS 198-1 §6 allows hashing them once and starting every MAC
// from the two resulting hash states. [NewKey] does that: a [Key] holds those
// two states, and [Key.Sum] runs only the compressions of the message and of
// the inner digest. For HMAC-SHA256 of a short message that is two
// compressions instead of four, and no allocation.
// For a key used once, [Sum] computes one MAC without preparing anything
// and, for the standard SHA-2 hashes, without allocating.
//
// The hashing itself is Go's (crypto/sha256, crypto/sha512, or whatever hash
// the caller passes), which runs on the CPU's SHA instructions where it has
// them.
//
// # Constant time
//
// Nothing here branches on, or indexes memory with, the key, the message or
// the MAC: the branches are on lengths, on the hash's block and digest
// sizes, and on how the hash's state can be saved. Whether the hash itself is
// constant time is the hash's business; Go's SHA-2 is. [Equal] compares in
// time that depends only on the lengths.
//
// # FIPS 140 mode
//
// carry is not a FIPS 140 validated module. When the standard library runs in
// FIPS 140 mode (crypto/fips140.Enabled reports true, under GODEBUG=fips140=on
// or only), every MAC is computed by crypto/hmac: New returns crypto/hmac's
// hash, with its checks and panics (FIPS 140-only mode refuses keys shorter
// than 112 bits and hashes other than SHA-2 and SHA-3); [Sum] and [Key.Sum]
// run crypto/hmac.New on each call, and a [Key] keeps a copy of the key for
// that instead of the prepared states.
package hmac

import (
	"crypto/fips140"
	"crypto/hmac"
	"hash"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

// New returns a hash.Hash that computes the HMAC under key with the hash
// that h makes, with crypto/hmac.New's signature and behaviour. h is a
// constructor such as [crypto/sha256.New]; it must make a distinct hash on
// each call: New panics, as crypto/hmac.New does, if two calls return the
// same value (a hash type that cannot be compared counts as distinct), and
// lets a panic of h itself, or the call of a nil h, go through. A key longer
// than the hash's block size is hashed first (FIPS 198-1).
//
// The returned Hash starts from the key's prepared states (see [NewKey]), so
// that its Reset costs no compression. Like crypto/hmac's, it implements
// neither [encoding.BinaryMarshaler] nor [encoding.BinaryUnmarshaler], and
// its Clone ([hash.Cloner]) works when the underlying hash clones and
// otherwise returns an error wrapping [errors.ErrUnsupported].
func New(h func() hash.Hash, key []byte) hash.Hash {
	if fips140.Enabled() {
		return hmac.New(h, key)
	}
	// The Key is this hash's alone: its scratch hash serves as the inner
	// hash, so that h, unless it is a standard constructor, is called
	// twice, as crypto/hmac.New calls it.
	k, outer := newKey(h, key)
	if outer == nil {
		outer = h()
	}
	m := &mac{k: k, inner: k.own, outer: hmacstate.New(outer)}
	m.inner.Start(&k.st)
	return m
}

// Equal reports whether mac1 and mac2 are the same bytes, in time that
// depends on their lengths only: it is crypto/hmac.Equal. MACs of different
// lengths are unequal.
func Equal(mac1, mac2 []byte) bool { return hmac.Equal(mac1, mac2) }

// stdSum is Sum computed by crypto/hmac, for FIPS 140 mode. dst is only
// appended to, so that it does not escape in Sum and Key.Sum.
func stdSum(dst []byte, h func() hash.Hash, key, msg []byte) []byte {
	m := hmac.New(h, key)
	m.Write(msg)
	return append(dst, m.Sum(nil)...)
}
