package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
)

// FuzzOpen opens attacker-chosen ciphertexts, under a key chosen by the
// fuzzer too, with both AEADs, and checks that Open agrees with x/crypto's:
// the same refusals, with the output zeroed, and the same plaintexts. When
// seal is set the ciphertext is first sealed (and compared with x/crypto's)
// and then perhaps corrupted by one bit, so that the fuzzer also reaches
// successful Opens and near misses. Each input runs on the kernels the CPU
// uses by default and, where it also runs them, on the AVX2 kernels of
// CPUs without AVX-512.
func FuzzOpen(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 24), []byte("ad"), make([]byte, 40), false)
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{1}, 24), []byte{}, make([]byte, 16), true)
	f.Add([]byte("short key"), []byte("short nonce"), make([]byte, 100), make([]byte, 7), false)
	avx2 := impl.Available("chacha20poly1305", "avx2fused")
	f.Fuzz(func(t *testing.T, keySeed, nonceSeed, ad, ciphertext []byte, seal bool) {
		fuzzOpenOnce(t, keySeed, nonceSeed, ad, ciphertext, seal)
		if avx2 {
			defer impl.Select("chacha20poly1305", "avx2fused")()
			fuzzOpenOnce(t, keySeed, nonceSeed, ad, ciphertext, seal)
		}
	})
}

// fuzzOpenOnce is FuzzOpen's check of one input on the kernels selected.
func fuzzOpenOnce(t *testing.T, keySeed, nonceSeed, ad, ciphertext []byte, seal bool) {
	key := make([]byte, KeySize)
	copy(key, keySeed)
	for _, v := range variants {
		nonce := make([]byte, v.nonceSize)
		copy(nonce, nonceSeed)
		a, _ := v.new(key)
		x, _ := v.newX(key)
		ct := ciphertext
		if seal {
			ct = a.Seal(nil, nonce, ciphertext, ad)
			if want := x.Seal(nil, nonce, ciphertext, ad); !bytes.Equal(ct, want) {
				t.Fatalf("%s: Seal differs from x/crypto", v.name)
			}
			if len(ct) > 0 {
				ct[len(ct)/2] ^= nonceSeedBit(nonceSeed)
			}
		}
		want, wantErr := x.Open(nil, nonce, ct, ad)
		buf := bytes.Repeat([]byte{0xa5}, max(len(ct)-Overhead, 0))
		got, err := a.Open(buf[:0], nonce, ct, ad)
		if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
			t.Fatalf("%s: Open = %x, %v; x/crypto %x, %v", v.name, got, err, want, wantErr)
		}
		if err != nil && len(ct) >= Overhead && !allZero(buf) {
			t.Fatalf("%s: refused Open left %x in the output", v.name, buf)
		}
	}
}

// nonceSeedBit returns a bit to flip in a sealed message, 0 (none) for an
// empty seed, so that the fuzzer reaches both valid and corrupted inputs.
func nonceSeedBit(seed []byte) byte {
	if len(seed) == 0 {
		return 0
	}
	return 1 << (seed[0] % 8) & seed[len(seed)-1]
}
