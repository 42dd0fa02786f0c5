//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
)

// xorKeyStreamTwin is xorKeyStreamNEON in Go, on the chacha20 package's
// portable code, a block at a time so that the counter may wrap around
// 2^32 as the kernel's does.
func xorKeyStreamTwin(s *[16]uint32, dst, src []byte, block0 *[64]byte) {
	st := chacha20.State(*s)
	if block0 != nil {
		clear(block0[:])
		st.XORKeyStream(block0[:], block0[:])
		st.SetCounter(s[12] + 1)
	}
	for len(src) > 0 {
		n := min(len(src), blockSize)
		c := st.Counter()
		st.XORKeyStream(dst[:n], src[:n])
		st.SetCounter(c + 1)
		dst, src = dst[n:], src[n:]
	}
}

// kernelLengths returns every length from 0 to 600 and lengths around the
// multiples of 256 bytes (one set of four blocks) up to 4 KiB and at
// 16 KiB.
func kernelLengths() []int {
	var ls []int
	for n := range 601 {
		ls = append(ls, n)
	}
	for w := 768; w <= 4096; w += 256 {
		ls = append(ls, w-65, w-1, w, w+1, w+63)
	}
	return append(ls, 16384-1, 16384, 16384+17)
}

// TestXORKeyStreamNEON compares xorKeyStreamNEON with its Go twin on random
// states, counters near 0 and near 2^32 (where the counter wraps), every
// length of kernelLengths, with and without block0, out of place at
// offsets and in place; and checks that nothing past dst[:len(src)] and
// block0 is written.
func TestXORKeyStreamNEON(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "neon")
	rng := testutil.Rand(t)
	counters := []uint32{0, 1, 4, 1<<32 - 1, 1<<32 - 2, 1<<32 - 5, 1<<32 - 64}
	for _, n := range kernelLengths() {
		var s [16]uint32
		for i := range s {
			s[i] = rng.Uint32()
		}
		s[12] = counters[rng.IntN(len(counters))]
		if rng.IntN(2) == 0 {
			s[12] = rng.Uint32()
		}
		src := randBytes(rng, n)
		off := rng.IntN(16)
		for _, withBlock0 := range []bool{false, true} {
			for _, inPlace := range []bool{false, true} {
				want := make([]byte, n)
				var wantB0, gotB0 *[64]byte
				if withBlock0 {
					wantB0, gotB0 = new([64]byte), new([64]byte)
					gotB0[0] = 0xa5
				}
				xorKeyStreamTwin(&s, want, src, wantB0)
				buf := bytes.Repeat([]byte{0xa5}, off+n+64)
				dst := buf[off : off+n]
				in := src
				if inPlace {
					copy(dst, src)
					in = dst
				}
				saved := s
				xorKeyStreamNEON(&s, dst, in, gotB0)
				if s != saved {
					t.Fatalf("length %d: the state was changed", n)
				}
				if !bytes.Equal(dst, want) {
					t.Fatalf("length %d, counter %#x, block0 %v, in place %v: keystream differs from the twin", n, s[12], withBlock0, inPlace)
				}
				if withBlock0 && *gotB0 != *wantB0 {
					t.Fatalf("length %d, counter %#x, in place %v: block 0 differs from the twin", n, s[12], inPlace)
				}
				if bytes.Count(buf[:off], []byte{0xa5}) != off || bytes.Count(buf[off+n:], []byte{0xa5}) != 64 {
					t.Fatalf("length %d: wrote outside dst", n)
				}
			}
		}
	}
}

// polyBlocksTwin is polyBlocksARM64 in Go, the same operations on the same
// words, so that the two are compared word for word.
func polyBlocksTwin(h *[3]uint64, r *[2]uint64, p []byte) {
	h0, h1, h2 := h[0], h[1], h[2]
	r0, r1 := r[0], r[1]
	s1 := r1 + r1>>2
	for ; len(p) >= 16; p = p[16:] {
		var c uint64
		h0, c = bits.Add64(h0, binary.LittleEndian.Uint64(p[0:8]), 0)
		h1, c = bits.Add64(h1, binary.LittleEndian.Uint64(p[8:16]), c)
		h2 += 1 + c
		// d0 + 2^64 d1 + 2^128 d2 = (h0 r0 + h1 s1) +
		// 2^64 (h0 r1 + h1 r0 + h2 s1) + 2^128 h2 r0
		hi, d0 := bits.Mul64(h0, r0)
		hi2, lo := bits.Mul64(h1, s1)
		d0, c = bits.Add64(d0, lo, 0)
		d1 := hi + hi2 + c
		d2, lo := bits.Mul64(h0, r1)
		d1, c = bits.Add64(d1, lo, 0)
		d2 += c
		hi, lo = bits.Mul64(h1, r0)
		d1, c = bits.Add64(d1, lo, 0)
		d2 += hi + c
		d1, c = bits.Add64(d1, h2*s1, 0)
		d2 += h2*r0 + c
		// Fold 2^130 (d2 >> 2) back as 5 (d2 >> 2).
		t := d2&^3 + d2>>2
		h0, c = bits.Add64(d0, t, 0)
		h1, c = bits.Add64(d1, 0, c)
		h2 = d2&3 + c
	}
	h[0], h[1], h[2] = h0, h1, h2
}

// randPolyKey returns a clamped r, random or at the clamp's largest.
func randPolyKey(rng *rand.Rand) [2]uint64 {
	if rng.IntN(4) == 0 {
		return [2]uint64{0x0ffffffc0fffffff, 0x0ffffffc0ffffffc}
	}
	return [2]uint64{rng.Uint64() & 0x0ffffffc0fffffff, rng.Uint64() & 0x0ffffffc0ffffffc}
}

// randPolyBlocks returns n random blocks, or blocks of all ones (the
// largest), or of all zeros.
func randPolyBlocks(rng *rand.Rand, n int) []byte {
	switch rng.IntN(4) {
	case 0:
		return bytes.Repeat([]byte{0xff}, n)
	case 1:
		return make([]byte, n)
	}
	return randBytes(rng, n)
}

// TestPolyBlocksARM64 compares polyBlocksARM64 with its Go twin word for
// word, on accumulators at their bounds and random, random and largest
// keys, and 0 to 40 blocks (and a trailing partial block, ignored); and
// checks the result against math/big: it must be congruent to
// (h + blocks...) r modulo 2^130 - 5 with h[2] <= 4.
func TestPolyBlocksARM64(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "neon")
	rng := testutil.Rand(t)
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	for i := range 3000 {
		r := randPolyKey(rng)
		h := [3]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64N(5)}
		if i%3 == 0 {
			h = [3]uint64{^uint64(0), ^uint64(0), 4}
		}
		n := rng.IntN(41)
		msg := randPolyBlocks(rng, 16*n+rng.IntN(16))
		want, got := h, h
		polyBlocksTwin(&want, &r, msg)
		polyBlocksARM64(&got, &r, msg)
		if got != want {
			t.Fatalf("h %x, r %x, %d blocks: got %x, want %x", h, r, n, got, want)
		}
		if got[2] > 4 {
			t.Fatalf("h[2] = %d after %d blocks", got[2], n)
		}
		acc, rr := limbsInt(h[:]), limbsInt(r[:])
		for k := 0; k+16 <= len(msg); k += 16 {
			block := limbsInt([]uint64{binary.LittleEndian.Uint64(msg[k:]), binary.LittleEndian.Uint64(msg[k+8:]), 1})
			acc.Add(acc, block).Mul(acc, rr).Mod(acc, p)
		}
		if n > 0 && new(big.Int).Mod(limbsInt(got[:]), p).Cmp(acc) != 0 {
			t.Fatalf("h %x, r %x, %d blocks: %x is not h r modulo p", h, r, n, got)
		}
	}
}

// limbsInt returns the integer of little-endian 64-bit words w.
func limbsInt(w []uint64) *big.Int {
	x := new(big.Int)
	for k := len(w) - 1; k >= 0; k-- {
		x.Lsh(x, 64).Add(x, new(big.Int).SetUint64(w[k]))
	}
	return x
}

// TestMACARM64 compares macARM64 with the poly1305 package's MAC over the
// same input (authenticate, the portable path's), for random keys,
// additional data of 0 to 40 bytes and ciphertexts of 0 to 300 bytes; and
// polyFinish on accumulators around p, with math/big.
func TestMACARM64(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "neon")
	rng := testutil.Rand(t)
	for range 2000 {
		var block0 [blockSize]byte
		copy(block0[:], randPolyBlocks(rng, 32))
		ad := randPolyBlocks(rng, rng.IntN(41))
		ct := randPolyBlocks(rng, rng.IntN(301))
		var got, want [Overhead]byte
		var mac poly1305.MAC
		mac.Init((*[poly1305.KeySize]byte)(block0[:32]))
		authenticate(&mac, &want, ad, ct)
		macARM64(&got, &block0, ad, ct)
		if got != want {
			t.Fatalf("ad %d bytes, ciphertext %d bytes: tag %x, want %x", len(ad), len(ct), got, want)
		}
	}
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	mod128 := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, h := range [][3]uint64{
		{0, 0, 0}, {^uint64(0) - 5, ^uint64(0), 3}, {^uint64(0) - 4, ^uint64(0), 3},
		{^uint64(0) - 3, ^uint64(0), 3}, {^uint64(0), ^uint64(0), 3}, {0, 0, 4},
		{4, 0, 4}, {5, 0, 4}, {^uint64(0), ^uint64(0), 4},
	} {
		s := randBytes(rng, 16)
		var tag [Overhead]byte
		polyFinish(&tag, &h, (*[16]byte)(s))
		want := new(big.Int).Mod(limbsInt(h[:]), p)
		sInt := limbsInt([]uint64{binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])})
		want.Add(want, sInt).Mod(want, mod128)
		got := limbsInt([]uint64{binary.LittleEndian.Uint64(tag[:]), binary.LittleEndian.Uint64(tag[8:])})
		if got.Cmp(want) != 0 {
			t.Errorf("polyFinish(%x): %x, want %x", h, got, want)
		}
	}
}
