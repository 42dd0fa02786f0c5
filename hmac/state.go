package hmac

import (
	"crypto/subtle"
	"encoding"
	"hash"
)

// A scratch is a hash that a Key's states are restored into (or that a
// one-shot MAC runs in), with room for the inner digest and a padded key
// block.
type scratch struct {
	h hash.Hash
	u encoding.BinaryUnmarshaler // h as an unmarshaler, if it is one

	// sum holds the inner digest between the two halves of a MAC, and the
	// digest of a long key while its padded blocks are made. It is
	// sumBuf[:0], unless the hash's digest is longer than 64 bytes.
	sum    []byte
	sumBuf [64]byte

	// pad holds a padded key block: K0 ⊕ ipad, then K0 ⊕ opad. 128 bytes is
	// the largest SHA-2 block; a hash with larger blocks gets its own.
	pad [128]byte
}

func newScratch(h hash.Hash) *scratch {
	s := &scratch{h: h}
	s.u, _ = h.(encoding.BinaryUnmarshaler)
	s.sum = s.sumBuf[:0]
	if n := h.Size(); n > len(s.sumBuf) {
		s.sum = make([]byte, 0, n)
	}
	return s
}

// wipe overwrites the key-dependent state in s: the hash goes back to an
// empty state (for marshaled states one whose block buffer is zero too, not
// only its chaining value) and the digest and pad buffers are zeroed. k says
// how to empty the hash.
func (s *scratch) wipe(k *Key) {
	s.empty(k.how, k.blank)
	clear(s.sum[:cap(s.sum)])
	clear(s.pad[:])
}

// empty sets s.h to the state of an empty hash: by unmarshaling blank when
// the hash is marshalable, which clears its block buffer too, and otherwise
// by Reset.
func (s *scratch) empty(how saveMode, blank []byte) {
	if how != byMarshal || s.u == nil || s.u.UnmarshalBinary(blank) != nil {
		s.h.Reset()
	}
}

// restore sets s to one of the states saved by prepare: the marshaled state
// or the padded block in state for byMarshal and byReplay, a clone of
// k.clones[i] for byClone.
func (k *Key) restore(s *scratch, state []byte, i int) {
	switch k.how {
	case byMarshal:
		if err := s.u.UnmarshalBinary(state); err != nil {
			// prepare checked that these states unmarshal.
			panic("hmac: internal error: saved state does not unmarshal: " + err.Error())
		}
	case byClone:
		h, err := k.clones[i].Clone()
		if err != nil {
			// prepare checked that these hashes clone.
			panic("hmac: internal error: saved state does not clone: " + err.Error())
		}
		s.h = h
	default:
		s.h.Reset()
		s.h.Write(state)
	}
}

// ipadBlock and opadFlip are the constants padBlock and toOpad XOR in:
// 0x36 bytes, and 0x36 ⊕ 0x5c bytes, one largest SHA-2 block of each.
var ipadBlock, opadFlip = func() (i, o [128]byte) {
	for j := range i {
		i[j], o[j] = 0x36, 0x36^0x5c
	}
	return i, o
}()

// padBlock sets a block of s to key zero-padded to the hash's block size,
// each byte XORed with ipad (0x36), and returns it; the caller writes it and
// may then turn it into the opad block with toOpad. key must be at most a
// block long, or the digest of a longer key; it may be s.sum.
func padBlock(s *scratch, key []byte, blockSize int) []byte {
	p := s.pad[:]
	if blockSize > len(p) {
		p = make([]byte, blockSize)
	}
	p = p[:blockSize]
	clear(p[copy(p, key):])
	xorConst(p, &ipadBlock)
	return p
}

// toOpad turns an ipad block from padBlock into the opad block of the same
// key: K0 ⊕ 0x5c = (K0 ⊕ 0x36) ⊕ (0x36 ⊕ 0x5c).
func toOpad(p []byte) { xorConst(p, &opadFlip) }

// xorConst XORs the bytes of c, repeated, into p.
func xorConst(p []byte, c *[128]byte) {
	for len(p) > 0 {
		p = p[subtle.XORBytes(p, p, c[:min(len(p), len(c))]):]
	}
}

// longKey returns key, or its digest in s.sum if it is longer than a block,
// as FIPS 198-1 requires. s.h is left reset.
func longKey(s *scratch, key []byte, blockSize int) []byte {
	s.h.Reset()
	if len(key) > blockSize {
		s.h.Write(key)
		key = s.h.Sum(s.sum[:0])
		s.h.Reset()
	}
	return key
}

// appender is encoding.BinaryAppender, which the standard library's hashes
// implement since Go 1.24: it marshals into a buffer the caller gives.
type appender interface {
	AppendBinary(b []byte) ([]byte, error)
}

// prepare hashes the padded blocks of key into k.own.h and saves the two
// states, choosing how (see Key.how).
func (k *Key) prepare(key []byte) {
	s := k.own
	p := padBlock(s, longKey(s, key, k.blockSize), k.blockSize)
	defer clear(p)
	defer clear(s.sum[:cap(s.sum)])

	if k.saveMarshaled(p) || k.saveCloned(p) {
		return
	}
	// Neither: keep the padded blocks, as crypto/hmac does for such hashes.
	k.how = byReplay
	k.inner = append([]byte(nil), p...)
	toOpad(p)
	k.outer = append([]byte(nil), p...)
}

// saveMarshaled saves the states after the padded blocks, the first of which
// is in p, as the hash's marshaled states, if the hash can be marshaled and
// unmarshaled, and reports whether it did. It turns p into the opad block.
func (k *Key) saveMarshaled(p []byte) bool {
	s := k.own
	if s.u == nil {
		return false
	}
	var ok [3]bool
	if k.known != nil {
		k.blank, ok[0] = k.known.blank, true
	} else {
		k.blank, ok[0] = marshal(s.h, nil)
	}
	// The two states go to k.small when they fit (SHA-224, SHA-256), and
	// otherwise to one allocation for both when their size is known.
	store := k.small[:]
	if n := len(k.blank); k.known != nil && n > smallState {
		store = make([]byte, 2*n)
	}
	half := len(store) / 2
	s.h.Write(p)
	k.inner, ok[1] = marshal(s.h, store[:0:half])
	s.h.Reset()
	toOpad(p)
	s.h.Write(p)
	k.outer, ok[2] = marshal(s.h, store[half:half])
	// A state that does not unmarshal into a hash of the same kind would
	// make every Sum fail: check once, here, unless the hash is a standard
	// one, whose states are known to.
	if ok == [3]bool{true, true, true} && k.known == nil {
		for _, st := range [][]byte{k.outer, k.blank, k.inner} {
			ok[0] = ok[0] && s.u.UnmarshalBinary(st) == nil
		}
	}
	if ok != [3]bool{true, true, true} {
		// Whatever was saved holds the key: overwrite it.
		clear(k.inner)
		clear(k.outer)
		clear(store)
		k.inner, k.outer = nil, nil
		toOpad(p) // back to ipad for saveCloned
		s.h.Reset()
		return false
	}
	k.how = byMarshal
	return true
}

// marshal returns the marshaled state of h, appended to dst when h can
// append (which does not allocate when dst has room), and whether marshaling
// succeeded.
func marshal(h hash.Hash, dst []byte) ([]byte, bool) {
	var b []byte
	var err error
	switch m := h.(type) {
	case appender:
		b, err = m.AppendBinary(dst)
	case encoding.BinaryMarshaler:
		b, err = m.MarshalBinary()
	default:
		return nil, false
	}
	return b, err == nil
}

// saveCloned saves the states after the padded blocks, the first of which
// is in p, as two hashes to clone, if the hash implements hash.Cloner, and
// reports whether it did. It leaves p the ipad block.
func (k *Key) saveCloned(p []byte) bool {
	c, ok := k.own.h.(hash.Cloner)
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
			c.Reset()
			return false
		}
		clones[i] = clone
		toOpad(p) // after both blocks, p is the ipad block again
	}
	c.Reset()
	k.clones = &clones
	k.how = byClone
	return true
}
