package hmac

import (
	"bytes"
	stdhmac "crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding"
	"errors"
	"hash"
	"testing"

	"github.com/carry-crypto/carry/internal/hmacstate"
	"github.com/carry-crypto/carry/internal/testutil"
)

// The wrappers below hide what a hash can do, so that the tests reach every
// way a Key keeps its states (hmacstate.Mode): marshalOnly has MarshalBinary but
// not AppendBinary, cloneOnly only Clone, plainHash neither, brokenClone a
// Clone that fails. Each wraps a standard hash, which is the reference.

type marshalOnly struct{ hash.Hash }

func (m marshalOnly) MarshalBinary() ([]byte, error) {
	return m.Hash.(encoding.BinaryMarshaler).MarshalBinary()
}

func (m marshalOnly) UnmarshalBinary(b []byte) error {
	return m.Hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
}

// badUnmarshal marshals but refuses its own states: the Key must fall back
// to cloning.
type badUnmarshal struct{ hash.Hash }

func (b badUnmarshal) MarshalBinary() ([]byte, error) {
	return b.Hash.(encoding.BinaryMarshaler).MarshalBinary()
}

func (badUnmarshal) UnmarshalBinary([]byte) error { return errors.New("no") }

func (b badUnmarshal) Clone() (hash.Cloner, error) {
	d, err := b.Hash.(hash.Cloner).Clone()
	return badUnmarshal{d}, err
}

type cloneOnly struct{ hash.Hash }

func (c cloneOnly) Clone() (hash.Cloner, error) {
	d, err := c.Hash.(hash.Cloner).Clone()
	return cloneOnly{d}, err
}

type plain struct{ hash.Hash }

type brokenClone struct{ hash.Hash }

func (brokenClone) Clone() (hash.Cloner, error) { return nil, errors.ErrUnsupported }

func plainHash(h func() hash.Hash) func() hash.Hash { return func() hash.Hash { return plain{h()} } }

// secondCloneFails clones once and then fails: the Key gives up cloning
// after saving the inner state, and must replay both padded blocks.
type secondCloneFails struct {
	hash.Hash
	clones *int
}

func (s secondCloneFails) Clone() (hash.Cloner, error) {
	if *s.clones++; *s.clones == 2 {
		return nil, errors.ErrUnsupported
	}
	d, err := s.Hash.(hash.Cloner).Clone()
	return secondCloneFails{d.(hash.Hash), s.clones}, err
}

// testHashes are the hashes of the differential tests, with the way a Key
// must keep their states.
var testHashes = []struct {
	name string
	h    func() hash.Hash
	how  hmacstate.Mode
}{
	{"SHA224", sha256.New224, hmacstate.Marshaled},
	{"SHA256", sha256.New, hmacstate.Marshaled},
	{"SHA384", sha512.New384, hmacstate.Marshaled},
	{"SHA512", sha512.New, hmacstate.Marshaled},
	{"SHA512_224", sha512.New512_224, hmacstate.Marshaled},
	{"SHA512_256", sha512.New512_256, hmacstate.Marshaled},
	// Not known to the Key (no pool, probed as any hash would be).
	{"SHA1", sha1.New, hmacstate.Marshaled},
	{"SHA256-closure", func() hash.Hash { return sha256.New() }, hmacstate.Marshaled},
	// A block of 136 and 144 bytes, more than a scratch's pad buffer.
	{"SHA3-256", func() hash.Hash { return sha3.New256() }, hmacstate.Marshaled},
	{"SHA3-224", func() hash.Hash { return sha3.New224() }, hmacstate.Marshaled},
	{"SHA384-marshal-only", func() hash.Hash { return marshalOnly{sha512.New384()} }, hmacstate.Marshaled},
	{"SHA256-clone-only", func() hash.Hash { return cloneOnly{sha256.New()} }, hmacstate.Cloned},
	{"SHA256-bad-unmarshal", func() hash.Hash { return badUnmarshal{sha256.New()} }, hmacstate.Cloned},
	{"SHA512-clone-only", func() hash.Hash { return cloneOnly{sha512.New()} }, hmacstate.Cloned},
	{"SHA256-plain", plainHash(sha256.New), hmacstate.Replayed},
	{"SHA384-broken-clone", func() hash.Hash { return brokenClone{sha512.New384()} }, hmacstate.Replayed},
	{"SHA256-second-clone-fails", func() hash.Hash { return secondCloneFails{sha256.New(), new(int)} }, hmacstate.Replayed},
}

// interestingLengths are the key and message lengths the differential tests
// use for a hash with the given block size: empty, short, around a digest,
// around the block size, and longer than a block.
func interestingLengths(blockSize int) []int {
	return []int{0, 1, 13, 20, 31, 32, 33, 48, 55, 56, 63, 64, 65,
		blockSize - 1, blockSize, blockSize + 1, 2*blockSize - 1, 2 * blockSize, 2*blockSize + 1, 300}
}

// TestDifferential compares every way of computing a MAC against
// crypto/hmac, for every hash of testHashes, with random keys and messages
// of every length in interestingLengths (key lengths, message lengths).
func TestDifferential(t *testing.T) {
	rng := testutil.Rand(t)
	for _, th := range testHashes {
		t.Run(th.name, func(t *testing.T) {
			k := NewKey(th.h, []byte("probe"))
			if k.st.Mode() != th.how {
				t.Fatalf("Key keeps the states by %d, want %d", k.st.Mode(), th.how)
			}
			// crypto/hmac on the unwrapped hash is the reference: the
			// wrappers must not change a single byte.
			lengths := interestingLengths(k.BlockSize())
			for _, kl := range lengths {
				key := make([]byte, kl)
				for i := range key {
					key[i] = byte(rng.Uint32())
				}
				k := NewKey(th.h, key)
				for _, ml := range lengths {
					msg := make([]byte, ml)
					for i := range msg {
						msg[i] = byte(rng.Uint32())
					}
					ref := stdhmac.New(th.h, key)
					ref.Write(msg)
					want := ref.Sum(nil)
					if got := k.Sum(nil, msg); !bytes.Equal(got, want) {
						t.Fatalf("key %d, msg %d bytes: Key.Sum = %x, want %x", kl, ml, got, want)
					}
					if got := Sum(nil, th.h, key, msg); !bytes.Equal(got, want) {
						t.Fatalf("key %d, msg %d bytes: Sum = %x, want %x", kl, ml, got, want)
					}
					m := k.New()
					m.Write(msg[:ml/2])
					m.Write(msg[ml/2:])
					if got := m.Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("key %d, msg %d bytes: Key.New = %x, want %x", kl, ml, got, want)
					}
				}
				k.Clear()
			}
		})
	}
}

// TestDifferentialRandom compares Key.Sum and New against crypto/hmac for
// random lengths, many times; more with -long.
func TestDifferentialRandom(t *testing.T) {
	rng := testutil.Rand(t)
	n := testutil.Runs(*long, 2000, 100000, 200)
	hs := []func() hash.Hash{sha256.New, sha512.New384, sha512.New}
	for i := range n {
		h := hs[i%len(hs)]
		key := make([]byte, rng.IntN(300))
		msg := make([]byte, rng.IntN(600))
		for _, b := range [][]byte{key, msg} {
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
		}
		ref := stdhmac.New(h, key)
		ref.Write(msg)
		want := ref.Sum(nil)
		k := NewKey(h, key)
		if got := k.Sum(nil, msg); !bytes.Equal(got, want) {
			t.Fatalf("key %x, msg %x: Key.Sum = %x, want %x", key, msg, got, want)
		}
		k.Clear()
		m := New(h, key)
		m.Write(msg)
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("key %x, msg %x: New = %x, want %x", key, msg, got, want)
		}
	}
}
