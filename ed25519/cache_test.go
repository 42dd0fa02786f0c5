package ed25519

import (
	"bytes"
	"crypto/ed25519"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestCacheReuse checks that the second signature with a key, and a Signer
// made from it, use the expanded key of the first.
func TestCacheReuse(t *testing.T) {
	k, std := mustKey(t, bytes.Repeat([]byte{0x11}, SeedSize))
	msg := []byte("cached")
	if _, ok := keys.Get(&k[0]); ok {
		t.Fatal("a new key is in the cache")
	}
	sig := Sign(k, msg)
	e, ok := keys.Get(&k[0])
	if !ok {
		t.Fatal("the key is not in the cache after Sign")
	}
	if sig2 := Sign(k, msg); !bytes.Equal(sig2, sig) || !bytes.Equal(sig, ed25519.Sign(std, msg)) {
		t.Fatalf("signatures %x and %x, crypto/ed25519 says %x", sig, sig2, ed25519.Sign(std, msg))
	}
	if e2, _ := keys.Get(&k[0]); e2 != e {
		t.Errorf("the second Sign expanded the key again")
	}
	if s := mustSigner(t, k); s.k != e {
		t.Errorf("NewSigner expanded a key the cache holds")
	}
}

// TestCacheEntriesDie checks that the expanded keys go away once their keys
// are unreachable.
func TestCacheEntriesDie(t *testing.T) {
	const n = 50
	var dead atomic.Int32
	func() {
		for i := range n {
			k := NewKeyFromSeed(bytes.Repeat([]byte{byte(i)}, SeedSize))
			Sign(k, []byte("short-lived"))
			e, ok := keys.Get(&k[0])
			if !ok {
				t.Fatal("the key is not in the cache after Sign")
			}
			runtime.AddCleanup(e, func(*atomic.Int32) { dead.Add(1) }, &dead)
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for dead.Load() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d expanded keys still alive after 10s of collections", n-int(dead.Load()), n)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// TestCacheConcurrentFirstUse signs with a new key from several goroutines
// at once: every signature must be crypto/ed25519's.
func TestCacheConcurrentFirstUse(t *testing.T) {
	rnd := testutil.Rand(t)
	for range 20 {
		k, std := mustKey(t, randBytes(rnd, SeedSize))
		msg := randBytes(rnd, 40)
		want := ed25519.Sign(std, msg)
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Go(func() {
				if g%2 == 0 {
					if got := Sign(k, msg); !bytes.Equal(got, want) {
						t.Errorf("goroutine %d: Sign = %x, want %x", g, got, want)
					}
					return
				}
				s, err := NewSigner(k)
				if err != nil {
					t.Errorf("goroutine %d: NewSigner: %v", g, err)
					return
				}
				if got, err := s.Sign(nil, msg, &Options{}); err != nil || !bytes.Equal(got, want) {
					t.Errorf("goroutine %d: Signer.Sign = %x, %v; want %x", g, got, err, want)
				}
			})
		}
		wg.Wait()
		if e, ok := keys.Get(&k[0]); !ok || !bytes.Equal(e.key[:], k) {
			t.Fatal("the key is not in the cache after concurrent use")
		}
	}
}

// TestKeyModified changes a key's bytes, and reuses its buffer for other
// keys, between signatures: every signature must be crypto/ed25519's of the
// bytes the buffer holds at the time, halves that disagree included.
func TestKeyModified(t *testing.T) {
	rnd := testutil.Rand(t)
	// Two keys in one array, at offsets 0 and 64: two entries.
	buf := make([]byte, 2*PrivateKeySize)
	msg := []byte("modified")
	check := func(step string, k PrivateKey) {
		t.Helper()
		if got, want := Sign(k, msg), ed25519.Sign(bytes.Clone(k), msg); !bytes.Equal(got, want) {
			t.Fatalf("%s: Sign = %x, crypto/ed25519 says %x", step, got, want)
		}
	}
	a, b := PrivateKey(buf[:PrivateKeySize]), PrivateKey(buf[PrivateKeySize:])
	for i := range 20 {
		ka, _ := mustKey(t, randBytes(rnd, SeedSize))
		kb, _ := mustKey(t, randBytes(rnd, SeedSize))
		copy(a, ka)
		copy(b, kb)
		check("first key", a)
		check("second key in the same array", b)
		check("first key again", a)
		copy(a, kb)
		check("buffer reused for the second key", a)
		a[rnd.IntN(SeedSize)] ^= 1 << rnd.IntN(8)
		check("a seed bit flipped", a)
		copy(a[SeedSize:], ka[SeedSize:])
		check("public half of another key", a)
		copy(a, ka)
		check("first key restored", a)
		if e, _ := keys.Get(&a[0]); !bytes.Equal(e.key[:], ka) {
			t.Fatalf("round %d: the cache holds %x for %x", i, e.key, ka)
		}
	}
}

// globalKey lives in the data segment, outside the heap.
var globalKey = [PrivateKeySize]byte{1, 2, 3}

// TestKeyNotOnHeap signs with a key in a global array.
func TestKeyNotOnHeap(t *testing.T) {
	msg := []byte("global")
	for range 3 {
		if got, want := Sign(globalKey[:], msg), ed25519.Sign(bytes.Clone(globalKey[:]), msg); !bytes.Equal(got, want) {
			t.Fatalf("Sign = %x, crypto/ed25519 says %x", got, want)
		}
	}
}

// TestMismatchedHalves signs with keys whose public half is not the public
// key of their seed: Sign must return crypto/ed25519's signature (which
// verifies under neither key), and NewSigner must refuse the key.
func TestMismatchedHalves(t *testing.T) {
	rnd := testutil.Rand(t)
	n := 0
	for range 25 {
		k, _ := mustKey(t, randBytes(rnd, SeedSize))
		other, _ := mustKey(t, randBytes(rnd, SeedSize))
		msg := randBytes(rnd, rnd.IntN(100))
		for name, pub := range map[string][]byte{
			"another key's":   other[SeedSize:],
			"random":          randBytes(rnd, PublicKeySize),
			"one bit flipped": flipBit(rnd, k[SeedSize:], 0, PublicKeySize),
			"zero":            make([]byte, PublicKeySize),
			"identity":        testutil.MustHex(t, smallOrder[0]),
		} {
			bad := append(bytes.Clone(k[:SeedSize]), pub...)
			got, want := Sign(bad, msg), ed25519.Sign(bytes.Clone(bad), msg)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s public half: Sign = %x, crypto/ed25519 says %x", name, got, want)
			}
			if ed25519.Verify(publicKey(k), msg, got) || ed25519.Verify(pub, msg, got) {
				t.Fatalf("%s public half: the signature verifies", name)
			}
			if _, err := NewSigner(bad); err == nil {
				t.Fatalf("%s public half: NewSigner accepted the key", name)
			}
			n++
		}
	}
	t.Logf("%d keys with mismatched halves", n)
}

// TestSignerOwnsKey checks that a Signer does not change when the key it was
// made from, or the key its PrivateKey returned, is modified.
func TestSignerOwnsKey(t *testing.T) {
	k, std := mustKey(t, bytes.Repeat([]byte{0x77}, SeedSize))
	s := mustSigner(t, k)
	msg := []byte("owned")
	clear(k)
	p := s.PrivateKey()
	clear(p)
	got, err := s.Sign(nil, msg, &Options{})
	if err != nil || !bytes.Equal(got, ed25519.Sign(std, msg)) || !s.Equal(std) {
		t.Errorf("the Signer changed with the slices it was made from or gave out")
	}
}
