package ecdsa

import (
	cryptorand "crypto/rand"
	"io"
	"os"
	"sync/atomic"
)

// randSource returns the reader that key generation and hedged signatures
// read for a caller's reader r, chosen as crypto/ecdsa chooses it: r if
// crypto/ecdsa reads callers' readers (GODEBUG=cryptocustomrand=1, the
// default of a main module older than Go 1.26), crypto/rand.Reader if it
// ignores them (Go 1.26's default). r nil is then read, and panics, as in
// crypto/ecdsa.
//
// crypto/ecdsa's own generator is the system's even where a program has
// replaced crypto/rand.Reader; carry, which cannot reach it, reads the
// replacement.
func randSource(r io.Reader) io.Reader {
	if readsCallerRand() {
		return r
	}
	return cryptorand.Reader
}

// callerRand is what probeCallerRand found for one value of the GODEBUG
// environment variable.
type callerRand struct {
	godebug string
	reads   bool
}

var lastCallerRand atomic.Pointer[callerRand]

// readsCallerRand reports whether crypto/ecdsa reads callers' readers. The
// setting follows GODEBUG, which a program may change while it runs (the
// main module's default is fixed when it is built): the answer is probed
// again whenever GODEBUG differs from the last probe's.
func readsCallerRand() bool {
	env := os.Getenv("GODEBUG")
	if c := lastCallerRand.Load(); c != nil && c.godebug == env {
		return c.reads
	}
	c := &callerRand{godebug: env, reads: probeCallerRand()}
	lastCallerRand.Store(c)
	return c.reads
}

// probeCallerRand asks crypto/rand.Prime, which takes the caller's reader
// under the same setting as crypto/ecdsa (both go through the standard
// library's one switch), whether it reads a reader it is given. A two-bit
// prime takes one byte and one candidate.
func probeCallerRand() bool {
	var p probeReader
	cryptorand.Prime(&p, 2)
	return p.read
}

// probeReader is a reader of zeros that records whether it was read.
type probeReader struct{ read bool }

func (p *probeReader) Read(b []byte) (int, error) {
	p.read = true
	clear(b)
	return len(b), nil
}
