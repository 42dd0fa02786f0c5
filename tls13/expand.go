package tls13

import (
	"hash"

	"github.com/carry-crypto/carry/hmac"
)

// maxHashSize is the largest digest of the standard library's hashes
// (SHA-512's; TLS 1.3 uses SHA-256's 32 and SHA-384's 48 bytes): the size of
// the stack buffers that hold one.
const maxHashSize = 64

// oneBlock is the longest output that ExpandLabel computes with an
// unprepared HMAC first: one block of SHA-384 (48 bytes), and of every
// larger hash.
const oneBlock = 48

// A labelBuffer is the single allocation of one HKDF-Expand-Label:
//
//	| output (length) | room for T(i-1) | HkdfLabel | i (1 byte) |
//
// where HkdfLabel (RFC 8446 §7.1) is
//
//	| length (2, big-endian) | 6+len(label) (1) | "tls13 " label | len(context) (1) | context |
//
// T(i-1) is kept right before HkdfLabel, so that the message of
// HKDF-Expand's block i, T(i-1) ‖ HkdfLabel ‖ i, is one contiguous slice:
// no copy of the label or the context per block, and no second allocation.
// The output is returned as the first length bytes, with capacity length;
// the rest is zeroed once the expansion is done.
type labelBuffer struct {
	buf    []byte
	length int // bytes of output
	info   int // offset of HkdfLabel in buf, the end of T's room
	ctx    int // offset of the context in buf
	ctxLen int
}

// newLabelBuffer lays out a labelBuffer for label, a context of ctxLen bytes
// (to be written into context()) and an output of length bytes, with tRoom
// bytes of room for T(i-1). It panics if the label or the context is too
// long, or length is negative: misuses ExpandLabel documents.
func newLabelBuffer(tRoom int, label string, ctxLen, length int) labelBuffer {
	if len(labelPrefix)+len(label) > 255 || ctxLen > 255 {
		// Labels are fixed strings, and contexts are hashes or fields with
		// the same limit: this is a bug in the caller, as in the standard
		// library's ExpandLabel.
		panic("carry/tls13: label or context too long")
	}
	if length < 0 || length > 0xffff {
		panic("carry/tls13: requested length out of range")
	}
	infoLen := 2 + 1 + len(labelPrefix) + len(label) + 1 + ctxLen
	buf := make([]byte, length+tRoom+infoLen+1)
	info := buf[length+tRoom:]
	info[0], info[1] = byte(length>>8), byte(length)
	info[2] = byte(len(labelPrefix) + len(label))
	p := 3 + copy(info[3:], labelPrefix)
	p += copy(info[p:], label)
	info[p] = byte(ctxLen)
	return labelBuffer{buf: buf, length: length, info: length + tRoom, ctx: length + tRoom + p + 1, ctxLen: ctxLen}
}

// context returns the bytes of the buffer that hold the context.
func (b *labelBuffer) context() []byte { return b.buf[b.ctx : b.ctx+b.ctxLen] }

// checkLength panics if the output is more than HKDF-Expand can produce
// with a hash of size bytes: 255 blocks.
func (b *labelBuffer) checkLength(size int) {
	if b.length > 255*size {
		panic("carry/tls13: requested length out of range")
	}
}

// expand runs HKDF-Expand (RFC 5869 §2.3) with the secret prepared in k and
// HkdfLabel as info, from block first on (T(first-1) already in place when
// first > 1), and returns the output.
func (b *labelBuffer) expand(k *hmac.Key, first int) []byte {
	size := k.Size()
	b.checkLength(size)
	out := b.buf[:b.length:b.length]
	ctr := &b.buf[len(b.buf)-1]
	t := b.buf[b.info-size : b.info] // room for T(i-1)
	msg := b.buf[b.info:]            // HkdfLabel ‖ i: T(0) is empty
	if first > 1 {
		msg = b.buf[b.info-size:]
	}
	for done, i := (first-1)*size, first; done < b.length; i++ {
		*ctr = byte(i)
		// T(i) overwrites T(i-1); Sum reads msg, which begins with
		// T(i-1), entirely before it writes.
		done += copy(out[done:], k.Sum(t[:0], msg))
		msg = b.buf[b.info-size:]
	}
	clear(b.buf[b.length:])
	return out
}

// expandOnce runs HKDF-Expand with the raw secret and HkdfLabel as info, and
// returns the output. The first block is an unprepared HMAC ([hmac.Sum]):
// for an output of one block, the usual case (a secret, a key, an IV),
// preparing the secret would only add work, since its padded blocks would be
// hashed once either way. Further blocks run on the secret prepared.
func (b *labelBuffer) expandOnce(h func() hash.Hash, secret []byte) []byte {
	out := b.buf[:b.length:b.length]
	if b.length == 0 {
		clear(b.buf)
		return out
	}
	b.buf[len(b.buf)-1] = 1
	var t1 [maxHashSize]byte
	t := hmac.Sum(t1[:0], h, secret, b.buf[b.info:])
	defer clear(t1[:])
	size := len(t)
	b.checkLength(size)
	if copy(out, t) == b.length {
		clear(b.buf[b.length:])
		return out
	}
	if room := b.info - b.length; size > room {
		b.grow(size - room)
	}
	k := hmac.NewKey(h, secret)
	defer k.Clear()
	copy(b.buf[b.info-size:], t)
	return b.expand(k, 2)
}

// grow moves the buffer into a new one with n more bytes of room for
// T(i-1), for a digest longer than planned: the output written so far stays
// at the start, HkdfLabel and the counter move n bytes further. The old
// buffer is zeroed.
func (b *labelBuffer) grow(n int) {
	buf := make([]byte, len(b.buf)+n)
	copy(buf, b.buf[:b.length])
	copy(buf[b.info+n:], b.buf[b.info:])
	clear(b.buf)
	b.buf = buf
	b.info += n
	b.ctx += n
}

// deriveSecret is Derive-Secret(Secret, Label, Messages) of RFC 8446 §7.1,
// HKDF-Expand-Label(Secret, Label, Transcript-Hash(Messages), Hash.length),
// with Secret prepared in k and the transcript hash taken from transcript
// (not modified), or the hash of no messages, empty, if transcript is nil.
// The transcript hash is written straight into the label buffer.
func deriveSecret(k *hmac.Key, empty []byte, label string, transcript hash.Hash) []byte {
	n := len(empty)
	if transcript != nil {
		n = transcript.Size()
	}
	b := newLabelBuffer(k.Size(), label, n, n)
	ctx := b.context()
	if transcript == nil {
		copy(ctx, empty)
	} else if got := transcript.Sum(ctx[:0]); len(got) > 0 && &got[0] != &ctx[0] {
		// A hash that does not append in place (none of the standard
		// library's): copy its digest where it belongs.
		copy(ctx, got)
	}
	return b.expand(k, 1)
}
