package hmac

import (
	"bytes"
	stdhmac "crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"flag"
	"hash"
	"runtime"
	"sync"
	"testing"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

var long = flag.Bool("long", false, "run the long differential tests")

// refMAC is crypto/hmac's MAC of msg under key.
func refMAC(h func() hash.Hash, key, msg []byte) []byte {
	m := stdhmac.New(h, key)
	m.Write(msg)
	return m.Sum(nil)
}

// TestSumAllocs checks that Key.Sum, and the one-shot Sum of a standard
// hash, allocate nothing when dst has room (and for Key.Sum with dst on the
// stack), as the package promises.
func TestSumAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts are not meaningful under coverage or the race detector")
	}
	msg := make([]byte, 32)
	for _, th := range testHashes {
		if th.how != hmacstate.Marshaled {
			continue // cloned or replayed states allocate or may, by design
		}
		k := NewKey(th.h, make([]byte, 32))
		dst := make([]byte, 0, 64)
		if n := testing.AllocsPerRun(100, func() { dst = k.Sum(dst[:0], msg) }); n != 0 {
			t.Errorf("%s: Key.Sum made %v allocations, want 0", th.name, n)
		}
		if n := testing.AllocsPerRun(100, func() {
			var buf [64]byte
			out := k.Sum(buf[:0], msg)
			sinkByte = out[0]
		}); n != 0 {
			t.Errorf("%s: Key.Sum into a stack array made %v allocations, want 0", th.name, n)
		}
		if lookupKnown(th.h) != nil {
			key := make([]byte, 32)
			if n := testing.AllocsPerRun(100, func() { dst = Sum(dst[:0], th.h, key, msg) }); n != 0 {
				t.Errorf("%s: Sum made %v allocations, want 0", th.name, n)
			}
		}
	}
	// NewKey for SHA-256 is a single allocation, the Key.
	key := make([]byte, 32)
	if n := testing.AllocsPerRun(100, func() { NewKey(sha256.New, key).Clear() }); n != 1 {
		t.Errorf("NewKey(sha256.New) made %v allocations, want 1", n)
	}
	// For SHA-384, the Key and its saved states.
	if n := testing.AllocsPerRun(100, func() { NewKey(sha512.New384, key).Clear() }); n != 2 {
		t.Errorf("NewKey(sha512.New384) made %v allocations, want 2", n)
	}
}

var sinkByte byte

// TestClear checks that Clear overwrites the saved states (those that live
// in the Key: what the States do with the rest is internal/hmacstate's
// subject) and empties the scratch hash, and that a cleared Key and its
// hashes panic when used.
func TestClear(t *testing.T) {
	for _, th := range testHashes {
		t.Run(th.name, func(t *testing.T) {
			key := bytes.Repeat([]byte{0xa5}, 40)
			k := NewKey(th.h, key)
			if k.st.Mode() != hmacstate.Marshaled && !allZero(k.small[:]) {
				// A marshaling attempt that was given up must not leave
				// the states it saved.
				t.Errorf("states kept by %d, but k.small holds %x", k.st.Mode(), k.small)
			}
			m := k.New()
			k.Sum(nil, []byte("message"))
			own := k.own
			k.Clear()
			if !allZero(k.small[:]) {
				t.Errorf("k.small not zeroed: %x", k.small)
			}
			if th.how == hmacstate.Marshaled {
				// The scratch hash must be back to an empty hash.
				st, err1 := own.Hash().(encoding.BinaryMarshaler).MarshalBinary()
				fresh, err2 := th.h().(encoding.BinaryMarshaler).MarshalBinary()
				if err1 != nil || err2 != nil || !bytes.Equal(st, fresh) {
					t.Errorf("scratch hash not emptied: %x, want %x", st, fresh)
				}
			}
			for name, f := range map[string]func(){
				"Sum":        func() { k.Sum(nil, nil) },
				"New":        func() { k.New() },
				"hash.Sum":   func() { m.Sum(nil) },
				"hash.Write": func() { m.Write([]byte{1}) },
				"hash.Reset": func() { m.Reset() },
			} {
				func() {
					defer func() {
						if recover() == nil {
							t.Errorf("%s on a cleared Key did not panic", name)
						}
					}()
					f()
				}()
			}
			k.Clear() // a second Clear is harmless
			if k.Size() != th.h().Size() || k.BlockSize() != th.h().BlockSize() {
				t.Errorf("Size or BlockSize changed by Clear")
			}
		})
	}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// TestPoolIsolation checks that a scratch handed from a cleared Key to a new
// one carries nothing over: keys prepared, used and cleared in turn each
// give crypto/hmac's MACs.
func TestPoolIsolation(t *testing.T) {
	for i := range 50 {
		key := bytes.Repeat([]byte{byte(i)}, i)
		msg := bytes.Repeat([]byte{byte(i + 1)}, 3*i)
		for _, h := range []func() hash.Hash{sha256.New, sha512.New384} {
			k := NewKey(h, key)
			got := k.Sum(nil, msg)
			k.Clear()
			if want := refMAC(h, key, msg); !bytes.Equal(got, want) {
				t.Fatalf("round %d: %x, want %x", i, got, want)
			}
			if got := Sum(nil, h, key, msg); !bytes.Equal(got, refMAC(h, key, msg)) {
				t.Fatalf("round %d: one-shot Sum %x", i, got)
			}
		}
	}
}

// TestSumAliasing checks Key.Sum and Sum with dst and msg overlapping: the
// same slice, dst ahead of msg, and msg ahead of dst.
func TestSumAliasing(t *testing.T) {
	key := []byte("aliasing key")
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384, plainHash(sha256.New)} {
		k := NewKey(h, key)
		size := k.Size()
		for _, n := range []int{0, 1, size - 1, size, size + 1, 100} {
			for _, off := range []int{-7, -1, 0, 1, 7} {
				buf := make([]byte, 300)
				for i := range buf {
					buf[i] = byte(i * 7)
				}
				msgAt := 120
				msg := buf[msgAt : msgAt+n]
				want := refMAC(h, key, msg)

				b1 := bytes.Clone(buf)
				got := k.Sum(b1[msgAt+off:msgAt+off], b1[msgAt:msgAt+n])
				if !bytes.Equal(got, want) {
					t.Errorf("Key.Sum, msg %d bytes, dst at %+d: %x, want %x", n, off, got, want)
				}
				b2 := bytes.Clone(buf)
				got = Sum(b2[msgAt+off:msgAt+off], h, key, b2[msgAt:msgAt+n])
				if !bytes.Equal(got, want) {
					t.Errorf("Sum, msg %d bytes, dst at %+d: %x, want %x", n, off, got, want)
				}
			}
		}
		k.Clear()
	}
}

// TestConcurrentSum runs Sum on one Key from several goroutines, so that
// some find its scratch busy; with -race it also checks for data races.
func TestConcurrentSum(t *testing.T) {
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384, func() hash.Hash { return cloneOnly{sha256.New()} }} {
		key := []byte("shared key")
		k := NewKey(h, key)
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 300 {
					msg := []byte{byte(g), byte(i), byte(i >> 8)}
					if got := k.Sum(nil, msg); !bytes.Equal(got, refMAC(h, key, msg)) {
						errs <- "wrong MAC"
						return
					}
					if i%50 == 0 {
						runtime.Gosched()
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatal(e)
		}
		k.Clear()
	}
}

// TestLongKeys checks keys around and above the block size, where the key is
// hashed first, for each hash the registry knows and one it does not.
func TestLongKeys(t *testing.T) {
	for _, h := range []func() hash.Hash{sha256.New, sha512.New, sha512.New512_224, plainHash(sha512.New384)} {
		bs := h().BlockSize()
		for _, n := range []int{bs - 1, bs, bs + 1, 3 * bs} {
			key := make([]byte, n)
			for i := range key {
				key[i] = byte(i + n)
			}
			msg := []byte("message")
			want := refMAC(h, key, msg)
			for name, got := range allMACs(h, key, msg) {
				if !bytes.Equal(got, want) {
					t.Errorf("key of %d bytes, %s: %x, want %x", n, name, got, want)
				}
			}
		}
	}
}
