package chacha20poly1305

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
)

// seal appends to dst the ChaCha20-Poly1305 encryption of plaintext and its
// tag over additionalData and the ciphertext (RFC 8439, Section 2.8), for
// lengths Seal has checked, on path p, choosePath's for them.
func seal(p path, dst []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) []byte {
	ret, out := sliceForAppend(dst, len(plaintext)+Overhead)
	ciphertext, tag := out[:len(plaintext)], (*[Overhead]byte)(out[len(plaintext):])
	if inexactOverlap(out, plaintext) {
		panic("chacha20poly1305: invalid buffer overlap of output and input")
	}
	if anyOverlap(out, additionalData) {
		panic("chacha20poly1305: invalid buffer overlap of output and additional data")
	}
	if useNEON && p == pathNEON {
		sealNEON(key, nonce, ciphertext, plaintext, additionalData, tag)
		return ret
	}
	switch p {
	case pathWide, pathChunks, pathHead:
		sealLong(p, key, nonce, ciphertext, plaintext, additionalData, tag)
	case pathPortable:
		var head [shortHead]byte
		sealWith(head[:], key, nonce, ciphertext, plaintext, additionalData, tag)
	default:
		if p <= pathSets4 && pageTail(ciphertext, plaintext) {
			sealBounced(p, key, nonce, ciphertext, plaintext, additionalData, tag)
		} else {
			sealKernel(p, key, nonce, ciphertext, plaintext, additionalData, tag)
		}
	}
	return ret
}

// sealLong is seal's work on path p, pathWide, pathChunks or pathHead:
// block 0 (the one-time key) and the first blocks of data in one pass of
// chacha20's widest kernel (XORKeyStreamHeadWide, up to HeadWideMax bytes
// of data, on pathWide; XORKeyStreamHead, HeadSize bytes, else), the data
// written where it goes, then the rest (chunked, on pathChunks).
func sealLong(p path, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	var s chacha20.State
	var block0 [blockSize]byte
	var mac poly1305.MAC
	s.Init(key, nonce, 0)
	w := chacha20.HeadSize
	if p == pathWide {
		w = min(len(plaintext), chacha20.HeadWideMax)
		s.XORKeyStreamHeadWide(&block0, ciphertext[:w], plaintext[:w])
	} else {
		s.XORKeyStreamHead(&block0, ciphertext, plaintext)
	}
	mac.Init((*[poly1305.KeySize]byte)(block0[:poly1305.KeySize]))
	// The MAC's multipliers are computed here, a chain of dependent
	// products, for the CPU to run beside the rest of the cipher.
	mac.Prepare()
	if p == pathChunks {
		chunked(&s, &mac, tag, ciphertext, plaintext, ciphertext, additionalData)
		return
	}
	s.XORKeyStream(ciphertext[w:], plaintext[w:])
	authenticate(&mac, tag, additionalData, ciphertext)
}

// sealWith is seal's work, with head, zeroed, as the keystream buffer of
// keyAndHead.
func sealWith(head []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext, additionalData []byte, tag *[Overhead]byte) {
	var s chacha20.State
	var mac poly1305.MAC
	n := keyAndHead(&s, &mac, head, key, nonce, len(plaintext))
	subtle.XORBytes(ciphertext[:n], plaintext[:n], head[blockSize:])
	s.XORKeyStream(ciphertext[n:], plaintext[n:])
	authenticate(&mac, tag, additionalData, ciphertext)
}

// open appends to dst the ChaCha20-Poly1305 decryption of ciphertext (which
// ends in its tag) if the tag is right, and zeroes the output otherwise, for
// lengths Open has checked, on path p, choosePath's for them (the tag
// left out).
func open(p path, dst []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) ([]byte, error) {
	tag := (*[Overhead]byte)(ciphertext[len(ciphertext)-Overhead:])
	ciphertext = ciphertext[:len(ciphertext)-Overhead]
	ret, out := sliceForAppend(dst, len(ciphertext))
	if inexactOverlap(out, ciphertext) {
		panic("chacha20poly1305: invalid buffer overlap of output and input")
	}
	if anyOverlap(out, additionalData) {
		panic("chacha20poly1305: invalid buffer overlap of output and additional data")
	}
	var ok bool
	if useNEON && p == pathNEON {
		ok = openNEON(key, nonce, out, ciphertext, additionalData, tag)
	} else {
		switch p {
		case pathWide, pathChunks, pathHead, pathPortable:
			ok = openPieces(p, key, nonce, out, ciphertext, additionalData, tag)
		default:
			if p <= pathSets4 && pageTail(out, ciphertext) {
				ok = openBounced(p, key, nonce, out, ciphertext, additionalData, tag)
			} else {
				ok = openKernel(p, key, nonce, out, ciphertext, additionalData, tag)
			}
		}
	}
	// Whether the tag was right is public: it is Open's result.
	if !ok {
		clear(out)
		return nil, errOpen
	}
	return ret, nil
}

// openPieces is open's work on path p, pathWide, pathChunks, pathHead or
// pathPortable, on the chacha20 and poly1305 packages' functions (and on
// chunked), apart from open so that the kernels' paths do not pay for its
// larger frame. It reports whether the tag was right.
func openPieces(p path, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	// In place, openWith and openInPlace compute the MAC before the cipher
	// overwrites the ciphertext.
	switch {
	case p == pathPortable:
		var head [shortHead]byte
		return openWith(head[:], key, nonce, out, ciphertext, additionalData, tag[:])
	case !anyOverlap(out, ciphertext):
		return openLong(p, key, nonce, out, ciphertext, additionalData, tag)
	case p == pathWide:
		return openInPlace(key, nonce, out, ciphertext, additionalData, tag)
	default:
		var head [headSize]byte
		return openWith(head[:], key, nonce, out, ciphertext, additionalData, tag[:])
	}
}

// openWith is open's work, with head, zeroed, as the keystream buffer of
// keyAndHead. It reports whether the tag was right, and writes out only if
// it was (open zeroes out otherwise).
func openWith(head []byte, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData, tag []byte) bool {
	var s chacha20.State
	var mac poly1305.MAC
	var want [Overhead]byte
	n := keyAndHead(&s, &mac, head, key, nonce, len(ciphertext))
	authenticate(&mac, &want, additionalData, ciphertext)
	// Whether the tag is right is public (it is Open's result), so it
	// may be branched on; the comparison itself is constant time.
	if subtle.ConstantTimeCompare(want[:], tag) != 1 {
		return false
	}
	subtle.XORBytes(out[:n], ciphertext[:n], head[blockSize:])
	s.XORKeyStream(out[n:], ciphertext[n:])
	return true
}

// openLong is open's work on path p where sealLong is seal's, when out and
// ciphertext do not overlap: it decrypts as sealLong encrypts, with the MAC
// over the ciphertext, which is left intact, computed beside it. It
// reports whether the tag was right; if not, it zeroes out, so that no
// plaintext is released. The tag is copied first: out may overlap it (the
// memory after the ciphertext).
func openLong(p path, key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	var s chacha20.State
	var block0 [blockSize]byte
	var mac poly1305.MAC
	var want [Overhead]byte
	expected := *tag
	s.Init(key, nonce, 0)
	w := chacha20.HeadSize
	if p == pathWide {
		w = min(len(ciphertext), chacha20.HeadWideMax)
		s.XORKeyStreamHeadWide(&block0, out[:w], ciphertext[:w])
	} else {
		s.XORKeyStreamHead(&block0, out, ciphertext)
	}
	mac.Init((*[poly1305.KeySize]byte)(block0[:poly1305.KeySize]))
	mac.Prepare()
	if p == pathChunks {
		chunked(&s, &mac, &want, out, ciphertext, ciphertext, additionalData)
	} else {
		authenticate(&mac, &want, additionalData, ciphertext)
		s.XORKeyStream(out[w:], ciphertext[w:])
	}
	// Whether the tag is right is public (it is Open's result), so it
	// may be branched on; the comparison itself is constant time.
	if subtle.ConstantTimeCompare(want[:], expected[:]) != 1 {
		clear(out)
		return false
	}
	return true
}

// openInPlace is openLong's work on pathWide when out and ciphertext are
// the same memory: the wide head's pass writes its plaintext to a buffer,
// which is copied to out after the MAC has read the ciphertext, and the
// rest, if any, is decrypted in place after it too. It reports whether the
// tag was right; if not, it zeroes out and the buffer.
func openInPlace(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, additionalData []byte, tag *[Overhead]byte) bool {
	var s chacha20.State
	var block0 [blockSize]byte
	var mac poly1305.MAC
	var want [Overhead]byte
	var buf [chacha20.HeadWideMax]byte
	expected := *tag
	w := min(len(ciphertext), chacha20.HeadWideMax)
	s.Init(key, nonce, 0).XORKeyStreamHeadWide(&block0, buf[:w], ciphertext[:w])
	mac.Init((*[poly1305.KeySize]byte)(block0[:poly1305.KeySize]))
	mac.Prepare()
	authenticate(&mac, &want, additionalData, ciphertext)
	s.XORKeyStream(out[w:], ciphertext[w:])
	copy(out[:w], buf[:w])
	// Whether the tag is right is public (it is Open's result), so it
	// may be branched on; the comparison itself is constant time.
	if subtle.ConstantTimeCompare(want[:], expected[:]) != 1 {
		clear(out)
		clear(buf[:w])
		return false
	}
	return true
}

// blockSize is the size of a ChaCha20 block, in bytes.
const blockSize = chacha20.BlockSize

// headSize is the most keystream computed at once at the start of a
// message: block 0 and the first fifteen blocks of data, one call to the
// widest vector kernel.
const headSize = 16 * blockSize

// shortHead is the keystream computed at the start of a message shorter
// than headSize - blockSize: block 0 and up to seven blocks of data, which
// the eight- and four-block kernels compute in less time than the
// sixteen-block one.
const shortHead = 8 * blockSize

// keyAndHead computes, in one call to the cipher, keystream block 0 and the
// keystream of the first n bytes of data, which start at block 1, into
// head; initialises mac with the one-time Poly1305 key, block 0's first 32
// bytes (RFC 8439, Section 2.6); and leaves s at the block after those
// bytes. head is zeroed, shortHead or headSize bytes long; n is
// min(length, len(head) - blockSize). It returns n; the data's keystream is
// head[blockSize:blockSize+n].
//
// One call instead of one for the key and another for the data halves the
// cipher's fixed cost on short messages: the vector kernels cost the same
// for one block as for four.
func keyAndHead(s *chacha20.State, mac *poly1305.MAC, head []byte, key *[KeySize]byte, nonce *[NonceSize]byte, length int) int {
	n := min(length, len(head)-blockSize)
	ks := head[:blockSize+n]
	s.Init(key, nonce, 0).XORKeyStream(ks, ks)
	mac.Init((*[poly1305.KeySize]byte)(head[:poly1305.KeySize]))
	return n
}

// authenticate writes to tag the Poly1305 tag of the AEAD's MAC input
// (RFC 8439, Section 2.8): additionalData and ciphertext, each padded with
// zeros to a multiple of 16 bytes, then their lengths as 64-bit
// little-endian integers.
func authenticate(mac *poly1305.MAC, tag *[Overhead]byte, additionalData, ciphertext []byte) {
	lengths := lengthsBlock(len(additionalData), len(ciphertext))
	if len(additionalData)+len(ciphertext) <= smallMAC {
		// Short inputs are gathered into one buffer, so that the MAC's
		// fixed cost per call is paid once, not three times.
		var buf [smallMAC + 2*15 + 16]byte
		n := copy(buf[:], additionalData)
		n = (n + 15) &^ 15
		n += copy(buf[n:], ciphertext)
		n = (n + 15) &^ 15
		n += copy(buf[n:], lengths[:])
		mac.WritePadded(buf[:n])
	} else if !macGroups(mac, additionalData, ciphertext, &lengths) {
		mac.WritePadded(additionalData)
		k := len(ciphertext) &^ 127
		mac.WritePadded(ciphertext[:k])
		writeTail(mac, ciphertext[k:], &lengths)
	}
	mac.Sum(tag)
}

// writeTail writes to mac the end of the AEAD's MAC input: rest, the
// ciphertext after its whole 128-byte groups (fewer than 128 bytes),
// padded with zeros to a multiple of 16 bytes, and the lengths block, as
// one piece, so that the MAC's fixed cost per call is paid once for them.
func writeTail(mac *poly1305.MAC, rest []byte, lengths *[16]byte) {
	var buf [128 + 16]byte
	n := copy(buf[:127], rest)
	n = (n + 15) &^ 15
	n += copy(buf[n:], lengths[:])
	mac.WritePadded(buf[:n])
}

// smallMAC is the most additional data and ciphertext that authenticate
// gathers into one buffer.
const smallMAC = 256

// lengthsBlock returns the last block of the AEAD's MAC input (RFC 8439,
// Section 2.8): the lengths of the additional data and of the ciphertext,
// as 64-bit little-endian integers.
func lengthsBlock(adLen, ctLen int) [16]byte {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:], uint64(adLen))
	binary.LittleEndian.PutUint64(b[8:], uint64(ctLen))
	return b
}
