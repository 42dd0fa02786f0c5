package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/hmac"
	"encoding"
	"hash"
	"testing"

	"github.com/carry-crypto/carry/internal/hmacstate"
	"github.com/carry-crypto/carry/internal/testutil"
)

// refDRBG is the HMAC_DRBG of SP 800-90A, Section 10.1.2, on crypto/hmac,
// written from the specification: instantiate with seed, then outputs of n
// bytes, with the update that follows each.
func refDRBG(h func() hash.Hash, seed []byte, n, outputs int) [][]byte {
	mac := func(key []byte, msg ...[]byte) []byte {
		m := hmac.New(h, key)
		for _, p := range msg {
			m.Write(p)
		}
		return m.Sum(nil)
	}
	size := h().Size()
	K := make([]byte, size)
	V := bytes.Repeat([]byte{1}, size)
	update := func(data []byte) {
		K = mac(K, V, []byte{0}, data)
		V = mac(K, V)
		if data != nil {
			K = mac(K, V, []byte{1}, data)
			V = mac(K, V)
		}
	}
	update(seed)
	var out [][]byte
	for range outputs {
		var T []byte
		for len(T) < n {
			V = mac(K, V)
			T = append(T, V...)
		}
		out = append(out, T[:n])
		update(nil)
	}
	return out
}

// plainHash hides the state marshaling of the hash it holds, so that the
// DRBG's HMAC writes the key's blocks for every MAC.
type plainHash struct{ hash.Hash }

// TestDRBG checks the DRBG against refDRBG on each hash, with and without
// saved HMAC states, pooled or not, for seeds of several lengths (each
// given as entropy and nonce, or with a block that starts on a block
// boundary), and several outputs of several lengths (the retry of RFC
// 6979, step h.3). The same DRBG is instantiated again and again, so that
// nothing of one instantiation may reach the next.
func TestDRBG(t *testing.T) {
	r := testutil.Rand(t)
	hashes := []crypto.Hash{crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384,
		crypto.SHA512, crypto.SHA512_256, crypto.SHA3_256, crypto.SHA3_512}
	for _, h := range hashes {
		drbgs := map[string]*hmacDRBG{
			"pooled":  getDRBG(h),
			"fresh":   newHMACDRBG(h.New),
			"unsaved": newHMACDRBG(func() hash.Hash { return plainHash{h.New()} }),
		}
		if drbgs["unsaved"].zero.Mode() != hmacstate.Replayed || drbgs["fresh"].zero.Mode() != hmacstate.Marshaled {
			t.Fatalf("%v: the hash's state marshaling is not what the test expects", h)
		}
		if got := drbgs["pooled"].pool != nil; got != pooledHash(h) {
			t.Errorf("%v: pooled = %v", h, got)
		}
		for _, n := range []int{1, 32, 48, 66, 100} {
			entropy := make([]byte, n)
			fillRand(r, entropy)
			nonce := make([]byte, n/2)
			fillRand(r, nonce)
			block := make([]byte, 1+n%7)
			fillRand(r, block)
			// The padding the block follows: zeros up to the next
			// boundary of the HMAC's input, which starts with V and
			// the round's byte.
			bs, size := h.New().BlockSize(), h.Size()
			pad := make([]byte, (bs-(size+1+n)%bs)%bs)
			seedBlock := append(append(bytes.Clone(entropy), pad...), block...)
			for name, d := range drbgs {
				for _, withBlock := range []bool{false, true} {
					var want [][]byte
					if withBlock {
						d.instantiate(entropy, nil, block)
						want = refDRBG(h.New, seedBlock, n, 3)
					} else {
						d.instantiate(entropy, nonce)
						want = refDRBG(h.New, append(bytes.Clone(entropy), nonce...), n, 3)
					}
					for i, w := range want {
						got := make([]byte, n)
						d.Generate(got)
						if !bytes.Equal(got, w) {
							t.Fatalf("%v, %s, seed of %d bytes (block: %v): output %d = %x, want %x", h, name, n, withBlock, i, got, w)
						}
					}
					d.wipe()
				}
			}
		}
		for _, d := range drbgs {
			d.release()
		}
	}
}

// TestDRBGWipe checks that release leaves nothing of the DRBG's secrets
// that the DRBG holds itself: V is zero, and the hash's state is the public
// one of an empty hash. That the saved HMAC states and the hash's buffers
// are overwritten is internal/hmacstate's to test.
func TestDRBGWipe(t *testing.T) {
	for _, h := range []crypto.Hash{crypto.SHA256, crypto.SHA512} {
		d := getDRBG(h)
		secret := bytes.Repeat([]byte{0xa5}, 48)
		d.instantiate(secret, secret, secret)
		out := make([]byte, 80)
		d.Generate(out)
		d.Generate(out)
		d.wipe()
		for name, b := range map[string][]byte{"V": d.v, "zeros": d.zeros} {
			if !bytes.Equal(b, make([]byte, len(b))) {
				t.Errorf("%v: %s = %x after wipe", h, name, b)
			}
		}
		st, err := d.mac.Hash().(encoding.BinaryAppender).AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		if empty, _ := h.New().(encoding.BinaryAppender).AppendBinary(nil); !bytes.Equal(st, empty) || !bytes.Equal(st, d.blank) {
			t.Errorf("%v: the hash's state after wipe is not an empty hash's", h)
		}
		if d.stale {
			t.Errorf("%v: stale after wipe", h)
		}
		d.release()
	}
}
