package hmac

import (
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"reflect"
	"sync"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

// A knownHash is one of the standard library's SHA-2 constructors, for which
// a Key needs no probing: its sizes, the marshaled state of an empty hash,
// and a pool of hashes to use as scratch are kept here, once per process.
//
// This saves a Key the allocations that learning about an unknown h costs
// (two calls of h, one of them only to check that h returns a new hash each
// time, and a third marshaled state), which are most of what NewKey costs on
// a key that is used once, as in HKDF and the TLS 1.3 key schedule.
type knownHash struct {
	fn              func() hash.Hash
	code            uintptr // fn's code pointer
	size, blockSize int
	blank           []byte    // marshaled state of a reset hash
	pool            sync.Pool // of wiped scratches, for Keys and one-shot MACs
}

var knownHashes = func() []*knownHash {
	fns := []func() hash.Hash{
		sha256.New, sha256.New224,
		sha512.New, sha512.New384, sha512.New512_224, sha512.New512_256,
	}
	var ks []*knownHash
	for _, fn := range fns {
		h := fn()
		blank := hmacstate.New(h).Blank()
		if blank == nil {
			continue // not the standard library's own code (BoringCrypto)
		}
		kh := &knownHash{
			fn:        fn,
			code:      reflect.ValueOf(fn).Pointer(),
			size:      h.Size(),
			blockSize: h.BlockSize(),
			blank:     blank,
		}
		kh.pool.New = func() any { return hmacstate.New(kh.fn()) }
		ks = append(ks, kh)
	}
	return ks
}()

// lookupKnown returns the knownHash of h, or nil if h is not one of them.
//
// h is recognised by its code pointer. A function value that is not one of
// the standard constructors has code of its own (a closure's body, a method
// value's wrapper), so it cannot be taken for one of them; and the
// constructors themselves return a new hash on every call, so that a Key
// made from one needs no check of that.
func lookupKnown(h func() hash.Hash) *knownHash {
	code := reflect.ValueOf(h).Pointer()
	for _, kh := range knownHashes {
		if kh.code == code {
			return kh
		}
	}
	return nil
}

// get returns a scratch from the pool, to be wiped and returned with put.
func (kh *knownHash) get() *hmacstate.Hash { return kh.pool.Get().(*hmacstate.Hash) }

// put returns s, which must have been wiped (it is handed to other Keys),
// to the pool.
func (kh *knownHash) put(s *hmacstate.Hash) { kh.pool.Put(s) }
