package tls13

import (
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"reflect"
	"sync"

	"github.com/carry-crypto/carry/hmac"
)

// Without a PSK, the early secret is HKDF-Extract(0, 0): the same in every
// handshake that uses a given hash, and public (nothing secret goes into
// it). So is the first "derived" secret, Derive-Secret(Early Secret,
// "derived", ""). For the two hashes of TLS 1.3's cipher suites, computing
// them once per process spares a full handshake eight compressions and three
// allocations: the early secret's extraction, its preparation, and the
// "derived" secret. The standard library's key schedule computes them every
// time.

// A constEarly is the no-PSK early secret of one hash, computed on first use.
type constEarly struct {
	fn   func() hash.Hash
	code uintptr // fn's code pointer

	once    sync.Once
	s       *schedule // shared by the schedules that start from it
	key     *hmac.Key // the early secret, prepared; never cleared
	derived []byte    // Derive-Secret(key, "derived", "")
}

var constEarlies = func() []*constEarly {
	var cs []*constEarly
	for _, fn := range []func() hash.Hash{sha256.New, sha512.New384} {
		cs = append(cs, &constEarly{fn: fn, code: reflect.ValueOf(fn).Pointer()})
	}
	return cs
}()

// lookupConstEarly returns the constant early secret of h, computing it on
// first use, or nil if h is neither sha256.New nor sha512.New384 itself. A
// function value that is not one of them has code of its own (a closure's
// body, a method value's wrapper), so it cannot be taken for one of them.
func lookupConstEarly(h func() hash.Hash) *constEarly {
	code := reflect.ValueOf(h).Pointer()
	for _, c := range constEarlies {
		if c.code == code {
			c.once.Do(c.compute)
			return c
		}
	}
	return nil
}

func (c *constEarly) compute() {
	c.s = newSchedule(c.fn)
	c.key = c.s.extract(nil, zeroString(len(c.s.empty)))
	c.derived = deriveSecret(c.key, c.s.empty, derivedLabel, nil)
}

// clearedKey is what a cleared EarlySecret that shared a constant early
// secret holds instead: a cleared key, so that its methods panic as those
// of any cleared secret do, while the shared one stays usable.
var clearedKey = func() *hmac.Key {
	k := hmac.NewKey(sha256.New, nil)
	k.Clear()
	return k
}()
