package hmac

import (
	"crypto/fips140"
	"hash"
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
	var s *scratch
	how, blank := byReplay, []byte(nil)
	if kh != nil {
		s = kh.get()
		how, blank = byMarshal, kh.blank
	} else {
		s = newScratch(h())
	}
	bs := s.h.BlockSize()
	p := padBlock(s, longKey(s, key, bs), bs)
	s.h.Write(p)
	s.h.Write(msg)
	ih := s.h.Sum(s.sum[:0])
	s.h.Reset()
	toOpad(p)
	s.h.Write(p)
	s.h.Write(ih)
	dst = append(dst, s.h.Sum(s.sum[:0])...)

	s.empty(how, blank)
	clear(p)
	clear(s.sum[:cap(s.sum)])
	if kh != nil {
		kh.put(s)
	}
	return dst
}
