package hmac

import (
	"crypto/fips140"
	"hash"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

// Sum appends HMAC(key, msg) with the hash h to dst and returns the
// resulting slice: the MAC that New(h, key) computes over msg, in one call.
//
// It hashes both padded blocks of the key, as an unprepared HMAC must, and
// is the cheaper way for a key used once (an HKDF-Extract, say); for a key
// used several times, [NewKey] and [Key.Sum] skip those two compressions.
// For the standard library's SHA-2 constructors passed as h, Sum runs in a
// pooled scratch hash and does not allocate unless dst lacks room for the
// MAC; the scratch is wiped before it goes back to the pool. dst and msg may
// overlap: msg is read entirely before anything is written to dst. h must
// return a new hash every time it is called.
func Sum(dst []byte, h func() hash.Hash, key, msg []byte) []byte {
	if fips140.Enabled() {
		return stdSum(dst, h, key, msg)
	}
	kh := lookupKnown(h)
	var s *hmacstate.Hash
	var blank []byte
	if kh != nil {
		s, blank = kh.get(), kh.blank
	} else {
		s = hmacstate.New(h())
	}
	dst = append(dst, s.MAC(key, msg)...)
	s.Wipe(blank)
	if kh != nil {
		kh.put(s)
	}
	return dst
}
