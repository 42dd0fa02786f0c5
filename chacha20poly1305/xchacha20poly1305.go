package chacha20poly1305

import (
	"crypto/cipher"
	"crypto/fips140"
	"errors"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
)

type xchacha20poly1305 struct {
	key [KeySize]byte
}

// NewX returns a XChaCha20-Poly1305 AEAD that uses the given 256-bit key.
//
// XChaCha20-Poly1305 is a ChaCha20-Poly1305 variant that takes a longer
// nonce, suitable to be generated randomly without risk of collisions. It
// should be preferred when nonce uniqueness cannot be trivially ensured, or
// whenever nonces are randomly generated.
//
// It returns an error if the key is not KeySize bytes long, or in FIPS
// 140-only mode. The AEAD is safe for concurrent use.
func NewX(key []byte) (cipher.AEAD, error) {
	if fips140.Enforced() {
		return nil, errFIPS
	}
	if len(key) != KeySize {
		return nil, errors.New("chacha20poly1305: bad key length")
	}
	x := new(xchacha20poly1305)
	copy(x.key[:], key)
	return x, nil
}

func (*xchacha20poly1305) NonceSize() int { return NonceSizeX }

func (*xchacha20poly1305) Overhead() int { return Overhead }

// subKey returns the ChaCha20-Poly1305 key and nonce that XChaCha20-Poly1305
// uses for nonce (draft-irtf-cfrg-xchacha-03, Section 2.3): the HChaCha20
// subkey of the key and the nonce's first 16 bytes, and four zero bytes
// followed by the nonce's last 8.
func (x *xchacha20poly1305) subKey(nonce []byte) (key [KeySize]byte, n [NonceSize]byte) {
	chacha20.HChaCha20(&key, &x.key, (*[chacha20.HNonceSize]byte)(nonce))
	copy(n[4:], nonce[16:24])
	return key, n
}

// Seal is as ChaCha20-Poly1305's Seal, with a NonceSizeX-byte nonce.
//
// XChaCha20 could use a 64-bit block counter, but, as in x/crypto, the
// plaintext has ChaCha20-Poly1305's limit of 2^38 - 64 bytes.
func (x *xchacha20poly1305) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != NonceSizeX {
		panic("chacha20poly1305: bad nonce length passed to Seal")
	}
	if uint64(len(plaintext)) > maxPlaintext {
		panic("chacha20poly1305: plaintext too large")
	}
	key, n := x.subKey(nonce)
	return seal(choosePath(len(plaintext), len(additionalData)), dst, &key, &n, plaintext, additionalData)
}

// Open is as ChaCha20-Poly1305's Open, with a NonceSizeX-byte nonce.
func (x *xchacha20poly1305) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != NonceSizeX {
		panic("chacha20poly1305: bad nonce length passed to Open")
	}
	if len(ciphertext) < Overhead {
		return nil, errOpen
	}
	if uint64(len(ciphertext)) > maxCiphertext {
		panic("chacha20poly1305: ciphertext too large")
	}
	key, n := x.subKey(nonce)
	return open(choosePath(len(ciphertext)-Overhead, len(additionalData)), dst, &key, &n, ciphertext, additionalData)
}
