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
package hmac

import (
	"crypto/fips140"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"crypto/subtle"
	"hash"
	"reflect"
)

// New returns a new HMAC hash using the given [hash.Hash] type and key, as
// crypto/hmac.New does: New functions like [crypto/sha256.New] can be used
// as h, which must return a new Hash every time it is called (New panics if
// two calls return the same value). A key longer than the hash's block size
// is hashed first, as FIPS 198-1 requires.
//
// The returned Hash starts from the key's prepared states (see [NewKey]), so
// its Reset costs no compression. Like crypto/hmac's, it does not implement
// [encoding.BinaryMarshaler] or [encoding.BinaryUnmarshaler]; it implements
// [hash.Cloner] when the underlying hash does.
//
// In FIPS 140-only mode (GODEBUG=fips140=only), New panics for keys shorter
// than 112 bits and hashes other than SHA-2 and SHA-3, as crypto/hmac does.
func New(h func() hash.Hash, key []byte) hash.Hash {
	if fips140.Enforced() {
		if len(key) < 112/8 {
			panic("hmac: use of keys shorter than 112 bits is not allowed in FIPS 140-only mode")
		}
		if !approvedHash(h()) {
			panic("hmac: use of hash functions other than SHA-2 or SHA-3 is not allowed in FIPS 140-only mode")
		}
	}
	return NewKey(h, key).New()
}

// Equal compares two MACs for equality without leaking timing information,
// as crypto/hmac.Equal does: its time depends on the lengths of mac1 and
// mac2, never on their contents. MACs of different lengths are unequal.
func Equal(mac1, mac2 []byte) bool {
	// The lengths are public: a MAC of the wrong length is a different
	// hash, not a near miss.
	return subtle.ConstantTimeCompare(mac1, mac2) == 1
}

// approvedTypes are the dynamic types of the standard library's SHA-2 and
// SHA-3 hashes, the ones FIPS 140-only mode accepts. Every SHA-2 function of
// a package returns the same type (SHA-224 that of SHA-256, SHA-384 and
// SHA-512/t that of SHA-512), and so do all of crypto/sha3's fixed-length
// hashes.
var approvedTypes = map[reflect.Type]bool{
	reflect.TypeOf(sha256.New()):  true,
	reflect.TypeOf(sha512.New()):  true,
	reflect.TypeOf(sha3.New256()): true,
}

// approvedHash reports whether h is one of the standard library's SHA-2 or
// SHA-3 hashes.
func approvedHash(h hash.Hash) bool {
	return approvedTypes[reflect.TypeOf(h)]
}
