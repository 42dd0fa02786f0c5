// Package keycache keeps a value derived from an object for as long as the
// object lives, keyed by the object's address: the form into which carry
// converts a standard library key on its first use.
package keycache

import (
	"runtime"
	"sync"
	"weak"
)

// A Cache maps objects of type K, by address, to values of type V. An entry
// goes away some time after its object becomes unreachable. The zero value
// is an empty cache, safe for concurrent use; a Cache must not be copied
// after first use.
//
// A value must not reference its object, directly or not: the cache would
// then keep the object reachable, and the entry would never go away.
type Cache[K, V any] struct {
	m sync.Map // weak.Pointer[K] -> V
}

// Get returns the value stored for k, if any.
func (c *Cache[K, V]) Get(k *K) (V, bool) {
	v, ok := c.m.Load(weak.Make(k))
	if !ok {
		var zero V
		return zero, false
	}
	return v.(V), true
}

// Put stores v for k, replacing any value stored before, and returns v.
func (c *Cache[K, V]) Put(k *K, v V) V {
	w := weak.Make(k)
	if _, loaded := c.m.Swap(w, v); !loaded {
		runtime.AddCleanup(k, func(w weak.Pointer[K]) { c.m.Delete(w) }, w)
	}
	return v
}
