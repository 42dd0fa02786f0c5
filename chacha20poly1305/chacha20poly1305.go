// Package chacha20poly1305 implements the ChaCha20-Poly1305 AEAD of
// RFC 8439, Section 2.8, and its extended-nonce variant XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha-03), with the API and behaviour of
// golang.org/x/crypto/chacha20poly1305.
//
// Seal and Open are constant time in the key, the nonce, the plaintext, the
// additional data and the tag: only the lengths, and whether Open succeeded,
// are public.
package chacha20poly1305

import (
	"crypto/cipher"
	"crypto/fips140"
	"errors"
)

const (
	// KeySize is the size of the key used by this AEAD, in bytes.
	KeySize = 32

	// NonceSize is the size of the nonce used with the standard variant of
	// this AEAD, in bytes.
	//
	// Note that this is too short to be safely generated at random if the
	// same key is reused more than 2³² times.
	NonceSize = 12

	// NonceSizeX is the size of the nonce used with the XChaCha20-Poly1305
	// variant of this AEAD, in bytes.
	NonceSizeX = 24

	// Overhead is the size of the Poly1305 authentication tag, and the
	// difference between a ciphertext length and its plaintext.
	Overhead = 16
)

// maxPlaintext is the longest plaintext: ChaCha20's 32-bit block counter
// starts at 1 for the data (block 0 makes the Poly1305 key), leaving
// 2^32 - 1 blocks of 64 bytes (RFC 8439, Section 2.8: P_MAX).
const maxPlaintext = (1<<32 - 1) * 64

// maxCiphertext is the longest ciphertext, the plaintext's with its tag
// (RFC 8439, Section 2.8: C_MAX).
const maxCiphertext = maxPlaintext + Overhead

var errOpen = errors.New("chacha20poly1305: message authentication failed")

var errFIPS = errors.New("chacha20poly1305: use of ChaCha20Poly1305 is not allowed in FIPS 140-only mode")

type chacha20poly1305 struct {
	key [KeySize]byte
}

// New returns a ChaCha20-Poly1305 AEAD that uses the given 256-bit key.
//
// It returns an error if the key is not KeySize bytes long, or if the
// program runs in FIPS 140-only mode, which does not allow ChaCha20-Poly1305.
// The AEAD is safe for concurrent use.
func New(key []byte) (cipher.AEAD, error) {
	if fips140.Enforced() {
		return nil, errFIPS
	}
	if len(key) != KeySize {
		return nil, errors.New("chacha20poly1305: bad key length")
	}
	c := new(chacha20poly1305)
	copy(c.key[:], key)
	return c, nil
}

func (c *chacha20poly1305) NonceSize() int { return NonceSize }

func (c *chacha20poly1305) Overhead() int { return Overhead }

// Seal encrypts and authenticates plaintext, authenticates additionalData,
// and appends the result to dst, returning the updated slice.
//
// To reuse plaintext's storage for the encrypted output, use plaintext[:0]
// as dst. Otherwise, the remaining capacity of dst must not overlap
// plaintext. dst and additionalData must not overlap.
//
// It panics if nonce is not NonceSize bytes long, if the buffers overlap
// other than as allowed, or if plaintext is longer than 2^38 - 64 bytes.
func (c *chacha20poly1305) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != NonceSize {
		panic("chacha20poly1305: bad nonce length passed to Seal")
	}
	p := choosePath(len(plaintext), len(additionalData))
	if p == pathShort {
		// The short kernel, called from here, not through seal and
		// sealKernel: at 64 bytes the calls cost a few percent.
		ret, out := sliceForAppend(dst, len(plaintext)+Overhead)
		if inexactOverlap(out, plaintext) {
			panic("chacha20poly1305: invalid buffer overlap of output and input")
		}
		if anyOverlap(out, additionalData) {
			panic("chacha20poly1305: invalid buffer overlap of output and additional data")
		}
		shortSeal(&c.key, (*[NonceSize]byte)(nonce), out[:len(plaintext)], plaintext, additionalData, (*[Overhead]byte)(out[len(plaintext):]))
		return ret
	}
	if uint64(len(plaintext)) > maxPlaintext {
		panic("chacha20poly1305: plaintext too large")
	}
	return seal(p, dst, &c.key, (*[NonceSize]byte)(nonce), plaintext, additionalData)
}

// Open decrypts and authenticates ciphertext, authenticates
// additionalData and, if successful, appends the resulting plaintext to dst,
// returning the updated slice.
//
// To reuse ciphertext's storage for the decrypted output, use
// ciphertext[:0] as dst. Otherwise, the remaining capacity of dst must not
// overlap ciphertext. dst and additionalData must not overlap.
//
// If the ciphertext does not authenticate, Open returns an error and the
// output it would have written (len(ciphertext) - Overhead bytes after
// len(dst), which is ciphertext itself when operating in place) is zeroed:
// no unauthenticated plaintext is released.
//
// It panics if nonce is not NonceSize bytes long, if the buffers overlap
// other than as allowed, or if ciphertext is longer than 2^38 - 48 bytes.
func (c *chacha20poly1305) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != NonceSize {
		panic("chacha20poly1305: bad nonce length passed to Open")
	}
	if len(ciphertext) < Overhead {
		return nil, errOpen
	}
	n := len(ciphertext) - Overhead
	p := choosePath(n, len(additionalData))
	if p == pathShort {
		// The short kernel, called from here, as in Seal.
		tag := (*[Overhead]byte)(ciphertext[n:])
		ciphertext = ciphertext[:n]
		ret, out := sliceForAppend(dst, n)
		if inexactOverlap(out, ciphertext) {
			panic("chacha20poly1305: invalid buffer overlap of output and input")
		}
		if anyOverlap(out, additionalData) {
			panic("chacha20poly1305: invalid buffer overlap of output and additional data")
		}
		// Whether the tag was right is public: it is Open's result.
		if shortOpen(&c.key, (*[NonceSize]byte)(nonce), mappedOut(out, tag), ciphertext, additionalData, tag) != 1 {
			clear(out)
			return nil, errOpen
		}
		return ret, nil
	}
	if uint64(len(ciphertext)) > maxCiphertext {
		panic("chacha20poly1305: ciphertext too large")
	}
	return open(p, dst, &c.key, (*[NonceSize]byte)(nonce), ciphertext, additionalData)
}

// mappedOut returns out for an Open kernel to write the plaintext to, or,
// if out is empty and so may be nil, the tag's empty slice: the kernels'
// masked store of no bytes to a nil address is right but takes a microcode
// assist, and the tag's address is mapped.
func mappedOut(out []byte, tag *[Overhead]byte) []byte {
	if len(out) == 0 {
		return tag[:0]
	}
	return out
}

// sliceForAppend returns in extended by n bytes (in itself if it has the
// capacity, a new copy otherwise) and the slice of those n bytes.
func sliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	tail = head[len(in):]
	return head, tail
}
