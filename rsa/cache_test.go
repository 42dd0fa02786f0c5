package rsa

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var cacheDigest = sha256.Sum256([]byte("cache"))

// stdSign returns crypto/rsa's signature of cacheDigest under k.
func stdSign(t *testing.T, k *rsa.PrivateKey) []byte {
	t.Helper()
	sig, err := rsa.SignPKCS1v15(nil, k, crypto.SHA256, cacheDigest[:])
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

// signAs fails t unless SignPKCS1v15 with k gives want.
func signAs(t *testing.T, what string, k *rsa.PrivateKey, want []byte) {
	t.Helper()
	sig, err := SignPKCS1v15(nil, k, crypto.SHA256, cacheDigest[:])
	if err != nil || string(sig) != string(want) {
		t.Fatalf("%s: %v, or not the expected signature", what, err)
	}
}

// entry returns the cache's entry for k, failing t if there is none.
func entry(t *testing.T, k *rsa.PrivateKey) *converted {
	t.Helper()
	c, ok := keys.Get(k)
	if !ok {
		t.Fatal("no cache entry for the key")
	}
	return c
}

// TestKeyCacheReused checks that the first use of a key converts it and
// that later uses, by every function and by NewSigner, take that conversion.
func TestKeyCacheReused(t *testing.T) {
	sk := cloneKey(stdKey(t, 2048))
	if _, ok := keys.Get(sk); ok {
		t.Fatal("a new key has a cache entry")
	}
	want := stdSign(t, sk)
	signAs(t, "first use", sk, want)
	c := entry(t, sk)
	if c.key == nil {
		t.Fatal("the key was not converted")
	}
	signAs(t, "second use", sk, want)
	if _, err := DecryptOAEP(sha256.New(), nil, sk, make([]byte, sk.Size()), nil); err != rsa.ErrDecryption {
		t.Fatalf("DecryptOAEP of zero: %v", err)
	}
	if entry(t, sk) != c {
		t.Fatal("a later use converted the key again")
	}
	if s := newSigner(t, sk); s.k != c.key {
		t.Fatal("NewSigner did not take the cached conversion")
	}
}

// TestKeyModifiedAfterUse checks the rule the package doc states: a field
// given a new value by assignment is noticed and the key converted again; a
// big.Int changed in place is not, and the values of the conversion stay.
func TestKeyModifiedAfterUse(t *testing.T) {
	orig := stdKey(t, 2048)
	other := stdKey(t, 2050)
	sk := cloneKey(orig)
	want := stdSign(t, sk)
	signAs(t, "first use", sk, want)
	c := entry(t, sk)

	// In place: not noticed. crypto/rsa, which checks this copy's values on
	// each call (it has no precomputation of its own), refuses it now.
	sk.Precomputed.Dp.Add(sk.Precomputed.Dp, big.NewInt(2))
	sk.D.Add(sk.D, big.NewInt(2))
	signAs(t, "after a change in place", sk, want)
	if entry(t, sk) != c {
		t.Fatal("a change in place was noticed")
	}
	if _, err := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, cacheDigest[:]); err == nil {
		t.Fatal("crypto/rsa signs with the changed values")
	}

	// By assignment: noticed, whichever field. A broken value is then
	// refused as crypto/rsa refuses it; the other key's values give its
	// signatures.
	sk.D = new(big.Int).Set(other.D)
	_, err := SignPKCS1v15(nil, sk, crypto.SHA256, cacheDigest[:])
	_, stdErr := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, cacheDigest[:])
	if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
		t.Fatalf("a d assigned from another key: %v, crypto/rsa %v", err, stdErr)
	}
	if c := entry(t, sk); c.key != nil {
		t.Fatal("a key with another key's d was converted")
	}
	sk.PublicKey = other.PublicKey
	sk.Primes = []*big.Int{other.Primes[0], other.Primes[1]}
	sk.Precomputed.Dp, sk.Precomputed.Dq, sk.Precomputed.Qinv = other.Precomputed.Dp, other.Precomputed.Dq, other.Precomputed.Qinv
	signAs(t, "the other key's fields", sk, stdSign(t, other))
	if entry(t, sk).key == nil {
		t.Fatal("the other key's fields were not converted")
	}

	// Back to the first key's values, one field at a time; and Precompute
	// after the first use, which fills the missing values.
	sk = cloneKey(orig)
	sk.Precomputed = rsa.PrecomputedValues{}
	signAs(t, "no precomputed values", sk, want)
	c = entry(t, sk)
	sk.Precompute()
	signAs(t, "after Precompute", sk, want)
	if entry(t, sk) == c {
		t.Fatal("the values Precompute set were not noticed")
	}
}

// TestKeyCacheEntriesDie checks that the cache does not keep a key alive:
// keys used once are collected, and with them their entries.
func TestKeyCacheEntriesDie(t *testing.T) {
	const n = 8
	var collected atomic.Int32
	for range n {
		k := cloneKey(stdKey(t, 1024))
		signAs(t, "a new key", k, stdSign(t, k))
		entry(t, k)
		runtime.AddCleanup(k, func(c *atomic.Int32) { c.Add(1) }, &collected)
	}
	deadline := time.Now().Add(10 * time.Second)
	for collected.Load() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d keys collected after 10s", collected.Load(), n)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// TestKeyCacheConcurrentFirstUse uses a new key from many goroutines at
// once: every signature is right, whichever conversion each one took.
func TestKeyCacheConcurrentFirstUse(t *testing.T) {
	sk := cloneKey(stdKey(t, 2048))
	want := stdSign(t, sk)
	start := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for range 4 {
				sig, err := SignPKCS1v15(nil, sk, crypto.SHA256, cacheDigest[:])
				if err == nil && string(sig) != string(want) {
					err = rsa.ErrVerification
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if entry(t, sk).key == nil {
		t.Fatal("the key was not converted")
	}
}

// globalKey and globalValue are keys outside the heap's objects of their
// own: in the data segment, and a value within one.
var (
	globalKey   = &rsa.PrivateKey{}
	globalValue rsa.PrivateKey
)

// TestKeyCacheKeyLocations uses keys that live in package variables and
// within a larger struct (an interior pointer): each is converted once and
// cached like a key of its own.
func TestKeyCacheKeyLocations(t *testing.T) {
	sk := stdKey(t, 2048)
	want := stdSign(t, sk)
	*globalKey = *cloneKey(sk)
	globalValue = *cloneKey(sk)
	inner := &struct {
		n   [3]int
		key rsa.PrivateKey
	}{key: *cloneKey(sk)}
	for _, k := range []*rsa.PrivateKey{globalKey, &globalValue, &inner.key} {
		signAs(t, "first use", k, want)
		c := entry(t, k)
		signAs(t, "second use", k, want)
		if c.key == nil || entry(t, k) != c {
			t.Fatal("the key was not converted once and reused")
		}
	}
}
