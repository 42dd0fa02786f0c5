package hmacstate

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding"
	"errors"
	"hash"
	"testing"
)

// The wrappers below hide what a hash can do, so that the tests reach every
// Mode: badUnmarshal refuses its own states, cloneOnly only clones, plain
// does neither. (package hmac's tests have more, run through its Key.)

// badUnmarshal refuses its own states from its unmarshal number ok on
// (from the first if ok is nil), and keeps the states it marshaled.
type badUnmarshal struct {
	hash.Hash
	ok   *int
	made *[][]byte
}

func (b badUnmarshal) AppendBinary(p []byte) ([]byte, error) {
	p, err := b.Hash.(encoding.BinaryAppender).AppendBinary(p)
	if b.made != nil {
		*b.made = append(*b.made, p)
	}
	return p, err
}

func (b badUnmarshal) UnmarshalBinary(p []byte) error {
	if b.ok == nil || *b.ok == 0 {
		return errors.New("no")
	}
	*b.ok--
	return b.Hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(p)
}

type cloneOnly struct{ hash.Hash }

func (c cloneOnly) Clone() (hash.Cloner, error) {
	d, err := c.Hash.(hash.Cloner).Clone()
	return cloneOnly{d}, err
}

type plain struct{ hash.Hash }

// recorder records the states it is set to.
type recorder struct {
	hash.Hash
	last []byte
}

func (r *recorder) AppendBinary(b []byte) ([]byte, error) {
	return r.Hash.(encoding.BinaryAppender).AppendBinary(b)
}

func (r *recorder) UnmarshalBinary(b []byte) error {
	r.last = bytes.Clone(b)
	return r.Hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
}

// cloneLog clones, and fails from its second clone on; it keeps the clones
// it made.
type cloneLog struct {
	hash.Hash
	made *[]hash.Cloner
}

func (c cloneLog) Clone() (hash.Cloner, error) {
	if len(*c.made) == 1 {
		return nil, errors.ErrUnsupported
	}
	d, _ := c.Hash.(hash.Cloner).Clone()
	*c.made = append(*c.made, d)
	return d, nil
}

// testHashes are the hashes of the tests, with the Mode that Set must
// choose for them (with check).
var testHashes = []struct {
	name string
	h    func() hash.Hash
	mode Mode
}{
	{"SHA256", sha256.New, Marshaled},
	{"SHA384", sha512.New384, Marshaled},
	{"SHA1", sha1.New, Marshaled},
	// Blocks of 136 and 144 bytes, longer than padBuf.
	{"SHA3-256", func() hash.Hash { return sha3.New256() }, Marshaled},
	{"SHA3-224", func() hash.Hash { return sha3.New224() }, Marshaled},
	{"SHA256-bad-unmarshal", func() hash.Hash { return badUnmarshal{Hash: sha256.New()} }, Replayed},
	{"SHA256-clone-only", func() hash.Hash { return cloneOnly{sha256.New()} }, Cloned},
	{"SHA384-plain", func() hash.Hash { return plain{sha512.New384()} }, Replayed},
}

func refMAC(h func() hash.Hash, key, msg []byte) []byte {
	m := hmac.New(h, key)
	m.Write(msg)
	return m.Sum(nil)
}

func pattern(n, seed int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*31 + seed)
	}
	return b
}

// TestMAC compares Set, Start and Finish, and the one-shot MAC, with
// crypto/hmac on every hash, for keys and messages around the block size.
// The same States and Hash are keyed again and again, as the DRBG does, and
// a second Hash runs the outer half, as a streaming MAC does.
func TestMAC(t *testing.T) {
	for _, th := range testHashes {
		s, out := New(th.h()), New(th.h())
		var st States
		bs := th.h().BlockSize()
		lengths := []int{0, 1, 32, 64, bs - 1, bs, bs + 1, 2*bs + 1}
		for _, kl := range lengths {
			key := pattern(kl, 1)
			st.Set(s, key, true)
			if st.Mode() != th.mode {
				t.Fatalf("%s: Mode %d, want %d", th.name, st.Mode(), th.mode)
			}
			for _, ml := range lengths {
				msg := pattern(ml, 2)
				want := refMAC(th.h, key, msg)
				s.Start(&st)
				s.Hash().Write(msg)
				if got := s.Finish(&st, s); !bytes.Equal(got, want) {
					t.Errorf("%s, key %d, msg %d: Finish %x, want %x", th.name, kl, ml, got, want)
				}
				// The outer half in another Hash leaves s's state as it is.
				s.Start(&st)
				s.Hash().Write(msg[:ml/2])
				if got := out.Finish(&st, s); !bytes.Equal(got, refMAC(th.h, key, msg[:ml/2])) {
					t.Errorf("%s, key %d, msg %d: Finish in another Hash %x", th.name, kl, ml, got)
				}
				s.Hash().Write(msg[ml/2:])
				if got := out.Finish(&st, s); !bytes.Equal(got, want) {
					t.Errorf("%s, key %d, msg %d: Finish after more writes %x, want %x", th.name, kl, ml, got, want)
				}
				if got := s.MAC(key, msg); !bytes.Equal(got, want) {
					t.Errorf("%s, key %d, msg %d: MAC %x, want %x", th.name, kl, ml, got, want)
				}
			}
			// A key made in s's digest buffer, as the DRBG makes its next K.
			s.Start(&st)
			next := s.Finish(&st, s)
			nextKey := bytes.Clone(next)
			st.Set(s, next, false)
			s.Start(&st)
			if got := s.Finish(&st, s); !bytes.Equal(got, refMAC(th.h, nextKey, nil)) {
				t.Errorf("%s, key %d: under a key from Finish: %x", th.name, kl, got)
			}
		}
	}
}

// TestSetAllocs checks that keying States again and computing a MAC
// allocate nothing once the States have memory, for marshaled and replayed
// states (cloned ones allocate a clone per MAC), and that Keep's memory is
// used when the states fit.
func TestSetAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts are not meaningful under coverage or the race detector")
	}
	for _, th := range testHashes {
		if th.mode == Cloned {
			continue
		}
		s := New(th.h())
		var st States
		key := pattern(32, 3)
		st.Set(s, key, true) // checked once, as the DRBG does
		if n := testing.AllocsPerRun(100, func() {
			st.Set(s, key, false)
			s.Start(&st)
			s.Hash().Write(key)
			s.Finish(&st, s)
		}); n != 0 {
			t.Errorf("%s: %v allocations, want 0", th.name, n)
		}
	}
	s := New(sha256.New())
	var st States
	mem := make([]byte, 2*108)
	st.Keep(mem)
	key := []byte("key")
	if n := testing.AllocsPerRun(100, func() { st.Set(s, key, false) }); n != 0 {
		t.Errorf("SHA-256 in Keep's memory: %v allocations, want 0", n)
	}
	if &st.inner[0] != &mem[0] || &st.outer[0] != &mem[108] {
		t.Errorf("the states are not in Keep's memory")
	}
}

// TestBlankAllocs checks that Blank, which marshals into no room, makes its
// state in one allocation (MarshalBinary's) on the hashes that both append
// and marshal, where appending would grow the state in steps.
func TestBlankAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts are not meaningful under coverage or the race detector")
	}
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384, sha1.New} {
		s := New(h())
		if n := testing.AllocsPerRun(100, func() { s.Blank() }); n != 1 {
			t.Errorf("Blank of %T: %v allocations, want 1", h(), n)
		}
	}
}

// TestCheck checks that a hash whose states do not unmarshal falls back with
// check, that the memory given by Keep is overwritten then and no longer
// used, and that the Hash makes no marshaled states after: not with later
// keys, not without check.
func TestCheck(t *testing.T) {
	s := New(badUnmarshal{Hash: sha256.New()})
	var st States
	mem := make([]byte, 2*108)
	st.Keep(mem)
	st.Set(s, []byte("key"), true)
	if st.Mode() != Replayed {
		t.Fatalf("Mode %d, want Replayed", st.Mode())
	}
	if !allZero(mem) || st.mem != nil {
		t.Errorf("Keep's memory after a failed check: %x", mem)
	}
	st.Set(s, []byte("key"), false)
	if st.Mode() != Replayed {
		t.Errorf("Mode without check after a failed one: %d, want Replayed", st.Mode())
	}
	// Without check, the states are kept, and a MAC fails loudly.
	s2 := New(badUnmarshal{Hash: sha256.New()})
	var st2 States
	st2.Set(s2, []byte("key"), false)
	if st2.Mode() != Marshaled {
		t.Fatalf("Mode without check: %d, want Marshaled", st2.Mode())
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("Start with states that do not unmarshal did not panic")
			}
		}()
		s2.Start(&st2)
	}()
	// A failed check overwrites the earlier states, in memory that the
	// padded blocks then reuse.
	inner, outer := st2.inner[:cap(st2.inner)], st2.outer[:cap(st2.outer)]
	st2.Set(s2, []byte("other key"), true)
	if st2.Mode() != Replayed || !allZero(inner[len(st2.inner):]) || !allZero(outer[len(st2.outer):]) {
		t.Errorf("after a failed check: Mode %d, earlier states %x, %x", st2.Mode(), inner, outer)
	}
	// A marshaled state that outgrew st's memory left its beginning there.
	s4 := New(badUnmarshal{Hash: sha256.New()})
	var st4 States
	st4.inner, st4.outer = make([]byte, 0, 50), make([]byte, 0, 50)
	old4 := [][]byte{st4.inner[:50], st4.outer[:50]}
	st4.Set(s4, []byte("key"), true)
	if st4.Mode() != Replayed || !allZero(old4[0]) || !allZero(old4[1]) {
		t.Errorf("after a failed check: Mode %d, the memory of the earlier states %x", st4.Mode(), old4)
	}
	// Each saved state is checked, and those marshaled into new memory are
	// overwritten when one fails.
	var made [][]byte
	s5 := New(badUnmarshal{sha256.New(), new(1), &made})
	var st5 States
	if st5.Set(s5, []byte("key"), true); st5.Mode() != Replayed || len(made) != 2 {
		t.Errorf("with the outer state refused: Mode %d after %d states, want Replayed after 2", st5.Mode(), len(made))
	}
	for i, m := range made {
		if !allZero(m) {
			t.Errorf("state %d left after a failed check: %x", i, m)
		}
	}
	if b := New(plain{sha256.New()}).Blank(); b != nil {
		t.Errorf("Blank of a hash that cannot marshal: %x", b)
	}
	s3 := New(badUnmarshal{Hash: sha256.New()})
	var st3 States
	if s3.Blank() != nil {
		t.Errorf("Blank of a hash that cannot unmarshal is not nil")
	}
	if st3.Set(s3, []byte("key"), false); st3.Mode() != Replayed {
		t.Errorf("Mode after Blank failed: %d, want Replayed", st3.Mode())
	}
}

// TestClearWipe checks that Clear overwrites the states (and the memory of
// Keep, which a state longer than it leaves partly written) and resets
// cloned hashes, and that Wipe empties the hash, block buffer included, and
// zeroes the buffers.
func TestClearWipe(t *testing.T) {
	for _, th := range testHashes {
		s := New(th.h())
		blank := s.Blank()
		var st States
		mem := make([]byte, 2*108)
		st.Keep(mem)
		key := bytes.Repeat([]byte{0xa5}, 200) // longer than a block: hashed in s.sum
		st.Set(s, key, true)
		if !allZero(s.sum[:cap(s.sum)]) || !allZero(s.pad) {
			t.Errorf("%s: Set left the key's digest or a padded block in s", th.name)
		}
		s.Start(&st)
		s.Hash().Write([]byte("a message that stays in the block buffer"))
		s.Finish(&st, s)
		inner, outer, clones := st.inner, st.outer, st.clones
		st.Clear()
		s.Wipe(blank)
		for name, b := range map[string][]byte{
			"inner": inner[:cap(inner)], "outer": outer[:cap(outer)], "Keep's memory": mem,
			"sum": s.sum[:cap(s.sum)], "pad": s.pad,
		} {
			if !allZero(b) {
				t.Errorf("%s: %s not zeroed: %x", th.name, name, b)
			}
		}
		empty := th.h().Sum(nil)
		if clones != nil {
			for i, c := range clones {
				if got := c.Sum(nil); !bytes.Equal(got, empty) {
					t.Errorf("%s: clone %d not reset", th.name, i)
				}
			}
		}
		if got := s.Hash().Sum(nil); !bytes.Equal(got, empty) {
			t.Errorf("%s: the hash is not empty after Wipe", th.name)
		}
		if blank != nil {
			st, ok := New(s.Hash()).marshal(nil)
			if fresh, _ := New(th.h()).marshal(nil); !ok || !bytes.Equal(st, fresh) {
				t.Errorf("%s: the hash's state after Wipe is %x, want %x", th.name, st, fresh)
			}
		}
	}
}

// TestWipeRestoresBlank checks that Wipe sets the hash to the given state
// (which, unlike Reset, overwrites the block buffer of the standard hashes)
// and that Blank is an empty hash's state.
func TestWipeRestoresBlank(t *testing.T) {
	r := &recorder{Hash: sha256.New()}
	s := New(r)
	blank := s.Blank()
	if fresh, _ := New(sha256.New()).marshal(nil); !bytes.Equal(blank, fresh) {
		t.Fatalf("Blank %x, want %x", blank, fresh)
	}
	s.MAC([]byte("key"), []byte("msg"))
	r.last = nil
	s.Wipe(blank)
	if !bytes.Equal(r.last, blank) {
		t.Errorf("Wipe set the state %x, want %x", r.last, blank)
	}
	if !allZero(s.pad) || !allZero(s.sum[:cap(s.sum)]) {
		t.Errorf("Wipe left the buffers: %x, %x", s.pad, s.sum[:cap(s.sum)])
	}
}

// TestClonesReset checks that the hashes cloned for a key are reset when
// they are replaced: by a new key's, or when cloning fails half way.
func TestClonesReset(t *testing.T) {
	empty := sha256.New().Sum(nil)
	s := New(cloneOnly{sha256.New()})
	var st States
	st.Set(s, []byte("key"), true)
	earlier := *st.clones
	st.Set(s, []byte("other key"), true)
	for i, c := range earlier {
		if !bytes.Equal(c.Sum(nil), empty) {
			t.Errorf("clone %d of the earlier key not reset", i)
		}
	}
	var made []hash.Cloner
	s = New(cloneLog{sha256.New(), &made})
	var st2 States
	st2.Set(s, []byte("key"), true)
	if st2.Mode() != Replayed || len(made) != 1 {
		t.Fatalf("Mode %d with %d clones, want Replayed after one", st2.Mode(), len(made))
	}
	if !bytes.Equal(made[0].Sum(nil), empty) {
		t.Errorf("the inner state's clone not reset when the outer's failed")
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

// cloningBadUnmarshal is a badUnmarshal that clones too.
type cloningBadUnmarshal struct{ badUnmarshal }

func (c cloningBadUnmarshal) Clone() (hash.Cloner, error) {
	d, err := c.Hash.(hash.Cloner).Clone()
	return cloningBadUnmarshal{badUnmarshal{Hash: d, ok: c.ok}}, err
}

// TestWipeAfterClone checks that a Hash that unmarshals, once it has
// restored cloned states (kept through another Hash whose states failed
// their check), wipes the clone it now runs in and no longer marshals
// through the hash it replaced.
func TestWipeAfterClone(t *testing.T) {
	s1 := New(cloningBadUnmarshal{badUnmarshal{Hash: sha256.New()}})
	var st States
	if st.Set(s1, []byte("key"), true); st.Mode() != Cloned {
		t.Fatalf("Mode %d, want Cloned", st.Mode())
	}
	s2 := New(cloningBadUnmarshal{badUnmarshal{Hash: sha256.New(), ok: new(1 << 20)}})
	blank := s2.Blank()
	if blank == nil {
		t.Fatal("Blank of a hash that unmarshals is nil")
	}
	s2.Start(&st)
	s2.Hash().Write([]byte("message"))
	if got, want := s2.Finish(&st, s2), refMAC(sha256.New, []byte("key"), []byte("message")); !bytes.Equal(got, want) {
		t.Fatalf("MAC %x, want %x", got, want)
	}
	s2.Wipe(blank)
	if got, want := s2.Hash().Sum(nil), sha256.New().Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("the hash after Wipe is not empty")
	}
	if s2.Blank() != nil {
		t.Errorf("Blank after restoring a clone is not nil")
	}
}
