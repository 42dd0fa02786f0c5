package chacha20poly1305

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/kat"
	"github.com/carry-crypto/carry/internal/testutil"
)

// The differential test against OpenSSL. OpenSSL 3.0's command line tool
// does not run the AEAD (openssl enc refuses AEAD ciphers), but it runs both
// of its halves, from which the test builds the AEAD of RFC 8439, Section
// 2.8, with nothing of carry's in the expected output:
//
//   - openssl enc -chacha20 -K key -iv iv: ChaCha20, whose 16-byte IV is the
//     state's words 12 to 15 (RFC 8439, Section 2.3), the 32-bit block
//     counter then the 96-bit nonce, little-endian;
//   - openssl mac -macopt hexkey:key POLY1305: Poly1305.
//
// One enc of 64 zero bytes followed by the plaintext, from counter 0, gives
// block 0, whose first 32 bytes are the one-time Poly1305 key (Section
// 2.6), and the ciphertext (counter 1 on); one mac per additional data then
// gives the tag.
//
// XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03) needs HChaCha20, which
// the tool does not expose, but one block of ChaCha20 gives it: HChaCha20's
// input state is ChaCha20's with the 16-byte nonce in words 12 to 15, which
// is where enc puts its IV, and its output is words 0 to 3 and 12 to 15 of
// the state after the 20 rounds, before the final addition of the input
// (Section 2.2). So the subkey is those words of the keystream block of
// IV = the nonce's first 16 bytes, minus the input words there: the
// constants and the IV, both known.

// opensslChaCha20 returns in XOR the ChaCha20 keystream of key and nonce
// from block counter, computed by openssl enc. The keystream must not pass
// the end of the 32-bit counter: OpenSSL carries into the nonce there.
func opensslChaCha20(t *testing.T, key []byte, counter uint32, nonce, in []byte) []byte {
	t.Helper()
	iv := binary.LittleEndian.AppendUint32(nil, counter)
	iv = append(iv, nonce...)
	out := testutil.RunOpenSSL(t, in, "enc", "-chacha20", "-K", hex.EncodeToString(key),
		"-iv", hex.EncodeToString(iv), "-nosalt", "-nopad")
	if len(out) != len(in) {
		t.Fatalf("openssl enc -chacha20: %d bytes out of %d in", len(out), len(in))
	}
	return out
}

// opensslPoly1305 returns the Poly1305 tag of msg under the one-time key,
// computed by openssl mac.
func opensslPoly1305(t *testing.T, key, msg []byte) []byte {
	t.Helper()
	tag := testutil.RunOpenSSL(t, msg, "mac", "-binary", "-macopt", "hexkey:"+hex.EncodeToString(key), "POLY1305")
	if len(tag) != Overhead {
		t.Fatalf("openssl mac POLY1305: %d bytes, want %d", len(tag), Overhead)
	}
	return tag
}

// opensslHChaCha20 returns the HChaCha20 subkey of key and the 16-byte
// nonce, from one keystream block of openssl enc (see above).
func opensslHChaCha20(t *testing.T, key, nonce []byte) []byte {
	t.Helper()
	block := opensslChaCha20(t, key, binary.LittleEndian.Uint32(nonce), nonce[4:16], make([]byte, 64))
	constants := []byte("expand 32-byte k") // RFC 8439, Section 2.3
	word := func(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }
	var sub []byte
	for i := range 4 {
		sub = binary.LittleEndian.AppendUint32(sub, word(block, i)-word(constants, i))
	}
	for i := range 4 {
		sub = binary.LittleEndian.AppendUint32(sub, word(block, 12+i)-word(nonce, i))
	}
	return sub
}

// aeadMACInput returns the message Poly1305 authenticates in the AEAD
// (RFC 8439, Section 2.8): the additional data and the ciphertext, each
// padded with zeros to a multiple of 16 bytes, then their lengths as
// 64-bit little-endian integers.
func aeadMACInput(ad, ct []byte) []byte {
	pad := func(b []byte) []byte { return append(b, make([]byte, -len(b)&15)...) }
	m := pad(append([]byte{}, ad...))
	m = pad(append(m, ct...))
	m = binary.LittleEndian.AppendUint64(m, uint64(len(ad)))
	return binary.LittleEndian.AppendUint64(m, uint64(len(ct)))
}

// opensslSeal returns the sealed outputs (ciphertext || tag) of pt under
// key and nonce (of NonceSize or NonceSizeX bytes) with each of ads, as
// assembled from OpenSSL's outputs: one enc (two for XChaCha20-Poly1305),
// then one mac per additional data.
func opensslSeal(t *testing.T, key, nonce, pt []byte, ads [][]byte) [][]byte {
	t.Helper()
	if len(nonce) == NonceSizeX {
		key = opensslHChaCha20(t, key, nonce[:16])
		nonce = append(make([]byte, 4), nonce[16:]...)
	}
	stream := opensslChaCha20(t, key, 0, nonce, append(make([]byte, 64), pt...))
	polyKey, ct := stream[:32], stream[64:]
	var sealed [][]byte
	for _, ad := range ads {
		tag := opensslPoly1305(t, polyKey, aeadMACInput(ad, ct))
		sealed = append(sealed, append(bytes.Clone(ct), tag...))
	}
	return sealed
}

// opensslCase is one input of TestDifferentialOpenSSL and its sealed
// output as assembled from OpenSSL's.
type opensslCase struct {
	v                  variant
	key, nonce, ad, pt []byte
	sealed             []byte // ciphertext || tag
}

// opensslCases returns, for a fresh key and nonce of v, one case per
// additional data length in adLens, all sealing pt.
func opensslCases(t *testing.T, rng *rand.Rand, v variant, pt []byte, adLens []int) []opensslCase {
	t.Helper()
	key := randBytes(rng, KeySize)
	nonce := randBytes(rng, v.nonceSize)
	var ads [][]byte
	for _, n := range adLens {
		ads = append(ads, randBytes(rng, n))
	}
	var cases []opensslCase
	for i, sealed := range opensslSeal(t, key, nonce, pt, ads) {
		cases = append(cases, opensslCase{v, key, nonce, ads[i], pt, sealed})
	}
	return cases
}

// TestOpenSSLAssembly checks the AEAD assembled from OpenSSL's outputs
// against the examples of RFC 8439 (Sections 2.8.2 and A.5) and
// draft-irtf-cfrg-xchacha-03 (A.3.1), so that the oracle of
// TestDifferentialOpenSSL is known right independently of carry.
func TestOpenSSLAssembly(t *testing.T) {
	for _, kind := range []string{"aead", "xaead"} {
		records := kat.Read(t, "testdata/rfc8439.txt", kind)
		if len(records) == 0 {
			t.Fatalf("no %s records in testdata/rfc8439.txt", kind)
		}
		for _, r := range records {
			want := append(r.Bytes(t, "ciphertext"), r.Bytes(t, "tag")...)
			got := opensslSeal(t, r.Bytes(t, "key"), r.Bytes(t, "nonce"), r.Bytes(t, "plaintext"), [][]byte{r.Bytes(t, "aad")})[0]
			if !bytes.Equal(got, want) {
				t.Errorf("%s: the AEAD assembled from OpenSSL:\n got %x\nwant %x", r.Name(), got, want)
			}
		}
	}
}

// opensslLengths are the plaintext lengths of TestDifferentialOpenSSL: the
// edges of every path of Seal and Open (on AVX-512: the short kernel's one
// block, the fused kernel's three, the two-set kernels' seven, the AVX2
// kernels up to 496 bytes, the wide head up to 960 bytes and, with one or
// two sets of four beside it, to 1983; then the head and whole 1024-byte
// chunks, with 1 to 256 bytes after them on xorTailMAC, 257 to 512 on
// xorTail8MAC and 513 to 1023 on xorChunkPartMAC; and the vector MAC's
// thresholds, 240 and 256 bytes), to which the test adds random long ones.
var opensslLengths = []int{
	0, 1, 15, 16, 17, 63, 64, 65, 128, 192, 193, 240, 255, 256, 257,
	448, 449, 496, 497, 512, 960, 961, 1024, 1216, 1217, 1350, 1472, 1473, 1983, 1984, 1985,
	2048, 2240, 2241, 2496, 2497, 3007, 2048 + 960 + 64, 16384, 16384 + 13,
}

// opensslADLens are the additional data lengths: none, TLS 1.2's 13 bytes,
// around the short kernel's one block and the vector MAC's 128-byte limit,
// and past the gathered MAC input's 256 bytes.
var opensslADLens = []int{0, 1, 13, 16, 17, 64, 112, 113, 127, 128, 129, 256, 300}

// TestDifferentialOpenSSL compares Seal and Open, on every implementation
// path, with the AEAD assembled from OpenSSL's ChaCha20 and Poly1305. By
// default it seals each plaintext length of opensslLengths and four random
// long ones with every additional data length of opensslADLens and a
// random one (ChaCha20-Poly1305) or three of them (XChaCha20-Poly1305);
// with -short, five cases; with -long, 2000 random cases near the paths'
// edges.
func TestDifferentialOpenSSL(t *testing.T) {
	rng := testutil.Rand(t)
	aead, xaead := variants[0], variants[1]
	var cases []opensslCase
	switch {
	case testing.Short():
		for i, n := range []int{0, 64, 1350, 16384 + 13, rng.IntN(70000)} {
			v := aead
			if i%2 == 1 {
				v = xaead
			}
			cases = append(cases, opensslCases(t, rng, v, randBytes(rng, n), []int{opensslADLens[(3*i)%len(opensslADLens)]})...)
		}
	case *long:
		for len(cases) < 2000 {
			v := aead
			if rng.IntN(4) == 0 {
				v = xaead
			}
			n := rng.IntN(70000)
			if rng.IntN(4) != 0 {
				n = max(0, opensslLengths[rng.IntN(len(opensslLengths))]+rng.IntN(9)-4)
			}
			adLen := rng.IntN(301)
			if rng.IntN(2) == 0 {
				adLen = opensslADLens[rng.IntN(len(opensslADLens))]
			}
			cases = append(cases, opensslCases(t, rng, v, randBytes(rng, n), []int{adLen})...)
		}
	default:
		lengths := append([]int{}, opensslLengths...)
		for range 4 {
			lengths = append(lengths, 16384+rng.IntN(70000-16384))
		}
		for i, n := range lengths {
			pt := randBytes(rng, n)
			adLens := append(append([]int{}, opensslADLens...), rng.IntN(301))
			cases = append(cases, opensslCases(t, rng, aead, pt, adLens)...)
			adLens = []int{opensslADLens[i%len(opensslADLens)], opensslADLens[(i+5)%len(opensslADLens)], rng.IntN(301)}
			cases = append(cases, opensslCases(t, rng, xaead, pt, adLens)...)
		}
	}
	t.Logf("%d cases", len(cases))

	forEachImpl(t, func(t *testing.T) {
		for _, c := range cases {
			a, err := c.v.new(c.key)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Seal(nil, c.nonce, c.pt, c.ad); !bytes.Equal(got, c.sealed) {
				t.Fatalf("%s: length %d, ad %d, key %x, nonce %x: Seal differs from OpenSSL's ChaCha20 and Poly1305 %s",
					c.v.name, len(c.pt), len(c.ad), c.key, c.nonce, firstDifference(got, c.sealed, len(c.pt)))
			}
			if got, err := a.Open(nil, c.nonce, c.sealed, c.ad); err != nil || !bytes.Equal(got, c.pt) {
				t.Fatalf("%s: length %d, ad %d, key %x, nonce %x: Open of OpenSSL's output: %v",
					c.v.name, len(c.pt), len(c.ad), c.key, c.nonce, err)
			}
			bad := bytes.Clone(c.sealed)
			bad[len(bad)-1-rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
			if _, err := a.Open(nil, c.nonce, bad, c.ad); err == nil {
				t.Fatalf("%s: length %d, ad %d: Open accepted OpenSSL's output with a wrong tag", c.v.name, len(c.pt), len(c.ad))
			}
		}
	})
}

// firstDifference describes where got first differs from want, sealed
// outputs whose tag starts at byte tagAt.
func firstDifference(got, want []byte, tagAt int) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	where := "in the ciphertext"
	if i >= tagAt {
		where = "in the tag"
	}
	return fmt.Sprintf("at byte %d (%s; %d bytes, want %d): got %x, want %x",
		i, where, len(got), len(want), got[i:min(i+16, len(got))], want[i:min(i+16, len(want))])
}
