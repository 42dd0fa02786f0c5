package chacha20poly1305_test

import (
	"crypto/rand"
	"fmt"

	"github.com/carry-crypto/carry/chacha20poly1305"
)

// Seal encrypts and authenticates a message with its additional data; Open
// checks and decrypts it, and refuses it if a single bit has changed.
func ExampleNew() {
	// A fixed key and nonce only so that the output below is reproducible: a
	// key must be secret and random, and a nonce never used twice with it.
	key := make([]byte, chacha20poly1305.KeySize)
	for i := range key {
		key[i] = byte(i)
	}
	nonce := []byte("example nonc") // chacha20poly1305.NonceSize bytes
	header := []byte("header")      // authenticated, not encrypted

	aead, err := chacha20poly1305.New(key)
	if err != nil {
		panic(err)
	}
	sealed := aead.Seal(nil, nonce, []byte("attack at dawn"), header)
	fmt.Printf("sealed: %x\n", sealed)

	opened, err := aead.Open(nil, nonce, sealed, header)
	if err != nil {
		panic(err)
	}
	fmt.Printf("opened: %s\n", opened)

	sealed[0] ^= 1
	if _, err := aead.Open(nil, nonce, sealed, header); err != nil {
		fmt.Println("tampered:", err)
	}
	// Output:
	// sealed: 5248df425d5ef3d5cf64033b04fc74120a2a59e67cb90a39111cbdfacab3
	// opened: attack at dawn
	// tampered: chacha20poly1305: message authentication failed
}

// XChaCha20-Poly1305's 24-byte nonce is long enough to be drawn at random
// for every message, and sent in front of the ciphertext.
func ExampleNewX() {
	key := make([]byte, chacha20poly1305.KeySize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	aead, err := chacha20poly1305.NewX(key)
	if err != nil {
		panic(err)
	}

	msg := []byte("gophers everywhere")
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(msg)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	packet := aead.Seal(nonce, nonce, msg, nil) // nonce || ciphertext || tag

	nonce, ciphertext := packet[:aead.NonceSize()], packet[aead.NonceSize():]
	plaintext, err := aead.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d bytes sent, %q received\n", len(packet), plaintext)
	// Output: 58 bytes sent, "gophers everywhere" received
}
