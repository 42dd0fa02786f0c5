// Package hkdf derives keys with HKDF, the extract-then-expand key
// derivation function built on HMAC that RFC 5869 specifies. Its functions
// have crypto/hkdf's generic signatures and, for the same arguments, return
// what crypto/hkdf returns and panic where it panics.
//
// Expand runs on a prepared HMAC key ([hmac.NewKey]) for outputs of more than
// one block: the pseudorandom key's two padded blocks are hashed once, and
// each further block of output costs only the compressions of its own
// message and of the inner digest. The first block is an unprepared HMAC
// ([hmac.Sum]), since a key used once gains nothing from being prepared; an
// output of one block (any key up to the hash's size) thus costs the same
// four compressions as crypto/hkdf's and a single allocation, where
// crypto/hkdf makes about ten. Expand's output and its working space share
// that allocation.
//
// # Constant time
//
// No branch or memory index depends on the secret, the salt, the
// pseudorandom key or the output; the branches are on the lengths and on the
// hash's sizes, which are public.
//
// # FIPS 140 mode
//
// carry is not a FIPS 140 validated module. When the standard library runs in
// FIPS 140 mode (crypto/fips140.Enabled reports true, under GODEBUG=fips140=on
// or only), Extract, Expand and Key call crypto/hkdf's, which then apply its
// checks: FIPS 140-only mode refuses secrets and keys shorter than 112 bits
// and hashes other than SHA-2 and SHA-3, with crypto/hkdf's errors.
package hkdf

import (
	"crypto/fips140"
	"crypto/hkdf"
	"errors"
	"hash"

	"github.com/carry-crypto/carry/hmac"
)

// errKeyLengthTooLarge is crypto/hkdf's error for an output longer than 255
// blocks, with the same text.
var errKeyLengthTooLarge = errors.New("hkdf: requested key length too large")

// Extract is the first step of HKDF (RFC 5869, Section 2.2): it condenses
// secret, the input keying material, into a pseudorandom key of the hash's
// size, computed as HMAC with salt as the key and secret as the message. The
// salt is optional and need not be secret; nil or empty stands for Size()
// zero bytes, which HMAC pads to the same block.
//
// Call Extract and [Expand] separately only to expand one pseudorandom key
// several times with different info strings; deriving keys from a secret,
// one or several, is [Key]'s job. Extract returns an error only in FIPS
// 140-only mode (see the package documentation).
func Extract[H hash.Hash](h func() H, secret, salt []byte) ([]byte, error) {
	if fips140.Enabled() {
		return hkdf.Extract(h, secret, salt)
	}
	return hmac.Sum(nil, hashFunc(h), salt, secret), nil
}

// Expand is the second step of HKDF (RFC 5869, Section 2.3): it stretches
// pseudorandomKey into keyLength bytes of output bound to info, a context
// string that may be empty, and returns them in a new slice of length and
// capacity keyLength.
//
// pseudorandomKey must already be uniformly random, or pseudorandom and
// strong: the result of [Extract], or a key of that quality (RFC 5869,
// Section 3.3). To start from a secret of any other kind, use [Key].
//
// keyLength may be at most 255 times the hash's size: longer, Expand returns
// crypto/hkdf's error. A negative keyLength panics, as it does in
// crypto/hkdf.
func Expand[H hash.Hash](h func() H, pseudorandomKey []byte, info string, keyLength int) ([]byte, error) {
	if fips140.Enabled() {
		return hkdf.Expand(h, pseudorandomKey, info, keyLength)
	}
	return expand(hashFunc(h), pseudorandomKey, info, keyLength)
}

// Key runs both steps of HKDF: it returns
// Expand(h, Extract(h, secret, salt), info, keyLength), keyLength bytes of
// key material derived from secret for the context info. salt and info may
// be nil or empty. keyLength has [Expand]'s limits, with the same error and
// panic.
func Key[Hash hash.Hash](h func() Hash, secret, salt []byte, info string, keyLength int) ([]byte, error) {
	if fips140.Enabled() {
		return hkdf.Key(h, secret, salt, info, keyLength)
	}
	fh := hashFunc(h)
	var buf [maxHashSize]byte
	prk := hmac.Sum(buf[:0], fh, salt, secret)
	out, err := expand(fh, prk, info, keyLength)
	clear(prk)
	clear(buf[:])
	return out, err
}

// checkLength panics for a negative output length, as crypto/hkdf does (its
// allocation of the output fails).
func checkLength(n int) {
	if n < 0 {
		panic("carry/hkdf: negative key length")
	}
}

// maxHashSize is the largest digest of the standard library's hashes
// (SHA-512's): the room expand leaves for T(i-1) before it knows the hash.
const maxHashSize = 64

// oneBlock is the longest output that expand computes with an unprepared
// HMAC first: one block of SHA-384 (48 bytes), and of every larger hash.
// Longer outputs take several blocks of any standard hash, and start on a
// prepared key, whose padded blocks are then hashed once only.
const oneBlock = 48

// expand returns the first n bytes of T(1) ‖ T(2) ‖ ..., where
// T(i) = HMAC(prk, T(i-1) ‖ info ‖ i) and T(0) is empty (RFC 5869 §2.3),
// or crypto/hkdf's error if n is more than 255 blocks.
//
// For an output of at most oneBlock bytes the first block is an unprepared
// HMAC ([hmac.Sum]): for one block, preparing the key would only add work,
// since its padded blocks are hashed once either way. Further blocks, and
// every block of a longer output, run on prk prepared as an HMAC key
// ([hmac.NewKey]), two compressions each instead of four.
//
// The output and the working space, room for T(i-1) followed by info ‖ i,
// share one allocation: the output is its first n bytes, returned with
// capacity n, and the working space after it is zeroed before expand
// returns.
func expand(h func() hash.Hash, prk []byte, info string, n int) ([]byte, error) {
	checkLength(n)
	switch {
	case n == 0:
		return []byte{}, nil
	case n > oneBlock:
		k := hmac.NewKey(h, prk)
		defer k.Clear()
		size := k.Size()
		if n > 255*size {
			return nil, errKeyLengthTooLarge
		}
		w := newWork(n, size, info)
		return w.run(k, 1, size), nil
	}
	w := newWork(n, maxHashSize, info)
	*w.ctr = 1
	var t1 [maxHashSize]byte
	t := hmac.Sum(t1[:0], h, prk, w.buf[w.info:]) // T(1) = HMAC(prk, info ‖ 1)
	defer clear(t1[:])
	size := len(t)
	if n > 255*size { // only for a hash with an empty digest
		return nil, errKeyLengthTooLarge
	}
	done := copy(w.out, t)
	if done == n {
		clear(w.buf[n:])
		return w.out, nil
	}
	// Here size < n <= oneBlock: T(1) fits the room left for it.
	k := hmac.NewKey(h, prk)
	defer k.Clear()
	copy(w.buf[w.info-size:w.info], t)
	return w.run(k, 2, size), nil
}

// work is expand's single allocation:
//
//	| output (n) | room for T(i-1) | info | i (1 byte) |
//
// T(i-1) is kept right before info, so that the message of block i,
// T(i-1) ‖ info ‖ i, is one contiguous slice.
type work struct {
	buf  []byte
	out  []byte // buf[:n:n]
	info int    // offset of info in buf, the end of T's room
	ctr  *byte
}

func newWork(n, room int, info string) *work {
	buf := make([]byte, n+room+len(info)+1)
	copy(buf[n+room:], info)
	return &work{buf: buf, out: buf[:n:n], info: n + room, ctr: &buf[len(buf)-1]}
}

// run computes the blocks from first on with the key prepared in k (T(first-1)
// already in place when first > 1), zeroes the working space and returns
// the output.
func (w *work) run(k *hmac.Key, first, size int) []byte {
	n := len(w.out)
	t := w.buf[w.info-size : w.info]
	msg := w.buf[w.info:] // info ‖ i: T(0) is empty
	if first > 1 {
		msg = w.buf[w.info-size:]
	}
	for done, i := (first-1)*size, first; done < n; i++ {
		*w.ctr = byte(i)
		// T(i) overwrites T(i-1); Sum reads msg, which begins with T(i-1),
		// entirely before it writes.
		done += copy(w.out[done:], k.Sum(t[:0], msg))
		msg = w.buf[w.info-size:]
	}
	clear(w.buf[n:])
	return w.out
}

// hashFunc returns h as a func() hash.Hash: h itself when it is one (as
// sha256.New is), so that hmac.NewKey recognises the standard constructors,
// and a wrapper otherwise.
func hashFunc[H hash.Hash](h func() H) func() hash.Hash {
	if f, ok := any(h).(func() hash.Hash); ok {
		return f
	}
	return func() hash.Hash { return h() }
}
