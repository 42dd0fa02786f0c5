package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"math/big"
	"runtime"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestCacheUsed checks that a key is converted on its first use and that
// the calls after it take the cached form, and that the functions that make
// keys (GenerateKey, ParseRawPrivateKey) and NewSigner leave them cached.
func TestCacheUsed(t *testing.T) {
	digest := sha256.Sum256([]byte("cache"))
	for _, c := range testCurves {
		std, err := ecdsa.GenerateKey(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := keys.Get(std); ok {
			t.Fatalf("%s: a key is in the cache before its first use", c.Params().Name)
		}
		if _, err := SignASN1(nil, std, digest[:]); err != nil {
			t.Fatal(err)
		}
		first, ok := keys.Get(std)
		if !ok {
			t.Fatalf("%s: the key is not in the cache after SignASN1", c.Params().Name)
		}
		for _, f := range []func() error{
			func() error { _, err := SignASN1(nil, std, digest[:]); return err },
			func() error { _, _, err := Sign(nil, std, digest[:]); return err },
			func() error { _, _, err := SignRaw(nil, std, digest[:]); return err },
			func() error { _, err := NewSigner(std); return err },
		} {
			if err := f(); err != nil {
				t.Fatal(err)
			}
			if again, _ := keys.Get(std); again != first || carryKey(std) != first {
				t.Errorf("%s: a second use converted the key again", c.Params().Name)
			}
		}
		gen, err := GenerateKey(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := std.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := ParseRawPrivateKey(c, d)
		if err != nil {
			t.Fatal(err)
		}
		for name, k := range map[string]*PrivateKey{"GenerateKey": gen, "ParseRawPrivateKey": parsed} {
			if ck, ok := keys.Get(k); !ok || !ck.matches(k) {
				t.Errorf("%s: %s's key is not in the cache", c.Params().Name, name)
			}
		}
	}
}

// TestCacheEntriesDie checks that an entry goes away with its key: the
// carry form of a key that is no longer reachable is collected (which also
// shows that it does not reference the key).
func TestCacheEntriesDie(t *testing.T) {
	var entry weak.Pointer[privateKey]
	func() {
		std, err := ecdsa.GenerateKey(elliptic.P256(), nil)
		if err != nil {
			t.Fatal(err)
		}
		digest := sha256.Sum256([]byte("gone"))
		if _, err := SignASN1(nil, std, digest[:]); err != nil {
			t.Fatal(err)
		}
		k, ok := keys.Get(std)
		if !ok {
			t.Fatal("the key is not in the cache")
		}
		entry = weak.Make(k)
	}()
	for i := 0; i < 100 && entry.Value() != nil; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if entry.Value() != nil {
		t.Errorf("the cache entry outlived its key")
	}
}

// TestCacheConcurrentFirstUse signs with a new key from several goroutines
// released at once, so that they convert it concurrently: every signature
// must verify, and the key must end up cached.
func TestCacheConcurrentFirstUse(t *testing.T) {
	digest := sha256.Sum256([]byte("concurrent"))
	for _, c := range testCurves {
		std, err := ecdsa.GenerateKey(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		start := make(chan struct{})
		sigs := make([][]byte, 8)
		errs := make([]error, len(sigs))
		var wg sync.WaitGroup
		for i := range sigs {
			wg.Go(func() {
				<-start
				if i%2 == 0 {
					sigs[i], errs[i] = SignASN1(nil, std, digest[:])
					return
				}
				s, err := NewSigner(std)
				if err != nil {
					errs[i] = err
					return
				}
				sigs[i], errs[i] = s.Sign(nil, digest[:], crypto.SHA256)
			})
		}
		close(start)
		wg.Wait()
		for i, sig := range sigs {
			if errs[i] != nil || !ecdsa.VerifyASN1(&std.PublicKey, digest[:], sig) {
				t.Errorf("%s: goroutine %d: %x, %v", c.Params().Name, i, sig, errs[i])
			}
		}
		if k, ok := keys.Get(std); !ok || !k.matches(std) {
			t.Errorf("%s: the key is not cached after its concurrent first use", c.Params().Name)
		}
	}
}

// TestKeyModified checks the rule of the package doc: a key whose fields
// change between calls is used with its new values, as crypto/ecdsa uses
// it, by the functions and by a Signer made before the change; a change
// that makes it inconsistent or invalid gets crypto/ecdsa's outcome.
func TestKeyModified(t *testing.T) {
	r := testutil.Rand(t)
	digest := sha256.Sum256([]byte("modified"))
	for _, c := range testCurves {
		k := testKey(t, c, r)
		s := newSigner(t, k)
		k1, k2 := testKey(t, c, r), testKey(t, c, r)
		for _, step := range []struct {
			name   string
			change func()
			pub    *PrivateKey // whose public key verifies the signatures
		}{
			{"unchanged", func() {}, k},
			{"changed in place", func() { k.D.Set(k1.D); k.X.Set(k1.X); k.Y.Set(k1.Y) }, k1},
			{"fields replaced", func() {
				k.D, k.X, k.Y = new(big.Int).Set(k2.D), new(big.Int).Set(k2.X), new(big.Int).Set(k2.Y)
			}, k2},
			{"Curve = Params()", func() { k.Curve = c.Params() }, k2},
			{"Curve back", func() { k.Curve = c }, k2},
			// crypto/ecdsa signs with D, and does not check X, Y.
			{"D alone changed", func() { k.D.Set(k1.D) }, k1},
			{"D = 0", func() { k.D.SetInt64(0) }, nil},
			{"D nil", func() { k.D = nil }, nil},
			{"valid again", func() { k.D = new(big.Int).Set(k2.D) }, k2},
			{"Curve changed", func() { k.Curve = elliptic.P224() }, nil},
		} {
			step.change()
			var sig []byte
			got := run(func() (err error) { sig, err = SignASN1(nil, k, digest[:]); return })
			want := run(func() error { _, err := ecdsa.SignASN1(nil, k, digest[:]); return err })
			if got != want || got.ok != (step.pub != nil) {
				t.Fatalf("%s: %s: SignASN1 gives %v, crypto/ecdsa %v", c.Params().Name, step.name, got, want)
			}
			var det, stdDet []byte
			got = run(func() (err error) { det, err = s.Sign(nil, digest[:], crypto.SHA256); return })
			want = run(func() (err error) { stdDet, err = k.Sign(nil, digest[:], crypto.SHA256); return })
			if got != want || !bytes.Equal(det, stdDet) {
				t.Fatalf("%s: %s: the Signer's Sign gives %v %x, crypto/ecdsa %v %x", c.Params().Name, step.name, got, det, want, stdDet)
			}
			if step.pub != nil && (!ecdsa.VerifyASN1(&step.pub.PublicKey, digest[:], sig) ||
				!ecdsa.VerifyASN1(&step.pub.PublicKey, digest[:], det)) {
				t.Errorf("%s: %s: the signatures are not the new key's", c.Params().Name, step.name)
			}
		}
	}
}

// TestParseRawPrivateKey checks that ParseRawPrivateKey takes what
// crypto/ecdsa's takes, giving the same key, and refuses what it refuses,
// with the same error: edge and random scalars, scalars not below n, zero,
// wrong lengths, P-224, and a curve given as its Params().
func TestParseRawPrivateKey(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range append(testCurves[:len(testCurves):len(testCurves)], elliptic.P224(), elliptic.P256().Params()) {
		n := c.Params().N
		size := scalarSize(c)
		random := make([]byte, size)
		fillRand(r, random)
		random[0] &= byte(0xff >> (8*size - n.BitLen()))
		inputs := map[string][]byte{
			"1":        big.NewInt(1).FillBytes(make([]byte, size)),
			"n - 1":    new(big.Int).Sub(n, big.NewInt(1)).FillBytes(make([]byte, size)),
			"random":   random,
			"0":        make([]byte, size),
			"n":        n.FillBytes(make([]byte, size)),
			"n + 1":    new(big.Int).Add(n, big.NewInt(1)).FillBytes(make([]byte, size)),
			"all ones": bytes.Repeat([]byte{0xff}, size),
			"short":    random[1:],
			"long":     append([]byte{0}, random...),
			"empty":    nil,
		}
		for name, data := range inputs {
			got, err := ParseRawPrivateKey(c, data)
			want, wantErr := ecdsa.ParseRawPrivateKey(c, data)
			switch {
			case (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()):
				t.Errorf("%s: %s: error %v, crypto/ecdsa %v", c.Params().Name, name, err, wantErr)
			case err == nil && (!got.Equal(want) || got.Curve != c):
				t.Errorf("%s: %s: the key differs from crypto/ecdsa's", c.Params().Name, name)
			}
		}
	}
	// ParseUncompressedPublicKey is crypto/ecdsa's.
	k := testKey(t, elliptic.P384(), r)
	q, err := k.PublicKey.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if pub, err := ParseUncompressedPublicKey(elliptic.P384(), q); err != nil || !pub.Equal(&k.PublicKey) {
		t.Errorf("ParseUncompressedPublicKey = %v, %v", pub, err)
	}
	q[len(q)-1] ^= 1
	_, err = ParseUncompressedPublicKey(elliptic.P384(), q)
	_, wantErr := ecdsa.ParseUncompressedPublicKey(elliptic.P384(), q)
	if err == nil || wantErr == nil || err.Error() != wantErr.Error() {
		t.Errorf("ParseUncompressedPublicKey of a point off the curve: %v, crypto/ecdsa %v", err, wantErr)
	}
}
