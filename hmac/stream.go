package hmac

import (
	"errors"
	"fmt"
	"hash"

	"github.com/carry-crypto/carry/internal/hmacstate"
)

// A mac is the streaming HMAC that New and Key.New return: inner runs over
// the message from the key's inner state; outer is restored to the key's
// outer state at each Sum. It is not safe for concurrent use, as no
// hash.Hash is.
type mac struct {
	k            *Key
	inner, outer *hmacstate.Hash
}

func (m *mac) Write(p []byte) (int, error) {
	m.k.check()
	return m.inner.Hash().Write(p)
}

// Sum appends the MAC of what was written so far to in, leaving the state
// unchanged, as hash.Hash requires.
func (m *mac) Sum(in []byte) []byte {
	m.k.check()
	return append(in, m.outer.Finish(&m.k.st, m.inner)...)
}

// Reset returns to the key's inner state: no compression, only a restore.
func (m *mac) Reset() {
	m.k.check()
	m.inner.Start(&m.k.st)
}

func (m *mac) Size() int      { return m.k.size }
func (m *mac) BlockSize() int { return m.k.blockSize }

// errCloneUnsupported is what Clone returns when the hash cannot be cloned.
var errCloneUnsupported = fmt.Errorf("carry/hmac: hash does not support hash.Cloner: %w", errors.ErrUnsupported)

// Clone implements hash.Cloner if the underlying hash does, and otherwise
// returns an error wrapping errors.ErrUnsupported, as crypto/hmac does. The
// clone shares the Key (it is cleared with it) and has its own hashes.
func (m *mac) Clone() (hash.Cloner, error) {
	m.k.check()
	c, ok := m.inner.Hash().(hash.Cloner)
	if !ok {
		return nil, errCloneUnsupported
	}
	inner, err := c.Clone()
	if err != nil {
		return nil, errCloneUnsupported
	}
	return &mac{k: m.k, inner: hmacstate.New(inner), outer: hmacstate.New(m.k.newHash())}, nil
}
