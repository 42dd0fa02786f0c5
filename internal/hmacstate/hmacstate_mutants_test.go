package hmacstate

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"errors"
	"hash"
	"testing"
)

// wide is a hash with a 96-byte digest, longer than sumBuf: SHA-512's
// digest followed by its first 32 bytes again. It marshals its state as
// SHA-512 does.
type wide struct{ hash.Hash }

func newWide() hash.Hash { return wide{sha512.New()} }

func (w wide) Size() int { return 96 }

func (w wide) Sum(b []byte) []byte {
	n := len(b)
	b = w.Hash.Sum(b)
	return append(b, b[n:n+32]...)
}

func (w wide) AppendBinary(p []byte) ([]byte, error) {
	return w.Hash.(encoding.BinaryAppender).AppendBinary(p)
}

func (w wide) UnmarshalBinary(p []byte) error {
	return w.Hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(p)
}

// TestWideDigest checks MACs with a digest longer than sumBuf, and that they
// allocate nothing once the States have memory: the digest buffer is made
// to the digest's size.
func TestWideDigest(t *testing.T) {
	s := New(newWide())
	var st States
	key, msg := pattern(200, 4), pattern(77, 5)
	st.Set(s, key, true)
	if st.Mode() != Marshaled {
		t.Fatalf("Mode %d, want Marshaled", st.Mode())
	}
	want := refMAC(newWide, key, msg)
	s.Start(&st)
	s.Hash().Write(msg)
	if got := s.Finish(&st, s); !bytes.Equal(got, want) {
		t.Errorf("Finish %x, want %x", got, want)
	}
	if got := s.MAC(key, msg); !bytes.Equal(got, want) {
		t.Errorf("MAC %x, want %x", got, want)
	}
	if testing.CoverMode() != "" || raceEnabled {
		return
	}
	if n := testing.AllocsPerRun(100, func() {
		s.Start(&st)
		s.Hash().Write(msg)
		s.Finish(&st, s)
	}); n != 0 {
		t.Errorf("a MAC with a 96-byte digest: %v allocations, want 0", n)
	}
}

// oddBlock is SHA-256 with a 129-byte block, which is one byte more than
// the constant blocks XORed into a padded key.
type oddBlock struct{ hash.Hash }

func (oddBlock) BlockSize() int { return 129 }

// TestOddBlockSize checks a block size that is not a multiple of the 128
// bytes that xorConst works in.
func TestOddBlockSize(t *testing.T) {
	h := func() hash.Hash { return oddBlock{sha256.New()} }
	s := New(h())
	var st States
	for _, kl := range []int{0, 1, 128, 129, 130} {
		key, msg := pattern(kl, 6), pattern(50, 7)
		want := refMAC(h, key, msg)
		st.Set(s, key, true)
		s.Start(&st)
		s.Hash().Write(msg)
		if got := s.Finish(&st, s); !bytes.Equal(got, want) {
			t.Errorf("key %d: Finish %x, want %x", kl, got, want)
		}
		if got := s.MAC(key, msg); !bytes.Equal(got, want) {
			t.Errorf("key %d: MAC %x, want %x", kl, got, want)
		}
	}
}

// TestBlankLeavesEmpty checks that Blank gives the empty state and leaves
// the hash empty even after the hash was used.
func TestBlankLeavesEmpty(t *testing.T) {
	s := New(sha256.New())
	s.MAC([]byte("key"), []byte("message"))
	blank := s.Blank()
	if fresh, _ := New(sha256.New()).marshal(nil); !bytes.Equal(blank, fresh) {
		t.Errorf("Blank after a MAC %x, want %x", blank, fresh)
	}
	if got, want := s.Hash().Sum(nil), sha256.New().Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("the hash after Blank is not empty")
	}
}

// TestZeroStatesMode checks that the zero States report none of the modes:
// they hold no key.
func TestZeroStatesMode(t *testing.T) {
	var st States
	switch st.Mode() {
	case Marshaled, Cloned, Replayed:
		t.Errorf("the zero States report Mode %d", st.Mode())
	}
}

// TestKeepHalves checks that Keep gives each state half of the memory: a
// state longer than its half goes elsewhere.
func TestKeepHalves(t *testing.T) {
	s := New(sha256.New()) // marshaled states of 108 bytes
	var st States
	mem := make([]byte, 150)
	st.Keep(mem)
	st.Set(s, []byte("key"), true)
	if st.Mode() != Marshaled {
		t.Fatalf("Mode %d, want Marshaled", st.Mode())
	}
	inner := st.inner[:cap(st.inner)]
	if &inner[0] == &mem[0] {
		t.Errorf("a 108-byte state was put in half of 150 bytes")
	}
	want := refMAC(sha256.New, []byte("key"), []byte("m"))
	s.Start(&st)
	s.Hash().Write([]byte("m"))
	if got := s.Finish(&st, s); !bytes.Equal(got, want) {
		t.Errorf("Finish %x, want %x", got, want)
	}
}

// TestCloneFailsHalfWayMAC checks the MACs of States whose second clone
// failed during Set: the padded block is the inner one again, so the
// replayed states are right.
func TestCloneFailsHalfWayMAC(t *testing.T) {
	var made []hash.Cloner
	s := New(cloneLog{sha256.New(), &made})
	var st States
	key, msg := []byte("key"), []byte("message")
	st.Set(s, key, true)
	if st.Mode() != Replayed {
		t.Fatalf("Mode %d, want Replayed", st.Mode())
	}
	s.Start(&st)
	s.Hash().Write(msg)
	if got, want := s.Finish(&st, s), refMAC(sha256.New, key, msg); !bytes.Equal(got, want) {
		t.Errorf("Finish %x, want %x", got, want)
	}
}

// cloneBudget clones while *left > 0, and so do its clones.
type cloneBudget struct {
	hash.Hash
	left *int
}

func (c cloneBudget) Clone() (hash.Cloner, error) {
	if *c.left == 0 {
		return nil, errors.ErrUnsupported
	}
	*c.left--
	d, err := c.Hash.(hash.Cloner).Clone()
	return cloneBudget{d, c.left}, err
}

// TestCloneFailsLater checks that a saved state that no longer clones makes
// Start panic, as an internal error, rather than continue without a hash.
func TestCloneFailsLater(t *testing.T) {
	left := 2
	s := New(cloneBudget{sha256.New(), &left})
	var st States
	st.Set(s, []byte("key"), true)
	if st.Mode() != Cloned {
		t.Fatalf("Mode %d, want Cloned", st.Mode())
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Start from a state that does not clone did not panic")
		}
	}()
	s.Start(&st)
}
