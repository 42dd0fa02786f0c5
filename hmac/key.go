package hmac

import (
	"bytes"
	"crypto/fips140"
	"crypto/hmac"
	"hash"
	"sync/atomic"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

// A Key is an HMAC key prepared for one hash function: it keeps the hash's
// states after the key's inner and outer padded blocks (K0 ⊕ ipad and
// K0 ⊕ opad, FIPS 198-1 §6), and every MAC starts from them.
//
// A Key holds secret state. Its saved states let anyone who reads them
// compute MACs under the key, exactly as the key itself would: treat a Key
// as the key. [Key.Clear] overwrites them when the key is no longer needed.
//
// [Key.Sum], [Key.New], [Key.Size] and [Key.BlockSize] are safe for
// concurrent use by several goroutines. Sum does not allocate (besides
// growing dst) for hashes whose state can be marshaled, which includes every
// hash of the standard library, as long as no other goroutine is in Sum on
// the same Key at that moment; a Sum that finds the Key busy takes another
// scratch hash instead of waiting. [Key.Clear] must not run concurrently
// with any other method.
//
// The zero Key is not usable; make one with [NewKey].
type Key struct {
	newHash   func() hash.Hash
	known     *knownHash // nil unless newHash is a standard SHA-2 constructor
	size      int        // digest size of the hash, in bytes
	blockSize int        // block size of the hash, in bytes

	// st holds the states after the padded blocks; blank is the marshaled
	// state of an empty hash, which wipes a scratch hash, if st's states are
	// marshaled, and nil otherwise.
	st    hmacstate.States
	blank []byte

	// fipsKey is a copy of the key, kept instead of the states in FIPS 140
	// mode, where every MAC is crypto/hmac's (fips is then true).
	fips    bool
	fipsKey []byte

	cleared bool
	busy    atomic.Bool // own is in use by a Sum
	own     *hmacstate.Hash

	// small holds st's states when they fit, as SHA-256's and SHA-224's
	// marshaled states do, so that a Key for them is a single allocation.
	small [2 * smallState]byte
}

// smallState is the size of a marshaled SHA-256 or SHA-224 state: a 4-byte
// identifier, the eight 32-bit chaining words, the 64-byte block buffer and
// the 64-bit length.
const smallState = 4 + 32 + 64 + 8

// NewKey returns key prepared for HMAC with the hash h: the two padded blocks
// of the key are hashed once, here, rather than for every MAC. As with
// [New], h must return a new hash every time it is called (NewKey panics if
// two calls return the same value), and a key longer than the hash's block
// size is hashed first.
//
// NewKey keeps the states by marshaling them ([encoding.BinaryMarshaler] and
// [encoding.BinaryUnmarshaler], which the standard library's hashes
// implement): restoring a state then copies it into a hash that the Key
// keeps, and [Key.Sum] makes no allocation. For a hash that cannot be
// marshaled it keeps the hash objects and clones them ([hash.Cloner]) for
// each use, which allocates; for a hash that can do neither it keeps the
// padded blocks and hashes them again for each use, as crypto/hmac does for
// such hashes.
//
// For the standard library's SHA-2 constructors (sha256.New, sha512.New384,
// ...) passed as h themselves, NewKey knows the hash already: it takes its
// scratch hash from a pool, to which [Key.Clear] gives it back, and makes a
// single allocation for SHA-224 and SHA-256, two for the others (the Key and
// its saved states).
//
// The caller may overwrite key as soon as NewKey returns.
func NewKey(h func() hash.Hash, key []byte) *Key {
	if fips140.Enabled() {
		k := &Key{newHash: h}
		first := h()
		k.size, k.blockSize = first.Size(), first.BlockSize()
		k.fips, k.fipsKey = true, bytes.Clone(key)
		return k
	}
	k, _ := newKey(h, key)
	return k
}

// newKey is NewKey outside FIPS 140 mode. For an h that is not a standard
// constructor it also returns the second hash it made (to check that h makes
// distinct hashes), for New; otherwise nil.
func newKey(h func() hash.Hash, key []byte) (*Key, hash.Hash) {
	k := &Key{newHash: h}
	var second hash.Hash
	if kh := lookupKnown(h); kh != nil {
		k.known = kh
		k.size, k.blockSize = kh.size, kh.blockSize
		k.own = kh.get()
	} else {
		var first hash.Hash
		first, second = h(), h()
		if sameHash(first, second) {
			panic("carry/hmac: hash generation function does not produce unique values")
		}
		k.size, k.blockSize = first.Size(), first.BlockSize()
		k.own = hmacstate.New(first)
	}
	k.prepare(key)
	return k, second
}

// prepare keys k.st with key in k.own. The states of a standard hash are
// known to unmarshal; those of another are checked.
func (k *Key) prepare(key []byte) {
	if k.known != nil {
		k.blank = k.known.blank
		if n := len(k.blank); n > smallState {
			k.st.Keep(make([]byte, 2*n))
		} else {
			k.st.Keep(k.small[:])
		}
	} else {
		k.blank = k.own.Blank()
		k.st.Keep(k.small[:])
	}
	k.st.Set(k.own, key, k.known == nil)
	if k.st.Mode() != hmacstate.Marshaled {
		k.blank = nil
	}
}

// sameHash reports whether a and b are the same hash value. Comparing two
// interfaces panics if their dynamic type is not comparable; such values
// cannot be the same pointer, so they count as different.
func sameHash(a, b hash.Hash) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// Size returns the size of the MACs the Key computes: the hash's digest
// size.
func (k *Key) Size() int { return k.size }

// BlockSize returns the hash's block size.
func (k *Key) BlockSize() int { return k.blockSize }

// Sum appends the MAC of msg under k to dst and returns the resulting slice.
//
// dst and msg may overlap, even exactly: msg is read entirely before
// anything is written to dst. Sum does not allocate for marshalable hashes
// (see [Key]) unless dst lacks room for the MAC, and dst does not escape
// (a caller's array on the stack stays there). It panics if k was cleared.
func (k *Key) Sum(dst, msg []byte) []byte {
	if k.fips || k.cleared {
		k.check()
		return stdSum(dst, k.newHash, k.fipsKey, msg)
	}
	if !k.busy.CompareAndSwap(false, true) {
		return k.sumElsewhere(dst, msg)
	}
	s := k.own
	s.Start(&k.st)
	s.Hash().Write(msg)
	dst = append(dst, s.Finish(&k.st, s)...)
	k.busy.Store(false)
	return dst
}

// New returns a hash.Hash that computes the MAC under k of what is written
// to it, starting from k's prepared states: it is what [New] returns, without
// preparing the key again. It panics if k was cleared. The returned hash
// refers to k, and panics if used after k is cleared (in FIPS 140 mode it is
// crypto/hmac's, which holds its own copy of the key and does not).
func (k *Key) New() hash.Hash {
	k.check()
	if k.fips {
		return hmac.New(k.newHash, k.fipsKey)
	}
	inner, outer := k.newHash(), k.newHash()
	if sameHash(inner, outer) {
		panic("carry/hmac: hash generation function does not produce unique values")
	}
	m := &mac{k: k, inner: hmacstate.New(inner), outer: hmacstate.New(outer)}
	m.inner.Start(&k.st)
	return m
}

// Clear overwrites the secret state that k holds, and makes k unusable:
// later calls to its methods, other than Size and BlockSize, panic, and so
// do the hashes that [Key.New] returned from it.
//
// "Overwrites" means: the saved inner and outer states (or padded blocks, or
// in FIPS 140 mode the copy of the key) are set to zero, the scratch hash to
// the state of an empty hash (chaining value and block buffer both), the inner
// digest kept between the halves of a MAC to zero, and cloned hashes are
// reset. It cannot reach copies it does not own: whatever the Go runtime
// copied (a goroutine stack moved when it grew, registers, memory freed but
// not yet reused), the local copies the hash's own methods make (Go's SHA-2
// Sum works on a copy of its state), the key the caller passed to NewKey, and
// the MACs already returned. It is best effort, as clearing memory in Go is.
//
// Clear must not be called concurrently with any other method of k.
func (k *Key) Clear() {
	if k.cleared {
		return
	}
	k.cleared = true
	clear(k.fipsKey)
	if k.fips {
		return
	}
	k.own.Wipe(k.blank)
	if k.known != nil {
		k.known.put(k.own)
	}
	k.own = nil
	k.st.Clear()
}

// check panics if k was cleared: using a cleared key is a bug in the caller,
// and computing with zeroed states would hand out MACs under no key at all.
func (k *Key) check() {
	if k.cleared {
		panic("carry/hmac: use of a cleared Key")
	}
}

// sumElsewhere is Sum while another Sum uses k's own scratch hash: it takes
// one from k's pool (a new one for an unknown hash), and wipes it after, as
// it holds the key's outer state.
func (k *Key) sumElsewhere(dst, msg []byte) []byte {
	var s *hmacstate.Hash
	if k.known != nil {
		s = k.known.get()
	} else {
		s = hmacstate.New(k.newHash())
	}
	s.Start(&k.st)
	s.Hash().Write(msg)
	dst = append(dst, s.Finish(&k.st, s)...)
	s.Wipe(k.blank)
	if k.known != nil {
		k.known.put(s)
	}
	return dst
}
