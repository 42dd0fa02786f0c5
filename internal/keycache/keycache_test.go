package keycache

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

type object struct{ b [64]byte }

// len returns the number of entries.
func (c *Cache[K, V]) len() int {
	n := 0
	c.m.Range(func(any, any) bool { n++; return true })
	return n
}

func TestGetPut(t *testing.T) {
	var c Cache[object, int]
	a, b := new(object), new(object)
	if _, ok := c.Get(a); ok {
		t.Fatal("empty cache has an entry")
	}
	c.Put(a, 1)
	c.Put(b, 2)
	if v, ok := c.Get(a); !ok || v != 1 {
		t.Fatalf("Get(a) = %d, %v; want 1, true", v, ok)
	}
	if v, ok := c.Get(b); !ok || v != 2 {
		t.Fatalf("Get(b) = %d, %v; want 2, true", v, ok)
	}
	c.Put(a, 3)
	if v, _ := c.Get(a); v != 3 {
		t.Fatalf("Get(a) after a second Put = %d; want 3", v)
	}
	// An interior pointer is a key of its own.
	if _, ok := (&Cache[byte, int]{}).Get(&a.b[0]); ok {
		t.Fatal("interior pointer found in an empty cache")
	}
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
}

// TestEntriesDie checks that an entry goes away once its object is
// unreachable, and that the cache does not keep the object alive.
func TestEntriesDie(t *testing.T) {
	var c Cache[object, []byte]
	const n = 100
	for i := range n {
		o := new(object)
		o.b[0] = byte(i)
		c.Put(o, make([]byte, 32))
	}
	deadline := time.Now().Add(10 * time.Second)
	for c.len() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d entries still present after 10s of collections", c.len(), n)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

func TestConcurrentPut(t *testing.T) {
	var c Cache[object, int]
	o := new(object)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				c.Put(o, i)
				if _, ok := c.Get(o); !ok {
					t.Error("entry missing after Put")
					return
				}
			}
		}()
	}
	wg.Wait()
	if c.len() != 1 {
		t.Fatalf("%d entries for one object; want 1", c.len())
	}
	runtime.KeepAlive(o)
}
