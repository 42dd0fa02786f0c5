package hmac

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"fmt"
	"hash"
	"testing"
)

// logged is SHA-256 that logs, into a log shared by the hashes of one hash
// function, what is done to it: "reset", "state" when it is set to a
// marshaled state, or "blank" when that state is an empty hash's.
type logged struct {
	hash.Hash
	log *[]string
}

func loggedHash(log *[]string) func() hash.Hash {
	return func() hash.Hash { return &logged{sha256.New(), log} }
}

func (l *logged) Reset() {
	*l.log = append(*l.log, "reset")
	l.Hash.Reset()
}

func (l *logged) AppendBinary(b []byte) ([]byte, error) {
	return l.Hash.(encoding.BinaryAppender).AppendBinary(b)
}

func (l *logged) UnmarshalBinary(b []byte) error {
	fresh, _ := sha256.New().(encoding.BinaryMarshaler).MarshalBinary()
	if bytes.Equal(b, fresh) {
		*l.log = append(*l.log, "blank")
	} else {
		*l.log = append(*l.log, "state")
	}
	return l.Hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
}

func lastEntry(log []string) string {
	if len(log) == 0 {
		return ""
	}
	return log[len(log)-1]
}

// TestClearRestoresBlank checks that Clear sets the scratch hash of a Key
// for a marshalable hash it does not know to an empty hash's state, which
// clears the block buffer too, rather than resetting it, which clears only
// the chaining value.
func TestClearRestoresBlank(t *testing.T) {
	var log []string
	k := NewKey(loggedHash(&log), []byte("key"))
	k.Sum(nil, []byte("a message that stays in the block buffer"))
	log = nil
	k.Clear()
	if got := lastEntry(log); got != "blank" {
		t.Errorf("Clear left the scratch hash by %q (log %q), want an empty hash's state", got, log)
	}
}

// TestBusySumWipes checks that a Sum that finds the Key's scratch busy
// wipes the scratch it used instead: it held the key's outer state.
func TestBusySumWipes(t *testing.T) {
	var log []string
	key, msg := []byte("key"), []byte("message")
	k := NewKey(loggedHash(&log), key)
	k.busy.Store(true) // as if another Sum were running
	log = nil
	if got, want := k.Sum(nil, msg), refMAC(sha256.New, key, msg); !bytes.Equal(got, want) {
		t.Fatalf("Sum %x, want %x", got, want)
	}
	if got := lastEntry(log); got != "blank" {
		t.Errorf("the other scratch was left by %q (log %q), want an empty hash's state", got, log)
	}
}

// TestBusySumAllocs checks that a Sum that finds the Key's scratch busy
// allocates nothing either, for a standard hash: it takes a scratch from the
// pool, and gives it back.
func TestBusySumAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts are not meaningful under coverage or the race detector")
	}
	k := NewKey(sha256.New, []byte("key"))
	k.busy.Store(true)
	dst, msg := make([]byte, 0, 32), []byte("message")
	k.Sum(dst, msg) // the pool may be empty the first time
	if n := testing.AllocsPerRun(100, func() { k.Sum(dst[:0], msg) }); n != 0 {
		t.Errorf("Sum with the scratch busy made %v allocations, want 0", n)
	}
}

// TestClearedKeyPanics checks the panic of a cleared Key's Sum, and that
// Clone of one of its hashes panics too.
func TestClearedKeyPanics(t *testing.T) {
	k := NewKey(sha256.New, []byte("key"))
	m := k.New()
	k.Clear()
	if got := fmt.Sprint(panicValue(func() { k.Sum(nil, nil) })); got != "carry/hmac: use of a cleared Key" {
		t.Errorf("Sum on a cleared Key: panic %q", got)
	}
	if got := fmt.Sprint(panicValue(func() { m.(hash.Cloner).Clone() })); got != "carry/hmac: use of a cleared Key" {
		t.Errorf("Clone of a hash of a cleared Key: panic %q", got)
	}
}

// TestKeyNewChecksUnique checks that Key.New, like New, panics when h
// returns the same hash twice, even if it returned distinct ones to NewKey.
func TestKeyNewChecksUnique(t *testing.T) {
	calls := 0
	shared := sha256.New()
	h := func() hash.Hash {
		if calls++; calls > 2 {
			return shared
		}
		return sha256.New()
	}
	k := NewKey(h, []byte("key"))
	const want = "carry/hmac: hash generation function does not produce unique values"
	if got := fmt.Sprint(panicValue(func() { k.New() })); got != want {
		t.Errorf("Key.New with an h that repeats its hash: panic %q, want %q", got, want)
	}
}

// TestSmallStateSize checks smallState against its definition: the size of
// a marshaled SHA-256 or SHA-224 state.
func TestSmallStateSize(t *testing.T) {
	for _, h := range []func() hash.Hash{sha256.New, sha256.New224} {
		st, err := h().(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil || len(st) != smallState {
			t.Errorf("a marshaled %T state is %d bytes (%v), smallState %d", h(), len(st), err, smallState)
		}
	}
}

// TestUnknownHashStatesInKey checks that a Key for a marshalable hash that
// NewKey does not know keeps its states in the Key when they fit, as it does
// for SHA-256.
func TestUnknownHashStatesInKey(t *testing.T) {
	k := NewKey(func() hash.Hash { return sha256.New() }, []byte("key"))
	if allZero(k.small[:]) {
		t.Errorf("the states of a SHA-256 closure's Key are not in the Key")
	}
}
