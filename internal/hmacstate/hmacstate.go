// Package hmacstate computes HMAC (FIPS 198-1, RFC 2104) from saved hash
// states: the states a hash reaches after a key's two padded blocks,
// K0 ⊕ ipad and K0 ⊕ opad, are kept in [States], and every MAC under the key
// starts from them instead of hashing the blocks again (FIPS 198-1 §6). It
// serves package hmac's prepared keys and the HMAC_DRBG of package ecdsa.
//
// A state is kept, in order of preference, as the hash's marshaled state
// (encoding.BinaryAppender or BinaryMarshaler, restored by
// BinaryUnmarshaler: every hash of the standard library), as a hash to clone
// (hash.Cloner), or as the padded block itself, hashed again for each MAC.
//
// Nothing here branches on, or indexes memory with, a key, a message or a
// MAC: only on lengths, sizes, and what the hash implements.
package hmacstate

import (
	"crypto/subtle"
	"encoding"
	"hash"
)

// A Hash is a hash that MACs run in, with buffers for a padded key block
// and a digest. It is not safe for concurrent use.
type Hash struct {
	h hash.Hash
	// u is h as an unmarshaler, or nil if h is not one or has failed to
	// save or restore a state: states are then cloned or replayed. a and m
	// are h as an appender and a marshaler, nil where it is not one: the
	// interface conversions are made once, not for every state saved.
	u         encoding.BinaryUnmarshaler
	a         encoding.BinaryAppender
	m         encoding.BinaryMarshaler
	blockSize int

	// sum holds the inner digest between the two halves of a MAC, the MAC,
	// and the digest of a long key while its padded blocks are made: it is
	// sumBuf[:], unless the digest is longer than 64 bytes; every use
	// reslices it. pad holds a padded key block: padBuf[:blockSize] unless a
	// block is longer than the largest SHA-2 block.
	sum    []byte
	sumBuf [64]byte
	pad    []byte
	padBuf [128]byte
}

// New returns a Hash that runs in h, which it keeps.
func New(h hash.Hash) *Hash {
	s := &Hash{h: h, blockSize: h.BlockSize()}
	s.u, _ = h.(encoding.BinaryUnmarshaler)
	s.a, _ = h.(encoding.BinaryAppender)
	s.m, _ = h.(encoding.BinaryMarshaler)
	s.sum = s.sumBuf[:]
	if n := h.Size(); n > len(s.sumBuf) {
		s.sum = make([]byte, n)
	}
	s.pad = s.padBuf[:]
	if s.blockSize > len(s.padBuf) {
		s.pad = make([]byte, s.blockSize)
	}
	s.pad = s.pad[:s.blockSize]
	return s
}

// Hash returns the hash s runs in, for writing a message after [Hash.Start].
// It changes when States kept as clones are restored into s.
func (s *Hash) Hash() hash.Hash { return s.h }

// Blank returns the marshaled state of an empty hash, which [Hash.Wipe]
// restores, and leaves the hash empty. If the hash cannot marshal its state
// or unmarshal the result, Blank returns nil and s keeps no marshaled states
// from then on.
func (s *Hash) Blank() []byte {
	s.h.Reset()
	if s.u != nil {
		if b, ok := s.marshal(nil); ok && s.u.UnmarshalBinary(b) == nil {
			return b
		}
	}
	s.u = nil
	return nil
}

// Wipe overwrites what a key left in s: the hash is set to the state blank
// when blank is not nil and the hash restores it (which, for the standard
// library's hashes, clears the block buffer too, where Reset clears only the
// chaining value), and is reset otherwise; the digest and pad buffers are
// zeroed. blank must be a public state, such as [Hash.Blank]'s.
func (s *Hash) Wipe(blank []byte) {
	if blank == nil || s.u == nil || s.u.UnmarshalBinary(blank) != nil {
		s.h.Reset()
	}
	clear(s.sum)
	clear(s.pad)
}

// Start sets the hash to the state after st's inner block: a MAC under st's
// key starts here, and continues with writes to [Hash.Hash].
func (s *Hash) Start(st *States) { st.restore(s, st.inner, 0) }

// Finish returns the MAC under st's key of what was written to inner since
// inner's Start(st), computing the outer hash in s, which may be inner.
// inner's hash keeps its state (unless it is s). The MAC is in s's digest
// buffer, valid until s is used again.
func (s *Hash) Finish(st *States, inner *Hash) []byte {
	ih := inner.h.Sum(inner.sum[:0])
	st.restore(s, st.outer, 1)
	s.h.Write(ih)
	return s.h.Sum(s.sum[:0])
}

// MAC returns HMAC(key, msg) computed from the padded blocks, without saved
// states: the cheaper way for a key used once. The MAC is in s's digest
// buffer, valid until s is used again. The hash and the pad buffer are left
// holding what depends on the key: [Hash.Wipe] s.
func (s *Hash) MAC(key, msg []byte) []byte {
	p := s.padKey(key)
	s.h.Write(p)
	s.h.Write(msg)
	ih := s.h.Sum(s.sum[:0])
	s.h.Reset()
	toOpad(p)
	s.h.Write(p)
	s.h.Write(ih)
	return s.h.Sum(s.sum[:0])
}

// padKey resets the hash and sets s.pad to K0 ⊕ ipad: key zero-padded to a
// block, or the digest of key if it is longer than a block (FIPS 198-1),
// which is made in s.sum. key may be s.sum.
func (s *Hash) padKey(key []byte) []byte {
	s.h.Reset()
	if len(key) > s.blockSize {
		s.h.Write(key)
		key = s.h.Sum(s.sum[:0])
		s.h.Reset()
	}
	p := s.pad
	clear(p[copy(p, key):])
	xorConst(p, &ipadBlock)
	return p
}

// ipadBlock and opadFlip are what padKey and toOpad XOR in: 0x36 bytes, and
// 0x36 ⊕ 0x5c bytes, a largest SHA-2 block of each.
var ipadBlock, opadFlip = func() (i, o [128]byte) {
	for j := range i {
		i[j], o[j] = 0x36, 0x36^0x5c
	}
	return i, o
}()

// toOpad turns a block from padKey into the opad block of the same key,
// K0 ⊕ 0x5c = (K0 ⊕ 0x36) ⊕ (0x36 ⊕ 0x5c), and back.
func toOpad(p []byte) { xorConst(p, &opadFlip) }

// xorConst XORs the bytes of c, repeated, into p.
func xorConst(p []byte, c *[128]byte) {
	for len(p) > 0 {
		p = p[subtle.XORBytes(p, p, c[:min(len(p), len(c))]):]
	}
}

// Mode is how States keep the hash's states.
type Mode int

const (
	// Marshaled states are restored by the hash's UnmarshalBinary.
	Marshaled Mode = iota + 1
	// Cloned states are hashes, and each MAC starts from a clone of one.
	Cloned
	// Replayed states are the padded blocks, hashed again for each MAC.
	Replayed
)

// States are the states of a hash after the two padded blocks of a key. They
// hold the key's secret: anyone who reads them computes MACs under it. The
// zero value holds no key; [States.Set] gives it one.
type States struct {
	inner, outer []byte          // marshaled states, or padded blocks
	clones       *[2]hash.Cloner // the hashes, if Cloned
	how          Mode
	mem          []byte // memory given by Keep, if any
}

// Keep gives st mem for its two states, half each, so that Set allocates
// nothing when they fit. Set stops using mem when it keeps the states in any
// other way than marshaled.
func (st *States) Keep(mem []byte) {
	st.mem = mem
	st.inner, st.outer = mem[:0:len(mem)/2], mem[len(mem)/2:len(mem)/2]
}

// Mode returns how st keeps its states.
func (st *States) Mode() Mode { return st.how }

// Set keys st with key, of any length, running the padded blocks in s, whose
// hash must be of the kind the States are restored into. It reuses the
// memory of st's earlier states, and overwrites them.
//
// If check is set, marshaled states are kept only if the hash unmarshals
// them: a hash that cannot would make every MAC fail. Without check they are
// kept as soon as the hash marshals them: for hashes known to restore their
// states, such as the standard library's, or for a Hash whose states passed
// a check before. s is left in a state that depends on the key.
func (st *States) Set(s *Hash, key []byte, check bool) {
	p := s.padKey(key)
	switch {
	case st.saveMarshaled(s, p, check):
	case st.saveCloned(s, p):
	default:
		st.how = Replayed
		st.inner = append(st.inner[:0], p...)
		toOpad(p)
		st.outer = append(st.outer[:0], p...)
	}
	clear(p)
	clear(s.sum)
}

// saveMarshaled saves the states after the padded blocks, the first of
// which is in p, as marshaled states, if the hash can, and reports whether it
// did. It leaves p the opad block if it did, and the ipad block if not.
func (st *States) saveMarshaled(s *Hash, p []byte, check bool) bool {
	if s.u == nil {
		st.drop()
		return false
	}
	s.h.Write(p)
	inner, ok1 := s.marshal(st.inner[:0])
	s.h.Reset()
	toOpad(p)
	s.h.Write(p)
	outer, ok2 := s.marshal(st.outer[:0])
	if ok1 && ok2 && (!check || s.u.UnmarshalBinary(inner) == nil && s.u.UnmarshalBinary(outer) == nil) {
		st.inner, st.outer = inner, outer
		st.how = Marshaled
		return true
	}
	// Whatever was saved holds the key, in new memory or in st's: overwrite
	// it.
	clear(inner)
	clear(outer)
	st.drop()
	s.u = nil
	toOpad(p)
	return false
}

// drop overwrites st's states, and stops using the memory given by Keep.
func (st *States) drop() {
	st.Clear()
	if st.mem != nil {
		st.mem, st.inner, st.outer = nil, nil, nil
	}
}

// marshal returns the marshaled state of s's hash, appended to dst when the
// hash can append and dst has room (then without allocating), and whether
// marshaling succeeded. Into no room, MarshalBinary is preferred: it makes
// its result in one allocation, where appending grows it in steps.
func (s *Hash) marshal(dst []byte) ([]byte, bool) {
	var b []byte
	var err error
	switch {
	case s.a != nil && (cap(dst) > 0 || s.m == nil):
		b, err = s.a.AppendBinary(dst)
	case s.m != nil:
		b, err = s.m.MarshalBinary()
	default:
		return nil, false
	}
	return b, err == nil
}

// saveCloned saves the states after the padded blocks, the first of which
// is in p, as two hashes to clone, if the hash implements hash.Cloner, and
// reports whether it did. It leaves p the ipad block.
func (st *States) saveCloned(s *Hash, p []byte) bool {
	c, ok := s.h.(hash.Cloner)
	if !ok {
		return false
	}
	var clones [2]hash.Cloner
	for i := range clones {
		c.Reset()
		c.Write(p)
		clone, err := c.Clone()
		if err != nil {
			if i == 1 {
				clones[0].Reset() // holds the inner state
				toOpad(p)         // back to ipad
			}
			return false
		}
		clones[i] = clone
		toOpad(p) // after both blocks, p is the ipad block again
	}
	if st.clones == nil {
		st.clones = new([2]hash.Cloner)
	}
	*st.clones = clones
	st.how = Cloned
	return true
}

// restore sets s to st's inner (state is st.inner, i = 0) or outer
// (st.outer, i = 1) state.
func (st *States) restore(s *Hash, state []byte, i int) {
	switch st.how {
	case Marshaled:
		if err := s.u.UnmarshalBinary(state); err != nil {
			// Set kept only states that this kind of hash unmarshals.
			panic("carry/hmacstate: internal error: saved state does not unmarshal: " + err.Error())
		}
	case Cloned:
		h, err := st.clones[i].Clone()
		if err != nil {
			// Set kept only hashes that clone.
			panic("carry/hmacstate: internal error: saved state does not clone: " + err.Error())
		}
		// The interfaces of the hash replaced would now be stale: s keeps
		// no marshaled states from here on.
		s.h, s.u, s.a, s.m = h, nil, nil, nil
	default:
		s.h.Reset()
		s.h.Write(state)
	}
}

// Clear overwrites the states (and resets cloned hashes), leaving st with no
// key until the next Set.
func (st *States) Clear() {
	clear(st.inner[:cap(st.inner)])
	clear(st.outer[:cap(st.outer)])
	clear(st.mem)
	if st.clones != nil {
		st.clones[0].Reset()
		st.clones[1].Reset()
	}
}
